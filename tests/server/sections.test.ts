import { describe, expect, test } from 'vitest';
import { SongSectionsSchema } from '../../src/common/responses/audio-analysis';
import { analyseSections } from '../../src/server/features/audio/sections';
import { knownSections, renderForAnalysis, SECTION_SONGS, TOLERANCE_SECONDS } from '../setup/section-songs';

// How well sections are found over a whole set of songs: tests/server/sections-accuracy.test.ts (slow tier).
describe('sections and energy', () => {
  test('one rendered song: its sections cover it in order, and its energy curve follows them', async () => {
    const { song } = SECTION_SONGS.find((s) => s.name.startsWith('pop 112'))!;
    const signal = renderForAnalysis(song);
    // The tempo as the upload's detection reads it, handed over rather than read again.
    const found = SongSectionsSchema.parse(await analyseSections(signal.samples(), signal.sampleRate, { bpm: song.bpm }));
    const { energy, sections } = found;
    expect(energy).toHaveLength(Math.ceil(signal.seconds));
    expect(sections[0]?.start).toBe(0);
    expect(sections.at(-1)?.end).toBeCloseTo(signal.seconds, 1);
    for (let i = 1; i < sections.length; i++) expect(sections[i]!.start).toBe(sections[i - 1]!.end);
    const known = knownSections(song);
    expect(Math.abs(found.firstChorusSeconds! - known.find((s) => s.section === 'chorus')!.start)).toBeLessThanOrEqual(TOLERANCE_SECONDS);
    expect(found.introSeconds).toBe(0);
    const mean = (section: string) => {
      const parts = known.filter((s) => s.section === section);
      const values = parts.flatMap((p) => energy.slice(Math.ceil(p.start) + 1, Math.floor(p.end) - 1));
      return values.reduce((a, b) => a + b, 0) / values.length;
    };
    expect(Math.max(...energy)).toBe(1);
    expect(mean('chorus')).toBeGreaterThan(mean('verse'));
    expect(mean('chorus')).toBeGreaterThan(mean('bridge'));
  });

  test('audio too short to have a form has an energy curve and no sections', async () => {
    const rate = 8_000;
    const tone = new Float32Array(rate * 10).map((_, i) => 0.5 * Math.sin((2 * Math.PI * 220 * i) / rate));
    expect(await analyseSections(tone, rate)).toEqual({
      energy: Array.from({ length: 10 }, () => 1),
      sections: [],
      firstChorusSeconds: null,
      introSeconds: 0,
    });
  });
});
