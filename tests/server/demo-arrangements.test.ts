import { MPEGDecoder } from 'mpg123-decoder';
import { beforeAll, describe, expect, test } from 'vitest';
import { sectionTimes } from '../../src/server/db/seed/arrangement';
import { DEMO_SONGS } from '../../src/server/db/seed/demo-catalogue';
import { demoAudioJob, renderDemoAudio } from '../../src/server/db/seed/demo-audio';

/** A decoded song: its length and its loudness, the RMS of each second. */
interface Heard {
  seconds: number;
  envelope: number[];
}

/** Decodes an MP3 in pieces, as the server's waveform does, keeping only each second's RMS. */
async function hear(mp3: Buffer): Promise<Heard> {
  const decoder = new MPEGDecoder();
  await decoder.ready;
  try {
    const envelope: number[] = [];
    let sum = 0;
    let count = 0;
    let samples = 0;
    let rate = 0;
    for (let at = 0; at < mp3.length; at += 16 * 1024) {
      const { channelData, samplesDecoded, sampleRate } = decoder.decode(new Uint8Array(mp3.subarray(at, at + 16 * 1024)));
      if (samplesDecoded === 0) continue;
      rate = sampleRate;
      const channel = channelData[0]!;
      for (let i = 0; i < samplesDecoded; i++) {
        sum += channel[i]! ** 2;
        if (++count === sampleRate) {
          envelope.push(Math.sqrt(sum / count));
          sum = 0;
          count = 0;
        }
      }
      samples += samplesDecoded;
    }
    return { seconds: samples / rate, envelope };
  } finally {
    decoder.free();
  }
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/** The loudness over a stretch of a song, leaving out a second at each edge (a crash, a fade). */
const loudness = (heard: Heard, start: number, end: number) => mean(heard.envelope.slice(Math.ceil(start) + 1, Math.floor(end) - 1));

/**
 * The demo catalogue as `DEMO_AUDIO=full npm start` renders it: eight whole songs, rendered once here, in
 * worker threads as the seed does. The other tiers render only each song's first seconds.
 */
describe('the demo catalogue rendered in full', () => {
  const heard: Heard[] = [];

  beforeAll(async () => {
    const made = await Promise.all(renderDemoAudio(DEMO_SONGS.map((song) => demoAudioJob(song, 'full'))));
    for (const mp3 of made) heard.push(await hear(mp3));
  }, 600_000);

  test('each song lasts two and a half to three and a half minutes', () => {
    for (const [index, song] of DEMO_SONGS.entries()) {
      expect.soft(heard[index]!.seconds, song.title).toBeGreaterThanOrEqual(150);
      expect.soft(heard[index]!.seconds, song.title).toBeLessThanOrEqual(210);
    }
  });

  test('a chorus is heard louder than the verse before it, and the bridge drops back', () => {
    for (const [index, song] of DEMO_SONGS.entries()) {
      const sections = sectionTimes(song);
      const verse = sections.find((s) => s.section === 'verse')!;
      const chorus = sections.find((s) => s.section === 'chorus')!;
      const verseLevel = loudness(heard[index]!, verse.start, verse.end);
      const chorusLevel = loudness(heard[index]!, chorus.start, chorus.end);
      expect.soft(chorusLevel / verseLevel, song.title).toBeGreaterThan(1.5);
      const bridge = sections.find((s) => s.section === 'bridge');
      if (bridge) expect.soft(loudness(heard[index]!, bridge.start, bridge.end) / chorusLevel, song.title).toBeLessThan(0.7);
    }
  });

  test('no two songs have the same loudness envelope', () => {
    // Each song's envelope over its first 150 seconds, relative to its own average level.
    const shapes = heard.map(({ envelope }) => {
      const first = envelope.slice(0, 150);
      const average = mean(first);
      return first.map((v) => v / average);
    });
    for (let a = 0; a < shapes.length; a++)
      for (let b = a + 1; b < shapes.length; b++) {
        const difference = mean(shapes[a]!.map((v, i) => Math.abs(v - shapes[b]![i]!)));
        expect.soft(difference, `${DEMO_SONGS[a]!.title} and ${DEMO_SONGS[b]!.title}`).toBeGreaterThan(0.15);
      }
  });
});
