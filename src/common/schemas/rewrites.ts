import * as z from 'zod/mini';
import { REWRITE } from '../constants';
import * as MESSAGES from '../messages';
import { noControlCharacters, requiredText } from './fields';

const m = MESSAGES.rewrites;

/**
 * POST /api/reviews/:id/rewrite: the `data` part of the upload, beside an optional `audio` file. The note is
 * required; the lyrics are the whole new text (blank: unchanged). The server also needs new audio or lyrics
 * that differ from the first version's (`m.nothingChanged`), which the form checks the same way.
 */
export const RewriteSchema = z.object({
  note: requiredText(m.noteRequired, REWRITE.noteMax, m.noteTooLong, { multiLine: true }),
  lyricsText: z.pipe(
    z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(REWRITE.lyricsMax, m.lyricsTooLong), noControlCharacters(true)))),
    z.transform((v) => (v ? v : null)),
  ),
});
export type RewriteInput = z.input<typeof RewriteSchema>;
export type RewriteValues = z.output<typeof RewriteSchema>;

/** Whether a rewrite changes the lyrics: new text that is not the first version's. */
export const lyricsChanged = (first: string | null, next: string | null): boolean =>
  next !== null && next.replaceAll('\r\n', '\n').trim() !== (first ?? '').replaceAll('\r\n', '\n').trim();
