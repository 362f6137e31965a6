import { Mp3Encoder } from '@breezystack/lamejs';

/**
 * Synthesises a short piece of music as MP3, so the demo catalogue and the tests have real, playable
 * audio without shipping or downloading any. A chord progression of soft sine pads with a plucked
 * melody on top; the same seed always gives the same bytes.
 */
export interface SynthOptions {
  seconds: number;
  bpm?: number;
  /** Root notes (MIDI numbers) of the chords, one per bar. */
  progression?: number[];
  seed?: number;
  sampleRate?: number;
  kbps?: number;
}

const midiToHz = (note: number) => 440 * 2 ** ((note - 69) / 12);

/** A small seeded generator (xorshift32): the same seed gives the same numbers on every machine. */
export function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

/**
 * Made pieces, by their options: the same options give the same bytes, and test factories ask for the same few
 * pieces hundreds of times, so each is synthesised and encoded once per process. Bounded, oldest dropped first.
 */
const made = new Map<string, Buffer>();
const MADE_KEPT = 64;

export function synthesizeMp3(options: SynthOptions): Buffer {
  const key = JSON.stringify(options, Object.keys(options).sort());
  let mp3 = made.get(key);
  if (!mp3) {
    mp3 = synthesize(options);
    made.set(key, mp3);
    if (made.size > MADE_KEPT) made.delete(made.keys().next().value!);
  }
  // A copy: a caller may change its bytes (a test corrupting a file) without changing the next caller's.
  return Buffer.from(mp3);
}

function synthesize({ seconds, bpm = 96, progression = [60, 67, 69, 65], seed = 1, sampleRate = 22_050, kbps = 64 }: SynthOptions): Buffer {
  const total = Math.round(seconds * sampleRate);
  const samples = new Int16Array(total);
  const beat = 60 / bpm;
  const bar = beat * 4;
  const rand = random(seed);
  const scale = [0, 2, 4, 7, 9, 12];
  const melody = Array.from({ length: Math.ceil(seconds / beat) + 1 }, () => scale[Math.floor(rand() * scale.length)]!);

  for (let i = 0; i < total; i++) {
    const t = i / sampleRate;
    const root = progression[Math.floor(t / bar) % progression.length]!;
    let value = 0;
    for (const interval of [0, 4, 7]) value += Math.sin(2 * Math.PI * midiToHz(root - 12 + interval) * t) * 0.12;
    const beatIndex = Math.floor(t / beat);
    const sinceBeat = t - beatIndex * beat;
    value += Math.sin(2 * Math.PI * midiToHz(root + melody[beatIndex]!) * t) * 0.3 * Math.exp(-sinceBeat * 4);
    const fade = Math.min(1, t / 0.5, (seconds - t) / 1);
    samples[i] = Math.max(-1, Math.min(1, value * fade)) * 32_767;
  }

  return encodeMp3(samples, sampleRate, kbps);
}

/** Encodes mono 16-bit samples as MP3 (also used by tests that need audio of a known shape). */
export function encodeMp3(samples: Int16Array, sampleRate = 22_050, kbps = 64): Buffer {
  const encoder = new Mp3Encoder(1, sampleRate, kbps);
  const chunks: Uint8Array[] = [];
  const block = 1152;
  for (let i = 0; i < samples.length; i += block) {
    const out = encoder.encodeBuffer(samples.subarray(i, i + block));
    if (out.length > 0) chunks.push(new Uint8Array(out));
  }
  const end = encoder.flush();
  if (end.length > 0) chunks.push(new Uint8Array(end));
  return Buffer.concat(chunks);
}
