import type { LyricCraft, LyricLine } from '../../../common/responses/lyric-craft';
import { pronouncingDictionary, rhymes, speak, type SpokenWord } from './pronunciations';

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

/** Each line takes the letter of the first line before it in the stanza whose last word rhymes with its own. */
function schemeOf(lastWords: SpokenWord[]): string[] {
  const letters: string[] = [];
  let sounds = 0;
  lastWords.forEach((word, i) => {
    const earlier = lastWords.findIndex((other, j) => j < i && rhymes(word, other));
    letters.push(earlier >= 0 ? letters[earlier]! : letter(sounds++));
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
 * The lyric's craft, measured from its text alone: each stanza's rhyme scheme, each line's syllables, the title's
 * appearances, the repeated lines and the longest line. Pure text work, so it is measured when read.
 */
export async function measureLyricCraft(lyric: string, title: string): Promise<LyricCraft> {
  const dictionary = await pronouncingDictionary();
  const spoken = new Map<string, SpokenWord>();
  const say = (word: string) => {
    let found = spoken.get(word);
    if (!found) spoken.set(word, (found = speak(dictionary, word)));
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
