import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LoudnessFactsSchema } from '../../../common/loudness';
import { encodeFloatWav, midiToHz, noise } from '../../../../tests/setup/test-audio';
import { LoudnessMeter, measureLoudness } from './loudness';
import { computeWavWaveform } from './waveform';

/**
 * Loudness measured against ffmpeg's ebur128 filter (the reference most mastering engineers check with) on
 * WAVs made here, of different levels, dynamics and stereo images. Each is read through the WAV decoder the
 * uploads use, as an upload's audio is.
 */

interface Stereo {
  left: Float32Array;
  right: Float32Array;
  rate: number;
}

/** A file's audio: two channels, or one (a mono file) without `right`. */
type Audio = Omit<Stereo, 'right'> & { right?: Float32Array };

const seconds = (rate: number, s: number) => Math.round(rate * s);

/** Plucked notes (decaying harmonics) one after another, each side its own level, plus a faint room hiss. */
function plucked(rate: number, length: number, { gain, spread }: { gain: number; spread: number }): Stereo {
  const left = new Float32Array(length);
  const right = new Float32Array(length);
  const notes = [52, 55, 59, 64, 67, 64, 59, 55];
  const step = seconds(rate, 0.5);
  for (let n = 0; n * step < length; n++) {
    const hz = midiToHz(notes[n % notes.length]!);
    for (let i = 0; i < seconds(rate, 1.5) && n * step + i < length; i++) {
      const t = i / rate;
      let v = 0;
      for (let h = 1; h <= 6; h++) v += Math.sin(2 * Math.PI * hz * h * t) / h;
      v *= gain * Math.exp(-t / 0.4);
      left[n * step + i]! += v * (1 - spread);
      right[n * step + i]! += v * (1 + spread);
    }
  }
  const hiss = noise(3);
  for (let i = 0; i < length; i++) {
    left[i]! += gain * 0.01 * hiss();
    right[i]! += gain * 0.01 * hiss();
  }
  return { left, right, rate };
}

/** A dense mix (kick on each beat, saw chords, noise) driven into a soft clipper, as a loud master is. */
function compressed(rate: number, length: number, { drive, ceiling }: { drive: number; ceiling: number }): Stereo {
  const left = new Float32Array(length);
  const right = new Float32Array(length);
  const hiss = noise(11);
  const chord = [48, 52, 55, 60].map(midiToHz);
  let lowL = 0;
  let lowR = 0;
  for (let i = 0; i < length; i++) {
    const t = i / rate;
    const beat = t % 0.5;
    const kick = Math.exp(-beat * 18) * Math.sin(2 * Math.PI * 55 * beat * (1 + Math.exp(-beat * 30)));
    let saw = 0;
    for (const hz of chord) saw += 2 * ((hz * t) % 1) - 1;
    lowL += 0.2 * (hiss() - lowL);
    lowR += 0.2 * (hiss() - lowR);
    left[i] = ceiling * Math.tanh(drive * (0.5 * kick + 0.12 * saw + 0.5 * lowL));
    right[i] = ceiling * Math.tanh(drive * (0.5 * kick + 0.1 * saw + 0.5 * lowR));
  }
  return { left, right, rate };
}

/** Six seconds of a quiet verse, then six of a loud chorus: a wide loudness range. */
function quietThenLoud(rate: number): Stereo {
  const quiet = plucked(rate, seconds(rate, 6), { gain: 0.15, spread: 0.1 });
  const loud = compressed(rate, seconds(rate, 6), { drive: 2, ceiling: 0.8 });
  const join = (a: Float32Array, b: Float32Array) => {
    const out = new Float32Array(a.length + b.length);
    out.set(a);
    out.set(b, a.length);
    return out;
  };
  return { left: join(quiet.left, loud.left), right: join(quiet.right, loud.right), rate };
}

/**
 * A tone at a quarter of the rate, sampled 45° off its crests: every sample is at 0.707 of the wave's height,
 * so samples of 0.976 hide a true peak of 1.38 (+2.8 dBTP) between them. Played in half-second bursts that
 * fade in and out over 10 ms (a hard edge would add overshoot of its own), with a low tone between them.
 */
