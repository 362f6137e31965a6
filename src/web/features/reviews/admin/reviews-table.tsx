import { Link, useNavigate } from 'react-router';
import { PAGE_PATHS, pathTo } from '../../../../common/routes';
import { ReviewStatusBadge } from '../review-status-badge';
import { RewriteBadge } from '../rewrite/rewrite-badge';
import { formatDate } from '../../../lib/format';
import { COMPANY_TIME_ZONE, type ReviewListTab } from '../../../../common/constants';
import { dayIn, daysBetween } from '../../../../common/days';
import * as MESSAGES from '../../../../common/messages';
import type { AdminReviewRow } from './admin-reviews-api';
import { DataTable } from '../../../components/data-table';
import { EmailText } from '../../../components/email-text';

/** "1 unread message", "3 unread messages" */
export const unreadText = (n: number) => `${n} unread ${n === 1 ? 'message' : 'messages'}`;

/** A red count with its meaning spelled out for screen readers. */
export function UnreadBadge({ count, className }: { count: number; className?: string }) {
  return (
    <span
      className={`inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 py-0.5 text-xs font-bold leading-none text-white ${className ?? ''}`}
    >
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">{unreadText(count)}</span>
    </span>
  );
}

const r = MESSAGES.rubric;

/** "due in 3 days" or "overdue by 2 days", counted in Nashville days, with the date under it. */
function DueCell({ dueOn }: { dueOn: string }) {
  const daysLeft = daysBetween(dayIn(COMPANY_TIME_ZONE, new Date()), dueOn);
  return (
    <>
      <span className={daysLeft < 0 ? 'font-semibold text-destructive' : undefined}>{r.dueText(daysLeft)}</span>
      <p className="whitespace-nowrap text-xs text-muted-foreground">{formatDate(`${dueOn}T12:00:00`)}</p>
    </>
  );
}

/** One row per review; the title is the link (keyboard users), the whole row is clickable (mouse users). */
export function ReviewsTable({ rows, tab }: { rows: AdminReviewRow[]; tab: ReviewListTab }) {
  const navigate = useNavigate();
  return (
    <DataTable
      label="Reviews"
      caption={tab === 'pending' ? 'Reviews to write, soonest due first' : 'Sent reviews, latest first'}
      tableClassName="min-w-[860px]"
      columns={
        tab === 'pending'
          ? ['Song', 'Songwriter', 'Email', 'Submitted', 'Due', 'Status', 'Messages']
          : ['Song', 'Songwriter', 'Email', 'Submitted', 'Status', 'Verdict', 'Messages']
      }
    >
      {rows.map((row) => {
        const to = pathTo(PAGE_PATHS.adminSongwriterReview, { id: row.id });
        return (
          <tr key={row.id} onClick={() => void navigate(to)} className="cursor-pointer border-b border-border last:border-0 hover:bg-muted">
            <td className="px-4 py-3">
              <Link to={to} className="font-medium text-primary hover:underline" onClick={(event) => event.stopPropagation()}>
                {row.songTitle}
              </Link>
              <p className="text-xs text-muted-foreground">Song {row.songNumber}</p>
              {row.round > 1 && (
                <div className="mt-1 grid gap-0.5">
                  <RewriteBadge />
                  {row.reviewerEmail && <p className="text-xs text-muted-foreground">For {row.reviewerEmail}</p>}
                </div>
              )}
            </td>
            <td className="px-4 py-3">{row.songwriterName}</td>
            <td className="px-4 py-3">
              <EmailText email={row.songwriterEmail} />
            </td>
            <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">{formatDate(row.createdAt)}</td>
            {tab === 'pending' && (
              <td className="whitespace-nowrap px-4 py-3">
                <DueCell dueOn={row.dueOn} />
              </td>
            )}
            <td className="px-4 py-3">
              <ReviewStatusBadge status={row.status} />
              {row.reviewedAt && row.status === 'reviewed' && (
                <p className="mt-1 whitespace-nowrap text-xs text-muted-foreground">Sent {formatDate(row.reviewedAt)}</p>
              )}
            </td>
            {tab === 'completed' && <td className="px-4 py-3 text-sm">{row.verdict ? r.verdicts[row.verdict] : '—'}</td>}
            <td className="px-4 py-3">{row.unreadMessages > 0 && <UnreadBadge count={row.unreadMessages} />}</td>
          </tr>
        );
      })}
    </DataTable>
  );
}
