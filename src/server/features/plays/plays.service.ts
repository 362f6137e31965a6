import { and, eq, sql, type SQL } from 'drizzle-orm';
import { PLAY_REPORT_INTERVAL_SECONDS } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import type { Db } from '../../db/client';
import { songPlays, songs } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { consumeRateLimit, RATE_RULES } from '../../lib/rate-limit';
import type { Actor } from '../accounts';

/**
 * A point in a song as song_plays stores it, for every listener (preview users and pitch recipients alike):
 * hundredths are plenty, and a real (float4) column refuses what underflows it, such as 5e-324.
 */
export const toCentiseconds = (seconds: number) => Math.round(seconds * 100) / 100;

/** Whose play: a signed-in listener or a pitch link's recipient. */
export type PlayListener = { kind: 'user'; userId: string } | { kind: 'pitch'; pitchLinkId: string };

export interface PlayReport {
  durationSeconds: number;
  furthestSeconds: number;
  completed: boolean;
}

/**
 * How far a report may run ahead of the server's clock since the play began: the first report (which begins
 * it) comes after at most one report interval of listening, plus a little for the network.
 */
export const PLAY_CLOCK_ALLOWANCE_SECONDS = PLAY_REPORT_INTERVAL_SECONDS + 5;

const listenerKey = (listener: PlayListener) => (listener.kind === 'user' ? `user:${listener.userId}` : `pitch:${listener.pitchLinkId}`);
const ownPlay = (listener: PlayListener) =>
  listener.kind === 'user' ? eq(songPlays.userId, listener.userId) : eq(songPlays.pitchLinkId, listener.pitchLinkId);

async function limitPlayReports(db: Db, kind: 'starts' | 'reports', listener: PlayListener, songId: string, now: Date) {
  const rule = kind === 'starts' ? RATE_RULES.playStarts : RATE_RULES.playReports;
  await consumeRateLimit(db, `plays-${kind}:${listenerKey(listener)}:${songId}`, rule, now.getTime());
}

/**
 * The first report of a player creates its play row (one play per player instance), begun now by the
 * server's clock. No more can have been listened than the allowance, so the report is held to it.
 */
export async function recordPlayStart({
  db,
  listener,
  song,
  report,
  now = new Date(),
}: {
  db: Db;
  listener: PlayListener;
  song: { id: string; audioDurationSeconds: number | null };
  report: PlayReport;
  now?: Date;
}) {
  await limitPlayReports(db, 'starts', listener, song.id, now);
  const most = PLAY_CLOCK_ALLOWANCE_SECONDS;
  const [row] = await db
    .insert(songPlays)
    .values({
      userId: listener.kind === 'user' ? listener.userId : null,
      pitchLinkId: listener.kind === 'pitch' ? listener.pitchLinkId : null,
      songId: song.id,
      playedAt: now,
      durationSeconds: Math.min(report.durationSeconds, most),
      furthestSeconds: toCentiseconds(Math.min(report.furthestSeconds, most)),
      // A song of unknown length cannot be shown to have been heard to its end.
      completed: report.completed && song.audioDurationSeconds !== null && song.audioDurationSeconds <= most,
    })
    .returning({ id: songPlays.id });
  return row!;
}

/**
 * Later reports of the same player: listening time and the furthest point only grow, and a completed play stays
 * completed; none of them past the time that has passed since the play began (plus the allowance), so a forged
 * report cannot claim a whole song heard in a moment.
 */
export async function recordPlayReport({
  db,
  listener,
  id,
  report,
  now = new Date(),
}: {
  db: Db;
  listener: PlayListener;
  id: string;
  report: PlayReport;
  now?: Date;
}) {
  const [play] = await db
    .select({ songId: songPlays.songId })
    .from(songPlays)
    .where(and(eq(songPlays.id, id), ownPlay(listener)));
  if (!play) throw new AppError('NOT_FOUND', MESSAGES.generic.notFound);
  await limitPlayReports(db, 'reports', listener, play.songId, now);
  const most: SQL<number> = sql`(extract(epoch from (${now.toISOString()}::timestamptz - ${songPlays.playedAt})) + ${PLAY_CLOCK_ALLOWANCE_SECONDS})`;
  const songSeconds = sql`(select s.audio_duration_seconds from songs s where s.id = ${songPlays.songId})`;
  await db
    .update(songPlays)
    .set({
      durationSeconds: sql`greatest(${songPlays.durationSeconds}, least(${report.durationSeconds}, floor(${most})::int))`,
      furthestSeconds: sql`greatest(${songPlays.furthestSeconds}, least(${toCentiseconds(report.furthestSeconds)}::real, ${most}::real))`,
      // Unknown length: never completed by the clock (the comparison is null, taken as false).
      completed: sql`${songPlays.completed} or coalesce(${report.completed} and ${songSeconds} <= ${most}, false)`,
    })
    .where(and(eq(songPlays.id, id), ownPlay(listener)));
}

/** A signed-in listener's first report: an active song (any song for an admin). */
export async function startPlay({ db, actor, songId, ...report }: { db: Db; actor: Actor; songId: string } & PlayReport) {
  const visible = actor.roles.has('admin') ? undefined : eq(songs.isActive, true);
  const [song] = await db
    .select({ id: songs.id, audioDurationSeconds: songs.audioDurationSeconds })
    .from(songs)
    .where(and(eq(songs.id, songId), visible));
  if (!song) throw new AppError('NOT_FOUND', MESSAGES.songs.notFound);
  return recordPlayStart({ db, listener: { kind: 'user', userId: actor.id }, song, report });
}

/** A signed-in listener's later reports of their own play. */
export async function updatePlay({ db, actor, id, ...report }: { db: Db; actor: Actor; id: string } & PlayReport) {
  await recordPlayReport({ db, listener: { kind: 'user', userId: actor.id }, id, report });
}
