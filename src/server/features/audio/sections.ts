import type { SectionLabel, SongSection, SongSections } from '../../../common/responses/audio-analysis';
import { estimateTempo } from './tempo';
import { BLOCK_SECONDS, blockFeatures, energyCurve, type BlockFeatures } from './section-features';

/**
 * A song's sections read from its own repetition. The audio is cut into half-second blocks of harmony
 * (chroma), timbre (cepstrum) and loudness; a self-similarity matrix compares every block with every other;
 * a checkerboard kernel along its diagonal gives a novelty curve whose peaks are the boundaries. The parts
 * between are grouped by likeness: what comes back is a verse or chorus (the chorus the loudest such group),
 * what does not is an intro at the head, an outro at the tail and a bridge between.
 *
 * The constants below were tuned on the whole set of rendered songs in tests/server/sections-accuracy.test.ts, not on one.
 */

/** Under this much audio there is no form to find. */
const MIN_SECONDS = 20;
/** How much each kind of feature counts in the likeness of two blocks. */
const WEIGHTS = { chroma: 0.6, timbre: 1, loudness: 1 };
/**
 * Half the kernel's width: the novelty compares two bars before a point with two bars after it, so the chords
 * changing within a section's progression count less than the sound changing between sections. A curve with
 * twice that width is averaged in, which steadies it when the tempo was read at double its beat (a half-time
 * ballad's eighth notes).
 */
const KERNEL_BEATS = 8;
const KERNEL_SCALES = [1, 2];
/** …and never under this, or a slow song's single chord changes stand out as boundaries. */
const MIN_KERNEL_SECONDS = 5;
/** Boundaries closer than this (in beats) are one change; the stronger stands. */
const MIN_SECTION_BEATS = 12;
/** The tempo assumed when the song has no steady beat. */
const DEFAULT_BPM = 120;
/** A peak counts when it rises this far (in standard deviations of the curve) above the curve's median. */
const PEAK_THRESHOLD = 0.75;
/** Two parts are the same section when their mean feature vectors lie within this distance. */
const SAME_PART_DISTANCE = 2.3;

export const NO_SECTIONS = (energy: number[]): SongSections => ({ energy, sections: [], firstChorusSeconds: null, introSeconds: 0 });

/**
 * Energy curve and sections of a mono signal (what AnalysisSignal collects). `bpm`, when the caller has read it
 * already, saves reading the tempo again. Throws the signal's reason once `signal` aborts.
 */
export async function analyseSections(
  samples: Float32Array,
  sampleRate: number,
  { bpm, signal }: { bpm?: number | null; signal?: AbortSignal } = {},
): Promise<SongSections> {
  const energy = energyCurve(samples, sampleRate);
  if (samples.length < MIN_SECONDS * sampleRate) return NO_SECTIONS(energy);
  const features = await blockFeatures(samples, sampleRate, signal);
  const vectors = featureVectors(features);
  const beat = 60 / ((bpm ?? (await estimateTempo(samples, sampleRate, signal))) || DEFAULT_BPM) / BLOCK_SECONDS;
  const half = Math.max(KERNEL_BEATS * beat, MIN_KERNEL_SECONDS / BLOCK_SECONDS);
  const ssm = selfSimilarity(vectors);
  const curves = KERNEL_SCALES.map((scale) => standardised(noveltyCurve(ssm, Math.round(scale * half))));
  const novelty = curves[0]!.map((_, i) => curves.reduce((sum, curve) => sum + curve[i]!, 0) / curves.length);
  const boundaries = pickPeaks(novelty, Math.round(MIN_SECTION_BEATS * beat));
  const sections = labelParts(vectors, features.loudness, [0, ...boundaries, features.count], samples.length / sampleRate);
  const firstChorus = sections.find((s) => s.label === 'chorus');
  const intro = sections[0]?.label === 'intro' ? sections[0] : undefined;
  return { energy, sections, firstChorusSeconds: firstChorus?.start ?? null, introSeconds: intro?.end ?? 0 };
}

/**
 * One vector a block: each feature standardised over the song (so a quiet song's changes count as a loud
 * one's), and each kind scaled so that it weighs WEIGHTS[kind] whatever its number of dimensions.
 */
function featureVectors({ count, chroma, timbre, loudness }: BlockFeatures): Float32Array[] {
  const kinds: [Float32Array[], number][] = [
    [chroma, WEIGHTS.chroma],
    [timbre, WEIGHTS.timbre],
    [Array.from(loudness, (value) => Float32Array.of(value)), WEIGHTS.loudness],
  ];
  const width = kinds.reduce((sum, [rows]) => sum + rows[0]!.length, 0);
  const vectors = Array.from({ length: count }, () => new Float32Array(width));
  let offset = 0;
  for (const [rows, weight] of kinds) {
    const dims = rows[0]!.length;
    for (let d = 0; d < dims; d++) {
      let mean = 0;
      for (const row of rows) mean += row[d]! / count;
      let variance = 0;
      for (const row of rows) variance += (row[d]! - mean) ** 2 / count;
      const scale = weight / Math.max(Math.sqrt(variance), 1e-6);
      for (let b = 0; b < count; b++) vectors[b]![offset + d] = (rows[b]![d]! - mean) * scale;
    }
    offset += dims;
  }
  return vectors;
}

const distance = (a: Float32Array, b: Float32Array) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  return Math.sqrt(sum);
};

