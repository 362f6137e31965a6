/** Measured facts about a submitted lyric's craft, for the reviewer: lines, syllables, rhymes, the title, repeats. */
import { z } from 'zod';

/**
 * One sung line, numbered from 1 through the whole lyric (blank lines and section labels such as "[Chorus]" are
 * not counted). `rhyme` is the line's letter in its stanza's scheme (lines with the same letter end in a rhyme);
 * `rhymeGuessed` says the last word is not in the pronouncing dictionary, so its rhyme was judged by its spelling.
 */
export const LyricLineSchema = z.object({
  number: z.number().int().min(1),
  text: z.string(),
  syllables: z.number().int().min(0),
  rhyme: z.string(),
  rhymeGuessed: z.boolean(),
});
export type LyricLine = z.output<typeof LyricLineSchema>;

/** A stanza (lines between blank lines), with its rhyme scheme as letters, e.g. "A A B B". */
export const LyricStanzaSchema = z.object({
  scheme: z.string(),
  lines: z.array(LyricLineSchema),
});

/** A line sung more than once (compared without case or punctuation), as first written, and where it comes. */
export const RepeatedLyricLineSchema = z.object({
  text: z.string(),
  count: z.number().int().min(2),
  lines: z.array(z.number().int().min(1)),
});

/** The lyric craft of a submission: `title` counts the song's title in the lyric, and the lines it is on. */
export const LyricCraftSchema = z.object({
  lineCount: z.number().int().min(0),
  stanzas: z.array(LyricStanzaSchema),
  title: z.object({ text: z.string(), count: z.number().int().min(0), lines: z.array(z.number().int().min(1)) }),
  repeatedLines: z.array(RepeatedLyricLineSchema),
  /** The line with the most syllables (the first of them on a tie); null for a lyric without a sung line. */
  longestLine: LyricLineSchema.nullable(),
});
export type LyricCraft = z.output<typeof LyricCraftSchema>;
