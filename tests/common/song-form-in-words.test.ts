import { expect, test } from 'vitest';
import { ChorusBySchema, IntroUnderSchema } from '../../src/common/schemas/catalogue';
import { clockTime, describeSongForm } from '../../src/common/song-form';
import { compactEnergy } from '../../src/server/features/audio/song-facts';

const form = (
  firstChorusSeconds: number | null,
  introSeconds: number | null,
  sections = [{ label: 'verse' as const, start: 0, end: 30 }],
) => ({
  sections,
  firstChorusSeconds,
  introSeconds,
});

test('where the first chorus comes and how long the intro is, in plain words', () => {
  expect(describeSongForm(form(23.4, 0))).toEqual([
    'The first chorus comes at 0:23: early, before a skipping listener moves on.',
    'No intro: the song starts straight in.',
  ]);
  expect(describeSongForm(form(47, 7.7))).toEqual([
    'The first chorus comes at 0:47: within the first minute.',
    'The intro lasts 8 s: short, so the song gets going quickly.',
  ]);
  expect(describeSongForm(form(75, 22))).toEqual([
    'The first chorus comes at 1:15: late; many listeners and supervisors skip on before a minute.',
    'The intro lasts 22 s: long; a shorter edit may help a pitch.',
  ]);
  expect(describeSongForm(form(null, 0))[0]).toBe('No chorus found: no loud part comes back, so the hook may not stand out.');
  expect(describeSongForm(form(null, null, []))).toEqual(['Too short to read its sections (under 20 seconds).']);
  expect(describeSongForm({ sections: null, firstChorusSeconds: null, introSeconds: null })).toEqual([
    'Sections not measured yet: they show once the audio is analysed again.',
  ]);
  expect(clockTime(605.9)).toBe('10:05');
});

test('a filter time reads as m:ss or seconds, up to 10:00, and anything else is refused with the field named', () => {
  expect(['0:50', '50', ' 1:05 ', '10:00'].map((text) => ChorusBySchema.parse(text))).toEqual([50, 50, 65, 600]);
  for (const bad of ['soon', '0:5', '0:60', '10:01', '601', '-5', '1.5', ''])
    expect(ChorusBySchema.safeParse(bad).error?.issues[0]?.message, bad).toBe(
      'Chorus by must be a time like 0:50 or a number of seconds, up to 10:00',
    );
  expect(IntroUnderSchema.safeParse('x').error?.issues[0]?.message).toMatch(/^Intro under must be/);
});

test('the energy curve is kept as at most 64 whole percentages, each the mean of its stretch', () => {
  expect(compactEnergy([0, 0.5, 1])).toEqual([0, 50, 100]);
  const long = Array.from({ length: 256 }, (_, i) => (i < 128 ? 0.2 : 0.8));
  const kept = compactEnergy(long);
  expect(kept).toHaveLength(64);
  expect(kept.slice(0, 32).every((v) => v === 20) && kept.slice(32).every((v) => v === 80)).toBe(true);
  expect(compactEnergy([])).toEqual([]);
});
