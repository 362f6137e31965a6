import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueueCounts } from '../../../../common/responses/admin';
import { api } from '../../../lib/api';
import { ADMIN_QUEUE_COUNTS_KEY } from '../../../lib/query-keys';

export type QueueName = keyof QueueCounts;

/** How often an open admin page asks again, as the unread-messages badge does. */
const QUEUE_COUNTS_REFETCH_MS = 30_000;

export const queueCountsQuery = queryOptions({
  queryKey: ADMIN_QUEUE_COUNTS_KEY,
  queryFn: ({ signal }) => api<QueueCounts>('/api/admin/queue-counts', { signal }),
  refetchInterval: QUEUE_COUNTS_REFETCH_MS,
});

/** What each count means, for screen readers and the tooltip. */
const MEANING: Record<QueueName, (n: number) => string> = {
  pendingPreviewRequests: (n) => `${n} ${n === 1 ? 'request' : 'requests'} to decide`,
  pendingComments: (n) => `${n} ${n === 1 ? 'comment' : 'comments'} awaiting approval`,
  overdueReviews: (n) => `${n} overdue ${n === 1 ? 'review' : 'reviews'}`,
  unreadPitchReplies: (n) => `${n} new ${n === 1 ? 'reply' : 'replies'}`,
};

/** A sidebar item's count of what waits in its queue; nothing while the queue is empty or the count unknown. */
export function QueueCountBadge({ queue }: { queue: QueueName }) {
  const counts = useQuery(queueCountsQuery);
  const count = counts.data?.[queue] ?? 0;
  if (count === 0) return null;
  return (
    <span
      title={MEANING[queue](count)}
      className="inline-flex min-w-5 items-center justify-center rounded-full bg-amber-300 px-1.5 py-0.5 text-xs font-bold leading-none text-stone-950"
    >
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">{MEANING[queue](count)}</span>
    </span>
  );
}
