/** What the hold and pass, pitch link and pitch activity routes answer. */
import { z } from 'zod';
import { DOWNLOAD_KINDS, PITCH_LINK_KINDS, SONG_RESPONSES } from '../constants';
import { MUSICAL_KEYS } from '../musical-keys';
import { timestamp } from './common';
import { SongThumbnailSchema, SongVersionSchema } from './songs';

const songResponse = z.enum(SONG_RESPONSES);

/** A listener's hold or pass as they see it: GET /api/song-responses, newest first. */
export const MySongResponseSchema = z.object({
  songId: z.string(),
  songSlug: z.string(),
  songTitle: z.string(),
  response: songResponse,
  note: z.string().nullable(),
  updatedAt: timestamp,
});
export type MySongResponse = z.output<typeof MySongResponseSchema>;
/** A row of the listener's own list (My holds), with the song's cover thumbnails (null without a cover). */
export const MySongResponseItemSchema = MySongResponseSchema.extend({ thumbnail: SongThumbnailSchema.nullable() });
export type MySongResponseItem = z.output<typeof MySongResponseItemSchema>;
export const MySongResponsesSchema = z.array(MySongResponseItemSchema);
export type MySongResponses = z.output<typeof MySongResponsesSchema>;

/** Who answered: a preview user (their id), or a pitch link's recipient (the link's id). */
export const ResponseListenerSchema = z.object({
  kind: z.enum(['user', 'pitch']),
  id: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
});
export type ResponseListener = z.output<typeof ResponseListenerSchema>;

/**
 * A row of GET /api/admin/song-responses. `pitchedSong`: the song came in under a songwriter's pitch agreement,
 * so for a hold the admin may show the listener's company in that writer's pitch report (`companyShownToWriter`).
 */
export const AdminSongResponseSchema = MySongResponseSchema.extend({
  id: z.string(),
  listener: ResponseListenerSchema,
  pitchedSong: z.boolean(),
  companyShownToWriter: z.boolean(),
});
export type AdminSongResponse = z.output<typeof AdminSongResponseSchema>;
export const AdminSongResponsesSchema = z.array(AdminSongResponseSchema);
export type AdminSongResponses = z.output<typeof AdminSongResponsesSchema>;

/** PATCH /api/admin/song-responses/:id: the hold's company setting as stored. */
export const HoldCompanyShownStateSchema = z.object({ id: z.string(), companyShownToWriter: z.boolean() });
export type HoldCompanyShownState = z.output<typeof HoldCompanyShownStateSchema>;

/** One event of GET /api/admin/pitch-activity; `id` is unique within the feed (the kind and the row's id). */
export const PitchActivityEventSchema = z.object({
  id: z.string(),
  kind: z.enum(['hold', 'pass', 'open', 'play', 'download']),
  /** A hold's or pass's latest change, a link's last open, a play's start. */
  at: timestamp,
  /** Null for a link open: the link, not a song, was opened. */
  song: z.object({ id: z.string(), slug: z.string(), title: z.string(), durationSeconds: z.number().nullable() }).nullable(),
  listener: ResponseListenerSchema,
  /** A hold's note (the artist or project). */
  note: z.string().nullable(),
  /** What a download took: the tagged MP3 or the lyric sheet. */
  download: z.enum(DOWNLOAD_KINDS).nullable(),
  /** A play's depth: seconds listened and the furthest point reached. */
  play: z.object({ listenedSeconds: z.number(), furthestSeconds: z.number(), completed: z.boolean() }).nullable(),
});
export type PitchActivityEvent = z.output<typeof PitchActivityEventSchema>;

/** GET /api/admin/pitch-activity: newest first; nextCursor asks for the next, older page. */
export const PitchActivityPageSchema = z.object({ events: z.array(PitchActivityEventSchema), nextCursor: z.string().nullable() });
export type PitchActivityPage = z.output<typeof PitchActivityPageSchema>;

export const PITCH_LINK_STATUSES = ['active', 'expired', 'revoked'] as const;
export type PitchLinkStatus = (typeof PITCH_LINK_STATUSES)[number];

