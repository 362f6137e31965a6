import type { MeasuredFacts } from './analysers';
import { blockFeatures, type BlockFeatures } from './section-features';
import { forEachSpectrum, powerOfTwoAtLeast } from './spectra';

/**
 * A song's sound profile: a fixed-length vector of whole-song statistics (timbre, harmony, tempo, energy,
 * loudness, brightness, rhythm) that "more like this" compares across the catalogue after scaling each
 * dimension by the catalogue's spread (features/similarity). Every part is independent of the song's key and
 * length, so two songs of one family in different keys and lengths land close together.
 *
 * Raise SOUND_PROFILE_VERSION whenever a value below changes meaning: files whose stored profile is of another
 * version are analysed again in the background (analysis-jobs.ts).
 */
export const SOUND_PROFILE_VERSION = 1;

/** The profile's parts in order, each with its number of values: the similarity weighs and explains by part. */
export const SOUND_PROFILE_PARTS = [
  { name: 'timbre', size: 24 },
  { name: 'harmony', size: 9 },
  { name: 'tempo', size: 2 },
  { name: 'energy', size: 4 },
  { name: 'loudness', size: 2 },
  { name: 'brightness', size: 4 },
  { name: 'rhythm', size: 3 },
] as const;
export type SoundProfilePart = (typeof SOUND_PROFILE_PARTS)[number]['name'];
export const SOUND_PROFILE_LENGTH = SOUND_PROFILE_PARTS.reduce((sum, part) => sum + part.size, 0);
/** Where the tempo (BPM) sits in the vector: the reasons compare it in BPM, not in spreads. */
export const SOUND_PROFILE_BPM_INDEX = 24 + 9;

/** Spectral frames of about 0.12 s for brightness and onsets. */
const FRAME_SECONDS = 0.12;
/** log(1 + γ·magnitude) for the onset curve, as in tempo.ts: quiet and loud notes count alike. */
const COMPRESSION = 100;
/** The tempo range the pulse is looked for in when the tempo analyser found none. */
const PULSE_MIN_BPM = 60;
const PULSE_MAX_BPM = 200;
/** An onset is a peak of the onset curve this many standard deviations above its local mean. */
const ONSET_THRESHOLD = 1;
/** A block this far (dB) under the song's loudest counts as quiet. */
const QUIET_DB = 20;

const mean = (values: ArrayLike<number>) => {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i]!;
  return values.length > 0 ? sum / values.length : 0;
};
const sd = (values: ArrayLike<number>) => {
  const m = mean(values);
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += (values[i]! - m) ** 2;
  return values.length > 0 ? Math.sqrt(sum / values.length) : 0;
};
const percentile = (values: ArrayLike<number>, p: number) => {
  const sorted = Float64Array.from(values).sort();
  return sorted.length > 0 ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! : 0;
};

/** Timbre: the mean and spread of each cepstral coefficient over the song's blocks. */
function timbrePart({ timbre, count }: BlockFeatures): number[] {
  const width = timbre[0]?.length ?? 12;
  const means: number[] = [];
  const spreads: number[] = [];
  for (let c = 0; c < width; c++) {
    const column = Float64Array.from({ length: count }, (_, b) => timbre[b]![c]!);
    means.push(mean(column));
    spreads.push(sd(column));
  }
  return [...means, ...spreads];
}

/**
 * Harmony, whatever the key: how strongly pitch classes a semitone, a tone … a tritone apart sound together
 * (the circular autocorrelation of the song's chroma), the mode, how spread the chroma is, and how fast the
 * harmony changes from block to block.
 */
function harmonyPart({ chroma, count }: BlockFeatures, key: MeasuredFacts['key']): number[] {
  const total = new Float64Array(12);
  for (let b = 0; b < count; b++) for (let p = 0; p < 12; p++) total[p]! += chroma[b]![p]!;
  const sum = total.reduce((s, v) => s + v, 0) || 1;
  const shares = total.map((v) => v / sum);
  const self = shares.reduce((s, v) => s + v * v, 0) || 1;
  const intervals = [1, 2, 3, 4, 5, 6].map((lag) => shares.reduce((s, v, p) => s + v * shares[(p + lag) % 12]!, 0) / self);
  const entropy = -shares.reduce((s, v) => s + (v > 0 ? v * Math.log2(v) : 0), 0) / Math.log2(12);
  const mode = key ? (key.endsWith('major') ? 1 : 0) : 0.5;
  let change = 0;
  for (let b = 1; b < count; b++) change += 1 - cosine(chroma[b - 1]!, chroma[b]!);
  return [...intervals, mode, entropy, count > 1 ? change / (count - 1) : 0];
}

function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}

/** Energy: how much the loudness moves (spread, range), how much of the song is quiet, and whether it builds. */
function energyPart({ loudness }: BlockFeatures): number[] {
  if (loudness.length === 0) return [0, 0, 0, 0];
  const loudest = percentile(loudness, 0.98);
  const quiet = loudness.filter((db) => db < loudest - QUIET_DB).length / loudness.length;
  const third = Math.max(1, Math.floor(loudness.length / 3));
  const builds = mean(loudness.subarray(loudness.length - third)) - mean(loudness.subarray(0, third));
  return [sd(loudness), percentile(loudness, 0.9) - percentile(loudness, 0.1), quiet, builds];
}

interface SpectralFrames {
  centroid: Float32Array;
  rolloff: Float32Array;
  flatness: Float32Array;
  /** The onset curve: how much the (compressed) spectrum rose since the frame before. */
  flux: Float32Array;
  framesPerSecond: number;
}

