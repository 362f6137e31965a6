import { and, eq } from 'drizzle-orm';
import * as MESSAGES from '../../../common/messages';
import type { SimilarSongs } from '../../../common/responses/similarity';
import type { Db } from '../../db/client';
import { songs } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { nearestSongs, songSoundQuery } from './nearest';

/** How many songs "more like this" shows. */
export const SIMILAR_SONGS_SHOWN = 10;

/** "More like this" for an active catalogue song: the ten nearest by sound (and, asked, by the lyrics' theme). */
export async function similarToSong(db: Db, slug: string, weighLyrics: boolean): Promise<SimilarSongs> {
  const [song] = await db
    .select({ id: songs.id })
    .from(songs)
    .where(and(eq(songs.slug, slug), eq(songs.isActive, true)));
  if (!song) throw new AppError('NOT_FOUND', MESSAGES.songs.notFound);
  const query = await songSoundQuery(db, song.id);
  if (!query) return { measured: false, lyricsWeighed: weighLyrics, songs: [] };
  const near = await nearestSongs(db, query, { limit: SIMILAR_SONGS_SHOWN, excludeSongId: song.id, weighLyrics });
  return {
    measured: true,
    lyricsWeighed: weighLyrics,
    songs: near.map(({ key, closeness, ...rest }) => ({ ...rest, musicalKey: key, closeness: Math.round(100 * closeness) })),
  };
}
