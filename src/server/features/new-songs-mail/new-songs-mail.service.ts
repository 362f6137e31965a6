import { and, asc, count, eq, gte, lt, sql } from 'drizzle-orm';
import * as MESSAGES from '../../../common/messages';
import { PAGE_PATHS, pathTo, unsubscribePath } from '../../../common/routes';
import { enqueueMail, listUnsubscribeHeaders } from '../../adapters/mail/outbox';
import { queryRows, type Db } from '../../db/client';
import { newSongsMailOptOuts, newSongsMails, songs, users } from '../../db/schema';
import { pageUrl, type EmailContext } from '../../emails/layout';
import { NEW_SONGS_LISTED_MAX, newSongsEmail } from '../../emails/new-songs';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import { startPeriodicJob, type PeriodicJob } from '../../lib/periodic-job';
import { signToken, verifyToken } from '../../lib/signed-token';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often the job looks for a week to send: hourly, so the e-mail goes out early on Monday (UTC). */
const CHECK_EVERY_MS = 60 * 60 * 1000;
/** The unsubscribe link's purpose (mixed into its key) and life: a year, as an old e-mail's link should still work. */
const UNSUBSCRIBE_PURPOSE = 'new-songs-unsubscribe';
const UNSUBSCRIBE_LINK_SECONDS = 365 * 24 * 3600;

/** The last whole week before `now`, Monday 00:00 UTC to the next Monday: the week an e-mail sent now is for. */
export function lastWeek(now: Date): { from: Date; to: Date; weekStart: string } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const sinceMonday = (new Date(today).getUTCDay() + 6) % 7;
  const to = new Date(today - sinceMonday * DAY_MS);
  const from = new Date(to.getTime() - 7 * DAY_MS);
  return { from, to, weekStart: from.toISOString().slice(0, 10) };
}

/** The link that turns the e-mail off for this buyer, without signing in. */
export const unsubscribeToken = (secret: string, userId: string, now = Date.now()) =>
  signToken(secret, UNSUBSCRIBE_PURPOSE, { userId }, UNSUBSCRIBE_LINK_SECONDS, now);

/** Where a mail service posts the one-click unsubscribe (the e-mail's List-Unsubscribe header), with the same token. */
const oneClickUrl = (emailCtx: EmailContext, token: string) =>
  pageUrl(emailCtx, `/api/new-songs-mail/unsubscribe/one-click?token=${encodeURIComponent(token)}`);

interface Recipient {
  id: string;
  email: string;
  name: string;
  since: Date;
}

/**
 * Buyers (preview users, not deleted, not opted out) without this week's e-mail yet, each with where their new
 * songs start: the end of what their last e-mail listed, or the week's start for a first one.
 */
async function recipients(db: Db, weekFrom: Date, weekStart: string): Promise<Recipient[]> {
  const rows = await queryRows<{ id: string; email: string; name: string; since: string | Date }>(
    db,
    sql`select u.id, u.email, u.name,
        coalesce((select max(m.covered_to) from new_songs_mails m where m.user_id = u.id), ${weekFrom.toISOString()}::timestamptz) as since
      from users u
      where u.deleted_at is null
        and exists (select 1 from user_roles r where r.user_id = u.id and r.role = 'preview')
        and not exists (select 1 from new_songs_mail_opt_outs o where o.user_id = u.id)
        and not exists (select 1 from new_songs_mails m where m.user_id = u.id and m.week_start = ${weekStart})
      order by u.id`,
  );
  return rows.map((r) => ({ ...r, since: new Date(r.since) }));
}

/**
 * Catalogue songs that entered the catalogue (were first published) in [since, to), the earliest first: the first
 * few to name, and how many in all. Not their rows' age: a signed or imported song is made long before it is listed.
 */
async function songsAdded(db: Db, since: Date, to: Date) {
  const window = and(eq(songs.isActive, true), gte(songs.publishedAt, since), lt(songs.publishedAt, to));
  const [listed, [total]] = await Promise.all([
    db
      .select({ title: songs.title, slug: songs.slug, genre: songs.genre })
      .from(songs)
      .where(window)
      .orderBy(asc(songs.publishedAt), asc(songs.title), asc(songs.id))
      .limit(NEW_SONGS_LISTED_MAX),
    db.select({ n: count() }).from(songs).where(window),
  ]);
  return { listed, total: total?.n ?? 0 };
}

