import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { PLACEMENT, PLACEMENT_STATUSES } from '../../../common/constants';
import { pitchAgreements } from './agreements';
import { songReviews } from './reviews';
import { users } from './auth';
import { createdAt, id, oneOf, updatedAt } from './helpers';
import { orders } from './orders';
import { songs } from './songs';

/**
 * A review fee credited back: when a pitch agreement is signed (one per agreement), or when a review was sent
 * after its due day (one per review, decision 0094). `order_id` is the order that takes it off its price, null
 * while the credit is unused; a pending order holds it until paid or cancelled.
 */
export const accountCredits = pgTable(
  'account_credits',
  {
    id: id(),
    songwriterId: text('songwriter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pitchAgreementId: uuid('pitch_agreement_id')
      .unique()
      .references(() => pitchAgreements.id, { onDelete: 'cascade' }),
    /** The review sent late whose fee this credit returns; the unique key makes concurrent sends credit once. */
    lateReviewId: uuid('late_review_id')
      .unique()
      .references(() => songReviews.id, { onDelete: 'cascade' }),
    /** Calendar days (America/Chicago) between the due day and the day the late review was sent. */
    daysLate: integer('days_late'),
    amountCents: integer('amount_cents').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('account_credits_songwriter_idx').on(t.songwriterId, t.createdAt),
    index('account_credits_order_idx').on(t.orderId),
    check('account_credits_amount_check', sql`${t.amountCents} > 0`),
    // Each credit has exactly one reason; a late review's says how late.
    check(
      'account_credits_reason_check',
      sql`(${t.pitchAgreementId} is null) <> (${t.lateReviewId} is null) and (${t.lateReviewId} is null) = (${t.daysLate} is null) and coalesce(${t.daysLate}, 1) > 0`,
    ),
  ],
);

/**
 * A placement of a pitched song: an artist's hold, cut or release, and the income received for it. The
 * commission is stored as computed from the signed agreement's rate when the income was recorded.
 */
export const placements = pgTable(
  'placements',
  {
    id: id(),
    songId: uuid('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'restrict' }),
    pitchAgreementId: uuid('pitch_agreement_id')
      .notNull()
      .references(() => pitchAgreements.id, { onDelete: 'restrict' }),
    artist: text('artist').notNull(),
    project: text('project'),
    label: text('label'),
    status: text('status', { enum: PLACEMENT_STATUSES }).notNull().default('on_hold'),
    releaseDate: date('release_date', { mode: 'string' }),
    incomeCents: integer('income_cents').notNull().default(0),
    commissionCents: integer('commission_cents').notNull().default(0),
    recordedBy: text('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('placements_song_idx').on(t.songId, t.createdAt.desc()),
    index('placements_agreement_idx').on(t.pitchAgreementId),
    check('placements_status_check', oneOf(t.status, PLACEMENT_STATUSES)),
    check('placements_artist_check', sql`char_length(${t.artist}) between 1 and ${sql.raw(String(PLACEMENT.artistMax))}`),
    check('placements_project_check', sql`${t.project} is null or char_length(${t.project}) <= ${sql.raw(String(PLACEMENT.projectMax))}`),
    check('placements_label_check', sql`${t.label} is null or char_length(${t.label}) <= ${sql.raw(String(PLACEMENT.labelMax))}`),
    check('placements_income_check', sql`${t.incomeCents} between 0 and ${sql.raw(String(PLACEMENT.incomeMaxCents))}`),
    check('placements_commission_check', sql`${t.commissionCents} between 0 and ${t.incomeCents}`),
  ],
);

/** The weekly pitch-report e-mails sent: one per songwriter and week (its Monday, UTC), so a rerun sends none twice. */
export const pitchReportDigests = pgTable(
  'pitch_report_digests',
  {
    songwriterId: text('songwriter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.songwriterId, t.weekStart] })],
);
