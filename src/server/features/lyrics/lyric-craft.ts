import type { LyricCraft, LyricLine } from '../../../common/responses/lyric-craft';
import { pronouncingDictionary, speak, type SpokenWord } from './pronunciations';

/** Words as sung: letters and digits, with apostrophes inside or at the end ("don't", "goin'"); a hyphen parts two words. */
const WORD = /[\p{L}\p{N}]+(?:'[\p{L}\p{N}]+)*'?/gu;

const SECTION_WORDS = 'verse|chorus|pre-?chorus|post-?chorus|bridge|intro|outro|hook|tag|refrain|interlude|instrumental|solo|breakdown';
/** "[Chorus]", "Verse 2:", "(Chorus x2)", "Repeat chorus": a label of the lyric's part, not a sung line. */
const SECTION_LABEL = new RegExp(
  `^(?:\\[.*\\]|\\(?(?:repeat\\s+)?(?:${SECTION_WORDS})(?:\\s*\\d+)?(?:\\s*[x×]\\s*\\d+)?\\s*\\)?:?)$`,
  'iu',
);

function wordsOf(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/[‘’ʼ`]/g, "'")
      .match(WORD) ?? []
  );
}

/** A line compared with others: its words without case, punctuation or apostrophes. */
function comparable(words: string[]): string[] {
  return words.map((word) => word.replace(/'/g, ''));
}

type ParsedLine = { number: number; text: string; words: string[] };

/** The sung lines, numbered through the lyric, in stanzas: a blank line or a section label ends a stanza. */
function stanzasOf(lyric: string): ParsedLine[][] {
  const stanzas: ParsedLine[][] = [[]];
  let number = 0;
  for (const raw of lyric.split(/\r\n|\r|\n/)) {
    const text = raw.trim();
    const words = wordsOf(text);
    if (words.length === 0 || SECTION_LABEL.test(text)) {
      if (stanzas.at(-1)!.length > 0) stanzas.push([]);
      continue;
    }
    stanzas.at(-1)!.push({ number: ++number, text, words });
  }
  return stanzas.filter((stanza) => stanza.length > 0);
}

/** "A" to "Z", then "A2" on: a stanza with more than 26 rhyme sounds is rare, but its letters stay distinct. */
function letter(index: number): string {
  const base = String.fromCharCode(65 + (index % 26));
  return index < 26 ? base : `${base}${Math.floor(index / 26) + 1}`;
}

/**
 * Each line takes the letter of the first line before it in the stanza whose last word rhymes with its own. Two
 * words rhyme when they are the same word, when a pronunciation of each shares its sounds from the last stressed
 * vowel on, or, when either's sounds are unknown, when their written endings are the same. The first line of each
 * word, sound and ending is remembered, so a long stanza is not compared line by line with every other.
 */
function schemeOf(lastWords: SpokenWord[]): string[] {
  const firstOf = new Map<string, number>();
  const remember = (key: string, i: number) => firstOf.has(key) || firstOf.set(key, i);
  const letters: string[] = [];
  let sounds = 0;
  lastWords.forEach((word, i) => {
    const keys = [`word:${word.word}`, word.rhymes ? `unknown-ending:${word.ending}` : `ending:${word.ending}`];
    for (const part of word.rhymes ?? []) keys.push(`sound:${part}`);
    const earlier = Math.min(...keys.map((key) => firstOf.get(key) ?? Infinity));
    letters.push(Number.isFinite(earlier) ? letters[earlier]! : letter(sounds++));
    remember(`word:${word.word}`, i);
    remember(`ending:${word.ending}`, i);
    if (!word.rhymes) remember(`unknown-ending:${word.ending}`, i);
    for (const part of word.rhymes ?? []) remember(`sound:${part}`, i);
  });
  return letters;
}

/** The title's words, less a bracketed part ("Gravel Road (Acoustic)"); where they come in a row, and how often. */
function titleIn(title: string, lines: ParsedLine[]): LyricCraft['title'] {
  const unbracketed = comparable(wordsOf(title.replace(/[([][^)\]]*[)\]]/g, ' ')));
  const wanted = unbracketed.length > 0 ? unbracketed : comparable(wordsOf(title));
  let count = 0;
  const on: number[] = [];
  if (wanted.length === 0) return { text: title, count, lines: on };
  for (const line of lines) {
    const words = comparable(line.words);
    let here = 0;
    for (let i = 0; i + wanted.length <= words.length; i++) {
      if (wanted.every((word, k) => words[i + k] === word)) {
        here++;
        i += wanted.length - 1;
      }
    }
    count += here;
    if (here > 0) on.push(line.number);
  }
  return { text: title, count, lines: on };
}

/** Lines sung more than once, most repeated first (then in the lyric's order), as first written. */
function repeatsIn(lines: ParsedLine[]): LyricCraft['repeatedLines'] {
  const byWords = new Map<string, { text: string; lines: number[] }>();
  for (const line of lines) {
    const key = comparable(line.words).join(' ');
    const seen = byWords.get(key);
    if (seen) seen.lines.push(line.number);
    else byWords.set(key, { text: line.text, lines: [line.number] });
  }
  return [...byWords.values()]
    .filter((repeat) => repeat.lines.length > 1)
    .map((repeat) => ({ text: repeat.text, count: repeat.lines.length, lines: repeat.lines }))
    .sort((a, b) => b.count - a.count || a.lines[0]! - b.lines[0]!);
}

/**
 * Words already looked up, for every lyric: the reviewer's page reads its review again every 30 s, and a word
 * the dictionary lacks costs several look-ups and the syllable counter's rules. Bounded, as lyrics are anyone's text.
 */
const spoken = new Map<string, SpokenWord>();
const SPOKEN_KEPT = 20_000;

/**
 * The lyric's craft, measured from its text alone: each stanza's rhyme scheme, each line's syllables, the title's
 * appearances, the repeated lines and the longest line. Pure text work, so it is measured when read.
 */
export async function measureLyricCraft(lyric: string, title: string): Promise<LyricCraft> {
  const dictionary = await pronouncingDictionary();
  const say = (word: string) => {
    let found = spoken.get(word);
    if (!found) {
      if (spoken.size >= SPOKEN_KEPT) spoken.clear();
      spoken.set(word, (found = speak(dictionary, word)));
    }
    return found;
  };
  const parsed = stanzasOf(lyric);
  const stanzas = parsed.map((lines) => {
    const letters = schemeOf(lines.map((line) => say(line.words.at(-1)!)));
    const measured: LyricLine[] = lines.map((line, i) => ({
      number: line.number,
      text: line.text,
      syllables: line.words.reduce((sum, word) => sum + say(word).syllables, 0),
      rhyme: letters[i]!,
      rhymeGuessed: say(line.words.at(-1)!).guessed,
    }));
    return { scheme: letters.join(' '), lines: measured };
  });
  const all = parsed.flat();
  const lines = stanzas.flatMap((stanza) => stanza.lines);
  const longestLine = lines.reduce<LyricLine | null>(
    (longest, line) => (longest && longest.syllables >= line.syllables ? longest : line),
    null,
  );
  return { lineCount: lines.length, stanzas, title: titleIn(title, all), repeatedLines: repeatsIn(all), longestLine };
}
