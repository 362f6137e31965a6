/**
 * Query-key roots shared by more than one feature. Admin changes to songs or comments invalidate the
 * catalogue's cached pages through these, without the features importing each other.
 */
export const CATALOGUE_KEY = ['songs'] as const;
export const ADMIN_SONGS_KEY = ['admin', 'songs'] as const;
export const ADMIN_COMMENTS_KEY = ['admin', 'comments'] as const;
/** The songwriter dashboard's reviews: opening a review (which marks it read) refreshes its New Reply badge. */
export const SONGWRITER_REVIEWS_KEY = ['songwriter', 'reviews'] as const;
/** Songwriter reviews in the admin area: the list, the sidebar's unread count and each review. */
export const ADMIN_REVIEWS_KEY = ['admin', 'reviews'] as const;
/** The admin sidebar's counts of what waits: a change to any of those queues refreshes them. */
export const ADMIN_QUEUE_COUNTS_KEY = ['admin', 'queue-counts'] as const;
