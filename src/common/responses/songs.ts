/** What the catalogue, song, comment and play routes answer. */
import { z } from 'zod';
import { WRITER_PROS } from '../constants';
import { MUSICAL_KEYS } from '../musical-keys';
import { paged, timestamp } from './common';
import { ADDED_VERSION_KINDS, SONG_VERSION_KINDS } from '../song-versions';
import { AnalysisStateSchema, DetectedAudioSchema, SongFactsSchema } from './audio-analysis';

/** A card of GET /api/songs (active songs, in order). */
export const CatalogueSongItemSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  genre: z.string().nullable(),
  bpm: z.number().nullable(),
  tags: z.array(z.string()),
  musicalKey: z.enum(MUSICAL_KEYS).nullable(),
  /** All rights cleared by one party. */
  isOneStop: z.boolean(),
  /** Its audio is still being made (a demo song rendering, an agreement song's being copied): shown as Processing. */
  audioProcessing: z.boolean(),
});
export type CatalogueSongItem = z.output<typeof CatalogueSongItemSchema>;

/** A cover's square thumbnails for a card: links made out to the caller, SONG_THUMB_SIZES.small and .large wide. */
export const SongThumbnailSchema = z.object({ small: z.string(), large: z.string() });
export type SongThumbnail = z.output<typeof SongThumbnailSchema>;

/** A card of the catalogue list: the song's length in seconds (null until its audio is decoded) and its thumbnails. */
export const CatalogueListItemSchema = CatalogueSongItemSchema.extend({
  durationSeconds: z.number().nullable(),
  /** Null when the song has no cover (or its thumbnails are still to be made). */
  thumbnail: SongThumbnailSchema.nullable(),
  /** Its writers' names in credit order (or its writer info, for a song listed before writers were). */
  writers: z.array(z.string()),
  /** Added since the caller's last visit to the catalogue. */
  isNew: z.boolean(),
  /** How many other listeners hold it, never who: counted only when the list is sorted by it, else null. */
  heldByOthers: z.number().nullable(),
});
export type CatalogueListItem = z.output<typeof CatalogueListItemSchema>;

/** GET /api/songs: one page of the catalogue and every genre of the active songs (for the filter). */
export const CataloguePageSchema = paged(CatalogueListItemSchema).extend({
  /** Every genre of an active song, for the filter. */
  genres: z.array(z.string()),
  /** `total` is CATALOGUE_COUNT_CAP and more songs than that match. */
  totalCapped: z.boolean(),
  /** The next page's `after`; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type CataloguePage = z.output<typeof CataloguePageSchema>;

/** A comment as the song page shows it: an approved one, or the listener's own still awaiting approval. */
export const SongCommentSchema = z.object({
  id: z.string(),
  /** Its writer as this listener may see them: "You", the name, the company, or "A listener" (site settings). */
  name: z.string(),
  text: z.string(),
  createdAt: timestamp,
  awaitingApproval: z.boolean(),
});
export type SongComment = z.output<typeof SongCommentSchema>;

/** A writer as the song page credits them: society, publisher and share (a percentage, at most two decimals). */
export const SongWriterCreditSchema = z.object({
  name: z.string(),
  pro: z.enum(WRITER_PROS),
  publisher: z.string().nullable(),
  share: z.number(),
});
export type SongWriterCredit = z.output<typeof SongWriterCreditSchema>;

/** A writer as the admin edits them: with their IPI/CAE number. */
export const AdminSongWriterSchema = SongWriterCreditSchema.extend({ ipi: z.string().nullable() });
export type AdminSongWriter = z.output<typeof AdminSongWriterSchema>;

/** The media of a song: links signed for this user that expire, the waveform (0-255 peaks) and length once computed. */
const songMedia = {
  lyrics: z.string(),
  writerInfo: z.string().nullable(),
  audioUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  peaks: z.array(z.number()).nullable(),
  durationSeconds: z.number().nullable(),
};

/**
 * A version of a song as a listener gets it: the full demo (the song's own audio) and the added ones. An audio
 * version has a link to play (signed for the caller, expiring) and its waveform and length once measured; the
 * stems have none, and are listed only to a caller who may download.
 */
export const SongVersionSchema = z.object({
  kind: z.enum(SONG_VERSION_KINDS),
  label: z.string(),
  audioUrl: z.string().nullable(),
  peaks: z.array(z.number()).nullable(),
  durationSeconds: z.number().nullable(),
  sizeBytes: z.number().nullable(),
});
export type SongVersion = z.output<typeof SongVersionSchema>;

/** GET /api/songs/:slug */
export const CatalogueSongSchema = CatalogueSongItemSchema.extend({
  ...songMedia,
  /** In the order the song credits them; none for a song listed before writers were (its writer info says who). */
  writers: z.array(SongWriterCreditSchema),
  /** What its audio was measured to be: time to the first chorus, intro length, loudness, energy and sections. */
  facts: SongFactsSchema,
  comments: z.array(SongCommentSchema),
  /** The caller may download the tagged MP3 and the lyric sheet (an admin, or a preview user allowed to). */
  canDownload: z.boolean(),
  /** The full demo first (when the song has audio), then the added versions; the stems only when canDownload. */
  versions: z.array(SongVersionSchema),
});
export type CatalogueSong = z.output<typeof CatalogueSongSchema>;

/** A song that came in under a songwriter's signed pitch agreement: whose, and the review it came from. */
export const SongFromAgreementSchema = z.object({ reviewId: z.string(), writerName: z.string() });
export type SongFromAgreement = z.output<typeof SongFromAgreementSchema>;

/** A row of GET /api/admin/songs (every song, in order). */
export const AdminSongListItemSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  genre: z.string().nullable(),
  isActive: z.boolean(),
  orderIndex: z.number(),
  createdAt: timestamp,
  fromAgreement: SongFromAgreementSchema.nullable(),
});
export type AdminSongListItem = z.output<typeof AdminSongListItemSchema>;
export const AdminSongListSchema = z.array(AdminSongListItemSchema);
export type AdminSongList = z.output<typeof AdminSongListSchema>;