/** Brightness and onsets, frame by frame: one pass of spectra over the signal. */
async function spectralFrames(samples: Float32Array, sampleRate: number, signal?: AbortSignal): Promise<SpectralFrames> {
  const size = powerOfTwoAtLeast(sampleRate * FRAME_SECONDS);
  const hop = size / 2;
  const frames = Math.max(0, Math.floor((samples.length - size) / hop) + 1);
  const out = {
    centroid: new Float32Array(frames),
    rolloff: new Float32Array(frames),
    flatness: new Float32Array(frames),
    flux: new Float32Array(frames),
    framesPerSecond: sampleRate / hop,
  };
  let previous = new Float32Array(size / 2 + 1);
  let current = new Float32Array(size / 2 + 1);
  const hzPerBin = sampleRate / size;
  await forEachSpectrum(samples, size, hop, signal, (magnitudes, frame) => {
    let power = 0;
    let weighted = 0;
    let logSum = 0;
    let rise = 0;
    for (let k = 1; k < magnitudes.length; k++) {
      const p = magnitudes[k]! * magnitudes[k]! + 1e-12;
      power += p;
      weighted += p * k * hzPerBin;
      logSum += Math.log(p);
      current[k] = Math.log1p(COMPRESSION * magnitudes[k]!);
      rise += Math.max(0, current[k]! - previous[k]!);
    }
    const bins = magnitudes.length - 1;
    out.centroid[frame] = weighted / power;
    out.flatness[frame] = Math.exp(logSum / bins) / (power / bins);
    let below = 0;
    let k = 1;
    while (k < magnitudes.length && below < 0.85 * power) below += magnitudes[k]! * magnitudes[k++]! + 1e-12;
    out.rolloff[frame] = k * hzPerBin;
    out.flux[frame] = frame === 0 ? 0 : rise / bins;
    [previous, current] = [current, previous];
  });
  return out;
}

/** The autocorrelation of the onset curve at `lag` frames, as a share of its energy. */
function autocorrelation(curve: Float64Array, lag: number): number {
  let sum = 0;
  let zero = 0;
  for (let i = 0; i < curve.length; i++) {
    zero += curve[i]! * curve[i]!;
    if (i + lag < curve.length) sum += curve[i]! * curve[i + lag]!;
  }
  return zero > 0 ? sum / zero : 0;
}

/**
 * Tempo and how steady it is: the BPM (the tempo analyser's, else the onset curve's strongest period) and the
 * onset curve's autocorrelation at that beat, high when every beat falls where the last one said it would.
 */
function tempoPart({ flux, framesPerSecond }: SpectralFrames, bpm: number | null | undefined): number[] {
  const m = mean(flux);
  const curve = Float64Array.from(flux, (v) => v - m);
  const lagOf = (beatsPerMinute: number) => Math.round((60 * framesPerSecond) / beatsPerMinute);
  let best = { bpm: bpm ?? 0, clarity: 0 };
  for (let lag = lagOf(PULSE_MAX_BPM); lag <= lagOf(PULSE_MIN_BPM); lag++) {
    const clarity = autocorrelation(curve, lag);
    if (clarity > best.clarity) best = { bpm: bpm ?? (60 * framesPerSecond) / lag, clarity };
  }
  const steadiness = bpm ? autocorrelation(curve, lagOf(bpm)) : best.clarity;
  return [best.bpm, steadiness];
}

/** Rhythm: onsets a second (peaks of the onset curve), and the onset curve's level and spread. */
function rhythmPart({ flux, framesPerSecond }: SpectralFrames): number[] {
  const reach = Math.max(1, Math.round(framesPerSecond));
  let onsets = 0;
  for (let i = 1; i < flux.length - 1; i++) {
    if (flux[i]! <= flux[i - 1]! || flux[i]! < flux[i + 1]!) continue;
    const around = flux.subarray(Math.max(0, i - reach), Math.min(flux.length, i + reach + 1));
    if (flux[i]! > mean(around) + ONSET_THRESHOLD * sd(around)) onsets++;
  }
  const seconds = flux.length / framesPerSecond;
  return [seconds > 0 ? onsets / seconds : 0, mean(flux), sd(flux)];
}

/**
 * The sound profile of a mono analysis signal (SOUND_PROFILE_LENGTH values, in SOUND_PROFILE_PARTS' order).
 * `found` gives the tempo, key and loudness measured before it. Throws the signal's reason once `signal` aborts.
 */
export async function soundProfile(
  samples: Float32Array,
  sampleRate: number,
  found: MeasuredFacts,
  signal?: AbortSignal,
): Promise<number[]> {
  const blocks = await blockFeatures(samples, sampleRate, signal);
  const spectral = await spectralFrames(samples, sampleRate, signal);
  const loudness = [found.loudness?.integratedLufs ?? -70, found.loudness?.loudnessRangeLu ?? 0];
  const brightness = [mean(spectral.centroid), sd(spectral.centroid), mean(spectral.rolloff), mean(spectral.flatness)];
  const profile = [
    ...timbrePart(blocks),
    ...harmonyPart(blocks, found.key),
    ...tempoPart(spectral, found.bpm),
    ...energyPart(blocks),
    ...loudness,
    ...brightness,
    ...rhythmPart(spectral),
  ];
  // Four significant figures are far finer than any two songs differ by, and keep the stored row small.
  return profile.map((value) => (Number.isFinite(value) ? Number(value.toPrecision(4)) : 0));
}
