import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ORDER_PAYMENT_STATUSES, PAYMENT_PROVIDERS, PRICE_PER_SONG_CENTS, REVIEW_DUE_BUSINESS_DAYS } from '../../../common/constants';
import { users } from './auth';
import { createdAt, id, oneOf, updatedAt } from './helpers';

/** A review package. Money is integer cents. songwriter_id is null until the order is claimed. */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    songwriterId: text('songwriter_id').references(() => users.id, { onDelete: 'set null' }),
    packageSize: integer('package_size').notNull(),
    amountPaidCents: integer('amount_paid_cents').notNull().default(0),
    /** Account credit (a review fee credited back) taken off the package's price: list price = paid + credit. */
    creditAppliedCents: integer('credit_applied_cents').notNull().default(0),
    /** The price of each song's review when bought: the standard price, or the faster review's (decision 0095). */
    songPriceCents: integer('song_price_cents').notNull().default(PRICE_PER_SONG_CENTS),
    /** Business days (America/Chicago) each song's review is due after it arrives, as promised when bought. */
    turnaroundBusinessDays: integer('turnaround_business_days').notNull().default(REVIEW_DUE_BUSINESS_DAYS),
    paymentStatus: text('payment_status', { enum: ORDER_PAYMENT_STATUSES }).notNull().default('pending'),
    songsSubmitted: integer('songs_submitted').notNull().default(0),
    customerName: text('customer_name'),
    customerEmail: text('customer_email'),
    paymentProvider: text('payment_provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    checkoutSessionId: text('checkout_session_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_checkout_session_unique').on(t.paymentProvider, t.checkoutSessionId),
    index('orders_songwriter_created_idx').on(t.songwriterId, t.createdAt.desc()),
    index('orders_status_idx').on(t.paymentStatus),
    index('orders_created_at_idx').on(t.createdAt.desc()),
    index('orders_unclaimed_email_idx')
      .on(sql`lower(${t.customerEmail})`)
      .where(sql`${t.songwriterId} is null`),
    check('orders_package_size_check', sql`${t.packageSize} between 1 and 4`),
    check('orders_amount_check', sql`${t.amountPaidCents} >= 0`),
    check('orders_credit_applied_check', sql`${t.creditAppliedCents} >= 0`),
    check('orders_song_price_check', sql`${t.songPriceCents} > 0`),
    check('orders_turnaround_check', sql`${t.turnaroundBusinessDays} between 1 and ${sql.raw(String(REVIEW_DUE_BUSINESS_DAYS))}`),
    check('orders_status_check', oneOf(t.paymentStatus, ORDER_PAYMENT_STATUSES)),
    check('orders_provider_check', oneOf(t.paymentProvider, PAYMENT_PROVIDERS)),
    check('orders_songs_submitted_check', sql`${t.songsSubmitted} between 0 and ${t.packageSize}`),
  ],
);

/** Payment-provider events already processed: fulfilment is idempotent by event id. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
  type: text('type').notNull(),
  receivedAt: createdAt(),
});
