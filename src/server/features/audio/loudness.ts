import type { LoudnessFacts } from '../../../common/loudness';
import type { PcmSink } from './analysis-signal';

/**
 * Loudness by ITU-R BS.1770-4 and EBU R128 (Tech 3341 for integrated loudness, Tech 3342 for loudness range),
 * measured on each channel there is (one or two). Written here rather than taken from npm: no package measures loudness range,
 * streams (a song must not be held whole in memory) and runs in Node without a bundler.
 */

/** BS.1770's offset from mean square to LKFS. */
const LOUDNESS_OFFSET = -0.691;
const ABSOLUTE_GATE_LUFS = -70;
const RELATIVE_GATE_LU = -10;
const RANGE_RELATIVE_GATE_LU = -20;
/** The 400 ms momentary and 3 s short-term windows, in 100 ms steps (75% overlap; 10 Hz, as Tech 3342 advises). */
const MOMENTARY_STEPS = 4;
const SHORT_TERM_STEPS = 30;
const RANGE_LOW_PERCENTILE = 0.1;
const RANGE_HIGH_PERCENTILE = 0.95;
/** Taps of the true-peak interpolator per input sample, each side of the point: a Hann-windowed sinc. */
const TRUE_PEAK_HALF_TAPS = 8;

/** A biquad in transposed direct form II, in double precision. */
class Biquad {
  private z1 = 0;
  private z2 = 0;
  constructor(
    private readonly b: readonly [number, number, number],
    private readonly a: readonly [number, number],
  ) {}

  next(x: number): number {
    const y = this.b[0] * x + this.z1;
    this.z1 = this.b[1] * x - this.a[0] * y + this.z2;
    this.z2 = this.b[2] * x - this.a[1] * y;
    return y;
  }
}

/**
 * BS.1770's K-weighting (a high shelf for the head, then a high pass) for any sample rate: the two analogue
 * prototypes behind the standard's 48 kHz coefficients, through the bilinear transform. At 48 kHz this gives
 * the standard's table.
 */
function kWeighting(sampleRate: number): [Biquad, Biquad] {
  let k = Math.tan((Math.PI * 1681.974450955533) / sampleRate);
  let q = 0.7071752369554196;
  const vh = 10 ** (3.999843853973347 / 20);
  const vb = vh ** 0.4996667741545416;
  let a0 = 1 + k / q + k * k;
  const shelf = new Biquad(
    [(vh + (vb * k) / q + k * k) / a0, (2 * (k * k - vh)) / a0, (vh - (vb * k) / q + k * k) / a0],
    [(2 * (k * k - 1)) / a0, (1 - k / q + k * k) / a0],
  );
  k = Math.tan((Math.PI * 38.13547087602444) / sampleRate);
  q = 0.5003270373238773;
  a0 = 1 + k / q + k * k;
  const highPass = new Biquad([1, -2, 1], [(2 * (k * k - 1)) / a0, (1 - k / q + k * k) / a0]);
  return [shelf, highPass];
}

/**
 * The polyphase interpolator for true peak: for each point between two samples (1/4, 2/4, 3/4 at 4x; 1/2 at
 * 2x, thrice, so there are always three), the weights of the 2*TRUE_PEAK_HALF_TAPS samples around it. Each
 * phase sums to 1, so a constant passes unchanged. None at 1x.
 */
function interpolator(factor: number): Float64Array[] {
  const phases: Float64Array[] = [];
  if (factor === 1) return phases;
  for (const at of factor === 4 ? [1 / 4, 2 / 4, 3 / 4] : [1 / 2, 1 / 2, 1 / 2]) {
    const weights = new Float64Array(2 * TRUE_PEAK_HALF_TAPS);
    let sum = 0;
    for (let j = 0; j < weights.length; j++) {
      // Sample j sits at offset t from the point (j = TRUE_PEAK_HALF_TAPS - 1 is the sample just before it).
      const t = j - (TRUE_PEAK_HALF_TAPS - 1) - at;
      const window = 0.5 * (1 + Math.cos((Math.PI * t) / TRUE_PEAK_HALF_TAPS));
      weights[j] = (Math.sin(Math.PI * t) / (Math.PI * t)) * window;
      sum += weights[j]!;
    }
    for (let j = 0; j < weights.length; j++) weights[j]! /= sum;
    phases.push(weights);
  }
  return phases;
}

