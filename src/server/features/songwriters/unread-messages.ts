import { and, eq, sql, type SQL } from 'drizzle-orm';
import { reviewMessages } from '../../db/schema';

/**
 * The messages of a review's conversation `viewerId` has yet to read: unread, and sent by the other side (or a
 * deleted account). The songwriter's dashboard counts them, so the rule sits here, below reviews (which takes its
 * songwriters' names from this feature), and opening a review marks them read.
 */
export function unreadBy(viewerId: string): SQL | undefined {
  return and(eq(reviewMessages.read, false), sql`${reviewMessages.senderId} is distinct from ${viewerId}`);
}
