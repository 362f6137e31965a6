import { and, eq } from 'drizzle-orm';
import * as MESSAGES from '../../../common/messages';
import { SONGS_LIKE_THIS_ADDED } from '../../../common/schemas/reference-search';
import type { AddedLikeThis, SoundsLike } from '../../../common/responses/reference-search';
import type { Db } from '../../db/client';
import { playlists, playlistSongs, songReviews, songs, storedFiles } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../accounts';
import { addPlaylistSongs } from '../playlists';
import { nearestSongs, songSoundQuery, type NearSong } from './nearest';
import { fileSoundQuery } from './reference.service';

/** How many catalogue songs the reviewer sees beside a submission. */
export const SUBMISSION_NEIGHBOURS = 3;

const shown = (near: NearSong[]): SoundsLike['songs'] =>
  near.map(({ key, closeness, ...rest }) => ({ ...rest, musicalKey: key, closeness: Math.round(100 * closeness) }));

/** The reviewer's view: the three catalogue songs a submission sounds closest to, once its audio is analysed. */
export async function reviewSoundsLike({ db, reviewId }: { db: Db; reviewId: string }): Promise<SoundsLike> {
  const [row] = await db
    .select({
      fileId: songReviews.audioFileId,
      profile: storedFiles.soundProfile,
      profileVersion: storedFiles.soundProfileVersion,
      bpm: storedFiles.detectedBpm,
      key: storedFiles.detectedKey,
    })
    .from(songReviews)
    .leftJoin(storedFiles, eq(storedFiles.id, songReviews.audioFileId))
    .where(eq(songReviews.id, reviewId));
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.reviews.reviewNotFound);
  const query = fileSoundQuery(row);
  if (!query) return { measured: false, songs: [] };
  return { measured: true, songs: shown(await nearestSongs(db, query, { limit: SUBMISSION_NEIGHBOURS })) };
}

/** The nearest active songs to `songId` that are not among `exclude`, at most SONGS_LIKE_THIS_ADDED. */
async function songsLikeThis(db: Db, songId: string, exclude: readonly string[]): Promise<NearSong[] | undefined> {
  const query = await songSoundQuery(db, songId);
  if (!query) return undefined;
  const skip = new Set([...exclude, songId]);
  const near = await nearestSongs(db, query, { limit: SONGS_LIKE_THIS_ADDED + skip.size, excludeSongId: songId });
  return near.filter((s) => !skip.has(s.id)).slice(0, SONGS_LIKE_THIS_ADDED);
}

/** A pitch link's form: songs like one it holds, not yet in it, for the admin to add. */
export async function suggestSongsLikeThis({ db, songId, exclude }: { db: Db; songId: string; exclude: string[] }): Promise<SoundsLike> {
  const near = await songsLikeThis(db, songId, exclude);
  return near ? { measured: true, songs: shown(near) } : { measured: false, songs: [] };
}

/**
 * "Add songs like this one" on the caller's own playlist: the songs nearest one of its songs, not yet in it,
 * added at its end. Another listener's playlist, or a song not in it, is not found.
 */
export async function addSongsLikeThis({
  db,
  actor,
  playlistId,
  songId,
  secret,
}: {
  db: Db;
  actor: Actor;
  playlistId: string;
  songId: string;
  secret: string;
}): Promise<AddedLikeThis> {
  const held = await db
    .select({ songId: playlistSongs.songId })
    .from(playlistSongs)
    .innerJoin(playlists, eq(playlists.id, playlistSongs.playlistId))
    .innerJoin(songs, eq(songs.id, playlistSongs.songId))
    .where(and(eq(playlists.id, playlistId), eq(playlists.ownerId, actor.id)));
  if (!held.some((h) => h.songId === songId)) throw new AppError('NOT_FOUND', MESSAGES.playlists.notFound);
  const near = await songsLikeThis(
    db,
    songId,
    held.map((h) => h.songId),
  );
  if (!near || near.length === 0) return { added: 0 };
  await addPlaylistSongs({ db, actor, id: playlistId, songIds: near.map((s) => s.id), secret });
  return { added: near.length };
}
