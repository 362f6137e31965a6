/**
 * "More like this": why a song sounds like another, in plain words, and the section's states. The reasons are
 * joined into one line: "same tempo, similar energy and timbre, key a fifth away".
 */
export const similarity = {
  sectionTitle: 'More like this',
  lyricsToggle: "Weigh the lyrics' theme in",
  loading: 'Finding songs that sound like this one…',
  empty: 'No other song sounds close enough yet: songs show here once their audio has been analysed.',
  notMeasured: 'This song has not been analysed yet: songs like it show once its audio is measured.',
  failed: 'Songs like this one could not be found just now.',
  retry: 'Try again',
  closeness: (percent: number) => `${percent}% alike`,
  sameTempo: 'same tempo',
  closeTempo: (bpm: number) => `tempo within ${bpm} BPM`,
  similar: (parts: string[]) => `similar ${joinWords(parts)}`,
  sameKey: 'same key',
  relativeKey: 'relative key',
  keyFifth: 'key a fifth away',
  sameMode: (mode: 'major' | 'minor') => `also in a ${mode} key`,
  sharedWords: (words: string[]) => `lyrics share ${joinWords(words.map((w) => `“${w}”`))}`,
  noReason: 'closest in overall sound',
  parts: {
    timbre: 'timbre',
    harmony: 'harmony',
    tempo: 'pulse',
    energy: 'energy',
    loudness: 'loudness',
    brightness: 'brightness',
    rhythm: 'rhythm',
  },
} as const;

/** "a", "a and b", "a, b and c". */
function joinWords(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
