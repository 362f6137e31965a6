import { forEachSpectrum, powerOfTwoAtLeast } from './spectra';

/** Onset strength is measured this many times a second. */
const ENVELOPE_RATE = 100;
/**
 * Frames of about 0.1 s: long enough that a chord's notes fall in bins of their own, so their beating is not
 * taken for a pulse, and short enough to place a drum hit.
 */
const FRAME_SECONDS = 0.1;
/** log(1 + γ·magnitude): loud and quiet parts of a song count alike, as the ear hears them. */
const COMPRESSION = 100;
/** The range of tempos answered; outside it a song's pulse is more likely a half or a double of its beat. */
export const TEMPO_MIN_BPM = 50;
export const TEMPO_MAX_BPM = 220;
/**
 * Among tempos the envelope supports equally, those near 120 BPM win, fading by an octave either side: what
 * lets a song with eighth-note hi-hats read as 120 rather than 240.
 */
const PREFERRED_BPM = 120;
const PREFERENCE_OCTAVES = 1;
/** A peak at half the chosen period this strong (a share of the chosen peak) is taken as the beat instead. */
const SAME_STRENGTH = 0.9;
/** Onset strength (log-spectrum rise a frame) whose spread is below this is no onset at all. */
const MIN_ONSET_STRENGTH = 0.01;
/** Below this share of the envelope's energy, what repeats is chance, not a beat: no tempo is answered. */
const MIN_PERIODICITY = 0.1;
/** Under this much audio a few beats cannot settle a tempo. */
const MIN_SECONDS = 6;
/** The beat's period is read again at this many multiples of it, which makes it four times as precise. */
const MULTIPLES = 4;

/**
 * The tempo of a mono signal in beats per minute (one decimal), or null when it has no steady beat.
 *
 * Onset envelope: how much the log spectrum rises from one frame to the next (spectral flux), taken 100 times
 * a second and with its running mean removed. Its autocorrelation peaks at the beat's period and its
 * multiples; the peak chosen is the strongest once weighted towards 120 BPM, and its period is refined from the
 * peaks at 2, 3 and 4 times it, each placed between samples by a parabola.
 */
export async function estimateTempo(input: Float32Array, inputRate: number, signal?: AbortSignal): Promise<number | null> {
  if (input.length < MIN_SECONDS * inputRate) return null;
  // Onsets show below 2 kHz as well as above: half the rate halves the work. Pairs are averaged, and what
  // folds over from above adds to the rise of the same onsets.
  const samples = new Float32Array(Math.floor(input.length / 2));
  for (let i = 0; i < samples.length; i++) samples[i] = (input[2 * i]! + input[2 * i + 1]!) / 2;
  const sampleRate = inputRate / 2;
  const hop = Math.max(1, Math.round(sampleRate / ENVELOPE_RATE));
  const frameRate = sampleRate / hop;
  const size = powerOfTwoAtLeast(sampleRate * FRAME_SECONDS);
  const envelope = new Float32Array(Math.floor((samples.length - size) / hop) + 1);
  let previous = new Float32Array(size / 2 + 1);
  let current = new Float32Array(size / 2 + 1);
  await forEachSpectrum(samples, size, hop, signal, (magnitudes, frame) => {
    let flux = 0;
    for (let k = 1; k < magnitudes.length; k++) {
      current[k] = Math.log1p((COMPRESSION * magnitudes[k]!) / size);
      flux += Math.max(0, current[k]! - previous[k]!);
    }
    // The first frame has nothing before it to rise from.
    envelope[frame] = frame === 0 ? 0 : flux;
    [previous, current] = [current, previous];
  });
  const onsets = withoutRunningMean(envelope, Math.round(frameRate));
  // Centred, so the autocorrelation measures how the onsets repeat, not how loud they are on average.
  let mean = 0;
  for (const value of onsets) mean += value / onsets.length;
  let variance = 0;
  for (let i = 0; i < onsets.length; i++) {
    onsets[i]! -= mean;
    variance += onsets[i]! ** 2 / onsets.length;
  }
  // A held tone or silence: what is left is rounding, which can repeat as regularly as any beat.
  if (Math.sqrt(variance) < MIN_ONSET_STRENGTH) return null;

  const shortest = Math.floor((60 * frameRate) / TEMPO_MAX_BPM);
  const longest = Math.ceil((60 * frameRate) / TEMPO_MIN_BPM);
  const acf = autocorrelation(onsets, (longest + 2) * MULTIPLES);
  if (acf[0]! <= 0) return null;

  let best = -1;
  let bestScore = 0;
  for (let lag = Math.max(2, shortest); lag <= longest; lag++) {
    if (!(acf[lag]! > acf[lag - 1]! && acf[lag]! >= acf[lag + 1]!)) continue;
    const bpm = (60 * frameRate) / lag;
    const weight = Math.exp(-0.5 * (Math.log2(bpm / PREFERRED_BPM) / PREFERENCE_OCTAVES) ** 2);
    if (acf[lag]! * weight > bestScore) {
      bestScore = acf[lag]! * weight;
      best = lag;
    }
  }
  if (best < 0 || acf[best]! < MIN_PERIODICITY * acf[0]!) return null;
  // A pulse as strong at half the period is the beat itself, the chosen one every other beat: 180 BPM is not 90.
  const half = peakNear(acf, best / 2, 1);
  if (half !== undefined && half >= shortest && acf[Math.round(half)]! >= SAME_STRENGTH * acf[best]!) best = Math.round(half);

  const period = refinedPeriod(acf, best);
  const bpm = (60 * frameRate) / period;
  return Math.round(bpm * 10) / 10;
}

