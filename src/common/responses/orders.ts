/** What the checkout, order, claim and payment routes answer. */
import { z } from 'zod';
import { ORDER_PAYMENT_STATUSES } from '../constants';
import { timestamp } from './common';

const paymentStatus = z.enum(ORDER_PAYMENT_STATUSES);

/** POST /api/songwriters/me/checkout: the pending order and the checkout page to open. */
export const StartedCheckoutSchema = z.object({
  orderId: z.string(),
  url: z.string(),
  /** The account credit paid the whole package: the order is paid already and `url` is the dashboard. */
  paidWithCredit: z.boolean(),
});
export type StartedCheckout = z.output<typeof StartedCheckoutSchema>;

/** One credit the songwriter was given: why (a late review, or a signed pitch agreement), for which song, and whether spent. */
export const CreditHistoryEntrySchema = z.object({
  id: z.string(),
  reason: z.enum(['late_review', 'pitch_agreement']),
  amountCents: z.number().int(),
  /** The song whose review fee came back; null once its review is gone. */
  songTitle: z.string().nullable(),
  /** Calendar days the review came after its due day; null for a pitch agreement's credit. */
  daysLate: z.number().int().nullable(),
  /** Taken by a paid order. */
  spent: z.boolean(),
  createdAt: timestamp,
});
export type CreditHistoryEntry = z.output<typeof CreditHistoryEntrySchema>;

const packagePrices = z.array(
  z.object({
    packageSize: z.number().int(),
    listPriceCents: z.number().int(),
    creditCents: z.number().int(),
    dueCents: z.number().int(),
  }),
);

/**
 * GET /api/songwriters/me/credit: the songwriter's unspent account credit (review fees credited back on signing
 * a pitch agreement or for a late review) and what it takes off each package: list price - credit = due; the
 * faster review when offered, with its packages; and every credit given, with its reason.
 */
export const AccountCreditSchema = z.object({
  availableCents: z.number().int(),
  packages: packagePrices,
  /** The faster review (decision 0095), null while the admin does not offer it. */
  fastReview: z.object({ priceCents: z.number().int(), businessDays: z.number().int(), packages: packagePrices }).nullable(),
  history: z.array(CreditHistoryEntrySchema),
});
export type AccountCredit = z.output<typeof AccountCreditSchema>;

/** A row of GET /api/songwriters/me/orders: paid and completed orders, newest first, with what is left to submit. */
export const SongwriterOrderSchema = z.object({
  id: z.string(),
  packageSize: z.number().int(),
  songsSubmitted: z.number().int(),
  songsRemaining: z.number().int(),
  paymentStatus,
  /** What was charged: the package's list price less the credit applied. */
  amountPaidCents: z.number().int(),
  creditAppliedCents: z.number().int(),
  /** Business days each song's review is due after it arrives: 10, or fewer for the faster review. */
  turnaroundBusinessDays: z.number().int(),
  fastReview: z.boolean(),
  createdAt: timestamp,
  paidAt: timestamp.nullable(),
});
export type SongwriterOrder = z.output<typeof SongwriterOrderSchema>;
export const SongwriterOrdersSchema = z.array(SongwriterOrderSchema);

/** GET /api/songwriters/me/orders/:id: a paid order and the songs submitted on it. */
export const SubmissionOrderSchema = z.object({
  id: z.string(),
  packageSize: z.number().int(),
  songsSubmitted: z.number().int(),
  songsRemaining: z.number().int(),
  paymentStatus,
  createdAt: timestamp,
  submitted: z.array(z.object({ songNumber: z.number().int(), songTitle: z.string() })),
});
export type SubmissionOrder = z.output<typeof SubmissionOrderSchema>;

/** How many paid orders a claim linked to the songwriter (POST /api/songwriters/me/claim-email/confirm). */
export const ClaimedOrdersSchema = z.object({ claimed: z.number().int() });
export type ClaimedOrders = z.output<typeof ClaimedOrdersSchema>;

/**
 * POST /api/songwriters/me/claim. awaitingPayment: the session's order is this songwriter's but not paid
 * yet (the provider's notice is late).
 */
export const SessionClaimResultSchema = ClaimedOrdersSchema.extend({ awaitingPayment: z.boolean() });
export type SessionClaimResult = z.output<typeof SessionClaimResultSchema>;

/** POST /api/songwriters/me/claim-email: claimed at once (the account's own address), or a confirmation link sent. */
export const EmailClaimResultSchema = z.union([ClaimedOrdersSchema, z.object({ confirmationSent: z.literal(true) })]);
export type EmailClaimResult = z.output<typeof EmailClaimResultSchema>;

/** GET /api/test-checkout/:sessionId: the order behind a session of the built-in test checkout. */
export const TestCheckoutSessionSchema = z.object({
  sessionId: z.string(),
  orderId: z.string(),
  packageSize: z.number().int(),
  listPriceCents: z.number().int(),
  /** Account credit taken off the list price. */
  creditAppliedCents: z.number().int(),
  /** What the Pay button charges: list price less credit. */
  amountCents: z.number().int(),
  paymentStatus,
  customerEmail: z.string().nullable(),
});
export type TestCheckoutSession = z.output<typeof TestCheckoutSessionSchema>;

/** POST /api/test-checkout/:sessionId/pay: where the songwriter goes next. */
export const TestCheckoutPaidSchema = z.object({ redirectTo: z.string() });
export type TestCheckoutPaid = z.output<typeof TestCheckoutPaidSchema>;

/**
 * What a checkout.session.completed delivery did to its order. 'paid-after-cancel': the order had been cancelled
 * for a newer checkout, yet its payment got through; it is recorded (decision 0041). 'cancelled': the built-in
 * test checkout of a cancelled order, which moves no money, stays unpaid.
 */
export const FULFIL_OUTCOMES = [
  'paid',
  'paid-after-cancel',
  'cancelled',
  'duplicate-event',
  'already-paid',
  'created-unclaimed',
  'not-paid',
  'unknown-package',
] as const;

/** POST /api/payments/stripe/webhook: received, and either ignored (another kind of event) or its outcome. */
export const StripeWebhookReceiptSchema = z.union([
  z.object({ received: z.literal(true), ignored: z.literal(true) }),
  z.object({ received: z.literal(true), outcome: z.enum(FULFIL_OUTCOMES) }),
]);
