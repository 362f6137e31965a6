import { MUSICAL_KEYS } from '../../../common/musical-keys';
import { Readable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { chordProgression, clickTrack, encodeTestMp3, encodeWav, major, minor, mix } from '../../../../tests/setup/test-audio';
import { computeWavWaveform, computeWaveform } from './waveform';
import { AnalysisSignal } from './analysis-signal';
import { analyseAudio, AnalysisTimedOutError } from './analyse-audio';

const RATE = 44_100;
/** A minor: Am–F–C–G–Am, ending where it began. */
const A_MINOR = [minor(57), major(53), major(60), major(55), minor(57)];
/** D major: D–G–Bm–A–D. */
const D_MAJOR = [major(62), major(55), minor(59), major(57), major(62)];

/** The signal as a decoder hands it over: stereo pieces of one MP3 frame (1152 samples). */
function decoded(samples: Float32Array, sampleRate = RATE): AnalysisSignal {
  const signal = new AnalysisSignal();
  for (let i = 0; i < samples.length; i += 1152) {
    const piece = samples.subarray(i, i + 1152);
    signal.add([piece, piece], piece.length, sampleRate);
  }
  return signal;
}

describe('tempo', () => {
  test.each([92, 128])('a click track at %i BPM reads within 2 BPM of it', async (bpm) => {
    const { bpm: detected } = await analyseAudio(decoded(clickTrack({ bpm, seconds: 20 })));
    expect(detected).not.toBeNull();
    expect(Math.abs(detected! - bpm)).toBeLessThanOrEqual(2);
  });

  test('a fast click track (174 BPM) is not read at half its tempo', async () => {
    const { bpm } = await analyseAudio(decoded(clickTrack({ bpm: 174, seconds: 20 })));
    expect(Math.abs(bpm! - 174)).toBeLessThanOrEqual(2);
  });

  test('held chords, a steady tone and silence have no tempo', async () => {
    const tone = new Float32Array(RATE * 10).map((_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / RATE));
    for (const samples of [chordProgression({ chords: A_MINOR, secondsPerChord: 2 }), tone, new Float32Array(RATE * 10)])
      expect((await analyseAudio(decoded(samples))).bpm).toBeNull();
  });

  test('a beat under chords is read as the beat', async () => {
    const song = mix(clickTrack({ bpm: 128, seconds: 20 }), chordProgression({ chords: A_MINOR, secondsPerChord: 4 }));
    expect(await analyseAudio(decoded(song))).toEqual({ bpm: 128, key: 'A minor' });
  });
});

describe('key', () => {
  test.each([
    { key: 'A minor', chords: A_MINOR, wave: 'triangle' },
    { key: 'A minor', chords: A_MINOR, wave: 'sine' },
    { key: 'D major', chords: D_MAJOR, wave: 'sine' },
    { key: 'D major', chords: D_MAJOR, wave: 'triangle' },
  ] as const)('a progression in $key of $wave tones reads as $key', async ({ key, chords, wave }) => {
    const { key: detected } = await analyseAudio(decoded(chordProgression({ chords, secondsPerChord: 2, wave })));
    expect(detected).toBe(key);
  });

  test('every major and minor key is told apart, with the tonic in any octave', async () => {
    for (let tonic = 0; tonic < 12; tonic++) {
      const root = 55 + tonic;
      const inMajor = chordProgression({ chords: [major(root), major(root + 5), major(root + 7), major(root)], secondsPerChord: 1.5 });
      const inMinor = chordProgression({ chords: [minor(root), minor(root + 5), major(root + 7), minor(root)], secondsPerChord: 1.5 });
      expect((await analyseAudio(decoded(inMajor))).key).toBe(MUSICAL_KEYS[root % 12]);
      expect((await analyseAudio(decoded(inMinor))).key).toBe(MUSICAL_KEYS[12 + (root % 12)]);
    }
  });

  test('noise and silence have no key; audio too short to tell has neither', async () => {
    const noise = new Float32Array(RATE * 10).map(() => Math.random() - 0.5);
    expect((await analyseAudio(decoded(noise))).key).toBeNull();
    expect(await analyseAudio(decoded(new Float32Array(RATE * 10)))).toEqual({ bpm: null, key: null });
    expect(await analyseAudio(decoded(chordProgression({ chords: [minor(57)], secondsPerChord: 2 })))).toEqual({ bpm: null, key: null });
  });
});

describe('from the waveform decoders, in the same decoding', () => {
  test('an MP3 click track at 92 BPM, decoded once for its peaks, gives its tempo', async () => {
    const signal = new AnalysisSignal();
    const mp3 = encodeTestMp3(clickTrack({ bpm: 92, seconds: 20, sampleRate: 22_050 }), 22_050, 64);
    const waveform = await computeWaveform(Readable.from([mp3]), undefined, signal);
    expect(waveform.durationSeconds).toBeCloseTo(20, 0);
    expect(signal.seconds).toBeCloseTo(20, 0);
    expect(Math.abs((await analyseAudio(signal)).bpm! - 92)).toBeLessThanOrEqual(2);
  });

  test('a stereo WAV of chords in A minor, decoded once for its peaks, gives its key', async () => {
    const signal = new AnalysisSignal();
    await computeWavWaveform(
      Readable.from([encodeWav(chordProgression({ chords: A_MINOR, secondsPerChord: 2, wave: 'triangle' }))]),
      undefined,
      signal,
    );
    expect((await analyseAudio(signal)).key).toBe('A minor');
  });

  test('a 48 kHz stream is analysed at 8 kHz, and a long one only for its first minutes', async () => {
    const signal = new AnalysisSignal(12);
    const clicks = clickTrack({ bpm: 128, seconds: 20, sampleRate: 48_000 });
    for (let i = 0; i < clicks.length; i += 1152) signal.add([clicks.subarray(i, i + 1152)], Math.min(1152, clicks.length - i), 48_000);
    expect(signal.sampleRate).toBe(8_000);
    expect(signal.seconds).toBeCloseTo(12, 1);
    expect(Math.abs((await analyseAudio(signal)).bpm! - 128)).toBeLessThanOrEqual(2);
  });
});

describe('time', () => {
  test('a 3-minute song is analysed well within the limit, and one that takes too long gives up', async () => {
    const song = mix(
      clickTrack({ bpm: 128, seconds: 180 }),
      chordProgression({ chords: Array.from({ length: 45 }, (_, i) => A_MINOR[i % 5]!), secondsPerChord: 4 }),
    );
    const collecting = performance.now();
    const signal = decoded(song);
    const analysing = performance.now();
    const result = await analyseAudio(signal);
    const done = performance.now();
    console.log(
      `3-minute song: ${Math.round(analysing - collecting)} ms to collect the analysis signal, ${Math.round(done - analysing)} ms to analyse`,
    );
    expect(result.bpm).toBe(128);
    expect(done - analysing).toBeLessThan(5_000);
    await expect(analyseAudio(signal, { timeLimitMs: 1 })).rejects.toBeInstanceOf(AnalysisTimedOutError);
  });
});
