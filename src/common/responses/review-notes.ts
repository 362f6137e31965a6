/** What the review studio's routes answer: the submitted audio's waveform and the reviewer's time-coded notes. */
import { z } from 'zod';
import { SongFactsSchema } from './audio-analysis';
import { timestamp } from './common';

/** A note at a moment of the submitted audio. */
export const ReviewNoteSchema = z.object({
  id: z.string(),
  atSeconds: z.number(),
  text: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type ReviewNote = z.output<typeof ReviewNoteSchema>;

/**
 * GET /api/admin/reviews/:id/studio and GET /api/reviews/:id/studio. `audio` is null without an audio file;
 * `peaks` (0-255 each) is null when the waveform could not be computed, and `waveformSupported` says whether
 * the file's kind can have one at all; `facts` is what the analysis measured. The songwriter's `notes` stay
 * empty until the review is sent; `notesEditable` is true for the reviewer until then.
 */
export const ReviewStudioSchema = z.object({
  audio: z
    .object({
      peaks: z.array(z.number().int()).nullable(),
      durationSeconds: z.number().nullable(),
      waveformSupported: z.boolean(),
      /** Tempo, key, loudness, sections and energy measured in the submitted audio. */
      facts: SongFactsSchema,
    })
    .nullable(),
  notes: z.array(ReviewNoteSchema),
  notesEditable: z.boolean(),
});
export type ReviewStudio = z.output<typeof ReviewStudioSchema>;
