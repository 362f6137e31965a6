// What the lyrics feature offers the others: a lyric's craft measured from its text (lines, syllables, each
// stanza's rhyme scheme, the title's appearances, repeated lines, the longest line). No routes of its own.
export { measureLyricCraft } from './lyric-craft';
