import { asc, eq, inArray } from 'drizzle-orm';
import { SONG_IMPORT_COLUMNS } from '../../../common/schemas/song-import';
import { formatWritersCell } from '../../../common/schemas/writers-cell';
import type { Db } from '../../db/client';
import { songs, songWriters, storedFiles } from '../../db/schema';

/** The catalogue CSV's columns: the import's own, so an export can be edited and imported again, then the song's state. */
export const CATALOGUE_CSV_COLUMNS = [...SONG_IMPORT_COLUMNS, 'slug', 'published', 'one_stop', 'added_at'] as const;

/** Every song in the catalogue's order, as rows of CATALOGUE_CSV_COLUMNS. */
export async function catalogueCsvRows({ db }: { db: Db }): Promise<string[][]> {
  const rows = await db
    .select({ song: songs, audioName: storedFiles.originalName })
    .from(songs)
    .leftJoin(storedFiles, eq(storedFiles.id, songs.audioFileId))
    .orderBy(asc(songs.orderIndex), asc(songs.createdAt));
  const ids = rows.map((r) => r.song.id);
  const writers =
    ids.length > 0 ? await db.select().from(songWriters).where(inArray(songWriters.songId, ids)).orderBy(asc(songWriters.position)) : [];
  const bySong = new Map<string, (typeof writers)[number][]>();
  for (const w of writers) bySong.set(w.songId, [...(bySong.get(w.songId) ?? []), w]);
  return rows.map(({ song, audioName }) => [
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
  ]);
}
