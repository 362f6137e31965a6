import { encodeMp3 } from '../../src/server/db/seed/audio';

/**
 * Audio of a known tempo or key, made at test time (nothing is committed): a click track, a chord progression
 * of sine or triangle tones, and their WAV and MP3 encodings.
 */

export const midiToHz = (note: number) => 440 * 2 ** ((note - 69) / 12);

/** A repeatable noise source (xorshift), so the same call always makes the same samples. */
export function noise(seed = 7) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2147483648 - 1;
  };
}

/** A metronome: a short, bright click on every beat (a louder one on each bar's first), silence between. */
export function clickTrack({ bpm, seconds, sampleRate = 44_100 }: { bpm: number; seconds: number; sampleRate?: number }): Float32Array {
  const out = new Float32Array(Math.round(seconds * sampleRate));
  const rand = noise();
  const beat = 60 / bpm;
  for (let n = 0; n * beat < seconds; n++) {
    const start = Math.round(n * beat * sampleRate);
    const level = n % 4 === 0 ? 0.9 : 0.6;
    for (let i = 0; i < 0.03 * sampleRate && start + i < out.length; i++) {
      const t = i / sampleRate;
      out[start + i] = level * Math.exp(-t * 150) * (0.6 * Math.sin(2 * Math.PI * 1_800 * t) + 0.4 * rand());
    }
  }
  return out;
}

export type Wave = 'sine' | 'triangle';
const waves: Record<Wave, (phase: number) => number> = {
  sine: (p) => Math.sin(2 * Math.PI * p),
  triangle: (p) => 1 - 4 * Math.abs(Math.round(p - 0.25) - (p - 0.25)),
};

/**
 * Chords played one after another, each for `secondsPerChord`, every note of a chord (MIDI numbers) at the same
 * level with a soft attack and release, so a chord change is heard without a click.
 */
export function chordProgression({
  chords,
  secondsPerChord,
  wave = 'sine',
  sampleRate = 44_100,
}: {
  chords: number[][];
  secondsPerChord: number;
  wave?: Wave;
  sampleRate?: number;
}): Float32Array {
  const perChord = Math.round(secondsPerChord * sampleRate);
  const out = new Float32Array(perChord * chords.length);
  const ramp = 0.02 * sampleRate;
  chords.forEach((notes, c) => {
    for (const note of notes) {
      const hz = midiToHz(note);
      for (let i = 0; i < perChord; i++) {
        const envelope = Math.min(1, i / ramp, (perChord - i) / ramp);
        out[c * perChord + i]! += (0.7 / notes.length) * envelope * waves[wave]((hz * i) / sampleRate);
      }
    }
  });
  return out;
}

/** Two signals played together (the longer one's length). */
export function mix(...parts: Float32Array[]): Float32Array {
  const out = new Float32Array(Math.max(...parts.map((p) => p.length)));
  for (const part of parts) for (let i = 0; i < part.length; i++) out[i]! += part[i]!;
  return out;
}

/** The chords of a triad (root position) from its root, as MIDI numbers. */
export const major = (root: number) => [root, root + 4, root + 7];
export const minor = (root: number) => [root, root + 3, root + 7];

export function toInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = Math.round(Math.max(-1, Math.min(1, samples[i]!)) * 32_767);
  return out;
}

/** A 16-bit PCM WAV; `channels: 2` writes the same signal to both sides, as a stereo master would carry it. */
export function encodeWav(samples: Float32Array, sampleRate = 44_100, channels: 1 | 2 = 2): Buffer {
  const pcm = toInt16(samples);
  const dataBytes = pcm.length * 2 * channels;
  const out = Buffer.alloc(44 + dataBytes);
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(36 + dataBytes, 4);
  out.write('WAVE', 8, 'latin1');
  out.write('fmt ', 12, 'latin1');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(channels, 22);
  out.writeUInt32LE(sampleRate, 24);
  out.writeUInt32LE(sampleRate * 2 * channels, 28);
  out.writeUInt16LE(2 * channels, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'latin1');
  out.writeUInt32LE(dataBytes, 40);
  for (let i = 0; i < pcm.length; i++) for (let c = 0; c < channels; c++) out.writeInt16LE(pcm[i]!, 44 + (i * channels + c) * 2);
  return out;
}

/** An MP3 of the signal (mono, lamejs), as an admin's upload would be. */
export const encodeTestMp3 = (samples: Float32Array, sampleRate = 44_100, kbps = 128): Buffer =>
  encodeMp3(toInt16(samples), sampleRate, kbps);

/** A 32-bit float WAV: stereo, or mono without `right`; levels past full scale kept as they are. */
export function encodeFloatWav(left: Float32Array, right: Float32Array | undefined, sampleRate: number): Buffer {
  const channels = right ? [left, right] : [left];
  const frameBytes = 4 * channels.length;
  const dataBytes = left.length * frameBytes;
  const out = Buffer.alloc(44 + dataBytes);
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(36 + dataBytes, 4);
  out.write('WAVEfmt ', 8, 'latin1');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(3, 20);
  out.writeUInt16LE(channels.length, 22);
  out.writeUInt32LE(sampleRate, 24);
  out.writeUInt32LE(sampleRate * frameBytes, 28);
  out.writeUInt16LE(frameBytes, 32);
  out.writeUInt16LE(32, 34);
  out.write('data', 36, 'latin1');
  out.writeUInt32LE(dataBytes, 40);
  for (let i = 0; i < left.length; i++) {
    channels.forEach((channel, c) => out.writeFloatLE(channel[i]!, 44 + i * frameBytes + c * 4));
  }
  return out;
}
