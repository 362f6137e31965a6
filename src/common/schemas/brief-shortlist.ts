import * as z from 'zod/mini';
import { BRIEF_LIMITS, BRIEF_VERDICTS } from '../constants';
import * as MESSAGES from '../messages';
import { requiredText } from './fields';

const m = MESSAGES.briefShortlist;

/** Songs the admin puts on a brief's shortlist at once: each once, at most this many a time. */
export const BRIEF_SHORTLIST_ADD_MAX = 50;

/** The screening of an answer: does the song fit the brief, and why, in one line the buyer reads. */
export const BriefVerdictSchema = z.object({
  verdict: z.enum(BRIEF_VERDICTS, m.verdictRequired),
  reason: requiredText(m.reasonRequired, BRIEF_LIMITS.verdictReasonMax, m.reasonTooLong),
});
export type BriefVerdictInput = z.input<typeof BriefVerdictSchema>;
export type BriefVerdictValues = z.output<typeof BriefVerdictSchema>;

/** Catalogue songs the admin adds to a brief's shortlist directly. */
export const BriefShortlistAddSchema = z.object({
  songIds: z.array(z.uuid()).check(
    z.minLength(1, m.songsRequired),
    z.maxLength(BRIEF_SHORTLIST_ADD_MAX, m.tooManySongs),
    z.refine((ids) => new Set(ids).size === ids.length, m.songTwice),
  ),
});
export type BriefShortlistAddInput = z.input<typeof BriefShortlistAddSchema>;