/** The envelope less its mean over about a second around each point, kept at zero or above. */
function withoutRunningMean(values: Float32Array, width: number): Float32Array {
  const half = Math.max(1, Math.floor(width / 2));
  const prefix = new Float64Array(values.length + 1);
  for (let i = 0; i < values.length; i++) prefix[i + 1] = prefix[i]! + values[i]!;
  const out = new Float32Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const from = Math.max(0, i - half);
    const to = Math.min(values.length, i + half + 1);
    out[i] = Math.max(0, values[i]! - (prefix[to]! - prefix[from]!) / (to - from));
  }
  return out;
}

/** Autocorrelation for lags 0 … maxLag, each a mean over the pairs it has, so long lags are not penalised. */
function autocorrelation(values: Float32Array, maxLag: number): Float64Array {
  const n = values.length;
  const acf = new Float64Array(maxLag + 2);
  for (let lag = 0; lag < acf.length && lag < n; lag++) {
    let sum = 0;
    for (let t = 0; t + lag < n; t++) sum += values[t]! * values[t + lag]!;
    acf[lag] = sum / (n - lag);
  }
  return acf;
}

/** The peak near `around` placed between lags by a parabola through it and its neighbours; undefined if none. */
function peakNear(acf: Float64Array, around: number, reach: number): number | undefined {
  let at = -1;
  for (let lag = Math.max(1, Math.floor(around - reach)); lag <= Math.ceil(around + reach) && lag < acf.length - 1; lag++) {
    if (acf[lag]! > acf[lag - 1]! && acf[lag]! >= acf[lag + 1]! && (at < 0 || acf[lag]! > acf[at]!)) at = lag;
  }
  if (at < 0) return undefined;
  const [a, b, c] = [acf[at - 1]!, acf[at]!, acf[at + 1]!];
  const curve = a - 2 * b + c;
  return curve < 0 ? at + (0.5 * (a - c)) / curve : at;
}

/** The beat's period from its peak and those at its multiples: the least-squares slope of peak = k · period. */
function refinedPeriod(acf: Float64Array, lag: number): number {
  const first = peakNear(acf, lag, 1) ?? lag;
  let weighted = first;
  let squares = 1;
  for (let k = 2; k <= MULTIPLES; k++) {
    const peak = peakNear(acf, k * first, 1 + k / 2);
    if (peak === undefined) continue;
    weighted += k * peak;
    squares += k * k;
  }
  return weighted / squares;
}
