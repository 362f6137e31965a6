/**
 * Receives decoded PCM as a decoder produces it. The waveform decoders (waveform.ts) hand every piece to
 * an optional sink, so a file is decoded once for its peaks and its tempo and key alike.
 */
export interface PcmSink {
  /** `count` frames of one or two channels (-1..1) at `sampleRate`. */
  add(channels: readonly Float32Array[], count: number, sampleRate: number): void;
}

/** One decoding handed to several sinks (the tempo and key analysis, the loudness meter), each piece to each. */
export function everySink(...sinks: PcmSink[]): PcmSink {
  return {
    add(channels, count, sampleRate) {
      for (const sink of sinks) sink.add(channels, count, sampleRate);
    },
  };
}

/**
 * Tempo and key need nothing above ~4 kHz, so the analysis runs on a mono signal of 8 to 16 kHz: a quarter to a
 * sixth of the samples, and a 3-minute song fits in about 6 MB.
 */
const ANALYSIS_MIN_RATE = 8_000;
/** A longer file is judged by its first eight minutes; memory stays under 20 MB whatever the upload. */
export const ANALYSIS_MAX_SECONDS = 8 * 60;
/** The low-pass before decimation cuts at this share of the new rate, below its Nyquist frequency (0.5). */
const CUTOFF = 0.4;
/** Quality factors of the two biquads of a 4th-order Butterworth low-pass. */
const BUTTERWORTH_Q = [0.5412, 1.3066];

/** One RBJ-cookbook low-pass biquad, in transposed direct form II. */
class LowPass {
  private readonly b0: number;
  private readonly b1: number;
  private readonly b2: number;
  private readonly a1: number;
  private readonly a2: number;
  private z1 = 0;
  private z2 = 0;

  constructor(cutoffHz: number, sampleRate: number, q: number) {
    const w = (2 * Math.PI * cutoffHz) / sampleRate;
    const alpha = Math.sin(w) / (2 * q);
    const cos = Math.cos(w);
    const a0 = 1 + alpha;
    this.b0 = (1 - cos) / 2 / a0;
    this.b1 = (1 - cos) / a0;
    this.b2 = this.b0;
    this.a1 = (-2 * cos) / a0;
    this.a2 = (1 - alpha) / a0;
  }

  next(x: number): number {
    const y = this.b0 * x + this.z1;
    this.z1 = this.b1 * x - this.a1 * y + this.z2;
    this.z2 = this.b2 * x - this.a2 * y;
    return y;
  }
}

/**
 * The signal the analysis reads: the decoded audio mixed to mono, low-passed and kept at every `factor`-th
 * sample (44.1 kHz becomes 8.82 kHz, 48 kHz becomes 8 kHz), up to ANALYSIS_MAX_SECONDS.
 */
export class AnalysisSignal implements PcmSink {
  private data = new Float32Array(1 << 16);
  private filters: LowPass[] = [];
  private factor = 1;
  private phase = 0;
  private inputRate = 0;
  private limit = 0;
  private stopped = false;
  length = 0;
  /** The rate of `samples()`, known once the first piece has arrived. */
  sampleRate = 0;

  constructor(private readonly maxSeconds = ANALYSIS_MAX_SECONDS) {}

  add(channels: readonly Float32Array[], count: number, sampleRate: number): void {
    if (this.stopped || count <= 0 || sampleRate <= 0) return;
    if (this.inputRate === 0) this.start(sampleRate);
    // A stream whose rate changes midway (joined MP3s) is judged by its first part only.
    else if (sampleRate !== this.inputRate) return void (this.stopped = true);
    const left = channels[0]!;
    const right = channels[1] ?? left;
    const [first, second] = this.filters as [LowPass, LowPass];
    const factor = this.factor;
    for (let i = 0; i < count; i++) {
      const y = second.next(first.next((left[i]! + right[i]!) * 0.5));
      if (++this.phase < factor) continue;
      this.phase = 0;
      if (this.length === this.limit) return void (this.stopped = true);
      if (this.length === this.data.length) this.grow();
      this.data[this.length++] = y;
    }
  }

  /** The collected samples (a view, not a copy). */
  samples(): Float32Array {
    return this.data.subarray(0, this.length);
  }

  get seconds(): number {
    return this.sampleRate > 0 ? this.length / this.sampleRate : 0;
  }

  private start(sampleRate: number) {
    this.inputRate = sampleRate;
    this.factor = Math.max(1, Math.floor(sampleRate / ANALYSIS_MIN_RATE));
    this.sampleRate = sampleRate / this.factor;
    this.limit = Math.ceil(this.maxSeconds * this.sampleRate);
    // At factor 1 nothing folds over: the filter still runs, harmlessly, so there is one code path.
    this.filters = BUTTERWORTH_Q.map((q) => new LowPass(CUTOFF * this.sampleRate, sampleRate, q));
  }

  private grow() {
    const grown = new Float32Array(Math.min(this.data.length * 2, Math.max(this.limit, 1)));
    grown.set(this.data);
    this.data = grown;
  }
}
