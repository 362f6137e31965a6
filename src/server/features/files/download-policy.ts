import { and, eq, isNull, or, sql } from 'drizzle-orm';
import * as MESSAGES from '../../../common/messages';
import type { Db } from '../../db/client';
import { pitchLinks, previewRequests, songDownloads, songs } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../accounts';

const m = MESSAGES.downloads;

/**
 * Who takes a song's files: a preview user, a pitch link's recipient, or an admin (whose own downloads and
 * streams are not listening activity). The file links, the song page and the download routes all ask here.
 */
export type Downloader = { kind: 'user'; userId: string } | { kind: 'pitch'; pitchLinkId: string } | { kind: 'admin' };

/**
 * A catalogue caller may download when they are an admin, or when their approved, unrevoked preview access
 * allows it. Anyone else here is a stream-only preview user.
 */
export async function catalogueDownloader(db: Db, actor: Actor): Promise<Downloader> {
  if (actor.roles.has('admin')) return { kind: 'admin' };
  if (!(await mayDownload(db, actor))) throw new AppError('FORBIDDEN', m.streamOnly);
  return { kind: 'user', userId: actor.id };
}

/** Whether the song page offers downloads to this caller: the same rule as catalogueDownloader. */
export async function mayDownload(db: Db, actor: Actor): Promise<boolean> {
  if (actor.roles.has('admin')) return true;
  const [access] = await db
    .select({ id: previewRequests.id })
    .from(previewRequests)
    .where(
      and(
        eq(previewRequests.userId, actor.id),
        eq(previewRequests.status, 'approved'),
        isNull(previewRequests.revokedAt),
        eq(previewRequests.downloadAllowed, true),
      ),
    )
    .limit(1);
  return access !== undefined;
}

/** A live pitch link's recipient may download when the admin allowed it on the link. */
export async function pitchDownloader(db: Db, pitchLinkId: string): Promise<Downloader> {
  const [link] = await db.select({ allowed: pitchLinks.downloadAllowed }).from(pitchLinks).where(eq(pitchLinks.id, pitchLinkId));
  if (!link?.allowed) throw new AppError('FORBIDDEN', m.streamOnly);
  return { kind: 'pitch', pitchLinkId };
}

/**
 * A listener's stream link fetched from its first byte (a player starting, or someone saving the stream) is kept
 * as a `stream` row, told apart from a download; the ranges a player asks for after the first are not.
 */
export async function recordStreamFetch(db: Db, listener: Downloader, audioFileId: string) {
  if (listener.kind === 'admin') return;
  // A version's stream is one of its song's: the listener is listening to that song.
  const [song] = await db
    .select({ id: songs.id })
    .from(songs)
    .where(
      or(
        eq(songs.audioFileId, audioFileId),
        sql`exists (select 1 from song_versions v where v.song_id = "songs"."id" and v.file_id = ${audioFileId})`,
      ),
    )
    .limit(1);
  if (!song) return;
  await db.insert(songDownloads).values({
    songId: song.id,
    kind: 'mp3',
    via: 'stream',
    userId: listener.kind === 'user' ? listener.userId : null,
    pitchLinkId: listener.kind === 'pitch' ? listener.pitchLinkId : null,
  });
}