/** Tracks one channel's true peak: 4x oversampled below 96 kHz, 2x below 192 kHz, as BS.1770-4 Annex 2 asks. */
class TruePeak {
  private readonly phases: Float64Array[];
  /** The last samples of the previous piece, which the next piece's first points need. */
  private history = new Float32Array(2 * TRUE_PEAK_HALF_TAPS - 1);
  /** The sum of a phase's absolute weights: no point between samples exceeds the largest nearby sample times it. */
  private readonly gainBound: number;
  peak = 0;

  constructor(sampleRate: number) {
    this.phases = interpolator(sampleRate < 96_000 ? 4 : sampleRate < 192_000 ? 2 : 1);
    this.gainBound = Math.max(1, ...this.phases.map((w) => w.reduce((s, v) => s + Math.abs(v), 0)));
  }

  add(samples: Float32Array, count: number) {
    const keep = this.history.length;
    const x = new Float32Array(keep + count);
    x.set(this.history);
    x.set(samples.subarray(0, count), keep);
    let loudest = 0;
    for (let i = keep; i < x.length; i++) loudest = Math.max(loudest, Math.abs(x[i]!));
    this.peak = Math.max(this.peak, loudest);
    // No point between samples exceeds the loudest of them times gainBound: a piece that cannot beat the peak
    // so far is not interpolated.
    for (let i = 0; i < keep; i++) loudest = Math.max(loudest, Math.abs(x[i]!));
    if (loudest * this.gainBound > this.peak) this.interpolate(x);
    this.history = x.slice(x.length - keep);
  }

  /** Feeds silence after the last sample, so the points just before it are measured too. */
  flush() {
    this.add(new Float32Array(TRUE_PEAK_HALF_TAPS), TRUE_PEAK_HALF_TAPS);
  }

  /** The points between x[s] and x[s + 1], for every s whose window of samples lies wholly in x. */
  private interpolate(x: Float32Array) {
    if (this.phases.length === 0) return;
    // Every phase in one pass over each window: three products per sample read rather than one.
    const [w1, w2, w3] = this.phases as [Float64Array, Float64Array, Float64Array];
    const taps = w1.length;
    let peak = this.peak;
    for (let start = 0; start + taps <= x.length; start++) {
      let y1 = 0;
      let y2 = 0;
      let y3 = 0;
      for (let j = 0; j < taps; j++) {
        const v = x[start + j]!;
        y1 += w1[j]! * v;
        y2 += w2[j]! * v;
        y3 += w3[j]! * v;
      }
      const loudest = Math.max(Math.abs(y1), Math.abs(y2), Math.abs(y3));
      if (loudest > peak) peak = loudest;
    }
    this.peak = peak;
  }
}

/**
 * Measures a song as its decoder hands it over, in pieces. Memory stays small whatever the length: a number per
 * 100 ms and a few samples of history. A mono file is one channel, as BS.1770 sums the channels there are (a
 * mono file played on both speakers of a stereo pair reads 3 dB louder, which BS.1770 does not assume); a
 * stream whose rate or channel count changes midway is judged by its first part.
 */
export class LoudnessMeter implements PcmSink {
  private sampleRate = 0;
  private channelCount = 0;
  private stopped = false;
  private filters: [Biquad, Biquad][] = [];
  private truePeaks: TruePeak[] = [];
  private stepFrames = 0;
  private stepEnergy = 0;
  private stepFilled = 0;
  /** The sum over the channels of the K-weighted squared samples of each whole 100 ms. */
  private readonly steps: number[] = [];

