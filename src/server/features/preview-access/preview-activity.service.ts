import { and, count, countDistinct, desc, eq, max, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { previewRequests, songComments, songDownloads, songPlays, songs, userRoles, users } from '../../db/schema';
import { requestCompany } from './request-company';

/** A column of the user's current access: their approved, unrevoked preview request (one at most per e-mail). */
const currentAccess = (column: ReturnType<typeof sql>) =>
  sql`select ${column} from ${previewRequests} pr where pr.user_id = ${users.id} and pr.status = 'approved' and pr.revoked_at is null
    order by pr.reviewed_at desc nulls last limit 1`;

/** Every user with the preview role, with their play and comment counts and when they last played. */
export async function listPreviewUsers({ db }: { db: Db }) {
  const plays = db
    .select({ userId: songPlays.userId, playCount: count().as('play_count'), lastPlayedAt: max(songPlays.playedAt).as('last_played_at') })
    .from(songPlays)
    .groupBy(songPlays.userId)
    .as('plays');
  const comments = db
    .select({ userId: songComments.userId, commentCount: count().as('comment_count') })
    .from(songComments)
    .groupBy(songComments.userId)
    .as('comments');
  return db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      companyName: requestCompany(users.id),
      playCount: sql<number>`coalesce(${plays.playCount}, 0)::int`,
      commentCount: sql<number>`coalesce(${comments.commentCount}, 0)::int`,
      downloadCount: sql<number>`(select count(*)::int from ${songDownloads} where ${songDownloads.userId} = ${users.id} and ${songDownloads.via} = 'download')`,
      accessId: sql<string | null>`(${currentAccess(sql`id::text`)})`,
      downloadAllowed: sql<boolean>`coalesce((${currentAccess(sql`download_allowed`)}), false)`,
      lastActiveAt: plays.lastPlayedAt,
    })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .leftJoin(plays, eq(plays.userId, users.id))
    .leftJoin(comments, eq(comments.userId, users.id))
    .where(eq(userRoles.role, 'preview'))
    .orderBy(sql`${plays.lastPlayedAt} desc nulls last`, users.email);
}

/** One listener's plays, newest first, with how far into the song each got. */
export async function listUserPlays({ db, userId, limit = 200 }: { db: Db; userId: string; limit?: number }) {
  return db
    .select({
      id: songPlays.id,
      songTitle: songs.title,
      songSlug: songs.slug,
      playedAt: songPlays.playedAt,
      durationSeconds: songPlays.durationSeconds,
      furthestSeconds: songPlays.furthestSeconds,
      songDurationSeconds: songs.audioDurationSeconds,
      completed: songPlays.completed,
    })
    .from(songPlays)
    .innerJoin(songs, eq(songs.id, songPlays.songId))
    .where(eq(songPlays.userId, userId))
    .orderBy(desc(songPlays.playedAt))
    .limit(limit);
}

/**
 * Per song: distinct listeners (preview users and pitch link recipients), plays, completed plays and the
 * average depth (how far into the song plays got, 0-1; null without plays or a known length).
 */
export async function listSongListening({ db }: { db: Db }) {
  const listeners = countDistinct(sql`coalesce(${songPlays.userId}, ${songPlays.pitchLinkId}::text)`);
  return db
    .select({
      songId: songs.id,
      title: songs.title,
      slug: songs.slug,
      durationSeconds: songs.audioDurationSeconds,
      listeners,
      plays: count(songPlays.id),
      completedPlays: sql<number>`count(*) filter (where ${songPlays.completed})::int`,
      // least() skips nulls: a song without plays or a length must not average to 1.
      averageDepth: sql<number | null>`(avg(case when ${songPlays.id} is null or coalesce(${songs.audioDurationSeconds}, 0) <= 0 then null
        when ${songPlays.completed} then 1 else least(1, ${songPlays.furthestSeconds} / ${songs.audioDurationSeconds}) end))::float8`,
    })
    .from(songs)
    .leftJoin(songPlays, eq(songPlays.songId, songs.id))
    .groupBy(songs.id)
    .orderBy(desc(listeners), songs.orderIndex);
}

/** How many downloads Preview Activity lists: the latest of everyone's, or of one user's (as many as their plays). */
const LATEST_DOWNLOADS = { everyone: 100, oneUser: 200 } as const;

/** The latest downloads by preview users (or by one of them), newest first, for Preview Activity. */
export async function listPreviewDownloads({ db, userId }: { db: Db; userId?: string }) {
  const downloader = alias(users, 'downloader');
  return db
    .select({
      id: songDownloads.id,
      kind: songDownloads.kind,
      downloadedAt: songDownloads.downloadedAt,
      songTitle: songs.title,
      songSlug: songs.slug,
      userId: downloader.id,
      userName: downloader.name,
      userEmail: downloader.email,
    })
    .from(songDownloads)
    .innerJoin(songs, eq(songs.id, songDownloads.songId))
    .innerJoin(downloader, eq(downloader.id, songDownloads.userId))
    .where(and(eq(songDownloads.via, 'download'), userId === undefined ? undefined : eq(songDownloads.userId, userId)))
    .orderBy(desc(songDownloads.downloadedAt), desc(songDownloads.id))
    .limit(userId === undefined ? LATEST_DOWNLOADS.everyone : LATEST_DOWNLOADS.oneUser);
}
