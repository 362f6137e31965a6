/** What the submission route answers. */
import { z } from 'zod';

/** 201 from POST /api/submissions: the song's review, its number in the package and how many songs are left. */
export const SubmittedSongSchema = z.object({
  id: z.string(),
  songNumber: z.number().int(),
  songTitle: z.string(),
  packageSize: z.number().int(),
  songsRemaining: z.number().int(),
});
export type SubmittedSong = z.output<typeof SubmittedSongSchema>;
