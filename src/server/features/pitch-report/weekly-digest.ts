import { eq, sql } from 'drizzle-orm';
import { PAGE_PATHS } from '../../../common/routes';
import { enqueueMail } from '../../adapters/mail/outbox';
import { queryRows, type Db } from '../../db/client';
import { pitchReportDigests, songwriterProfiles, users } from '../../db/schema';
import { pageUrl, type EmailContext } from '../../emails/layout';
import { pitchReportDigestEmail } from '../../emails/pitch-report-digest';
import type { Logger } from '../../lib/logger';
import { pitchReport, type Window } from './pitch-report.service';
import { startPeriodicJob, type PeriodicJob } from '../../lib/periodic-job';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often the job looks for a week to report: hourly, so a digest goes out early on Monday (UTC). */
const DIGEST_CHECK_MS = 60 * 60 * 1000;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The last whole week before `now`: Monday 00:00 UTC to the next Monday, exclusive. */
export function previousWeek(now: Date): Window & { weekStart: string } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const sinceMonday = (new Date(today).getUTCDay() + 6) % 7;
  const to = new Date(today - sinceMonday * DAY_MS);
  const from = new Date(to.getTime() - 7 * DAY_MS);
  return { from, to, weekStart: isoDay(from) };
}

/** Songwriters whose pitched songs had a listener's play, hold or pass in the window, and no digest for it yet. */
async function writersWithActivity(db: Db, window: Window, weekStart: string): Promise<string[]> {
  const rows = await queryRows<{ songwriter_id: string }>(
    db,
    sql`select distinct a.songwriter_id
      from songs s join pitch_agreements a on a.id = s.pitch_agreement_id
      where not exists (select 1 from pitch_report_digests d where d.songwriter_id = a.songwriter_id and d.week_start = ${weekStart})
        and (exists (select 1 from song_plays p where p.song_id = s.id
              and p.played_at >= ${window.from.toISOString()}::timestamptz and p.played_at < ${window.to.toISOString()}::timestamptz)
          or exists (select 1 from song_responses r where r.song_id = s.id
              and r.updated_at >= ${window.from.toISOString()}::timestamptz and r.updated_at < ${window.to.toISOString()}::timestamptz))`,
  );
  return rows.map((r) => r.songwriter_id);
}

/**
 * E-mails each songwriter a summary of last week's activity on their pitched songs, once: the digest's row
 * (songwriter, week) is written in the transaction that queues the e-mail, so a rerun, or another server doing
 * the same at the same moment, finds it and sends nothing. No activity, no e-mail. Returns how many were queued.
 */
export async function sendWeeklyDigests({ db, emailCtx, now }: { db: Db; emailCtx: EmailContext; now: Date }): Promise<number> {
  const { from, to, weekStart } = previousWeek(now);
  let sent = 0;
  for (const songwriterId of await writersWithActivity(db, { from, to }, weekStart)) {
    // The report applies the privacy rules (and leaves out admins' own listening), so a week with only that is skipped.
    const { songs } = await pitchReport({ db, songwriterId, window: { from, to } });
    if (songs.length === 0) continue;
    const queued = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(pitchReportDigests)
        .values({ songwriterId, weekStart, sentAt: now })
        .onConflictDoNothing()
        .returning({ songwriterId: pitchReportDigests.songwriterId });
      if (!claimed) return false;
      const [writer] = await tx
        .select({ email: users.email, name: users.name, firstName: songwriterProfiles.firstName })
        .from(users)
        .leftJoin(songwriterProfiles, eq(songwriterProfiles.userId, users.id))
        .where(eq(users.id, songwriterId));
      if (!writer) return false;
      await enqueueMail(tx, {
        to: writer.email,
        kind: 'pitch-report-digest',
        ...pitchReportDigestEmail(emailCtx, {
          name: writer.firstName || writer.name,
          weekFrom: weekStart,
          weekTo: isoDay(new Date(to.getTime() - DAY_MS)),
          url: pageUrl(emailCtx, PAGE_PATHS.songwriterDashboard),
          songs: songs.map((s) => {
            const holds = s.responses.filter((r) => r.response === 'hold');
            return {
              title: s.title,
              listeners: s.listeners,
              plays: s.plays,
              averageDepthPercent: s.averageDepthPercent,
              holds: holds.length,
              passes: s.responses.length - holds.length,
              holdCompanies: holds.flatMap((r) => (r.company ? [r.company] : [])),
            };
          }),
        }),
      });
      return true;
    });
    if (queued) sent += 1;
  }
  return sent;
}

/** The housekeeping job: checks now and then hourly for last week's digests still to send. The clock is given, for tests. */
export function startPitchReportDigests({
  db,
  emailCtx,
  logger,
  intervalMs = DIGEST_CHECK_MS,
  now = () => new Date(),
}: {
  db: Db;
  emailCtx: EmailContext;
  logger: Logger | undefined;
  intervalMs?: number;
  now?: () => Date;
}): PeriodicJob {
  return startPeriodicJob({
    intervalMs,
    async run() {
      const sent = await sendWeeklyDigests({ db, emailCtx, now: now() });
      if (sent > 0) logger?.info({ sent }, 'queued weekly pitch report digests');
    },
    onError: (error) => logger?.error({ err: error }, 'sending weekly pitch report digests failed'),
  });
}
