import { Readable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { analyseAudioFile } from '../../src/server/features/audio/analyse-file';
import { scaleCatalogue } from '../../src/server/features/similarity/catalogue-profiles';
import { rankNearest } from '../../src/server/features/similarity/nearest';
import { familyMp3, FRESH_MEMBERS } from '../setup/reference-songs';
import { CLIP_SECONDS, FAMILIES, renderSimilarSongs } from '../setup/similar-songs';

/**
 * A reference-track search with a fresh member of each rendered family (tests/setup/similar-songs.ts): a song of
 * the family's sound in a key, tempo and melody no catalogue song has, uploaded as a buyer's MP3 would be and
 * measured by the same analysis, ranks the catalogue (the families and the distractors) as nearestSongs does.
 * The acceptance: the family comes first. Reported as rates over all fresh members: the first song from the
 * family, and how many of the first four are. Slow tier (the catalogue is rendered and analysed).
 */
const FIRST = 4;
const MIN_FIRST_RATE = 0.75;

describe('searching with a reference track over rendered families of songs', () => {
  test('a fresh family member finds its family first', async () => {
    const rendered = await renderSimilarSongs();
    const familyOf = new Map(rendered.map((r) => [r.song.id, r.family]));
    const catalogue = scaleCatalogue(rendered.map((r) => r.song));
    let firstFromFamily = 0;
    const precisions: number[] = [];
    for (const [i, fresh] of FRESH_MEMBERS.entries()) {
      const mp3 = familyMp3(fresh.family, fresh, { seed: 5000 + 17 * i, seconds: CLIP_SECONDS });
      const { facts } = await analyseAudioFile('audio/mpeg', Readable.from([mp3]));
      expect(facts.soundProfile).toBeDefined();
      const near = rankNearest(
        catalogue,
        { profile: facts.soundProfile!.values, bpm: facts.bpm ?? null, key: facts.key ?? null },
        { limit: FIRST },
      );
      if (familyOf.get(near[0]!.id) === fresh.family) firstFromFamily++;
      precisions.push(near.filter((n) => familyOf.get(n.id) === fresh.family).length / FIRST);
      console.log(
        `fresh ${fresh.family} (${fresh.bpm} BPM, ${fresh.key}): ${near.map((n) => `${n.title} ${Math.round(100 * n.closeness)}%`).join(', ')}`,
      );
    }
    const firstRate = firstFromFamily / FRESH_MEMBERS.length;
    const precision = precisions.reduce((sum, p) => sum + p, 0) / precisions.length;
    console.log(
      `Reference search over ${rendered.length} rendered songs: family first for ${firstFromFamily}/${FRESH_MEMBERS.length} ` +
        `fresh members (${firstRate.toFixed(2)}); precision@${FIRST} ${precision.toFixed(3)}`,
    );
    expect(FRESH_MEMBERS.map((f) => f.family)).toEqual(FAMILIES.map((f) => f.name));
    expect(firstRate).toBeGreaterThanOrEqual(MIN_FIRST_RATE);
  }, 1_800_000);
});
