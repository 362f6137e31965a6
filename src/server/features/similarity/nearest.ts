import type { CatalogueQuery } from '../../../common/schemas/catalogue';
import type { MusicalKey } from '../../../common/musical-keys';
import type { Db } from '../../db/client';
import { SOUND_PROFILE_LENGTH } from '../audio';
import { scaleProfile, TOTAL_WEIGHT, type CatalogueProfiles, type ProfiledSong } from './catalogue-profiles';
import { lyricCloseness, sharedWords, type LyricVector } from './lyric-profile';
import { catalogueProfiles } from './profiles-cache';
import { reasonsFor } from './reasons';

/** What a "more like this" query compares with the catalogue: a song's, or an uploaded reference's, profile. */
export interface SoundQuery {
  /** A raw sound profile: SOUND_PROFILE_LENGTH values of SOUND_PROFILE_VERSION (MeasuredFacts.soundProfile). */
  profile: readonly number[];
  /** The tempo and key the reasons compare (the analysis's, or the song's as written). */
  bpm: number | null;
  key: MusicalKey | null;
  /** Its lyrics, weighed in when `weighLyrics`; a reference recording has none. */
  lyrics?: string | null;
}

/** The catalogue's own filters, as CatalogueQuerySchema parses them. */
export type SimilarityFilters = Partial<
  Pick<CatalogueQuery, 'genre' | 'key' | 'oneStop' | 'bpmMin' | 'bpmMax' | 'chorusBy' | 'introUnder'>
>;

export interface NearestOptions {
  /** How many songs, closest first (10 by default). */
  limit?: number;
  filters?: SimilarityFilters;
  /** The song the query is of, left out of its own answer. */
  excludeSongId?: string;
  /** Counts the lyrics' shared theme words (TF-IDF) in, beside the sound. */
  weighLyrics?: boolean;
}

export interface NearSong {
  id: string;
  slug: string;
  title: string;
  genre: string | null;
  bpm: number | null;
  key: MusicalKey | null;
  isOneStop: boolean;
  durationSeconds: number | null;
  /** 0–1: 1 is the same sound. */
  closeness: number;
  /** Why, in plain words: "same tempo", "similar energy and timbre", "key a fifth away". */
  reasons: string[];
}

/** How much a lyric's closeness (a cosine, 0–1) takes off the sound's distance (a mean squared z-score). */
const LYRIC_WEIGHT = 2;
const SHARED_WORDS_SHOWN = 3;

/** Whether a song passes the catalogue's filters, as listCatalogue applies them. */
function passes(song: ProfiledSong, f: SimilarityFilters): boolean {
  if (f.genre && song.genre?.toLowerCase() !== f.genre.toLowerCase()) return false;
  if (f.key && song.key !== f.key) return false;
  if (f.oneStop && !song.isOneStop) return false;
  if (f.bpmMin !== undefined && (song.bpm === null || song.bpm < f.bpmMin)) return false;
  if (f.bpmMax !== undefined && (song.bpm === null || song.bpm > f.bpmMax)) return false;
  if (f.chorusBy !== undefined && (song.firstChorusSeconds === null || song.firstChorusSeconds > f.chorusBy)) return false;
  if (f.introUnder !== undefined && (song.introSeconds === null || song.introSeconds >= f.introUnder)) return false;
  return true;
}

/** Squared distance of row `row` of the catalogue's scaled profiles from the scaled query. */
function distance(scaled: Float64Array, row: number, query: Float64Array): number {
  let sum = 0;
  const at = row * SOUND_PROFILE_LENGTH;
  for (let d = 0; d < SOUND_PROFILE_LENGTH; d++) {
    const diff = scaled[at + d]! - query[d]!;
    sum += diff * diff;
  }
  return sum / TOTAL_WEIGHT;
}

