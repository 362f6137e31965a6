import { LOUDNESS_RANGE_BOUNDS, STREAMING_LOUDNESS } from './constants';
import * as MESSAGES from './messages';
import type { LoudnessFacts } from './schemas/loudness';

export { LoudnessFactsSchema, type LoudnessFacts } from './schemas/loudness';

const m = MESSAGES.loudness;

/** A level to one decimal with a true minus sign, and a plus when asked (a peak above full scale). */
function level(value: number, { plus = false } = {}): string {
  const text = Math.abs(value).toFixed(1);
  if (text === '0.0') return text;
  if (value < 0) return `−${text}`;
  return plus ? `+${text}` : text;
}

/** A round target as it is usually quoted: −14, not −14.0. */
const target = (value: number) => level(value).replace(/\.0$/, '');

/**
 * A song's measured loudness in plain words against what streaming services play (STREAMING_LOUDNESS): one
 * sentence each for integrated loudness, true peak and loudness range, those that were measured.
 */
export function describeLoudness(facts: LoudnessFacts): string[] {
  const { integratedLufs: lufs, truePeakDbtp: peak, loudnessRangeLu: range } = facts;
  if (lufs === null) return [m.silent];
  const gap = lufs - STREAMING_LOUDNESS.integratedLufs;
  const sentences = [
    gap > STREAMING_LOUDNESS.toleranceLu
      ? m.louder(level(lufs), Math.abs(gap).toFixed(0))
      : gap < -STREAMING_LOUDNESS.toleranceLu
        ? m.quieter(level(lufs), Math.abs(gap).toFixed(0))
        : m.onTarget(level(lufs), target(STREAMING_LOUDNESS.integratedLufs)),
  ];
  if (peak !== null) {
    const ceiling = target(STREAMING_LOUDNESS.truePeakDbtp);
    const shown = level(peak, { plus: true });
    sentences.push(
      peak > 0
        ? m.peakOverFullScale(shown)
        : peak > STREAMING_LOUDNESS.truePeakDbtp
          ? m.peakNoHeadroom(shown, ceiling)
          : m.peakSafe(shown, ceiling),
    );
  }
  if (range !== null) {
    const shown = level(range);
    sentences.push(
      range < LOUDNESS_RANGE_BOUNDS.compressedBelowLu
        ? m.rangeCompressed(shown)
        : range > LOUDNESS_RANGE_BOUNDS.wideAboveLu
          ? m.rangeWide(shown)
          : m.rangeUsual(shown),
    );
  }
  return sentences;
}
