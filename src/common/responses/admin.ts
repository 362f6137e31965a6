/** What the admin's dashboard, user, customer and reset routes answer. */
import { z } from 'zod';
import { ORDER_PAYMENT_STATUSES, ROLES } from '../constants';
import { USER_BADGES } from '../schemas/admin-ops';
import { paged, timestamp } from './common';

/** The dashboard's eight cards. */
export const DashboardStatsSchema = z.object({
  totalUsers: z.number().int(),
  totalSongs: z.number().int(),
  activeSongs: z.number().int(),
  totalCustomers: z.number().int(),
  needService: z.number().int(),
  previewUsers: z.number().int(),
  activeThisWeek: z.number().int(),
  pendingComments: z.number().int(),
  overdueReviews: z.number().int(),
  /** Preview requests waiting for an admin's decision. */
  pendingPreviewRequests: z.number().int(),
  /** Pitch link recipients' replies no admin has seen yet. */
  unreadPitchReplies: z.number().int(),
  /** Reviews sent after their due day whose fee was credited back, this month in Nashville (decision 0094). */
  lateReviewsCreditedThisMonth: z.number().int(),
  /** Briefs from buyers waiting for an admin's approval. */
  briefsAwaitingApproval: z.number().int(),
  /**
   * Answers to open briefs not yet screened past their due day: a new song's review due day, or for a
   * catalogue song the brief's deadline.
   */
  overdueScreenings: z.number().int(),
});
export type DashboardStats = z.output<typeof DashboardStatsSchema>;

/** One UTC day of plays (YYYY-MM-DD); the last 30 days, oldest first, days without plays included. */
export const DayPlaysSchema = z.object({ day: z.iso.date(), plays: z.number().int() });
export type DayPlays = z.output<typeof DayPlaysSchema>;

/** One of the newest pending reviews. */
export const PendingReviewItemSchema = z.object({
  id: z.string(),
  songTitle: z.string(),
  createdAt: timestamp,
  songwriterEmail: z.string(),
});
export type PendingReviewItem = z.output<typeof PendingReviewItemSchema>;

/** How useful songwriters found their reviews: the average of their 1-5 ratings (null before any), and the latest comments. */
export const ReviewRatingSummarySchema = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
  latestComments: z.array(
    z.object({ reviewId: z.string(), songTitle: z.string(), rating: z.number().int(), comment: z.string(), createdAt: timestamp }),
  ),
});
export type ReviewRatingSummary = z.output<typeof ReviewRatingSummarySchema>;

/** GET /api/admin/queue-counts: the sidebar's counts of what waits for an admin. */
export const QueueCountsSchema = z.object({
  pendingPreviewRequests: z.number().int(),
  pendingComments: z.number().int(),
  overdueReviews: z.number().int(),
  unreadPitchReplies: z.number().int(),
});
export type QueueCounts = z.output<typeof QueueCountsSchema>;

/** GET /api/admin/dashboard */
export const AdminDashboardSchema = z.object({
  stats: DashboardStatsSchema,
  playsPerDay: z.array(DayPlaysSchema),
  pendingReviews: z.array(PendingReviewItemSchema),
  reviewRatings: ReviewRatingSummarySchema,
});
export type AdminDashboard = z.output<typeof AdminDashboardSchema>;

/** A row of GET /api/admin/users; money in cents. `label` is the badge as the table shows it. */
export const AdminUserRowSchema = z.object({
  userId: z.string(),
  email: z.string(),
  emailConfirmed: z.boolean(),
  /** The account's own name: the only one a preview user or an admin has. */
  name: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  username: z.string().nullable(),
  orderCount: z.number().int(),
  totalSpentCents: z.number().int(),
  roles: z.array(z.enum(ROLES)),
  createdAt: timestamp,
  lastSignInAt: timestamp.nullable(),
  badge: z.enum(USER_BADGES),
  label: z.string(),
});
export type AdminUserRow = z.output<typeof AdminUserRowSchema>;
export const AdminUserPageSchema = paged(AdminUserRowSchema);
export type AdminUserPage = z.output<typeof AdminUserPageSchema>;

/** A row of GET /api/admin/customers: a songwriter with paid orders; money in cents. */
export const CustomerRowSchema = z.object({
  userId: z.string(),
  /** Null for a deleted account, whose paid orders are still totalled. */
  email: z.string().nullable(),
  deleted: z.boolean(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  username: z.string().nullable(),
  orderCount: z.number().int(),
  /** What was charged, net of account credit. */
  totalSpentCents: z.number().int(),
  /** Account credit (review fees credited back) taken off those orders. */
  totalCreditCents: z.number().int(),
  /** Reviews of theirs sent late, each credited back (decision 0094), and what those credits came to. */
  lateCredits: z.number().int(),
  lateCreditCents: z.number().int(),
  songsOwed: z.number().int(),
  lastOrderAt: timestamp,
  needsService: z.boolean(),
});
export type CustomerRow = z.output<typeof CustomerRowSchema>;
export const CustomerPageSchema = paged(CustomerRowSchema);
export type CustomerPage = z.output<typeof CustomerPageSchema>;

/** A row of GET /api/admin/customers/:userId/orders (paid and completed orders), newest first. */
export const CustomerOrderSchema = z.object({
  id: z.string(),
  packageSize: z.number().int(),
  songsSubmitted: z.number().int(),
  paymentStatus: z.enum(ORDER_PAYMENT_STATUSES),
  /** What was charged, net of account credit. */
  amountPaidCents: z.number().int(),
  creditAppliedCents: z.number().int(),
  createdAt: timestamp,
  pendingReviews: z.number().int(),
});
export type CustomerOrder = z.output<typeof CustomerOrderSchema>;
export const CustomerOrdersSchema = z.array(CustomerOrderSchema);

/** What a reset removed, named as the reset's report names them. */
export const RESET_COUNT_KEYS = [
  'orders_unlinked',
  'review_messages_deleted',
  'song_reviews_deleted',
  'profiles_deleted',
  'questionnaires_deleted',
  'roles_deleted',
  'files_deleted',
] as const;
export type ResetCountKey = (typeof RESET_COUNT_KEYS)[number];

const resetCounts = Object.fromEntries(RESET_COUNT_KEYS.map((key) => [key, z.number().int()])) as Record<ResetCountKey, z.ZodNumber>;

/** POST /api/admin/reset-songwriter when a songwriter was reset. */
export const ResetDoneSchema = z.object({
  deleted: z.literal(true),
  message: z.string(),
  email: z.string(),
  userId: z.string(),
  ...resetCounts,
});
export type ResetDone = z.output<typeof ResetDoneSchema>;

/** POST /api/admin/reset-songwriter: a reset, or why nothing was (no such account, or nothing of a songwriter's). */
/** GET /api/admin/reset-songwriter: who a reset of the address would start over, and what would go. */
export const ResetSongwriterPreviewSchema = z.object({
  email: z.string(),
  name: z.string(),
  reviews: z.number().int(),
  messages: z.number().int(),
  orders: z.number().int(),
});
export type ResetSongwriterPreview = z.output<typeof ResetSongwriterPreviewSchema>;

export const ResetSongwriterResultSchema = z.discriminatedUnion('deleted', [
  ResetDoneSchema,
  z.object({ deleted: z.literal(false), message: z.string(), email: z.string() }),
]);
export type ResetSongwriterResult = z.output<typeof ResetSongwriterResultSchema>;
