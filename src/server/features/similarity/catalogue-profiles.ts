import { and, eq } from 'drizzle-orm';
import type { MusicalKey } from '../../../common/musical-keys';
import type { Db } from '../../db/client';
import { songs, storedFiles } from '../../db/schema';
import { SOUND_PROFILE_LENGTH, SOUND_PROFILE_PARTS, SOUND_PROFILE_VERSION, type SoundProfilePart } from '../audio';
import { documentFrequencies, lyricTerms, lyricVector, type LyricVector } from './lyric-profile';

/**
 * How much each part of the sound profile counts in the distance, spread evenly over the part's values (so 24
 * timbre values weigh as one part, not 24). Tuned on the rendered families of tests/server/similarity-quality.
 */
export const PART_WEIGHTS: Record<SoundProfilePart, number> = {
  timbre: 3,
  harmony: 2,
  tempo: 1.5,
  energy: 1,
  loudness: 0.5,
  brightness: 1.5,
  rhythm: 1.5,
};

/** Each value's part and weight, in the profile's order. */
export const DIMENSIONS = SOUND_PROFILE_PARTS.flatMap(({ name, size }) =>
  Array.from({ length: size }, () => ({ part: name, weight: PART_WEIGHTS[name] / size })),
);
export const TOTAL_WEIGHT = DIMENSIONS.reduce((sum, d) => sum + d.weight, 0);

/** One active catalogue song with a current sound profile, with what the filters and reasons read. */
export interface ProfiledSong {
  id: string;
  slug: string;
  title: string;
  genre: string | null;
  bpm: number | null;
  key: MusicalKey | null;
  isOneStop: boolean;
  firstChorusSeconds: number | null;
  introSeconds: number | null;
  durationSeconds: number | null;
  profile: number[];
  lyrics: string;
}

/**
 * The catalogue's profiles scaled for comparison: every value as a z-score over the catalogue (its mean and
 * standard deviation), times the square root of its weight, so a plain squared distance is the weighted one.
 */
export interface CatalogueProfiles {
  songs: ProfiledSong[];
  mean: Float64Array;
  sd: Float64Array;
  /** songs.length rows of SOUND_PROFILE_LENGTH scaled values. */
  scaled: Float64Array;
  /** The lyrics' TF-IDF vectors, made at the first query that weighs them in. */
  lyricVectors(): { vectors: LyricVector[]; of(lyrics: string): LyricVector };
}

const rootWeights = Float64Array.from(DIMENSIONS, (d) => Math.sqrt(d.weight));

/** Scales a raw profile with the catalogue's mean and spread into `out` (at `offset`). */
export function scaleProfile(profile: readonly number[], mean: Float64Array, sd: Float64Array, out: Float64Array, offset = 0) {
  for (let d = 0; d < SOUND_PROFILE_LENGTH; d++) {
    const value = profile[d];
    const z = value === undefined || !Number.isFinite(value) || sd[d] === 0 ? 0 : (value - mean[d]!) / sd[d]!;
    out[offset + d] = z * rootWeights[d]!;
  }
}

/** Reads every active song whose audio has a current profile (one statement) and scales them. */
export async function loadCatalogueProfiles(db: Db): Promise<CatalogueProfiles> {
  const rows = await db
    .select({
      id: songs.id,
      slug: songs.slug,
      title: songs.title,
      genre: songs.genre,
      songBpm: songs.bpm,
      songKey: songs.musicalKey,
      detectedBpm: storedFiles.detectedBpm,
      detectedKey: storedFiles.detectedKey,
      isOneStop: songs.isOneStop,
      firstChorusSeconds: storedFiles.firstChorusSeconds,
      introSeconds: storedFiles.introSeconds,
      durationSeconds: songs.audioDurationSeconds,
      profile: storedFiles.soundProfile,
      lyrics: songs.lyrics,
    })
    .from(songs)
    .innerJoin(storedFiles, eq(storedFiles.id, songs.audioFileId))
    .where(and(eq(songs.isActive, true), eq(storedFiles.soundProfileVersion, SOUND_PROFILE_VERSION)));
  const found: ProfiledSong[] = rows
    .filter((row) => row.profile && row.profile.length === SOUND_PROFILE_LENGTH)
    .map(({ songBpm, songKey, detectedBpm, detectedKey, profile, ...row }) => ({
      ...row,
      bpm: songBpm ?? detectedBpm,
      key: ((songKey ?? detectedKey) as MusicalKey | null) ?? null,
      profile: profile!,
    }));
  return scaleCatalogue(found);
}

/** The catalogue's mean and spread per value, and every song's scaled profile. */
export function scaleCatalogue(found: ProfiledSong[]): CatalogueProfiles {
  const n = found.length;
  const mean = new Float64Array(SOUND_PROFILE_LENGTH);
  const sd = new Float64Array(SOUND_PROFILE_LENGTH);
  for (const song of found) for (let d = 0; d < SOUND_PROFILE_LENGTH; d++) mean[d]! += song.profile[d]! / n;
  for (const song of found) for (let d = 0; d < SOUND_PROFILE_LENGTH; d++) sd[d]! += (song.profile[d]! - mean[d]!) ** 2 / n;
  for (let d = 0; d < SOUND_PROFILE_LENGTH; d++) sd[d] = Math.sqrt(sd[d]!);
  const scaled = new Float64Array(n * SOUND_PROFILE_LENGTH);
  found.forEach((song, i) => scaleProfile(song.profile, mean, sd, scaled, i * SOUND_PROFILE_LENGTH));
  let lyrics: ReturnType<CatalogueProfiles['lyricVectors']> | undefined;
  return {
    songs: found,
    mean,
    sd,
    scaled,
    lyricVectors() {
      if (lyrics) return lyrics;
      const terms = found.map((song) => lyricTerms(song.lyrics));
      const df = documentFrequencies(terms);
      lyrics = { vectors: terms.map((t) => lyricVector(t, df, n)), of: (text) => lyricVector(lyricTerms(text), df, n) };
      return lyrics;
    },
  };
}
