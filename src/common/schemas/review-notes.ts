import * as z from 'zod/mini';
import { REVIEW_NOTE_LIMITS } from '../constants';
import * as MESSAGES from '../messages';
import { requiredText } from './fields';

const m = MESSAGES.reviewNotes;

const noteText = requiredText(m.textRequired, REVIEW_NOTE_LIMITS.textMax, m.textTooLong, { multiLine: true });
/** Seconds into the submitted audio, to the millisecond. */
const atSeconds = z.pipe(
  z.number(m.atSecondsInvalid).check(z.gte(0, m.atSecondsInvalid), z.lte(REVIEW_NOTE_LIMITS.atSecondsMax, m.atSecondsInvalid)),
  z.transform((v) => Math.round(v * 1000) / 1000),
);

/** POST /api/admin/reviews/:id/notes: a note at a moment of the song. */
export const NewReviewNoteSchema = z.object({ atSeconds, text: noteText });
export type NewReviewNoteInput = z.input<typeof NewReviewNoteSchema>;

/** PATCH /api/admin/reviews/:id/notes/:noteId: the text, the moment, or both. */
export const ReviewNoteChangeSchema = z
  .object({ atSeconds: z.optional(atSeconds), text: z.optional(noteText) })
  .check(z.refine((v) => v.atSeconds !== undefined || v.text !== undefined, m.nothingToChange));
export type ReviewNoteChangeInput = z.input<typeof ReviewNoteChangeSchema>;

export const ReviewNoteParamSchema = z.object({ id: z.uuid('Not found'), noteId: z.uuid('Not found') });
