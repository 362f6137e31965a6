import { describe, expect, test } from 'vitest';
import { measureLyricCraft } from '../../src/server/features/lyrics';

/**
 * Ten stanzas written for this test, each with its rhyme scheme and each line's syllables known: plain words
 * with one common pronunciation (no "fire", "every" or "our", which people say either way), perfect rhymes only,
 * eye rhymes that are not rhymes (love / move), and two words no dictionary holds ("glimmerlight", ending in a
 * word it does hold, and "brizzlebop", judged by its spelling alone).
 */
const STANZAS: { lines: [string, number][]; scheme: string }[] = [
  {
    scheme: 'A A B B',
    lines: [
      ['The night is cold and dark', 6],
      ['I hear a distant bark', 6],
      ['You left me at the door', 6],
      ['I miss you more and more', 6],
    ],
  },
  {
    scheme: 'A B A B',
    lines: [
      ['We drove along the river road', 8],
      ['Beneath a sky of gray', 6],
      ['We carried all the heavy load', 8],
      ['And never lost the way', 6],
    ],
  },
  {
    scheme: 'A B C B',
    lines: [
      ['My mother sang a song', 6],
      ['Her voice was soft and low', 6],
      ['She held me in the kitchen light', 8],
      ['And rocked me to and fro', 6],
    ],
  },
  {
    scheme: 'A A A A',
    lines: [
      ['The work is done', 4],
      ['The race is run', 4],
      ['The war is won', 4],
      ['I had my fun', 4],
    ],
  },
  {
    scheme: 'A A B B',
    lines: [
      ['We danced beneath the glimmerlight', 8],
      ['And held each other through the night', 8],
      ['The music played so sweet and slow', 8],
      ['We never wanted it to go', 8],
    ],
  },
  {
    scheme: 'A B A B',
    lines: [
      ['She wore a yellow party dress', 8],
      ['We danced the crazy brizzlebop', 8],
      ['She did not care about the mess', 8],
      ['And never wanted it to stop', 8],
    ],
  },
  {
    scheme: 'A A B B',
    lines: [
      ['You told me that you needed time', 8],
      ['To climb a hill too steep to climb', 8],
      ['I waited by the station gate', 8],
      ['But you were always running late', 8],
    ],
  },
  {
    scheme: 'A B A B',
    lines: [
      ['My heart is like a broken bottle', 9],
      ['I keep it on the shelf', 6],
      ['I push the pedal to full throttle', 9],
      ['And talk about myself', 6],
    ],
  },
  {
    scheme: 'A A B B',
    lines: [
      ['I gave you all my love', 6],
      ['The stars were bright above', 6],
      ['I did not dare to move', 6],
      ['I had nothing to prove', 6],
    ],
  },
  {
    scheme: 'A B C B',
    lines: [
      ['The train goes rolling down the track', 8],
      ['Across the open plain', 6],
      ['I watch the fields go flying by', 8],
      ['And listen to the rain', 6],
    ],
  },
];

describe('lyric craft, measured on stanzas with known answers', () => {
  test('every stanza’s rhyme scheme and every line’s syllables are right', async () => {
    const lyric = STANZAS.map((stanza) => stanza.lines.map(([line]) => line).join('\n')).join('\n\n');
    const craft = await measureLyricCraft(lyric, 'Test Song');
    expect(craft.stanzas).toHaveLength(STANZAS.length);
    const misses: string[] = [];
    let asked = 0;
    STANZAS.forEach((expected, s) => {
      const got = craft.stanzas[s]!;
      asked++;
      if (got.scheme !== expected.scheme) misses.push(`stanza ${s + 1}: scheme ${got.scheme}, expected ${expected.scheme}`);
      expected.lines.forEach(([text, syllables], l) => {
        asked++;
        const line = got.lines[l]!;
        expect(line.text).toBe(text);
        if (line.syllables !== syllables) misses.push(`"${text}": ${line.syllables} syllables, expected ${syllables}`);
      });
    });
    const hitRate = (asked - misses.length) / asked;
    console.info(`lyric craft: ${asked - misses.length} of ${asked} right (${(hitRate * 100).toFixed(1)} %)`, misses);
    expect(misses).toEqual([]);
    // Lines are numbered through the lyric, stanza breaks aside.
    expect(craft.lineCount).toBe(40);
    expect(craft.stanzas[9]!.lines[3]!.number).toBe(40);
  });

  test('a rhyme judged by a word the dictionary lacks says so', async () => {
    const craft = await measureLyricCraft(STANZAS[5]!.lines.map(([line]) => line).join('\n'), 'x');
    expect(craft.stanzas[0]!.lines.map((line) => line.rhymeGuessed)).toEqual([false, true, false, false]);
  });
});

describe('the title, repeated lines, the longest line and section labels', () => {
  const lyric = [
    '[Verse 1]',
    'Down the gravel road I go,',
    'Dust on the boots, and the engine slow',
    '',
    'Chorus:',
    'Take me down the Gravel Road!',
    'take me down the gravel road',
    'Gravel road, gravel road, carry me home tonight',
    '(Chorus x2)',
    'Take me down the gravel road.',
  ].join('\n');

  test('counts the title without case or punctuation, and names its lines', async () => {
    const craft = await measureLyricCraft(lyric, 'Gravel Road (Acoustic)');
    expect(craft.lineCount).toBe(6);
    expect(craft.stanzas.map((stanza) => stanza.lines.map((line) => line.number))).toEqual([[1, 2], [3, 4, 5], [6]]);
    expect(craft.title).toEqual({ text: 'Gravel Road (Acoustic)', count: 6, lines: [1, 3, 4, 5, 6] });
  });

  test('lists repeated lines with their counts, and the longest line by syllables', async () => {
    const craft = await measureLyricCraft(lyric, 'Gravel Road');
    expect(craft.repeatedLines).toEqual([{ text: 'Take me down the Gravel Road!', count: 3, lines: [3, 4, 6] }]);
    expect(craft.longestLine).toMatchObject({ number: 5, syllables: 12 });
  });

  test('a run of letters longer than any word is counted by its vowel groups', async () => {
    const craft = await measureLyricCraft('ba'.repeat(5_000), 'x');
    expect(craft.longestLine!.syllables).toBe(5_000);
  });

  test('a lyric without a sung line has nothing to measure', async () => {
    const craft = await measureLyricCraft('\n[Chorus]\n\n', 'Anything');
    expect(craft).toEqual({
      lineCount: 0,
      stanzas: [],
      title: { text: 'Anything', count: 0, lines: [] },
      repeatedLines: [],
      longestLine: null,
    });
  });
});