const HIDDEN_PEAK = 1.38;
function interSamplePeaks(rate: number): Stereo {
  const length = seconds(rate, 10);
  const burst = seconds(rate, 0.5);
  const fade = seconds(rate, 0.01);
  const left = new Float32Array(length);
  for (let i = 0; i < length; i++) {
    const at = i % (2 * burst);
    const edge = Math.min(1, at / fade, (burst - at) / fade);
    const envelope = at < burst ? 0.5 - 0.5 * Math.cos(Math.PI * edge) : 0;
    left[i] =
      envelope * HIDDEN_PEAK * Math.sin((Math.PI / 2) * i + Math.PI / 4) + (1 - envelope) * 0.3 * Math.sin((2 * Math.PI * 220 * i) / rate);
  }
  return { left, right: left.slice(), rate };
}

/** Almost mono: the same dense mix on both sides, a trace of difference between them. */
function monoish(rate: number): Stereo {
  const mix = compressed(rate, seconds(rate, 10), { drive: 0.8, ceiling: 1 });
  const hiss = noise(5);
  const right = mix.left.map((v) => v + 0.005 * hiss());
  return { left: mix.left, right, rate };
}

/** Wide stereo: unrelated material on each side, and a part in opposite phase. */
function wide(rate: number): Stereo {
  const length = seconds(rate, 10);
  const a = plucked(rate, length, { gain: 0.25, spread: 0 });
  const b = compressed(rate, length, { drive: 0.5, ceiling: 1 });
  const left = new Float32Array(length);
  const right = new Float32Array(length);
  for (let i = 0; i < length; i++) {
    const pad = 0.1 * Math.sin((2 * Math.PI * 330 * i) / rate);
    left[i] = a.left[i]! + pad;
    right[i] = b.right[i]! - pad;
  }
  return { left, right, rate };
}

/** A mono file: one channel of a dense mix, as a phone's voice memo or an old demo is stored. */
function mono(rate: number): Audio {
  return { left: compressed(rate, seconds(rate, 10), { drive: 1.5, ceiling: 0.9 }).left, rate };
}

const FILES: { name: string; audio: () => Audio }[] = [
  { name: 'quiet acoustic', audio: () => plucked(44_100, seconds(44_100, 10), { gain: 0.04, spread: 0.2 }) },
  { name: 'loud compressed', audio: () => compressed(44_100, seconds(44_100, 10), { drive: 4, ceiling: 0.6 }) },
  { name: 'quiet then loud', audio: () => quietThenLoud(48_000) },
  { name: 'inter-sample peaks', audio: () => interSamplePeaks(48_000) },
  { name: 'mono-ish', audio: () => monoish(44_100) },
  { name: 'wide stereo', audio: () => wide(48_000) },
  { name: 'mono', audio: () => mono(44_100) },
];

interface Reference {
  integrated: number;
  range: number;
  truePeak: number;
}

/** ffmpeg's summary of a file: integrated loudness, loudness range and true peak. */
async function ffmpegEbur128(path: string): Promise<Reference> {
  const args = ['-nostats', '-hide_banner', '-i', path, '-filter_complex', 'ebur128=peak=true:framelog=verbose', '-f', 'null', '-'];
  const { stderr } = await promisify(execFile)('ffmpeg', args, { encoding: 'utf8' });
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const number = (pattern: RegExp) => {
    const found = pattern.exec(summary);
    if (!found) throw new Error(`ffmpeg's ebur128 summary has no ${pattern}:\n${stderr}`);
    return found[1] === '-inf' ? -Infinity : Number(found[1]);
  };
  return {
    integrated: number(/I:\s+(-?[\d.]+|-inf) LUFS/),
    range: number(/LRA:\s+(-?[\d.]+) LU/),
    truePeak: number(/Peak:\s+(-?[\d.]+|-inf) dBFS/),
  };
}

let dir: string;

