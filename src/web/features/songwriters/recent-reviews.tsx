import type { UseQueryResult } from '@tanstack/react-query';
import { ChevronRight, MessageSquareText } from 'lucide-react';
import { Link } from 'react-router';
import type { ReviewStatus } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import { PAGE_PATHS, pathTo } from '../../../common/routes';
import { EmptyState } from '../../components/empty-state';
import { QueryState } from '../../components/query-state';
import { Badge, type BadgeProps } from '../../components/ui/badge';
import { Spinner } from '../../components/ui/spinner';
import { formatDate } from '../../lib/format';
import type { DashboardReview, DashboardReviews } from './songwriter-api';

const m = MESSAGES.songwriters;

export const STATUS: Record<ReviewStatus, { label: string; variant: BadgeProps['variant'] }> = {
  pending: { label: 'Pending', variant: 'warning' },
  in_review: { label: 'In review', variant: 'secondary' },
  reviewed: { label: 'Reviewed', variant: 'success' },
};

/** A reply: a message from the reviewer the songwriter has not read. A review itself is no reply. */
export const hasNewReply = (review: Pick<DashboardReview, 'unreadMessages'>): boolean => review.unreadMessages > 0;

/** A review sent and not yet opened. */
export const isNewReview = (review: Pick<DashboardReview, 'status' | 'readBySongwriter'>): boolean =>
  review.status === 'reviewed' && !review.readBySongwriter;

export function NewReplyBadge() {
  return <Badge>New Reply</Badge>;
}

/** What is new on one review: the review itself, unread replies, or both. */
export function NewOnReview({ review }: { review: Pick<DashboardReview, 'unreadMessages' | 'status' | 'readBySongwriter'> }) {
  return (
    <>
      {isNewReview(review) && <Badge>New review</Badge>}
      {hasNewReply(review) && <NewReplyBadge />}
    </>
  );
}

/** How many reviews Recent Reviews lists; every review is also under its order. */
export const RECENT_REVIEWS_SHOWN = 5;

/** The last five reviews (the page polls them every 30 s, see reviewsQuery). */
export function RecentReviews({ reviews }: { reviews: UseQueryResult<DashboardReviews> }) {
  return (
    <QueryState
      query={reviews}
      pending={<Spinner label="Loading your reviews…" className="py-8" />}
      errorTitle={m.reviewsLoadFailed}
      isEmpty={(data) => data.reviews.length === 0}
      empty={<EmptyState icon={MessageSquareText} message={m.noReviews} />}
    >
      {(data) => (
        <ul className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-card shadow-sm">
          {data.reviews.slice(0, RECENT_REVIEWS_SHOWN).map((review) => {
            const status = STATUS[review.status];
            return (
              <li key={review.id}>
                <Link
                  to={pathTo(PAGE_PATHS.songwriterReview, { reviewId: review.id })}
                  className="flex items-center gap-3 px-4 py-3 hover:bg-muted focus-visible:-outline-offset-2"
                >
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium">{review.songTitle}</p>
                    <p className="text-sm text-muted-foreground">
                      Song {review.songNumber} · submitted {formatDate(review.createdAt)}
                    </p>
                    <div className="mt-1.5 flex flex-wrap gap-1.5">
                      <Badge variant={status.variant}>{status.label}</Badge>
                      {review.round > 1 && <Badge variant="outline">{MESSAGES.rewrites.badge}</Badge>}
                      <NewOnReview review={review} />
                    </div>
                  </div>
                  <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </QueryState>
  );
}
