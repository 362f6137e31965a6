import * as z from 'zod/mini';

/** GET /api/songs/:slug/similar's query: `lyrics=true` weighs the lyrics' theme in beside the sound. */
export const SimilarSongsQuerySchema = z.object({ lyrics: z.optional(z.stringbool()) });
export type SimilarSongsQuery = z.output<typeof SimilarSongsQuerySchema>;
