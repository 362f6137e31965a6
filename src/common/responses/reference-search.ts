/** What "sounds like" answers: an uploaded reference's state, and the catalogue ranked by closeness to it. */
import { z } from 'zod';
import { MUSICAL_KEYS } from '../musical-keys';
import { SimilarSongSchema } from './similarity';

/** POST /api/references and GET /api/references/:id: the buyer's own reference and where its analysis stands. */
export const ReferenceTrackSchema = z.object({
  id: z.string(),
  originalName: z.string().nullable(),
  /** queued → running → done (or failed); the page polls until done or failed. */
  state: z.enum(['queued', 'running', 'done', 'failed']),
  reason: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  bpm: z.number().nullable(),
  musicalKey: z.enum(MUSICAL_KEYS).nullable(),
  expiresAt: z.string(),
});
export type ReferenceTrack = z.output<typeof ReferenceTrackSchema>;

/** GET /api/sounds-like: catalogue songs closest first; `measured` false while the reference has no profile yet. */
export const SoundsLikeSchema = z.object({
  measured: z.boolean(),
  songs: z.array(SimilarSongSchema),
});
export type SoundsLike = z.output<typeof SoundsLikeSchema>;

/** A submission's three closest catalogue songs, for its reviewer; `measured` false until its audio is analysed. */
export const SubmissionSoundsLikeSchema = SoundsLikeSchema;

/** "Add songs like this one": how many songs were added to the playlist or pitch link. */
export const AddedLikeThisSchema = z.object({ added: z.number().int().min(0) });
export type AddedLikeThis = z.output<typeof AddedLikeThisSchema>;
