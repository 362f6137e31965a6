import { asc, eq, inArray } from 'drizzle-orm';
import { SONG_IMPORT_COLUMNS } from '../../../common/schemas/song-import';
import { formatWritersCell } from '../../../common/schemas/writers-cell';
import type { SongFacts } from '../../../common/responses/audio-analysis';
import type { Db } from '../../db/client';
import { songFactColumns, songFactsOf } from '../audio';
import { songs, songWriters, storedFiles } from '../../db/schema';

/**
 * The catalogue CSV's columns: the import's own, so an export can be edited and imported again (the import
 * reads only its own), then the song's state, then what its audio was measured to be (empty until measured).
 */
export const CATALOGUE_CSV_COLUMNS = [
  ...SONG_IMPORT_COLUMNS,
  'slug',
  'published',
  'one_stop',
  'added_at',
  'first_chorus_seconds',
  'intro_seconds',
  'integrated_lufs',
  'true_peak_dbtp',
  'loudness_range_lu',
  'sections',
] as const;

const figure = (value: number | null) => (value === null ? '' : String(Math.round(value * 10) / 10));

/** The measured facts' cells: the sections as "intro 0-9.5; verse 9.5-31", in seconds. */
function factCells(facts: SongFacts): string[] {
  const { loudness } = facts;
  return [
    figure(facts.firstChorusSeconds),
    figure(facts.introSeconds),
    figure(loudness.integratedLufs),
    figure(loudness.truePeakDbtp),
    figure(loudness.loudnessRangeLu),
    (facts.sections ?? []).map((s) => `${s.label} ${figure(s.start)}-${figure(s.end)}`).join('; '),
  ];
}

/** Every song in the catalogue's order, as rows of CATALOGUE_CSV_COLUMNS. */
export async function catalogueCsvRows({ db }: { db: Db }): Promise<string[][]> {
  const rows = await db
    .select({ song: songs, audioName: storedFiles.originalName, ...songFactColumns })
    .from(songs)
    .leftJoin(storedFiles, eq(storedFiles.id, songs.audioFileId))
    .orderBy(asc(songs.orderIndex), asc(songs.createdAt));
  const ids = rows.map((r) => r.song.id);
  const writers =
    ids.length > 0 ? await db.select().from(songWriters).where(inArray(songWriters.songId, ids)).orderBy(asc(songWriters.position)) : [];
  const bySong = new Map<string, (typeof writers)[number][]>();
  for (const w of writers) bySong.set(w.songId, [...(bySong.get(w.songId) ?? []), w]);
  return rows.map(({ song, audioName, ...facts }) => [
    song.title,
    formatWritersCell(bySong.get(song.id) ?? []),
    song.genre ?? '',
    song.bpm === null ? '' : String(song.bpm),
    song.musicalKey ?? '',
    song.tags.join('; '),
    song.lyrics,
    song.description,
    audioName ?? '',
    song.slug,
    song.isActive ? 'yes' : 'no',
    song.isOneStop ? 'yes' : 'no',
    song.createdAt.toISOString(),
    ...factCells(songFactsOf(facts)),
  ]);
}
