import { asc, eq, isNull } from 'drizzle-orm';
import type { Logger } from '../../lib/logger';
import { COMPANY_TIME_ZONE, REVIEW_DUE_BUSINESS_DAYS } from '../../../common/constants';
import { dayIn } from '../../../common/days';
import type { Db } from '../../db/client';
import { songReviews } from '../../db/schema';
import { addBusinessDays } from '../../lib/business-days';

/** The day a review is due: 10 business days after the day (in Nashville) the song arrived. */
export function reviewDueOn(arrivedAt: Date): string {
  return addBusinessDays(dayIn(COMPANY_TIME_ZONE, arrivedAt), REVIEW_DUE_BUSINESS_DAYS);
}

/** Today in Nashville, the day due dates are counted against. */
export const companyToday = (now = new Date()) => dayIn(COMPANY_TIME_ZONE, now);

/**
 * Reviews submitted before due dates were stored get theirs, from when they arrived. Runs at start; the
 * migration cannot do it, as the holidays come from a library.
 */
export async function backfillReviewDueDates({ db, logger }: { db: Db; logger: Logger }) {
  const rows = await db
    .select({ id: songReviews.id, createdAt: songReviews.createdAt })
    .from(songReviews)
    .where(isNull(songReviews.dueOn))
    .orderBy(asc(songReviews.createdAt));
  for (const row of rows) {
    await db
      .update(songReviews)
      .set({ dueOn: reviewDueOn(row.createdAt) })
      .where(eq(songReviews.id, row.id));
  }
  if (rows.length > 0) logger.info({ reviews: rows.length }, 'due dates filled in for reviews submitted before they were stored');
}
