import { describe, expect, test } from 'vitest';
import { scaleCatalogue } from '../../src/server/features/similarity/catalogue-profiles';
import { rankNearest } from '../../src/server/features/similarity/nearest';
import { FAMILIES, renderSimilarSongs } from '../setup/similar-songs';

/**
 * "More like this" on songs of known likeness, rendered at test time (tests/setup/similar-songs.ts): families
 * sharing instrumentation, tempo range, feel and harmonic palette, whose members differ in key, tempo, melody
 * and length, among distractors. Each song goes through the analysis pipeline as an MP3 upload would, and is
 * ranked against all the others by the same ranking nearestSongs uses. The acceptance figure: on average at
 * least three of a song's four nearest are of its family. Slow tier (a minute or more of rendering and
 * analysis, no database).
 */
const NEIGHBOURS = 4;
const MIN_PRECISION = 0.75;

describe('"more like this" over rendered families of songs', () => {
  test('a family member finds its family among its four nearest', async () => {
    const rendered = await renderSimilarSongs();
    const familyOf = new Map(rendered.map((r) => [r.song.id, r.family]));
    const catalogue = scaleCatalogue(rendered.map((r) => r.song));
    const precisions: number[] = [];
    for (const { name, family, song } of rendered) {
      const near = rankNearest(catalogue, song, { limit: NEIGHBOURS, excludeSongId: song.id });
      expect(near).toHaveLength(NEIGHBOURS);
      if (family) precisions.push(near.filter((n) => familyOf.get(n.id) === family).length / NEIGHBOURS);
      console.log(
        `${name} (${song.bpm ?? '?'} BPM, ${song.key ?? 'no key'}): ${near.map((n) => `${n.title} ${Math.round(100 * n.closeness)}%`).join(', ')}` +
          `\n  why the first: ${near[0]!.reasons.join(', ')}`,
      );
    }
    const precision = precisions.reduce((sum, p) => sum + p, 0) / precisions.length;
    const members = FAMILIES.reduce((sum, f) => sum + f.members.length, 0);
    console.log(
      `Precision@${NEIGHBOURS} over ${precisions.length} queries (${FAMILIES.length} families, ${members} members, ` +
        `${rendered.length - members} distractors): ${precision.toFixed(3)}; ` +
        `${precisions.filter((p) => p >= 0.75).length}/${precisions.length} songs with at least 3 of 4 from their family`,
    );
    expect(FAMILIES.length).toBeGreaterThanOrEqual(4);
    expect(FAMILIES.every((f) => f.members.length >= 4)).toBe(true);
    expect(rendered.length).toBeGreaterThan(members);
    expect(precision).toBeGreaterThanOrEqual(MIN_PRECISION);
    // Some minutes on a machine shared with other runs; about one on a quiet one.
  }, 900_000);
});
