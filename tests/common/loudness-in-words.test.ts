import { expect, test } from 'vitest';
import { describeLoudness, LoudnessFactsSchema } from '../../src/common/loudness';

const facts = (integratedLufs: number | null, truePeakDbtp: number | null, loudnessRangeLu: number | null) => ({
  integratedLufs,
  truePeakDbtp,
  loudnessRangeLu,
});

test('a loud master is told how far streaming services turn it down, and that its peaks may clip', () => {
  expect(describeLoudness(facts(-8.94, 0.31, 3.2))).toEqual([
    '−8.9 LUFS: louder than streaming services play; it will be turned down by about 5 dB.',
    'True peak +0.3 dBTP: over full scale; it may clip on playback and after encoding.',
    'Loudness range 3.2 LU: its quiet and loud parts barely differ (heavily compressed).',
  ]);
});

test('a master near the streaming level plays as it is; a peak between −1 and 0 dBTP has too little headroom', () => {
  expect(describeLoudness(facts(-14.4, -0.5, 7))).toEqual([
    '−14.4 LUFS: close to the −14 LUFS streaming services play at; it will play about as it is.',
    'True peak −0.5 dBTP: above the −1 dBTP streaming services ask for; it may clip after encoding.',
    'Loudness range 7.0 LU: a usual spread between its quiet and loud parts.',
  ]);
});

test('a quiet, dynamic master sounds quieter than the songs around it, its peaks safe', () => {
  expect(describeLoudness(facts(-21.2, -6.04, 14.5))).toEqual([
    '−21.2 LUFS: quieter than streaming services play; it may sound about 7 dB quieter than the songs around it.',
    'True peak −6.0 dBTP: within the −1 dBTP streaming services ask for.',
    'Loudness range 14.5 LU: wide; its quiet parts may be hard to hear in a car or on a phone.',
  ]);
});

test('silence has no loudness to speak of, and what was not measured is left out', () => {
  expect(describeLoudness(facts(null, null, null))).toEqual(['Too quiet to measure: the audio is silent or nearly so.']);
  expect(describeLoudness(facts(-14, null, null))).toHaveLength(1);
});

test('the facts schema takes measured and missing numbers, and refuses anything else', () => {
  expect(LoudnessFactsSchema.safeParse(facts(-9.1, 0.2, 4)).success).toBe(true);
  expect(LoudnessFactsSchema.safeParse(facts(null, null, null)).success).toBe(true);
  expect(LoudnessFactsSchema.safeParse(facts(-Infinity, 0, 0)).success).toBe(false);
  expect(LoudnessFactsSchema.safeParse({ integratedLufs: -9 }).success).toBe(false);
});
