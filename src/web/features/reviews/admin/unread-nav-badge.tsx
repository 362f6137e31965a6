import { useQuery } from '@tanstack/react-query';
import { unreadReviewMessagesQuery } from './admin-reviews-api';
import { UnreadBadge } from './reviews-table';

/** The sidebar's red count of songwriter messages no admin has read (polled every 30 s); nothing when there are none. */
export function UnreadReviewMessagesBadge() {
  const unread = useQuery(unreadReviewMessagesQuery);
  const count = unread.data?.unread ?? 0;
  if (count === 0) return null;
  return <UnreadBadge count={count} className="ml-auto ring-1 ring-white/40" />;
}