describe('loudness against ffmpeg’s ebur128', () => {
  beforeAll(() => {
    const probe = spawnSync('ffmpeg', ['-version'], { encoding: 'utf8' });
    if (probe.error || probe.status !== 0)
      throw new Error(
        'ffmpeg is missing: this test compares loudness with ffmpeg’s ebur128 filter. Install it (apt-get install ffmpeg); .ci/run does.',
      );
    dir = mkdtempSync(join(tmpdir(), 'loudness-'));
  });

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  // A minute of audio, measured by us and by ffmpeg: seconds on a quiet machine, more on a busy one.
  test('integrated loudness within 0.5 LU and true peak within 0.5 dB on seven kinds of master, one of them mono', async () => {
    const rows: Record<string, string | number>[] = [];
    const results: { name: string; ours: ReturnType<LoudnessMeter['result']>; ffmpeg: Reference }[] = [];
    for (const { name, audio } of FILES) {
      const { left, right, rate } = audio();
      const path = join(dir, `${name.replace(/\W+/g, '-')}.wav`);
      const wav = encodeFloatWav(left, right, rate);
      writeFileSync(path, wav);
      // ffmpeg reads the file on the other core while ours measures it.
      const reference = ffmpegEbur128(path);
      reference.catch(() => {}); // awaited below; this keeps a failure from also being reported unhandled
      const meter = new LoudnessMeter();
      const started = performance.now();
      await computeWavWaveform(Readable.from([wav]), 100, meter);
      const ours = meter.result();
      const ms = performance.now() - started;
      const ffmpeg = await reference;
      results.push({ name, ours, ffmpeg });
      rows.push({
        file: name,
        'rate (Hz)': rate,
        'I ours': ours.integratedLufs!.toFixed(2),
        'I ffmpeg': ffmpeg.integrated.toFixed(1),
        'LRA ours': ours.loudnessRangeLu!.toFixed(2),
        'LRA ffmpeg': ffmpeg.range.toFixed(1),
        'TP ours': ours.truePeakDbtp!.toFixed(2),
        'TP ffmpeg': ffmpeg.truePeak.toFixed(1),
        'ours, × real time': (left.length / rate / (ms / 1000)).toFixed(0),
      });
    }
    console.table(rows);
    for (const { name, ours, ffmpeg } of results) {
      expect(LoudnessFactsSchema.parse(ours), name).toEqual(ours);
      expect(Math.abs(ours.integratedLufs! - ffmpeg.integrated), `${name}: integrated`).toBeLessThanOrEqual(0.5);
      expect(Math.abs(ours.truePeakDbtp! - ffmpeg.truePeak), `${name}: true peak`).toBeLessThanOrEqual(0.5);
      expect(ours.loudnessRangeLu, `${name}: loudness range`).toBeGreaterThanOrEqual(0);
    }
    // The one file whose true peak is known exactly: ours finds it, where ffmpeg reads a little over it.
    const hidden = results.find((r) => r.name === 'inter-sample peaks')!.ours.truePeakDbtp!;
    expect(Math.abs(hidden - 20 * Math.log10(HIDDEN_PEAK))).toBeLessThanOrEqual(0.1);
  }, 90_000);
});

/** A 1 kHz sine at `dbfs`, `seconds` long, at 48 kHz. */
const sine = (dbfs: number, secs: number) =>
  new Float32Array(seconds(48_000, secs)).map((_, i) => 10 ** (dbfs / 20) * Math.sin((2 * Math.PI * 1_000 * i) / 48_000));
const joined = (...parts: Float32Array[]) => {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (out.set(p, at), at + p.length), 0);
  return out;
};

/** Tech 3341's tolerance for integrated loudness and true peak. */
const within = (value: number | null, expected: number, tolerance = 0.1) =>
  expect(Math.abs(value! - expected)).toBeLessThanOrEqual(tolerance);

describe('loudness on EBU Tech 3341’s known answers', () => {
  test('a 1 kHz sine at −23 dBFS on both sides reads −23 LUFS, a range of 0 LU and a true peak of −23 dBTP', () => {
    const tone = sine(-23, 20);
    const facts = measureLoudness([tone, tone], 48_000);
    within(facts.integratedLufs, -23);
    within(facts.loudnessRangeLu, 0);
    within(facts.truePeakDbtp, -23);
  });

  test('quiet passages 13 dB below the rest are gated out of integrated loudness', () => {
    const tone = joined(sine(-36, 10), sine(-23, 20), sine(-36, 10));
    within(measureLoudness([tone, tone], 48_000).integratedLufs, -23);
  });

  test('a mono file is one channel: the same tone on one channel reads 3 LU below it on both, with the same true peak', () => {
    const tone = sine(-23, 10);
    const mono = measureLoudness([tone], 48_000);
    within(mono.integratedLufs, -23 - 10 * Math.log10(2));
    within(mono.truePeakDbtp, -23);
    expect(mono.loudnessRangeLu).toEqual(measureLoudness([tone, tone], 48_000).loudnessRangeLu);
  });

  test('silence and nothing at all have no loudness', () => {
    const silence = new Float32Array(48_000 * 5);
    const none = { integratedLufs: null, loudnessRangeLu: null, truePeakDbtp: null };
    expect(measureLoudness([silence, silence], 48_000)).toEqual(none);
    expect(measureLoudness([], 48_000)).toEqual(none);
  });
});