/**
 * Queues each opted-in buyer's e-mail of the songs added since their last one, once a week: the (buyer, week) row
 * is written in the transaction that queues the e-mail, so a rerun, or a second server at the same moment, finds it
 * and sends nothing. No new songs, no e-mail (and no row: the next week's starts where the last e-mail ended).
 * Returns how many were queued.
 */
export async function sendNewSongsMails({ db, emailCtx, secret, now }: { db: Db; emailCtx: EmailContext; secret: string; now: Date }) {
  const week = lastWeek(now);
  let sent = 0;
  for (const buyer of await recipients(db, week.from, week.weekStart)) {
    const { listed, total } = await songsAdded(db, buyer.since, week.to);
    if (total === 0) continue;
    const queued = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(newSongsMails)
        .values({ userId: buyer.id, weekStart: week.weekStart, coveredTo: week.to, songCount: total, sentAt: now })
        .onConflictDoNothing()
        .returning({ userId: newSongsMails.userId });
      if (!claimed) return false;
      const token = unsubscribeToken(secret, buyer.id, now.getTime());
      await enqueueMail(tx, {
        to: buyer.email,
        kind: 'new-songs',
        headers: listUnsubscribeHeaders(oneClickUrl(emailCtx, token)),
        ...newSongsEmail(emailCtx, {
          name: buyer.name || 'there',
          total,
          songs: listed.map((s) => ({ title: s.title, genre: s.genre, url: pageUrl(emailCtx, pathTo(PAGE_PATHS.song, { slug: s.slug })) })),
          catalogueUrl: pageUrl(emailCtx, PAGE_PATHS.songs),
          unsubscribeUrl: pageUrl(emailCtx, unsubscribePath(token)),
        }),
      });
      return true;
    });
    if (queued) sent += 1;
  }
  return sent;
}

/** The housekeeping job: checks now and then hourly for last week's e-mails still to send. The clock is given, for tests. */
export function startNewSongsMails({
  db,
  emailCtx,
  secret,
  logger,
  intervalMs = CHECK_EVERY_MS,
  now = () => new Date(),
}: {
  db: Db;
  emailCtx: EmailContext;
  secret: string;
  logger: Logger | undefined;
  intervalMs?: number;
  now?: () => Date;
}): PeriodicJob {
  return startPeriodicJob({
    intervalMs,
    async run() {
      const sent = await sendNewSongsMails({ db, emailCtx, secret, now: now() });
      if (sent > 0) logger?.info({ sent }, 'queued weekly new-songs e-mails');
    },
    onError: (error) => logger?.error({ err: error }, 'sending weekly new-songs e-mails failed'),
  });
}

/** Whether the buyer gets the weekly e-mail. */
export async function getNewSongsMailSetting(db: Db, userId: string) {
  const [off] = await db
    .select({ userId: newSongsMailOptOuts.userId })
    .from(newSongsMailOptOuts)
    .where(eq(newSongsMailOptOuts.userId, userId));
  return { weekly: !off };
}

/** Turns the weekly e-mail on or off for the buyer. */
export async function setNewSongsMailSetting(db: Db, userId: string, weekly: boolean) {
  if (weekly) await db.delete(newSongsMailOptOuts).where(eq(newSongsMailOptOuts.userId, userId));
  else await db.insert(newSongsMailOptOuts).values({ userId }).onConflictDoNothing();
  return { weekly };
}

/** The e-mail's link: a token signed for this purpose turns the e-mail off for its buyer; anything else is refused. */
export async function unsubscribeByToken(db: Db, secret: string, token: string, now = Date.now()) {
  const userId = verifyToken(secret, UNSUBSCRIBE_PURPOSE, token, now)?.userId;
  if (!userId) throw new AppError('INVALID', MESSAGES.newSongsMail.badLink);
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), sql`${users.deletedAt} is null`));
  if (!user) throw new AppError('INVALID', MESSAGES.newSongsMail.badLink);
  return setNewSongsMailSetting(db, userId, false);
}