/** A row of GET /api/admin/pitch-links, newest first. */
export const PitchLinkListItemSchema = z.object({
  id: z.string(),
  recipientName: z.string(),
  recipientEmail: z.string(),
  recipientCompany: z.string().nullable(),
  status: z.enum(PITCH_LINK_STATUSES),
  createdAt: timestamp,
  expiresAt: timestamp,
  revokedAt: timestamp.nullable(),
  lastOpenedAt: timestamp.nullable(),
  songCount: z.number(),
  plays: z.number(),
  holds: z.number(),
  passes: z.number(),
  /** Tagged MP3s and lyric sheets the recipient downloaded. */
  downloads: z.number(),
  /** Stream only (false) or download allowed, as the admin set it. */
  downloadAllowed: z.boolean(),
  /** Replies from the recipient its sender has not seen on the link's detail page yet. */
  unreadReplies: z.number(),
  /** An admin's pitch link, or a buyer's share (decision 0084). */
  kind: z.enum(PITCH_LINK_KINDS),
  /** Who made it: the admin, or the sharing buyer with their company; null once that account is gone. */
  sharedBy: z.object({ name: z.string(), company: z.string().nullable() }).nullable(),
  /** A share of a playlist: its name (null for a song, or a playlist since deleted). */
  playlistName: z.string().nullable(),
  /** The recipient must enter a password before the page opens. */
  passwordProtected: z.boolean(),
});
export type PitchLinkListItem = z.output<typeof PitchLinkListItemSchema>;
export const PitchLinkListSchema = z.array(PitchLinkListItemSchema);
export type PitchLinkList = z.output<typeof PitchLinkListSchema>;

/** One song of a pitch link with what its recipient did with it; the furthest point is read against its length. */
export const PitchLinkSongActivitySchema = z.object({
  songId: z.string(),
  title: z.string(),
  slug: z.string(),
  songSeconds: z.number().nullable(),
  plays: z.number(),
  listenedSeconds: z.number(),
  furthestSeconds: z.number(),
  completed: z.boolean(),
  lastPlayedAt: timestamp.nullable(),
  response: songResponse.nullable(),
  note: z.string().nullable(),
});
export type PitchLinkSongActivity = z.output<typeof PitchLinkSongActivitySchema>;

/** GET /api/admin/pitch-links/:id */
export const PitchLinkDetailSchema = PitchLinkListItemSchema.extend({
  message: z.string().nullable(),
  songs: z.array(PitchLinkSongActivitySchema),
  /** The recipient's replies, oldest first; `readAt` is when an admin first saw each here. */
  replies: z.array(z.object({ id: z.string(), message: z.string(), createdAt: timestamp, readAt: timestamp.nullable() })),
});
export type PitchLinkDetail = z.output<typeof PitchLinkDetailSchema>;

/** POST /api/admin/pitch-links: the link itself is shown this once (only its hash is kept). */
export const CreatedPitchLinkSchema = z.object({ id: z.string(), url: z.string() });
export type CreatedPitchLink = z.output<typeof CreatedPitchLinkSchema>;

/** A song of a pitch page: stream only, with links signed for this pitch link. */
export const PitchSongSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  lyrics: z.string(),
  writerInfo: z.string().nullable(),
  /** The writers' names in credit order; none for a song listed before writers were (its writer info says who). */
  writerNames: z.array(z.string()),
  genre: z.string().nullable(),
  bpm: z.number().nullable(),
  musicalKey: z.enum(MUSICAL_KEYS).nullable(),
  isOneStop: z.boolean(),
  tags: z.array(z.string()),
  audioUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  peaks: z.array(z.number()).nullable(),
  durationSeconds: z.number().nullable(),
  response: z.object({ response: songResponse, note: z.string().nullable() }).nullable(),
  /** The full demo first, then the added audio versions, linked for this pitch link; the stems only with downloads. */
  versions: z.array(SongVersionSchema),
});
export type PitchSong = z.output<typeof PitchSongSchema>;

/** GET /api/pitch/:token */
export const PitchPageSchema = z.object({
  recipientName: z.string(),
  recipientCompany: z.string().nullable(),
  message: z.string().nullable(),
  expiresAt: timestamp,
  /** The recipient may download each song's tagged MP3 and lyric sheet. */
  downloadAllowed: z.boolean(),
  /** An admin's pitch, or a buyer's share: the page words its invitation accordingly. */
  kind: z.enum(PITCH_LINK_KINDS),
  /**
   * Who sent the link: the admin who made it (the company's contact address if that account is gone), or the
   * sharing buyer with the company of their preview access.
   */
  sender: z.object({ name: z.string(), company: z.string(), email: z.string() }),
  songs: z.array(PitchSongSchema),
});
export type PitchPage = z.output<typeof PitchPageSchema>;

/** PUT /api/song-responses/:id and PUT /api/pitch/:token/responses/:id: the answer as stored. */
export const SavedSongResponseSchema = z.object({ songId: z.string(), response: songResponse, note: z.string().nullable() });
export type SavedSongResponse = z.output<typeof SavedSongResponseSchema>;

/** POST /api/pitch/:token/replies: the reply as stored. */
export const SentPitchReplySchema = z.object({ id: z.string(), createdAt: timestamp });
export type SentPitchReply = z.output<typeof SentPitchReplySchema>;

/** POST /api/admin/pitch-links/:id/revoke */
export const RevokedPitchLinkSchema = z.object({ id: z.string(), revokedAt: timestamp.nullable() });
export type RevokedPitchLink = z.output<typeof RevokedPitchLinkSchema>;
