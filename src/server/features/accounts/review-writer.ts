import { and, eq, isNull } from 'drizzle-orm';
import * as MESSAGES from '../../../common/messages';
import type { DbOrTx } from '../../db/client';
import { type songReviews, userRoles, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Actor } from './accounts.service';

// Who may write a review is a rule about admins and their roles, read by the reviews and by a brief's screening
// of a review's song; it sits here, below both, so neither reaches into the other.
const m = MESSAGES.rewrites;

type ReviewRow = typeof songReviews.$inferSelect;

/**
 * A rewrite goes to the admin who sent its first review: only they write its review, while they are an admin.
 * Once they are not (role taken away, account gone), any admin may. Null when `actor` may write it.
 */
export async function reviewerOtherThan(db: DbOrTx, review: Pick<ReviewRow, 'reviewerId'>, actor: Actor): Promise<string | null> {
  if (review.reviewerId === null || review.reviewerId === actor.id) return null;
  const [reviewer] = await db
    .select({ email: users.email })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, 'admin')))
    .where(and(eq(users.id, review.reviewerId), isNull(users.deletedAt)));
  return reviewer?.email ?? null;
}

/** Refuses the review's writing (draft, send, notes) to any admin but the rewrite's reviewer. */
export async function assertMayWriteReview(db: DbOrTx, review: Pick<ReviewRow, 'reviewerId'>, actor: Actor): Promise<void> {
  const reviewer = await reviewerOtherThan(db, review, actor);
  if (reviewer !== null) throw new AppError('FORBIDDEN', m.notYours(reviewer));
}
