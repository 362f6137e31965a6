/**
 * Pages that other work items build. Links to them are real already and show the 404 page until the
 * page lands; then move the path into PAGE_PATHS (src/common/routes.ts) and import it from there.
 */
export const PLANNED_PATHS = {
  /** ?order_id=<id>: the songs of a paid order (the songwriter dashboard links here). */
  submitSong: '/submit-song',
  /** A review and its conversation (the songwriter dashboard links here). */
  songwriterReview: '/songwriter/review/:reviewId',
} as const;
