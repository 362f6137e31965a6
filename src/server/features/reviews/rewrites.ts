import { eq } from 'drizzle-orm';
import { REWRITE, RUBRIC_CATEGORIES } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import type { RubricScore, ScoreChange } from '../../../common/responses/reviews';
import type { DbOrTx } from '../../db/client';
import { songReviews } from '../../db/schema';

const m = MESSAGES.rewrites;
const DAY_MS = 86_400_000;

type ReviewRow = typeof songReviews.$inferSelect;

/** The round of a review: 1 for a first review, 2 for the review of its rewrite. */
export const roundOf = (review: Pick<ReviewRow, 'rewriteOf'>): 1 | 2 => (review.rewriteOf === null ? 1 : REWRITE.round);

/** The last moment a rewrite of a review sent at `reviewedAt` is taken: 90 days of the server's clock later. */
export const rewriteDeadline = (reviewedAt: Date): Date => new Date(reviewedAt.getTime() + REWRITE.windowDays * DAY_MS);

/**
 * Why the songwriter may not send a rewrite of this review now, or null when they may. In the order that tells
 * them most: a review not yet sent reveals nothing of its draft verdict.
 */
export function rewriteRefusal(review: ReviewRow, hasRewrite: boolean, now: Date): string | null {
  if (review.rewriteOf !== null) return m.isTheRewrite;
  if (review.status !== 'reviewed' || !review.reviewedAt) return m.notSentYet;
  if (hasRewrite) return m.alreadySent;
  if (review.verdict !== 'rewrite_suggested') return m.notRewriteVerdict;
  if (now.getTime() > rewriteDeadline(review.reviewedAt).getTime()) return m.windowClosed;
  return null;
}

/** A first review's rewrite, if the songwriter sent one. */
export async function rewriteOfReview(db: DbOrTx, reviewId: string) {
  const [row] = await db
    .select({ id: songReviews.id, status: songReviews.status, dueOn: songReviews.dueOn, createdAt: songReviews.createdAt })
    .from(songReviews)
    .where(eq(songReviews.rewriteOf, reviewId));
  return row ?? null;
}

/** Each category's score in the first review and in the rewrite's, in the rubric's order. */
export function scoreChanges(before: RubricScore[], after: RubricScore[]): ScoreChange[] {
  const score = (scores: RubricScore[], category: string) => scores.find((s) => s.category === category)?.score ?? null;
  return RUBRIC_CATEGORIES.map((category) => ({ category, before: score(before, category), after: score(after, category) }));
}
