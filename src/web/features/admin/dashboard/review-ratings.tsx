import { Link } from 'react-router';
import { PAGE_PATHS, pathTo } from '../../../../common/routes';
import { formatDate } from '../../../lib/format';
import type { ReviewRatingSummary } from './dashboard-api';

/** How useful songwriters found their reviews: the average of their ratings and the latest comments. */
export function ReviewRatings({ summary }: { summary: ReviewRatingSummary }) {
  return (
    <div className="grid gap-4">
      <p>
        {summary.average === null ? (
          <span className="text-muted-foreground">No ratings yet.</span>
        ) : (
          <>
            <span className="font-display text-3xl font-bold tabular-nums">{summary.average.toFixed(1)}</span>
            <span className="text-muted-foreground">
              {' '}
              / 5 average from {summary.count} {summary.count === 1 ? 'rating' : 'ratings'}
            </span>
          </>
        )}
      </p>
      {summary.latestComments.length > 0 && (
        <ul aria-label="Latest rating comments" className="divide-y divide-border">
          {summary.latestComments.map((c) => (
            <li key={c.reviewId} className="py-3">
              <p className="whitespace-pre-wrap break-words text-sm">“{c.comment}”</p>
              <p className="mt-1 text-xs text-muted-foreground">
                {c.rating} of 5 ·{' '}
                <Link to={pathTo(PAGE_PATHS.adminSongwriterReview, { id: c.reviewId })} className="link">
                  {c.songTitle}
                </Link>{' '}
                · <time dateTime={c.createdAt}>{formatDate(c.createdAt)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
