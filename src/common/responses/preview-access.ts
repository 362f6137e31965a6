/** What the preview access routes answer: requests, preview accounts and listening activity. */
import { z } from 'zod';
import { DOWNLOAD_KINDS, PREVIEW_REQUEST_STATUSES } from '../constants';
import { paged, timestamp } from './common';
import { ActivityPlaylistSchema } from './playlists';

/** A preview request as its owner reads it (GET /api/preview-requests/mine). */
export const PreviewRequestViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  companyName: z.string(),
  email: z.string(),
  proAffiliation: z.string(),
  projectDescription: z.string(),
  status: z.enum(PREVIEW_REQUEST_STATUSES),
  createdAt: timestamp,
  reviewedAt: timestamp.nullable(),
  autoApprovedAt: timestamp.nullable(),
  revokedAt: timestamp.nullable(),
});
export type PreviewRequestView = z.output<typeof PreviewRequestViewSchema>;

/** A row of GET /api/admin/preview-requests: the request and the account linked to it. */
export const AdminPreviewRequestSchema = PreviewRequestViewSchema.extend({
  userId: z.string().nullable(),
  /** The linked account's e-mail is confirmed; null when no account is linked. */
  accountEmailVerified: z.boolean().nullable(),
});
export type AdminPreviewRequest = z.output<typeof AdminPreviewRequestSchema>;
export const AdminPreviewRequestPageSchema = paged(AdminPreviewRequestSchema);
export type AdminPreviewRequestPage = z.output<typeof AdminPreviewRequestPageSchema>;

/** A listener of a song: a preview user, or a pitch link's recipient (no account); `id` is the user's or the link's. */
export const SongListenerSchema = z.object({
  kind: z.enum(['user', 'pitch']),
  id: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  plays: z.number(),
  listenedSeconds: z.number(),
  furthestSeconds: z.number(),
  completed: z.boolean(),
  lastPlayedAt: timestamp,
});
export type SongListener = z.output<typeof SongListenerSchema>;

/** A row of GET /api/admin/preview-activity's users. */
export const PreviewUserActivitySchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  companyName: z.string().nullable(),
  playCount: z.number(),
  commentCount: z.number(),
  downloadCount: z.number(),
  /** Stream only or download allowed, as the admin set it on their access. */
  downloadAllowed: z.boolean(),
  /** Their approved access, where the download permission is set; null for a preview role without one. */
  accessId: z.string().nullable(),
  lastActiveAt: timestamp.nullable(),
});
export type PreviewUserActivity = z.output<typeof PreviewUserActivitySchema>;

/** A row of GET /api/admin/preview-activity's songs; listeners are preview users and pitch link recipients. */
export const SongListeningSchema = z.object({
  songId: z.string(),
  title: z.string(),
  slug: z.string(),
  durationSeconds: z.number().nullable(),
  listeners: z.number(),
  plays: z.number(),
  completedPlays: z.number(),
  /** How far into the song plays got on average, 0-1; null without plays or a known length. */
  averageDepth: z.number().nullable(),
});
export type SongListening = z.output<typeof SongListeningSchema>;

/** A preview user's download, newest first in GET /api/admin/preview-activity. */
export const PreviewDownloadSchema = z.object({
  id: z.string(),
  kind: z.enum(DOWNLOAD_KINDS),
  downloadedAt: timestamp,
  songTitle: z.string(),
  songSlug: z.string(),
  userId: z.string(),
  userName: z.string(),
  userEmail: z.string(),
});
export type PreviewDownload = z.output<typeof PreviewDownloadSchema>;
/** GET /api/admin/preview-activity/users/:userId/downloads: one preview user's latest downloads, newest first. */
export const PreviewDownloadsSchema = z.array(PreviewDownloadSchema);

/** GET /api/admin/preview-activity */
export const PreviewActivitySchema = z.object({
  users: z.array(PreviewUserActivitySchema),
  songs: z.array(SongListeningSchema),
  downloads: z.array(PreviewDownloadSchema),
  /** Buyers' playlists: which listener gathers which songs. */
  playlists: z.array(ActivityPlaylistSchema),
});
export type PreviewActivity = z.output<typeof PreviewActivitySchema>;

/** GET /api/admin/preview-activity/songs/:songId: where listeners stop, and who listened how far. */
export const SongListenDepthSchema = z.object({
  song: z.object({ id: z.string(), title: z.string(), slug: z.string(), durationSeconds: z.number().nullable() }),
  plays: z.number(),
  /** Per equal stretch of the song, the plays that got into it; null while the song's length is unknown. */
  reached: z.array(z.number()).nullable(),
  listeners: z.array(SongListenerSchema),
});
export type SongListenDepth = z.output<typeof SongListenDepthSchema>;

/** A row of GET /api/admin/preview-activity/users/:userId/plays, newest first; furthestSeconds is the furthest point reached. */
export const UserPlaySchema = z.object({
  id: z.string(),
  songTitle: z.string(),
  songSlug: z.string(),
  playedAt: timestamp,
  durationSeconds: z.number(),
  furthestSeconds: z.number(),
  songDurationSeconds: z.number().nullable(),
  completed: z.boolean(),
});
export type UserPlay = z.output<typeof UserPlaySchema>;
export const UserPlaysSchema = z.array(UserPlaySchema);
export type UserPlays = z.output<typeof UserPlaysSchema>;

/** POST /api/admin/preview-accounts */
export const CreatedPreviewAccountSchema = z.object({ id: z.string(), email: z.string() });
export type CreatedPreviewAccount = z.output<typeof CreatedPreviewAccountSchema>;

/** POST /api/preview-requests: 201 with a new request; 200 when it was already known (said the same way, to hide who asked). */
export const PreviewRequestReceiptSchema = z.object({ id: z.string(), created: z.boolean() });
export type PreviewRequestReceipt = z.output<typeof PreviewRequestReceiptSchema>;

/** GET /api/preview-requests/mine */
export const MyPreviewRequestSchema = z.object({ request: PreviewRequestViewSchema.nullable() });
export type MyPreviewRequest = z.output<typeof MyPreviewRequestSchema>;
