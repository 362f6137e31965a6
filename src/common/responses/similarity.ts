/** What "more like this" answers. */
import { z } from 'zod';
import { MUSICAL_KEYS } from '../musical-keys';

/** One song that sounds like the one asked about, with why in plain words. */
export const SimilarSongSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  genre: z.string().nullable(),
  bpm: z.number().nullable(),
  musicalKey: z.enum(MUSICAL_KEYS).nullable(),
  isOneStop: z.boolean(),
  durationSeconds: z.number().nullable(),
  /** How alike, 0–100. */
  closeness: z.number().int().min(0).max(100),
  /** Short phrases, joined with commas on the page: "same tempo", "similar energy and timbre", "key a fifth away". */
  reasons: z.array(z.string()),
});
export type SimilarSong = z.output<typeof SimilarSongSchema>;

/** GET /api/songs/:slug/similar: the nearest songs, closest first; `measured` false while the song has no profile yet. */
export const SimilarSongsSchema = z.object({
  measured: z.boolean(),
  lyricsWeighed: z.boolean(),
  songs: z.array(SimilarSongSchema),
});
export type SimilarSongs = z.output<typeof SimilarSongsSchema>;