  add(channels: readonly Float32Array[], count: number, sampleRate: number): void {
    if (this.stopped || count <= 0 || sampleRate <= 0) return;
    // Past two channels only the front pair is read, as the decoders hand it over.
    const used = Math.min(2, channels.length);
    if (used === 0) return;
    if (this.sampleRate === 0) this.start(sampleRate, used);
    else if (sampleRate !== this.sampleRate || used !== this.channelCount) return void (this.stopped = true);
    const left = channels[0]!;
    const right = channels[1] ?? left;
    const stereo = used === 2;
    const [[leftShelf, leftHighPass], [rightShelf, rightHighPass]] = this.filters as [[Biquad, Biquad], [Biquad, Biquad]];
    let energy = this.stepEnergy;
    let filled = this.stepFilled;
    for (let i = 0; i < count; i++) {
      const l = leftHighPass.next(leftShelf.next(left[i]!));
      const r = stereo ? rightHighPass.next(rightShelf.next(right[i]!)) : 0;
      energy += l * l + r * r;
      if (++filled === this.stepFrames) {
        this.steps.push(energy);
        energy = 0;
        filled = 0;
      }
    }
    this.stepEnergy = energy;
    this.stepFilled = filled;
    this.truePeaks.forEach((truePeak, c) => truePeak.add(channels[c]!, count));
  }

  /** What was measured; call it once, after the last piece. */
  result(): LoudnessFacts {
    if (this.sampleRate === 0) return NOT_MEASURED;
    for (const truePeak of this.truePeaks) truePeak.flush();
    const peak = Math.max(...this.truePeaks.map((t) => t.peak));
    return {
      integratedLufs: integratedLoudness(this.windows(MOMENTARY_STEPS)),
      loudnessRangeLu: loudnessRange(this.windows(SHORT_TERM_STEPS)),
      truePeakDbtp: peak > 0 ? 20 * Math.log10(peak) : null,
    };
  }

  private start(sampleRate: number, channelCount: number) {
    this.sampleRate = sampleRate;
    this.channelCount = channelCount;
    this.stepFrames = Math.round(sampleRate / 10);
    this.filters = [kWeighting(sampleRate), kWeighting(sampleRate)];
    this.truePeaks = Array.from({ length: channelCount }, () => new TruePeak(sampleRate));
  }

  /** The mean square (the channels summed) of every window of `length` steps, one starting at each step. */
  private windows(length: number): number[] {
    const means: number[] = [];
    let sum = 0;
    for (let i = 0; i < this.steps.length; i++) {
      sum += this.steps[i]!;
      if (i >= length) sum -= this.steps[i - length]!;
      if (i >= length - 1) means.push(Math.max(0, sum) / (length * this.stepFrames));
    }
    return means;
  }
}

const toLufs = (meanSquare: number) => LOUDNESS_OFFSET + 10 * Math.log10(meanSquare);
const meanOf = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;

/** Integrated loudness: the 400 ms blocks above -70 LUFS, then those within 10 LU of their mean. */
function integratedLoudness(blocks: number[]): number | null {
  const audible = blocks.filter((z) => toLufs(z) > ABSOLUTE_GATE_LUFS);
  if (audible.length === 0) return null;
  const gate = toLufs(meanOf(audible)) + RELATIVE_GATE_LU;
  return toLufs(meanOf(audible.filter((z) => toLufs(z) > gate)));
}

/** Loudness range: the spread from the 10th to the 95th percentile of the 3 s windows, gated as Tech 3342 says. */
function loudnessRange(windows: number[]): number | null {
  const audible = windows.filter((z) => toLufs(z) > ABSOLUTE_GATE_LUFS);
  if (audible.length === 0) return null;
  const gate = toLufs(meanOf(audible)) + RANGE_RELATIVE_GATE_LU;
  const levels = audible
    .map(toLufs)
    .filter((l) => l > gate)
    .sort((a, b) => a - b);
  const at = (p: number) => levels[Math.round((levels.length - 1) * p)]!;
  return at(RANGE_HIGH_PERCENTILE) - at(RANGE_LOW_PERCENTILE);
}

/** What is stored for audio that was not decoded here. */
export const NOT_MEASURED: LoudnessFacts = { integratedLufs: null, loudnessRangeLu: null, truePeakDbtp: null };

/** The loudness of whole decoded audio: one or two channels of -1..1 at `sampleRate`. */
export function measureLoudness(channels: readonly Float32Array[], sampleRate: number): LoudnessFacts {
  const meter = new LoudnessMeter();
  const length = channels[0]?.length ?? 0;
  if (length > 0) meter.add(channels, length, sampleRate);
  return meter.result();
}
