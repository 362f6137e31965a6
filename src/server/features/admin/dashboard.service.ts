import { asc, avg, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { COMPANY_TIME_ZONE, REVIEW_RUBRIC } from '../../../common/constants';
import { queryRows, type Db } from '../../db/client';
import { reviewRatings, songReviews, users } from '../../db/schema';
import { companyToday } from '../submissions';
import { isPaidOrder } from '../orders';
import { songwritersNeedingService } from './needs-service';

/**
 * The cards in one aggregate query. Overdue Reviews counts reviews not yet sent whose due day (in Nashville)
 * has passed; Late Reviews Credited the late reviews whose fee was credited back this month. Need Service counts songwriters with a
 * paid order still owed songs, or a review still pending. Distinct counts are written as counts of a
 * DISTINCT subquery: PostgreSQL hashes those instead of sorting (1M plays: 31 ms instead of 144 ms).
 */
export async function getDashboardStats(db: Db, now = new Date()) {
  const today = companyToday(now);
  const [row] = await queryRows<{
    total_users: number;
    total_songs: number;
    active_songs: number;
    total_customers: number;
    need_service: number;
    preview_users: number;
    active_this_week: number;
    pending_comments: number;
    overdue_reviews: number;
    pending_preview_requests: number;
    unread_pitch_replies: number;
    late_reviews_credited: number;
    briefs_awaiting_approval: number;
    overdue_screenings: number;
  }>(
    db,
    sql`
    select
      -- Late reviews credited back this month, the month as it is in Nashville (decision 0094).
      (select count(*) from account_credits where late_review_id is not null
        and created_at >= (${`${today.slice(0, 7)}-01`}::timestamp at time zone ${COMPANY_TIME_ZONE}))::int as late_reviews_credited,
      -- Kept by triggers (migration 0008): one row each instead of 100,000 users and a week of plays.
      -- Less the deleted accounts' rows kept for their records (decision 0047), counted on their partial index.
      (coalesce((select rows from row_counts where table_name = 'users'), 0)
        - (select count(*) from users where deleted_at is not null))::int as total_users,
      (select count(*) from songs)::int as total_songs,
      (select count(*) from songs where is_active)::int as active_songs,
      (select count(*) from (select distinct songwriter_id from orders
        where songwriter_id is not null and ${isPaidOrder(sql`payment_status`)}) as paying)::int as total_customers,
      (select count(*) from ${songwritersNeedingService} as needing)::int as need_service,
      (select count(*) from user_roles where role = 'preview')::int as preview_users,
      (select count(*) from listener_last_plays where last_played_at >= now() - interval '7 days')::int as active_this_week,
      (select count(*) from briefs where state = 'awaiting_approval')::int as briefs_awaiting_approval,
      (select count(*) from brief_answers a join briefs b on b.id = a.brief_id
         left join song_reviews r on r.id = a.submission_id
        where a.verdict is null and b.state = 'open' and coalesce(r.due_on, b.deadline_on) < ${today}::date)::int as overdue_screenings,
      ${queueCountColumns(today)}`,
  );
  if (!row) throw new Error('dashboard query returned no row');
  return {
    totalUsers: Number(row.total_users),
    totalSongs: Number(row.total_songs),
    activeSongs: Number(row.active_songs),
    totalCustomers: Number(row.total_customers),
    needService: Number(row.need_service),
    previewUsers: Number(row.preview_users),
    activeThisWeek: Number(row.active_this_week),
    pendingComments: Number(row.pending_comments),
    overdueReviews: Number(row.overdue_reviews),
    pendingPreviewRequests: Number(row.pending_preview_requests),
    unreadPitchReplies: Number(row.unread_pitch_replies),
    lateReviewsCreditedThisMonth: Number(row.late_reviews_credited),
    briefsAwaitingApproval: Number(row.briefs_awaiting_approval),
    overdueScreenings: Number(row.overdue_screenings),
  };
}

/** What waits for an admin, as columns: the dashboard's cards and the sidebar's counts read the same. */
const queueCountColumns = (today: string) => sql`
      (select count(*) from song_comments where not is_approved)::int as pending_comments,
      (select count(*) from song_reviews where status in ('pending', 'in_review') and due_on < ${today}::date)::int as overdue_reviews,
      (select count(*) from preview_requests where status = 'pending')::int as pending_preview_requests,
      (select count(*) from pitch_link_replies r join pitch_links l on l.id = r.pitch_link_id where r.read_at is null and l.kind = 'pitch')::int as unread_pitch_replies`;

/**
 * What waits for an admin, for the sidebar's counts: preview requests to decide, comments to approve, reviews
 * past their due day and pitch link replies no admin has seen. Each an indexed count, polled by every open admin page.
 */
export async function getQueueCounts(db: Db, now = new Date()) {
  const [row] = await queryRows<{
    pending_comments: number;
    overdue_reviews: number;
    pending_preview_requests: number;
    unread_pitch_replies: number;
  }>(db, sql`select ${queueCountColumns(companyToday(now))}`);
  if (!row) throw new Error('queue count query returned no row');
  return {
    pendingPreviewRequests: Number(row.pending_preview_requests),
    pendingComments: Number(row.pending_comments),
    overdueReviews: Number(row.overdue_reviews),
    unreadPitchReplies: Number(row.unread_pitch_replies),
  };
}

/** Plays per UTC day over the last 30 days (from song_play_days), days without plays included, oldest first. */
export async function getPlaysPerDay(db: Db, days = 30) {
  const rows = await queryRows<{ day: string; plays: number }>(
    db,
    sql`
    select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(p.plays, 0)::int as plays
    from generate_series((now() at time zone 'UTC')::date - ${days - 1}::int, (now() at time zone 'UTC')::date, interval '1 day') as d(day)
    left join song_play_days p on p.day = d.day::date
    order by d.day`,
  );
  return rows.map((r) => ({ day: r.day, plays: Number(r.plays) }));
}

export async function getNewestPendingReviews(db: Db, limit = 5) {
  return db
    .select({ id: songReviews.id, songTitle: songReviews.songTitle, createdAt: songReviews.createdAt, songwriterEmail: users.email })
    .from(songReviews)
    .innerJoin(users, eq(users.id, songReviews.songwriterId))
    .where(inArray(songReviews.status, ['pending']))
    .orderBy(sql`${songReviews.createdAt} desc`, asc(songReviews.id))
    .limit(limit);
}

/** How useful songwriters found their reviews: the average rating, how many, and the latest comments. */
export async function getReviewRatingSummary(db: Db) {
  const [totals] = await db.select({ average: avg(reviewRatings.rating), count: count() }).from(reviewRatings);
  const latestComments = await db
    .select({
      reviewId: reviewRatings.reviewId,
      songTitle: songReviews.songTitle,
      rating: reviewRatings.rating,
      comment: sql<string>`${reviewRatings.comment}`,
      createdAt: reviewRatings.createdAt,
    })
    .from(reviewRatings)
    .innerJoin(songReviews, eq(songReviews.id, reviewRatings.reviewId))
    .where(isNotNull(reviewRatings.comment))
    .orderBy(desc(reviewRatings.createdAt), asc(reviewRatings.reviewId))
    .limit(REVIEW_RUBRIC.latestRatingComments);
  return {
    average: totals?.average == null ? null : Math.round(Number(totals.average) * 10) / 10,
    count: totals?.count ?? 0,
    latestComments,
  };
}
