import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import * as MESSAGES from '../../../common/messages';
import type { Db } from '../../db/client';
import { pitchLinks, previewRequests, songDownloads, songs, userRoles } from '../../db/schema';
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
  const [access] = await db.select({ id: previewRequests.id }).from(previewRequests).where(downloadAccessOf(actor.id)).limit(1);
  return access !== undefined;
}

/**
 * mayDownload as a condition, for a statement that asks it beside other things (the song page asks in one
 * round trip what it would otherwise ask in three).
 */
export function mayDownloadSql(actor: Actor): SQL<boolean> {
  if (actor.roles.has('admin')) return sql<boolean>`true`;
  return sql<boolean>`exists (select 1 from ${previewRequests} where ${downloadAccessOf(actor.id)})`;
}

/** An approved, unrevoked preview access of this user's that allows downloads. */
const downloadAccessOf = (userId: string) =>
  and(
    eq(previewRequests.userId, userId),
    eq(previewRequests.status, 'approved'),
    isNull(previewRequests.revokedAt),
    eq(previewRequests.downloadAllowed, true),
  );

/**
 * A pitch link's sender still lets it play: an admin's pitch always (it is the company's), a buyer's share only
 * while the buyer may still open the catalogue (approved, unrevoked preview access, or an admin). Revoking a buyer
 * stops every link they shared, audio already handed out too: the page (features/pitching) and the file links
 * both ask here. `link` names the pitch_links row in the caller's statement (the table, or its alias).
 */
export const pitchLinkSenderAllows = (link: 'pitch_links' | 'pl'): SQL<boolean> => {
  const l = sql.identifier(link);
  return sql<boolean>`(${l}.kind = 'pitch'
    or exists (select 1 from preview_requests pr
      where pr.user_id = ${l}.created_by and pr.status = 'approved' and pr.revoked_at is null)
    or exists (select 1 from user_roles ur where ur.user_id = ${l}.created_by and ur.role = 'admin'))`;
};

/**
 * Whether a pitch link's recipient may download: when the link allows it and, on a buyer's share, only while the
 * buyer themself still may (an admin setting them to stream only closes their shares' downloads too).
 */
export async function pitchLinkAllowsDownload(db: Db, pitchLinkId: string): Promise<boolean> {
  const [link] = await db
    .select({ allowed: pitchLinks.downloadAllowed, kind: pitchLinks.kind, createdBy: pitchLinks.createdBy })
    .from(pitchLinks)
    .where(eq(pitchLinks.id, pitchLinkId));
  if (!link?.allowed) return false;
  return link.kind !== 'share' || (link.createdBy !== null && (await userMayDownload(db, link.createdBy)));
}

/** A live pitch link's recipient as a downloader, refused as stream only where pitchLinkAllowsDownload says no. */
export async function pitchDownloader(db: Db, pitchLinkId: string): Promise<Downloader> {
  if (!(await pitchLinkAllowsDownload(db, pitchLinkId))) throw new AppError('FORBIDDEN', m.streamOnly);
  return { kind: 'pitch', pitchLinkId };
}

/** An account's own download right, read without its session: an admin, or approved download-allowed access. */
async function userMayDownload(db: Db, userId: string): Promise<boolean> {
  const [admin] = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'admin')))
    .limit(1);
  if (admin) return true;
  const [access] = await db.select({ id: previewRequests.id }).from(previewRequests).where(downloadAccessOf(userId)).limit(1);
  return access !== undefined;
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
