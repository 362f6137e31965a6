/**
 * A lyric's profile: TF-IDF over its words (no model), so two lyrics on one theme ("rain", "window", "leave")
 * score close while the words every song uses ("love", "baby", "the") count for little.
 */

/** Words too common in lyrics to say anything about a theme. */
const STOP_WORDS = new Set(
  `a about all am an and are as at be been but by can could did do don't for from get got had has have he her
  him his how i i'll i'm i've if in into is it it's its just let like me my no not now of oh on one or our out
  say see she so than that the their them then there these they this to too up us was we were what when where
  which who will with would yeah you you're your ooh la na hey baby love`.split(/\s+/),
);
const WORD = /[\p{L}']+/gu;
/** Shorter words rarely carry a theme. */
const MIN_WORD_LENGTH = 3;

/** The lyric's words as counted: lower case, apostrophes kept inside a word, stop words left out. */
export function lyricTerms(lyrics: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const match of lyrics.toLowerCase().matchAll(WORD)) {
    const word = match[0].replace(/^'+|'+$/g, '');
    if (word.length < MIN_WORD_LENGTH || STOP_WORDS.has(word)) continue;
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return counts;
}

/** A lyric's TF-IDF weights, scaled to length 1 (so their dot product is the cosine). */
export type LyricVector = Map<string, number>;

/** How many of the catalogue's lyrics use each word. */
export function documentFrequencies(lyrics: readonly Map<string, number>[]): Map<string, number> {
  const df = new Map<string, number>();
  for (const terms of lyrics) for (const word of terms.keys()) df.set(word, (df.get(word) ?? 0) + 1);
  return df;
}

/** TF-IDF (log-scaled counts, smoothed inverse document frequency) of one lyric's terms, unit length. */
export function lyricVector(terms: Map<string, number>, df: Map<string, number>, documents: number): LyricVector {
  const vector: LyricVector = new Map();
  let norm = 0;
  for (const [word, count] of terms) {
    const weight = (1 + Math.log(count)) * Math.log((1 + documents) / (1 + (df.get(word) ?? 0)));
    if (weight <= 0) continue;
    vector.set(word, weight);
    norm += weight * weight;
  }
  const length = Math.sqrt(norm);
  for (const [word, weight] of vector) vector.set(word, weight / length);
  return vector;
}

/** The cosine of two lyric vectors (0: no theme word in common, 1: the same words alike). */
export function lyricCloseness(a: LyricVector, b: LyricVector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let sum = 0;
  for (const [word, weight] of small) sum += weight * (large.get(word) ?? 0);
  return sum;
}

/** The words two lyrics share that weigh most in both, heaviest first. */
export function sharedWords(a: LyricVector, b: LyricVector, count: number): string[] {
  return [...a]
    .filter(([word]) => b.has(word))
    .map(([word, weight]) => ({ word, weight: weight * b.get(word)! }))
    .sort((x, y) => y.weight - x.weight)
    .slice(0, count)
    .map(({ word }) => word);
}