/** A version the admin added beside the main audio, with its file's name and where its analysis stands. */
export const AdminSongVersionSchema = z.object({
  kind: z.enum(ADDED_VERSION_KINDS),
  label: z.string(),
  originalName: z.string().nullable(),
  sizeBytes: z.number(),
  durationSeconds: z.number().nullable(),
  /** Null for the stems, which are not analysed. */
  analysis: AnalysisStateSchema.nullable(),
  audioUrl: z.string().nullable(),
  createdAt: timestamp,
});
export type AdminSongVersion = z.output<typeof AdminSongVersionSchema>;

/** POST /api/admin/songs/:id/versions and DELETE /api/admin/songs/:id/versions/:kind: the song's versions after. */
export const AdminSongVersionListSchema = z.array(AdminSongVersionSchema);
export type AdminSongVersionList = z.output<typeof AdminSongVersionListSchema>;

/** GET /api/admin/songs/:id */
export const AdminSongSchema = CatalogueSongItemSchema.extend({
  ...songMedia,
  writers: z.array(AdminSongWriterSchema),
  orderIndex: z.number(),
  isActive: z.boolean(),
  createdAt: timestamp,
  fromAgreement: SongFromAgreementSchema.nullable(),
  /** A song whose media is still to come: from an agreement's submission, or a demo song's audio being rendered. */
  mediaPending: z.boolean(),
  /** Why the media step could not take all of the submission, as the admin reads it; null when it could. */
  mediaProblem: z.string().nullable(),
  /** What was detected in the song's current audio when it was uploaded. */
  detected: DetectedAudioSchema,
  /** The versions added beside the main audio, in the order of their kinds. */
  versions: AdminSongVersionListSchema,
});
export type AdminSong = z.output<typeof AdminSongSchema>;

/** POST and PUT /api/admin/songs */
export const SavedSongSchema = z.object({ id: z.string(), slug: z.string() });
export type SavedSong = z.output<typeof SavedSongSchema>;

/** A row of GET /api/admin/comments */
export const AdminCommentItemSchema = z.object({
  id: z.string(),
  songTitle: z.string(),
  songSlug: z.string(),
  name: z.string(),
  email: z.string(),
  text: z.string(),
  isApproved: z.boolean(),
  createdAt: timestamp,
});
export type AdminCommentItem = z.output<typeof AdminCommentItemSchema>;
export const AdminCommentPageSchema = paged(AdminCommentItemSchema);
export type AdminCommentPage = z.output<typeof AdminCommentPageSchema>;

/** POST /api/songs/:slug/comments: held for moderation until an admin approves it. */
export const PostedCommentSchema = z.object({ id: z.string(), isApproved: z.boolean() });
export type PostedComment = z.output<typeof PostedCommentSchema>;

/** POST /api/plays and POST /api/pitch/:token/plays: the play to report on. */
export const StartedPlaySchema = z.object({ id: z.string() });
export type StartedPlay = z.output<typeof StartedPlaySchema>;

/** PATCH /api/admin/songs/:id/active */
export const SongActiveStateSchema = z.object({ id: z.string(), isActive: z.boolean() });
export type SongActiveState = z.output<typeof SongActiveStateSchema>;
