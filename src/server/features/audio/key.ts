import { musicalKey, type MusicalKey } from '../../../common/musical-keys';
import { forEachSpectrum, powerOfTwoAtLeast } from './spectra';

/** Frames of about 0.4 s: fine enough in frequency (2–4 Hz a bin) to tell neighbouring semitones apart from ~80 Hz up. */
const FRAME_SECONDS = 0.4;
/** The notes that say what key a song is in: from the bass (E2) to the top of most melodies (C7). */
const LOWEST_HZ = 80;
const HIGHEST_HZ = 2_100;
/** A spectral peak weaker than this share of its frame's strongest is leakage or noise, not a note. */
const PEAK_FLOOR = 0.05;
/** A frame quieter than this (its strongest peak, on the normalised scale) holds no notes: silence, a fade, dither. */
const SILENT_FRAME = 1e-4;
/**
 * Spectral flatness (geometric over arithmetic mean of the magnitudes) above which a frame is noise: white
 * noise is about 0.85, notes well under 0.3. Drums alone or hiss would otherwise add every pitch class.
 */
const NOISE_FLATNESS = 0.5;
/** Below this correlation the pitch content fits no key well (noise, drums alone): no key is answered. */
const MIN_CORRELATION = 0.6;
/** Under this much audio a chord or two would be taken for a key. */
const MIN_SECONDS = 4;

/**
 * Krumhansl and Kessler's key profiles: how well each of the 12 pitch classes, counted up from the tonic, was
 * heard to fit a major or a minor key (Krumhansl, Cognitive Foundations of Musical Pitch, 1990).
 */
const MAJOR_PROFILE = [6.35, 2.23, 3.48, 2.33, 4.38, 4.09, 2.52, 5.19, 2.39, 3.66, 2.29, 2.88];
const MINOR_PROFILE = [6.33, 2.68, 3.52, 5.38, 2.6, 3.53, 2.54, 4.75, 3.98, 2.69, 3.34, 3.17];

/**
 * The key of a mono signal, or null when its notes fit no key well.
 *
 * Chromagram: in each frame's spectrum the peaks between 80 Hz and 2.1 kHz are placed between bins by a
 * parabola, and each adds its magnitude over its frequency to its pitch class (A = 440 Hz). The song's chroma, summed over every
 * frame, is correlated with the Krumhansl–Kessler profile of each of the 24 keys (Krumhansl–Schmuckler); the
 * best correlation names the key.
 */
export async function estimateKey(samples: Float32Array, sampleRate: number, signal?: AbortSignal): Promise<MusicalKey | null> {
  if (samples.length < MIN_SECONDS * sampleRate) return null;
  const size = powerOfTwoAtLeast(sampleRate * FRAME_SECONDS);
  const binHz = sampleRate / size;
  const low = Math.max(2, Math.floor(LOWEST_HZ / binHz));
  const high = Math.min(size / 2 - 1, Math.ceil(HIGHEST_HZ / binHz));
  const chroma = new Float64Array(12);
  await forEachSpectrum(samples, size, size / 2, signal, (magnitudes) => {
    let loudest = 0;
    for (let k = low; k <= high; k++) if (magnitudes[k]! > loudest) loudest = magnitudes[k]!;
    if (loudest / size < SILENT_FRAME || flatness(magnitudes, low, high) > NOISE_FLATNESS) return;
    const floor = loudest * PEAK_FLOOR;
    for (let k = low; k <= high; k++) {
      const b = magnitudes[k]!;
      if (b < floor || b <= magnitudes[k - 1]! || b < magnitudes[k + 1]!) continue;
      const a = magnitudes[k - 1]!;
      const c = magnitudes[k + 1]!;
      const curve = a - 2 * b + c;
      const offset = curve < 0 ? (0.5 * (a - c)) / curve : 0;
      const hz = (k + offset) * binHz;
      const pitchClass = (((Math.round(12 * Math.log2(hz / 440)) + 9) % 12) + 12) % 12;
      // Weighted by 1/f: a semitone spans more bins the higher it is, so noise would favour the top of each
      // octave; and the lower notes (the bass, a chord's root) say most about the key.
      chroma[pitchClass]! += (b * LOWEST_HZ) / hz;
    }
  });

  let best: { key: MusicalKey; r: number } | undefined;
  for (let tonic = 0; tonic < 12; tonic++) {
    for (const [mode, profile] of [
      ['major', MAJOR_PROFILE],
      ['minor', MINOR_PROFILE],
    ] as const) {
      const r = correlation(chroma, (pc) => profile[(pc - tonic + 12) % 12]!);
      if (!best || r > best.r) best = { key: musicalKey(tonic, mode), r };
    }
  }
  return best && best.r >= MIN_CORRELATION ? best.key : null;
}

/** How flat the spectrum is between two bins: 1 for white noise's expected shape, near 0 for a few notes. */
function flatness(magnitudes: Float32Array, low: number, high: number): number {
  let logs = 0;
  let sum = 0;
  for (let k = low; k <= high; k++) {
    logs += Math.log(magnitudes[k]! + 1e-12);
    sum += magnitudes[k]!;
  }
  const count = high - low + 1;
  return sum > 0 ? Math.exp(logs / count) / (sum / count) : 1;
}

/** Pearson's correlation of the chroma with a profile read through `at(pitchClass)`; 0 for a flat chroma. */
function correlation(chroma: Float64Array, at: (pitchClass: number) => number): number {
  let meanX = 0;
  let meanY = 0;
  for (let pc = 0; pc < 12; pc++) {
    meanX += chroma[pc]! / 12;
    meanY += at(pc) / 12;
  }
  let xy = 0;
  let xx = 0;
  let yy = 0;
  for (let pc = 0; pc < 12; pc++) {
    const dx = chroma[pc]! - meanX;
    const dy = at(pc) - meanY;
    xy += dx * dy;
    xx += dx * dx;
    yy += dy * dy;
  }
  return xx > 0 && yy > 0 ? xy / Math.sqrt(xx * yy) : 0;
}
