import { syllable } from 'syllable';

/** The CMU pronouncing dictionary: a word (lower case; "word(2)" for its second pronunciation) to its ARPAbet phonemes. */
type Dictionary = Readonly<Record<string, string>>;

let loading: Promise<Dictionary> | undefined;

/**
 * The dictionary, read once per process and only when a lyric is first measured: its 135,000 words take about
 * 0.4 s and 25 MB to load, which a server that never shows a lyric need not pay.
 */
export function pronouncingDictionary(): Promise<Dictionary> {
  loading ??= import('cmu-pronouncing-dictionary').then(
    (module) => module.dictionary,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** What the lyric's measures need of one word: its syllables and what its rhyme is judged by. */
export type SpokenWord = {
  word: string;
  syllables: number;
  /** Each pronunciation's sounds from its last stressed vowel on ("AY T" for "tonight"); null when unknown. */
  rhymes: ReadonlySet<string> | null;
  /** The written ending, from the last vowel on ("ight"); compared when either word's sounds are unknown. */
  ending: string;
  /** The word is not in the dictionary, so its rhyme was judged by its spelling. */
  guessed: boolean;
};

/** Letters in the dictionary's longest word ("antidisestablishmentarianism"). */
const LONGEST_WORD = 28;
const VOWEL = /\d$/;
const STRESSED = /[12]$/;

function pronunciationsOf(dictionary: Dictionary, word: string): string[][] {
  const found: string[][] = [];
  for (let n = 1; ; n++) {
    const entry = dictionary[n === 1 ? word : `${word}(${n})`];
    if (entry === undefined) return found;
    found.push(entry.split(' '));
  }
}

/** The word as written, then as the dictionary may hold it: without quotes around it, "goin'" as "going", "mama's" as "mama" + S. */
function lookUp(dictionary: Dictionary, word: string): string[][] {
  const direct = pronunciationsOf(dictionary, word);
  if (direct.length > 0) return direct;
  const bare = word.replace(/^'+|'+$/g, '');
  if (bare !== word && bare) {
    const found = pronunciationsOf(dictionary, bare);
    if (found.length > 0) return found;
  }
  if (word.endsWith("in'")) {
    const found = pronunciationsOf(dictionary, `${word.slice(0, -1)}g`);
    if (found.length > 0) return found;
  }
  if (word.endsWith("'s")) return pronunciationsOf(dictionary, word.slice(0, -2)).map((phones) => [...phones, 'Z']);
  return [];
}

/** The sounds from the last stressed vowel on, without stress marks: what two words that rhyme share. */
function rhymingPart(phones: string[]): string {
  let at = phones.findLastIndex((phone) => STRESSED.test(phone));
  if (at < 0) at = phones.findLastIndex((phone) => VOWEL.test(phone));
  return phones
    .slice(Math.max(at, 0))
    .map((phone) => phone.replace(/\d$/, ''))
    .join(' ');
}

/** The written ending from the last vowel on; a silent final e is kept with the vowel before it ("flame": "ame"). */
export function spelledEnding(word: string): string {
  let letters = word.replace(/[^a-z]/g, '');
  if (!letters) return word;
  let silentE = '';
  if (/[^aeiouy]e$/.test(letters) && /[aeiouy]/.test(letters.slice(0, -2))) {
    silentE = 'e';
    letters = letters.slice(0, -1);
  }
  return (/[aeiouy]+[^aeiouy]*$/.exec(letters)?.[0] ?? letters) + silentE;
}

/**
 * A word the dictionary lacks may end in one it holds ("glimmerlight": "light"); four letters at least, so the
 * ending is a word, and at most the dictionary's longest, so a run of letters without a space costs no more.
 */
function knownEnding(dictionary: Dictionary, word: string): string[][] {
  for (let start = Math.max(1, word.length - LONGEST_WORD); word.length - start >= 4; start++) {
    const found = pronunciationsOf(dictionary, word.slice(start));
    if (found.length > 0) return found;
  }
  return [];
}

/**
 * Syllables of a word the dictionary lacks, by the `syllable` package's rules; a run of letters longer than any
 * word (pasted text without spaces) by its vowel groups, as those rules take time that grows with its square.
 */
function countUnknown(word: string): number {
  return word.length > 2 * LONGEST_WORD ? (word.match(/[aeiouy]+/g)?.length ?? 0) : syllable(word);
}

/**
 * One word (lower case, straight apostrophes). Syllables: the fewest of the dictionary's pronunciations ("fire"
 * as one, "every" as two: as the word is said, and mostly sung); a word it lacks is counted by the `syllable`
 * package's rules. A number counts at least one.
 */
export function speak(dictionary: Dictionary, word: string): SpokenWord {
  const known = lookUp(dictionary, word);
  const ending = spelledEnding(word);
  if (known.length > 0) {
    const syllables = Math.min(...known.map((phones) => phones.filter((phone) => VOWEL.test(phone)).length));
    return { word, syllables: Math.max(syllables, 1), rhymes: new Set(known.map(rhymingPart)), ending, guessed: false };
  }
  const byEnding = knownEnding(dictionary, word);
  return {
    word,
    syllables: Math.max(countUnknown(word), 1),
    rhymes: byEnding.length > 0 ? new Set(byEnding.map(rhymingPart)) : null,
    ending,
    guessed: true,
  };
}
