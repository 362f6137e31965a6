import { and, eq, isNotNull } from 'drizzle-orm';
import { PRICE_PER_SONG_CENTS, REVIEW_DUE_BUSINESS_DAYS, type PackageSize } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import type { StartedCheckout } from '../../../common/responses/orders';
import { checkoutReturnPath, PAGE_PATHS } from '../../../common/routes';
import { enqueueMail } from '../../adapters/mail/outbox';
import type { PaymentProvider } from '../../adapters/payments';
import type { Db } from '../../db/client';
import { orders, songwriterProfiles, songwriterQuestionnaires } from '../../db/schema';
import type { EmailContext } from '../../emails/layout';
import { orderPaidEmail } from '../../emails/order-paid';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../accounts';
import { fastReviewOffer } from '../settings';
import { applyCredit, creditHolderSessions } from './credits.service';

const m = MESSAGES.songwriters;

/** Step 4 comes after steps 2 and 3: the server holds to the order the sign-up pages show. */
async function assertOnboarded(db: Db, userId: string): Promise<void> {
  const [ready] = await db
    .select({ userId: songwriterProfiles.userId })
    .from(songwriterProfiles)
    .innerJoin(songwriterQuestionnaires, eq(songwriterQuestionnaires.userId, songwriterProfiles.userId))
    .where(and(eq(songwriterProfiles.userId, userId), isNotNull(songwriterProfiles.completedAt)));
  if (!ready) throw new AppError('CONFLICT', m.onboardingIncomplete);
}

/**
 * Creates a pending order for the songwriter (profile and questionnaire done), takes their account credit off
 * its price (credits.service.ts), and opens a checkout for the rest. A package the credit pays in full is paid
 * at once, with nothing to charge and no checkout (decision 0041). Checkouts holding the credit are closed
 * at the provider first, and only the credit of those really closed is taken.
 */
export async function startCheckout({
  db,
  payments,
  actor,
  packageSize,
  fastReview = false,
  publicUrl,
  emailCtx,
}: {
  db: Db;
  payments: PaymentProvider;
  actor: Actor;
  packageSize: PackageSize;
  /** The faster review at the price and turnaround the settings offer now (decision 0095). */
  fastReview?: boolean;
  publicUrl: string;
  emailCtx: EmailContext;
}): Promise<StartedCheckout> {
  await assertOnboarded(db, actor.id);
  const { songPriceCents, turnaroundBusinessDays } = await turnaroundOf(db, fastReview);
  const listPriceCents = packageSize * songPriceCents;
  const expiredHolders = await expireHolderCheckouts(db, payments, actor.id);
  const { orderId, creditCents } = await db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        songwriterId: actor.id,
        packageSize,
        songPriceCents,
        turnaroundBusinessDays,
        amountPaidCents: 0,
        paymentStatus: 'pending',
        paymentProvider: payments.kind,
        customerEmail: actor.email,
        customerName: actor.name || null,
      })
      .returning({ id: orders.id });
    const credit = await applyCredit(tx, { songwriterId: actor.id, orderId: order!.id, listPriceCents, expiredHolders });
    if (credit.creditCents === listPriceCents) {
      await tx.update(orders).set({ paymentStatus: 'paid', paidAt: new Date() }).where(eq(orders.id, order!.id));
      await enqueueMail(tx, {
        to: actor.email,
        kind: 'order-paid',
        ...orderPaidEmail(emailCtx, { packageSize, amountCents: 0, creditCents: credit.creditCents, claimed: true }),
      });
    }
    return { orderId: order!.id, ...credit };
  });
  if (creditCents === listPriceCents) return { orderId, url: `${publicUrl}${PAGE_PATHS.songwriterDashboard}`, paidWithCredit: true };

  const checkout = await payments.createCheckout({
    orderId,
    packageSize,
    songPriceCents,
    fastReview,
    creditCents,
    customerEmail: actor.email,
    successUrl: `${publicUrl}${checkoutReturnPath()}`,
    cancelUrl: `${publicUrl}${PAGE_PATHS.songwriterOrder}`,
  });
  const recorded = await db
    .update(orders)
    .set({ checkoutSessionId: checkout.sessionId })
    .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'pending')))
    .returning({ id: orders.id });
  if (recorded.length === 0) {
    // A newer checkout of the same songwriter took this order's credit while its session was being made.
    await payments.expireCheckout(checkout.sessionId);
    throw new AppError('CONFLICT', MESSAGES.credits.checkoutReplaced);
  }
  const url = checkout.url.startsWith('/') ? `${publicUrl}${checkout.url}` : checkout.url;
  return { orderId, url, paidWithCredit: false };
}

/** The price of each song's review and its turnaround: the standard ones, or the faster review's as offered now. */
async function turnaroundOf(db: Db, fastReview: boolean): Promise<{ songPriceCents: number; turnaroundBusinessDays: number }> {
  if (!fastReview) return { songPriceCents: PRICE_PER_SONG_CENTS, turnaroundBusinessDays: REVIEW_DUE_BUSINESS_DAYS };
  const offer = await fastReviewOffer(db);
  if (!offer) throw new AppError('CONFLICT', MESSAGES.credits.fastReviewUnavailable);
  return { songPriceCents: offer.priceCents, turnaroundBusinessDays: offer.businessDays };
}

/**
 * Expires, before the checkout's transaction, the sessions of the songwriter's pending orders holding credit,
 * and answers those really expired: only their credit may move (decision 0041). A session that completed is
 * paid, its webhook on the way, and keeps its credit. A failure to reach the provider fails this checkout
 * before anything is written, rather than charging it without a credit that may still be free.
 */
async function expireHolderCheckouts(db: Db, payments: PaymentProvider, songwriterId: string): Promise<string[]> {
  const holders = (await creditHolderSessions(db, songwriterId)).filter((o) => o.paymentProvider === payments.kind);
  const expired = await Promise.all(holders.map((o) => payments.expireCheckout(o.checkoutSessionId)));
  return holders.filter((_, i) => expired[i]).map((o) => o.id);
}
