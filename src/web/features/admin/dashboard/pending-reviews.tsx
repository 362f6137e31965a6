import { ChevronRight, FileAudio } from 'lucide-react';
import { Link } from 'react-router';
import { PAGE_PATHS, pathTo } from '../../../../common/routes';
import { formatDate } from '../../../lib/format';
import type { PendingReviewItem } from './dashboard-api';

/** The newest pending reviews, each a link to the review. */
export function PendingReviews({ reviews }: { reviews: PendingReviewItem[] }) {
  if (reviews.length === 0) {
    return (
      <p className="flex items-center gap-2 rounded-lg border border-dashed border-border px-4 py-6 text-sm text-muted-foreground">
        <FileAudio aria-hidden="true" className="size-4 shrink-0" />
        No songs are waiting for a review.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-border">
      {reviews.map((review) => (
        <li key={review.id}>
          <Link
            to={pathTo(PAGE_PATHS.adminSongwriterReview, { id: review.id })}
            className="group flex items-center gap-3 rounded-md px-2 py-3 hover:bg-muted"
          >
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium text-primary group-hover:underline">{review.songTitle}</span>
              <span className="block truncate text-sm text-muted-foreground">
                {review.songwriterEmail} · <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
              </span>
            </span>
            <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