/** Likeness of every pair of blocks, exp(-distance²/median distance²): 1 for the same sound, towards 0 apart. */
function selfSimilarity(vectors: Float32Array[]): Float32Array[] {
  const n = vectors.length;
  const d2 = Array.from({ length: n }, () => new Float32Array(n));
  const sample: number[] = [];
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const d = distance(vectors[i]!, vectors[j]!) ** 2;
      d2[i]![j] = d2[j]![i] = d;
      if ((i + j) % 7 === 0) sample.push(d);
    }
  sample.sort((a, b) => a - b);
  const scale = Math.max(sample[Math.floor(sample.length / 2)] ?? 1, 1e-6);
  return d2.map((row) => row.map((d) => Math.exp(-d / scale)));
}

/**
 * How much the song changes at each block: likeness within the `half` blocks before and within those after,
 * less likeness across, each a Gaussian-weighted mean over the cells there are (so the edges count too).
 */
function noveltyCurve(ssm: Float32Array[], half: number): Float32Array {
  const n = ssm.length;
  const taper = Array.from({ length: half }, (_, k) => Math.exp(-0.5 * ((k + 0.5) / (half / 2)) ** 2));
  const novelty = new Float32Array(n);
  for (let i = 2; i < n - 1; i++) {
    const sums = { within: 0, withinWeight: 0, across: 0, acrossWeight: 0 };
    for (let a = 0; a < half && i - 1 - a >= 0; a++)
      for (let b = 0; b < half && i + b < n; b++) {
        const w = taper[a]! * taper[b]!;
        sums.across += w * ssm[i - 1 - a]![i + b]!;
        sums.acrossWeight += w;
      }
    for (const [from, step] of [
      [i - 1, -1],
      [i, 1],
    ] as const)
      for (let a = 0; a < half && from + step * a >= 0 && from + step * a < n; a++)
        for (let b = 0; b < half && from + step * b >= 0 && from + step * b < n; b++) {
          const w = taper[a]! * taper[b]!;
          sums.within += w * ssm[from + step * a]![from + step * b]!;
          sums.withinWeight += w;
        }
    novelty[i] = sums.within / sums.withinWeight - sums.across / sums.acrossWeight;
  }
  return novelty;
}

/** The blocks where a section starts: peaks of the novelty, at least `gap` blocks apart, that stand out. */
function pickPeaks(novelty: Float32Array, gap: number): number[] {
  const sorted = [...novelty].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  let variance = 0;
  for (const value of novelty) variance += (value - median) ** 2 / novelty.length;
  const threshold = median + PEAK_THRESHOLD * Math.sqrt(variance);
  const candidates = [...novelty.keys()]
    .filter((i) => novelty[i]! > threshold && novelty[i]! >= (novelty[i - 1] ?? 0) && novelty[i]! >= (novelty[i + 1] ?? 0))
    .sort((a, b) => novelty[b]! - novelty[a]!);
  const chosen: number[] = [];
  for (const i of candidates) {
    // Not at the very edges either: a boundary there would leave a part too short to be a section.
    if (i < gap / 2 || i > novelty.length - gap / 2) continue;
    if (chosen.every((j) => Math.abs(i - j) >= gap)) chosen.push(i);
  }
  return chosen.sort((a, b) => a - b);
}

const meanVector = (vectors: Float32Array[], from: number, to: number) => {
  const mean = new Float32Array(vectors[0]!.length);
  for (let b = from; b < to; b++) for (let d = 0; d < mean.length; d++) mean[d]! += vectors[b]![d]! / (to - from);
  return mean;
};

/**
 * Groups the parts between `edges` (block indices) by likeness, joins neighbours of one group, and names them:
 * among groups heard more than once the loudest is the chorus and the rest verses; a part heard once is the
 * intro at the head, the outro at the tail and a bridge between.
 */
function labelParts(vectors: Float32Array[], loudness: Float32Array, edges: number[], seconds: number): SongSection[] {
  const groups: { mean: Float32Array; parts: number }[] = [];
  const parts: { from: number; to: number; group: number }[] = [];
  for (let p = 0; p + 1 < edges.length; p++) {
    const [from, to] = [edges[p]!, edges[p + 1]!];
    const mean = meanVector(vectors, from, to);
    let group = groups.findIndex((g) => distance(g.mean, mean) < SAME_PART_DISTANCE);
    if (group < 0) group = groups.push({ mean, parts: 0 }) - 1;
    const last = parts.at(-1);
    if (last?.group === group) last.to = to;
    else parts.push({ from, to, group });
  }
  for (const part of parts) groups[part.group]!.parts++;
  const loudnessOf = (group: number) => {
    let [sum, count] = [0, 0];
    for (const part of parts.filter((p) => p.group === group))
      for (let b = part.from; b < part.to; b++) [sum, count] = [sum + loudness[b]!, count + 1];
    return sum / count;
  };
  const repeated = [...groups.keys()].filter((g) => groups[g]!.parts > 1);
  const chorus = repeated.sort((a, b) => loudnessOf(b) - loudnessOf(a))[0];
  return parts.map((part, index): SongSection => {
    let label: SectionLabel;
    if (part.group === chorus) label = 'chorus';
    else if (groups[part.group]!.parts > 1) label = 'verse';
    else if (index === 0) label = 'intro';
    else if (index === parts.length - 1) label = 'outro';
    else label = 'bridge';
    const end = index === parts.length - 1 ? seconds : part.to * BLOCK_SECONDS;
    return { label, start: part.from * BLOCK_SECONDS, end: Math.round(end * 100) / 100 };
  });
}

/** The curve less its mean, over its standard deviation: curves of different widths, made comparable. */
function standardised(values: Float32Array): Float32Array {
  let mean = 0;
  for (const v of values) mean += v / values.length;
  let variance = 0;
  for (const v of values) variance += (v - mean) ** 2 / values.length;
  const sd = Math.max(Math.sqrt(variance), 1e-9);
  return values.map((v) => (v - mean) / sd);
}
