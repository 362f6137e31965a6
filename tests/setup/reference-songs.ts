import type { MusicalKey } from '../../src/common/musical-keys';
import type { Section } from '../../src/server/db/seed/arrangement';
import { encodeMp3 } from '../../src/server/db/seed/audio';
import { RENDER_SAMPLE_RATE, renderArrangement } from '../../src/server/db/seed/render-arrangement';
import { FAMILIES } from './similar-songs';

/**
 * Fresh members of the rendered families of tests/setup/similar-songs.ts, as a buyer's reference MP3 would be: the
 * family's instrumentation, feel and harmonic palette, in a key, tempo, melody and length no member of the
 * catalogue has. One per family, in FAMILIES' order.
 */
export const FRESH_MEMBERS: { family: string; bpm: number; key: MusicalKey; bars: number }[] = [
  { family: 'ballad', bpm: 71, key: 'G major', bars: 4 },
  { family: 'rock', bpm: 149, key: 'F# minor', bars: 6 },
  { family: 'country train', bpm: 101, key: 'F major', bars: 5 },
  { family: 'dance', bpm: 127, key: 'G minor', bars: 6 },
];

const form = (bars: number): [Section, number][] => [
  ['intro', 2],
  ['verse', bars],
  ['chorus', bars],
  ['verse', bars],
  ['chorus', bars],
];

/** A family's song as an MP3: the family's sound in this key and tempo, `seconds` long at most. */
export function familyMp3(
  familyName: string,
  member: { bpm: number; key: MusicalKey; bars: number },
  { seed, seconds }: { seed: number; seconds: number },
): Buffer {
  const family = FAMILIES.find((f) => f.name === familyName);
  if (!family) throw new Error(`no family ${familyName}`);
  const arrangement = {
    feel: family.feel,
    chords: family.chords,
    lead: family.lead,
    progressions: family.progressions,
    form: form(member.bars),
    seed,
  };
  const pcm = renderArrangement({ bpm: member.bpm, musicalKey: member.key, arrangement }, { maxSeconds: seconds });
  return encodeMp3(pcm, RENDER_SAMPLE_RATE);
}
