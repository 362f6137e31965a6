/** What the playlist routes answer, and the playlists Preview Activity lists. */
import { z } from 'zod';
import { timestamp } from './common';
import { SongThumbnailSchema } from './songs';

/** A playlist of the listener's list, with its songs' ids in order (so "Add to playlist" knows which hold a song). */
export const PlaylistSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  songCount: z.number().int(),
  songIds: z.array(z.string()),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type PlaylistSummary = z.output<typeof PlaylistSummarySchema>;
/** GET /api/playlists: the caller's own playlists, the latest changed first. */
export const PlaylistSummariesSchema = z.array(PlaylistSummarySchema);

/** A song of a playlist, as much of it as a row shows and the player needs. */
export const PlaylistSongSchema = z.object({
  songId: z.string(),
  slug: z.string(),
  title: z.string(),
  genre: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  thumbnail: SongThumbnailSchema.nullable(),
  addedAt: timestamp,
});
export type PlaylistSong = z.output<typeof PlaylistSongSchema>;

/** GET /api/playlists/:id: one playlist and the songs its reader may open, in order. */
export const PlaylistDetailSchema = PlaylistSummarySchema.extend({
  /** The reader owns it; an admin reading a listener's playlist does not, and may not change it. */
  mine: z.boolean(),
  /** The brief whose shortlist this playlist is, or null for a list of the listener's own making. */
  briefId: z.string().nullable(),
  songs: z.array(PlaylistSongSchema),
});
export type PlaylistDetail = z.output<typeof PlaylistDetailSchema>;

/** A listener's playlist as Preview Activity shows it: whose, its name, and its songs in order. */
export const ActivityPlaylistSchema = z.object({
  id: z.string(),
  name: z.string(),
  ownerId: z.string(),
  ownerName: z.string(),
  ownerEmail: z.string(),
  songCount: z.number().int(),
  songs: z.array(z.object({ songId: z.string(), title: z.string(), slug: z.string() })),
  updatedAt: timestamp,
});
export type ActivityPlaylist = z.output<typeof ActivityPlaylistSchema>;