/** The `limit` best (lowest) scores' rows: one pass, a short sorted list, no sort of the whole catalogue. */
function bestRows(count: number, limit: number, score: (row: number) => number | null): { row: number; score: number }[] {
  const best: { row: number; score: number }[] = [];
  for (let row = 0; row < count; row++) {
    const s = score(row);
    if (s === null || (best.length === limit && s >= best[limit - 1]!.score)) continue;
    let at = best.length === limit ? limit - 1 : best.length;
    while (at > 0 && best[at - 1]!.score > s) {
      best[at] = best[at - 1]!;
      at--;
    }
    best[at] = { row, score: s };
  }
  return best;
}

/**
 * The catalogue songs whose sound is nearest the query's, closest first, with why. Every "more like this" and
 * reference search goes through here: today a scan of every active song's scaled profile in memory (a few
 * milliseconds at 10,000 songs); at a million, an approximate nearest-neighbour index in the database
 * (pgvector's HNSW) would answer the candidates instead, and only this function would change.
 */
export async function nearestSongs(db: Db, query: SoundQuery, options: NearestOptions = {}): Promise<NearSong[]> {
  return rankNearest(await catalogueProfiles(db), query, options);
}

/** nearestSongs over profiles already in memory (the quality test ranks its rendered songs with it). */
export function rankNearest(catalogue: CatalogueProfiles, query: SoundQuery, options: NearestOptions = {}): NearSong[] {
  const { limit = 10, filters = {}, excludeSongId, weighLyrics = false } = options;
  const scaledQuery = new Float64Array(SOUND_PROFILE_LENGTH);
  scaleProfile(query.profile, catalogue.mean, catalogue.sd, scaledQuery);
  const lyrics = weighLyrics && query.lyrics ? catalogue.lyricVectors() : undefined;
  const queryLyrics = lyrics && query.lyrics ? lyrics.of(query.lyrics) : undefined;
  const best = bestRows(catalogue.songs.length, limit, (row) => {
    const song = catalogue.songs[row]!;
    if (song.id === excludeSongId || !passes(song, filters)) return null;
    const sound = distance(catalogue.scaled, row, scaledQuery);
    return queryLyrics ? sound - LYRIC_WEIGHT * lyricCloseness(queryLyrics, lyrics!.vectors[row]!) : sound;
  });
  return best.map(({ row }) => nearSong(catalogue, row, { query, scaledQuery, queryLyrics }));
}

function nearSong(
  catalogue: CatalogueProfiles,
  row: number,
  { query, scaledQuery, queryLyrics }: { query: SoundQuery; scaledQuery: Float64Array; queryLyrics: LyricVector | undefined },
): NearSong {
  const song = catalogue.songs[row]!;
  const sound = distance(catalogue.scaled, row, scaledQuery);
  const words = queryLyrics ? sharedWords(queryLyrics, catalogue.lyricVectors().vectors[row]!, SHARED_WORDS_SHOWN) : [];
  return {
    id: song.id,
    slug: song.slug,
    title: song.title,
    genre: song.genre,
    bpm: song.bpm,
    key: song.key,
    isOneStop: song.isOneStop,
    durationSeconds: song.durationSeconds,
    // A distance of 0 is the same sound; two songs picked at random lie about 2 apart.
    closeness: Math.exp(-sound / 2),
    reasons: reasonsFor({
      query: { scaled: scaledQuery, at: 0, bpm: query.bpm, key: query.key },
      song: { scaled: catalogue.scaled, at: row * SOUND_PROFILE_LENGTH, bpm: song.bpm, key: song.key },
      sharedWords: words,
    }),
  };
}

/**
 * A catalogue song's own query (its stored profile, tempo, key and lyrics); undefined when the song is not
 * active or its audio has no current profile yet.
 */
export async function songSoundQuery(db: Db, songId: string): Promise<SoundQuery | undefined> {
  const catalogue = await catalogueProfiles(db);
  const song = catalogue.songs.find((s) => s.id === songId);
  return song && { profile: song.profile, bpm: song.bpm, key: song.key, lyrics: song.lyrics };
}
