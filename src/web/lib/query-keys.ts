/**
 * Query-key roots shared by more than one feature. Admin changes to songs or comments invalidate the
 * catalogue's cached pages through these, without the features importing each other.
 */
export const CATALOGUE_KEY = ['songs'] as const;
export const ADMIN_SONGS_KEY = ['admin', 'songs'] as const;
export const ADMIN_COMMENTS_KEY = ['admin', 'comments'] as const;
