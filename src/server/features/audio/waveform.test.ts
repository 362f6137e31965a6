import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { Mp3Encoder } from '@breezystack/lamejs';
import { describe, expect, test } from 'vitest';
import { WAVEFORM_MAX_PEAKS } from '../../../common/constants';
import { encodeMp3, synthesizeMp3 } from '../../db/seed/audio';
import { computeWaveform, UndecodableAudioError } from './waveform';

const RATE = 22_050;

/** Mono samples: a 440 Hz tone at `level` (0-1) for each [seconds, level] part, one after another. */
function parts(...spec: [seconds: number, level: number][]): Int16Array {
  return partsAt(RATE, ...spec);
}

function partsAt(rate: number, ...spec: [seconds: number, level: number][]): Int16Array {
  const total = spec.reduce((n, [s]) => n + Math.round(s * rate), 0);
  const samples = new Int16Array(total);
  let i = 0;
  for (const [seconds, level] of spec) {
    for (let end = i + Math.round(seconds * rate); i < end; i++) samples[i] = Math.sin((2 * Math.PI * 440 * i) / rate) * level * 32_767;
  }
  return samples;
}

/** The bytes as an upload arrives: in pieces of `size`. */
async function* inPieces(bytes: Buffer, size = 64 * 1024) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

const average = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

describe('computeWaveform on real MP3s', () => {
  test('a tone then silence gives high peaks then about zero, and the duration within 0.1 s', async () => {
    const mp3 = encodeMp3(parts([3, 0.8], [3, 0]), RATE);
    const { peaks, durationSeconds } = await computeWaveform(inPieces(mp3));
    expect(Math.abs(durationSeconds - 6)).toBeLessThan(0.1);
    const half = Math.floor(peaks.length / 2);
    // Leave out the edges, where the encoder's delay and the switch smear the shape.
    expect(Math.min(...peaks.slice(5, half - 5))).toBeGreaterThan(200);
    expect(Math.max(...peaks.slice(half + 5, -5))).toBeLessThan(5);
    expect(Math.max(...peaks)).toBe(255);
  });

  test('loudness steps keep their ratios: a quarter-level tone peaks at about a quarter of a full one', async () => {
    const mp3 = encodeMp3(parts([2, 0.2], [2, 0.8]), RATE);
    const { peaks } = await computeWaveform(inPieces(mp3));
    const half = Math.floor(peaks.length / 2);
    expect(average(peaks.slice(5, half - 5))).toBeGreaterThan(50);
    expect(average(peaks.slice(5, half - 5))).toBeLessThan(80);
    expect(average(peaks.slice(half + 5, -5))).toBeGreaterThan(240);
  });

  test('a stereo file counts both channels: a tone on the right only is still seen', async () => {
    const left = new Int16Array(RATE * 2);
    const right = parts([2, 0.8]);
    const encoder = new Mp3Encoder(2, RATE, 96);
    const chunks: Uint8Array[] = [];
    for (let i = 0; i < left.length; i += 1152)
      chunks.push(new Uint8Array(encoder.encodeBuffer(left.subarray(i, i + 1152), right.subarray(i, i + 1152))));
    chunks.push(new Uint8Array(encoder.flush()));
    const { peaks, durationSeconds } = await computeWaveform(inPieces(Buffer.concat(chunks)));
    expect(Math.abs(durationSeconds - 2)).toBeLessThan(0.1);
    expect(average(peaks.slice(5, -5))).toBeGreaterThan(200);
  });

  test('a 4-minute song gives exactly the maximum number of peaks within 16 kB, however the upload is cut', async () => {
    // Four minutes of a tone rising in four steps, at 8 kHz so that making it takes a second, not fifteen.
    const mp3 = encodeMp3(partsAt(8000, [60, 0.2], [60, 0.4], [60, 0.6], [60, 0.8]), 8000, 16);
    const whole = await computeWaveform(Readable.from([mp3]));
    expect(whole.peaks).toHaveLength(WAVEFORM_MAX_PEAKS);
    expect(whole.peaks.every((p) => Number.isInteger(p) && p >= 0 && p <= 255)).toBe(true);
    expect(JSON.stringify(whole.peaks).length).toBeLessThanOrEqual(16 * 1024);
    expect(Math.abs(whole.durationSeconds - 240)).toBeLessThan(0.2);
    const quarter = (q: number) => average(whole.peaks.slice(q * 500 + 10, (q + 1) * 500 - 10));
    expect(quarter(0)).toBeLessThan(quarter(1));
    expect(quarter(1)).toBeLessThan(quarter(2));
    expect(quarter(2)).toBeLessThan(quarter(3));
    // Pieces that split frames anywhere decode to the same waveform.
    expect(await computeWaveform(inPieces(mp3, 1000))).toEqual(whole);
  });

  test('a short clip gives fewer peaks than the maximum, never more than asked', async () => {
    const mp3 = synthesizeMp3({ seconds: 3 });
    expect((await computeWaveform(inPieces(mp3))).peaks.length).toBeLessThan(WAVEFORM_MAX_PEAKS);
    expect((await computeWaveform(inPieces(mp3), 40)).peaks).toHaveLength(40);
  });

  test('silence is a flat line of zeros, not noise scaled up', async () => {
    const { peaks } = await computeWaveform(inPieces(encodeMp3(parts([2, 0]), RATE)));
    expect(peaks.every((p) => p === 0)).toBe(true);
  });
});

describe('computeWaveform refuses what is not a song', () => {
  const refused: Record<string, Buffer> = {
    'an MPEG frame header followed by zeros': Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(200_000)]),
    'an ID3 tag followed by random bytes': Buffer.concat([
      Buffer.from('ID3'),
      Buffer.from([3, 0, 0, 0, 0, 0, 10]),
      Buffer.alloc(10),
      randomBytes(300_000),
    ]),
    'a lone frame header': Buffer.from([0xff, 0xfb, 0x90, 0x00]),
    nothing: Buffer.alloc(0),
  };
  test.each(Object.entries(refused))('%s', async (_name, bytes) => {
    await expect(computeWaveform(inPieces(bytes))).rejects.toBeInstanceOf(UndecodableAudioError);
  });

  test('a real song with a few damaged bytes in the middle still decodes', async () => {
    const mp3 = synthesizeMp3({ seconds: 5 });
    const damaged = Buffer.concat([mp3.subarray(0, 10_000), randomBytes(2000), mp3.subarray(10_000)]);
    expect((await computeWaveform(inPieces(damaged))).durationSeconds).toBeGreaterThan(4);
  });
});
