import { forEachSpectrum, powerOfTwoAtLeast } from './spectra';

/**
 * What the section analysis reads from the audio: a short block of features every BLOCK_SECONDS (harmony,
 * timbre, loudness), and a loudness curve for the browser, one value a second.
 */

/** Features are averaged over blocks this long: fine enough to place a boundary well inside ±2 s. */
export const BLOCK_SECONDS = 0.5;
/** Spectral frames of about 0.2 s, two per frame length apart, fill the blocks. */
const FRAME_SECONDS = 0.18;
/** log(1 + γ·magnitude): quiet and loud notes count alike, as in tempo.ts. */
const COMPRESSION = 100;
/** Pitch classes are read from this range: below it the bins are wider than a semitone. */
const CHROMA_LOW_HZ = 110;
const CHROMA_HIGH_HZ = 2_000;
/** The spectral envelope (an MFCC-like timbre) from log-spaced bands across this range. */
const BANDS = 20;
const BAND_LOW_HZ = 60;
const BAND_HIGH_HZ = 5_000;
/** Cepstral coefficients kept, from the first (the 0th is loudness, kept apart). */
const CEPSTRA = 12;

export interface BlockFeatures {
  /** Blocks of BLOCK_SECONDS, from the start. */
  count: number;
  /** Per block: twelve pitch-class strengths (C first). */
  chroma: Float32Array[];
  /** Per block: CEPSTRA coefficients of the log band energies. */
  timbre: Float32Array[];
  /** Per block: loudness in dB (RMS of the block's frames). */
  loudness: Float32Array;
}

/** Each spectral bin's band and pitch class (-1 when outside their ranges). */
function binMaps(size: number, sampleRate: number) {
  const bins = size / 2 + 1;
  const band = new Int8Array(bins).fill(-1);
  const pitchClass = new Int8Array(bins).fill(-1);
  const high = Math.min(BAND_HIGH_HZ, sampleRate / 2);
  for (let k = 1; k < bins; k++) {
    const hz = (k * sampleRate) / size;
    if (hz >= BAND_LOW_HZ && hz < high) band[k] = Math.floor((BANDS * Math.log(hz / BAND_LOW_HZ)) / Math.log(high / BAND_LOW_HZ));
    if (hz >= CHROMA_LOW_HZ && hz <= CHROMA_HIGH_HZ) pitchClass[k] = (((Math.round(12 * Math.log2(hz / 440)) + 69) % 12) + 12) % 12;
  }
  return { band, pitchClass };
}

/** DCT-II of the band energies, coefficients 1 … CEPSTRA: the shape of the spectrum, not its level. */
function cepstrum(bands: Float64Array): Float32Array {
  const out = new Float32Array(CEPSTRA);
  for (let c = 1; c <= CEPSTRA; c++) {
    let sum = 0;
    for (let b = 0; b < BANDS; b++) sum += bands[b]! * Math.cos((Math.PI * c * (b + 0.5)) / BANDS);
    out[c - 1] = sum / BANDS;
  }
  return out;
}

/** The features of each block of a mono signal; throws the signal's reason once `signal` aborts. */
export async function blockFeatures(samples: Float32Array, sampleRate: number, signal?: AbortSignal): Promise<BlockFeatures> {
  const size = powerOfTwoAtLeast(sampleRate * FRAME_SECONDS);
  const hop = size / 2;
  const count = Math.max(0, Math.floor(samples.length / (BLOCK_SECONDS * sampleRate)));
  const chroma = Array.from({ length: count }, () => new Float32Array(12));
  const timbre = Array.from({ length: count }, () => new Float32Array(CEPSTRA));
  const power = new Float64Array(count);
  const frames = new Uint16Array(count);
  const { band, pitchClass } = binMaps(size, sampleRate);
  const bands = new Float64Array(BANDS);
  await forEachSpectrum(samples, size, hop, signal, (magnitudes, frame) => {
    // A frame belongs to the block its centre falls in.
    const block = Math.floor((frame * hop + size / 2) / (BLOCK_SECONDS * sampleRate));
    if (block >= count) return;
    bands.fill(0);
    let energy = 0;
    for (let k = 1; k < magnitudes.length; k++) {
      const m = magnitudes[k]! / size;
      energy += m * m;
      if (band[k]! >= 0) bands[band[k]!]! += m * m;
      if (pitchClass[k]! >= 0) chroma[block]![pitchClass[k]!]! += Math.log1p(COMPRESSION * m);
    }
    for (let b = 0; b < BANDS; b++) bands[b] = Math.log10(bands[b]! + 1e-10);
    const c = cepstrum(bands);
    for (let i = 0; i < CEPSTRA; i++) timbre[block]![i]! += c[i]!;
    power[block]! += energy;
    frames[block]!++;
  });
  const loudness = new Float32Array(count);
  for (let b = 0; b < count; b++) {
    const n = Math.max(1, frames[b]!);
    for (let i = 0; i < CEPSTRA; i++) timbre[b]![i]! /= n;
    for (let i = 0; i < 12; i++) chroma[b]![i]! /= n;
    loudness[b] = 10 * Math.log10(power[b]! / n + 1e-10);
  }
  return { count, chroma, timbre, loudness };
}

/**
 * The song's loudness once a second, as a share (0–1, two decimals) of its loudest second: RMS, so a chorus
 * twice as loud as a verse draws twice as high. Small enough to send to a browser whole.
 */
export function energyCurve(samples: Float32Array, sampleRate: number): number[] {
  const per = Math.max(1, Math.round(sampleRate));
  const rms: number[] = [];
  for (let start = 0; start < samples.length; start += per) {
    const end = Math.min(samples.length, start + per);
    let sum = 0;
    for (let i = start; i < end; i++) sum += samples[i]! * samples[i]!;
    rms.push(Math.sqrt(sum / (end - start)));
  }
  const loudest = Math.max(0, ...rms);
  return rms.map((value) => (loudest > 0 ? Math.round((100 * value) / loudest) / 100 : 0));
}
