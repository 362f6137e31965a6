import * as MESSAGES from '../../../common/messages';
import { MUSICAL_KEYS, type MusicalKey } from '../../../common/musical-keys';
import { SOUND_PROFILE_LENGTH, SOUND_PROFILE_PARTS, type SoundProfilePart } from '../audio';
import { DIMENSIONS } from './catalogue-profiles';

const m = MESSAGES.similarity;

/** Tempos this close (BPM) are the same; this close, near. */
const SAME_TEMPO_BPM = 2;
const NEAR_TEMPO_BPM = 8;
/** A part is "similar" when its values lie closer than this (mean squared z-score difference). */
const SIMILAR_PART = 0.5;
/** At most this many parts are named, the closest first. */
const MAX_PARTS = 3;
/** The tempo has a reason of its own; loudness alone says little about a sound. */
const NAMED_PARTS: SoundProfilePart[] = ['timbre', 'energy', 'harmony', 'rhythm', 'brightness'];

const tonicOf = (key: MusicalKey) => MUSICAL_KEYS.indexOf(key) % 12;
const modeOf = (key: MusicalKey) => (MUSICAL_KEYS.indexOf(key) < 12 ? 'major' : 'minor');

/** How two keys relate, in a listener's words; null when they are not near relatives. */
export function keyRelation(a: MusicalKey | null, b: MusicalKey | null): string | null {
  if (!a || !b) return null;
  const interval = (tonicOf(b) - tonicOf(a) + 12) % 12;
  if (modeOf(a) === modeOf(b)) {
    if (interval === 0) return m.sameKey;
    if (interval === 5 || interval === 7) return m.keyFifth;
    return null;
  }
  // C major and A minor share their notes: the minor's tonic is three semitones under the major's.
  const relative = modeOf(a) === 'major' ? interval === 9 : interval === 3;
  return relative ? m.relativeKey : null;
}

/** How far apart two scaled profiles are in each part (mean squared z-score difference). */
function partDistances(a: Float64Array, aAt: number, b: Float64Array, bAt: number): Map<SoundProfilePart, number> {
  const sums = new Map<SoundProfilePart, number>();
  for (let d = 0; d < SOUND_PROFILE_LENGTH; d++) {
    const { part, weight } = DIMENSIONS[d]!;
    // The scaled values carry the square root of their weight: undone here, so parts compare alike.
    const diff = (a[aAt + d]! - b[bAt + d]!) ** 2 / weight;
    sums.set(part, (sums.get(part) ?? 0) + diff);
  }
  for (const { name, size } of SOUND_PROFILE_PARTS) sums.set(name, sums.get(name)! / size);
  return sums;
}

export interface ReasonInput {
  query: { scaled: Float64Array; at: number; bpm: number | null; key: MusicalKey | null };
  song: { scaled: Float64Array; at: number; bpm: number | null; key: MusicalKey | null };
  sharedWords: string[];
}

/** Why a song sounds like the query, as short phrases in order: tempo, the closest parts, key, lyrics. */
export function reasonsFor({ query, song, sharedWords }: ReasonInput): string[] {
  const reasons: string[] = [];
  if (query.bpm !== null && song.bpm !== null) {
    const apart = Math.abs(query.bpm - song.bpm);
    if (apart <= SAME_TEMPO_BPM) reasons.push(m.sameTempo);
    else if (apart <= NEAR_TEMPO_BPM) reasons.push(m.closeTempo(Math.ceil(apart)));
  }
  const distances = partDistances(query.scaled, query.at, song.scaled, song.at);
  const similar = NAMED_PARTS.filter((part) => distances.get(part)! < SIMILAR_PART)
    .sort((x, y) => distances.get(x)! - distances.get(y)!)
    .slice(0, MAX_PARTS)
    .map((part) => m.parts[part]);
  if (similar.length > 0) reasons.push(m.similar(similar));
  const key = keyRelation(query.key, song.key);
  if (key) reasons.push(key);
  if (sharedWords.length > 0) reasons.push(m.sharedWords(sharedWords));
  return reasons.length > 0 ? reasons : [m.noReason];
}
