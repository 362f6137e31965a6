import { and, eq, or, sql } from 'drizzle-orm';
import type { PackageSize } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import type { FULFIL_OUTCOMES } from '../../../common/responses/orders';
import { checkoutReturnPath } from '../../../common/routes';
import type { CompletedCheckout } from '../../adapters/payments';
import { enqueueMail } from '../../adapters/mail/outbox';
import type { Db } from '../../db/client';
import { orders, paymentEvents } from '../../db/schema';
import type { EmailContext } from '../../emails/layout';
import { orderPaidEmail } from '../../emails/order-paid';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../accounts';

const m = MESSAGES.songwriters;

export type FulfilOutcome = (typeof FULFIL_OUTCOMES)[number];

/**
 * Marks an order paid from a verified payment event, once: the event id is recorded in the same
 * transaction (a redelivery changes nothing), and an order already paid for that session stays as it is
 * (a replayed session under a new event id creates nothing). A paid session we did not start (no order)
 * becomes a paid order without a songwriter, waiting to be claimed.
 */
export async function fulfilCheckout({
  db,
  checkout,
  emailCtx,
}: {
  db: Db;
  checkout: CompletedCheckout;
  emailCtx: EmailContext;
}): Promise<FulfilOutcome> {
  return db.transaction(async (tx) => {
    // The receipt is queued in the same transaction: it exists exactly when the payment was recorded.
    const sendReceipt = async (to: string | null, packageSize: number, amountCents: number, claimed: boolean, creditCents = 0) => {
      if (to)
        await enqueueMail(tx, { to, kind: 'order-paid', ...orderPaidEmail(emailCtx, { packageSize, amountCents, creditCents, claimed }) });
    };
    const recorded = await tx
      .insert(paymentEvents)
      .values({ eventId: checkout.eventId, provider: checkout.provider, type: 'checkout.session.completed' })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (recorded.length === 0) return 'duplicate-event';
    if (!checkout.paid) return 'not-paid';

    const [order] = await tx
      .select()
      .from(orders)
      .where(
        or(
          and(eq(orders.paymentProvider, checkout.provider), eq(orders.checkoutSessionId, checkout.sessionId)),
          checkout.orderId && /^[0-9a-f-]{36}$/i.test(checkout.orderId) ? eq(orders.id, checkout.orderId) : sql`false`,
        ),
      )
      .for('update');

    if (order) {
      if (order.paymentStatus === 'paid' || order.paymentStatus === 'completed') return 'already-paid';
      // The built-in test checkout moves no money: its cancelled order stays unpaid.
      if (order.paymentStatus === 'cancelled' && checkout.provider === 'test') return 'cancelled';
      // What was actually charged: the list price less any credit the checkout applied.
      const amountPaidCents = checkout.amountTotalCents;
      const customerEmail = checkout.customerEmail?.toLowerCase() ?? order.customerEmail;
      await tx
        .update(orders)
        .set({
          paymentStatus: 'paid',
          paidAt: new Date(),
          amountPaidCents,
          checkoutSessionId: checkout.sessionId,
          customerEmail,
          customerName: checkout.customerName ?? order.customerName,
        })
        .where(eq(orders.id, order.id));
      await sendReceipt(customerEmail, order.packageSize, amountPaidCents, order.songwriterId !== null, order.creditAppliedCents);
      // A cancelled order's session is expired when a newer checkout takes its credit, but a payment made just
      // before is still reported: the money is never refused, the order is paid (decision 0041).
      return order.paymentStatus === 'cancelled' ? 'paid-after-cancel' : 'paid';
    }

    if (!checkout.packageSize) return 'unknown-package';
    const customerEmail = checkout.customerEmail?.toLowerCase() ?? null;
    // Another event for the same new session may be inserting it right now: the unique session index
    // makes this one wait for it, then do nothing.
    const created = await tx
      .insert(orders)
      .values({
        songwriterId: null,
        packageSize: checkout.packageSize,
        amountPaidCents: checkout.amountTotalCents,
        paymentStatus: 'paid',
        paymentProvider: checkout.provider,
        checkoutSessionId: checkout.sessionId,
        customerEmail,
        customerName: checkout.customerName,
        paidAt: new Date(),
      })
      .onConflictDoNothing({ target: [orders.paymentProvider, orders.checkoutSessionId] })
      .returning({ id: orders.id });
    if (created.length === 0) return 'already-paid';
    await sendReceipt(customerEmail, checkout.packageSize, checkout.amountTotalCents, false);
    return 'created-unclaimed';
  });
}

/** The built-in test checkout: what the page shows, for the songwriter who started it. */
export async function getTestCheckout({ db, actor, sessionId }: { db: Db; actor: Actor; sessionId: string }) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.paymentProvider, 'test'), eq(orders.checkoutSessionId, sessionId), eq(orders.songwriterId, actor.id)));
  if (!order) throw new AppError('NOT_FOUND', m.checkoutNotFound);
  // The price each song was bought at: the standard one, or the faster review's.
  const listPriceCents = order.packageSize * order.songPriceCents;
  return {
    sessionId,
    orderId: order.id,
    packageSize: order.packageSize,
    listPriceCents,
    creditAppliedCents: order.creditAppliedCents,
    amountCents: listPriceCents - order.creditAppliedCents,
    paymentStatus: order.paymentStatus,
    customerEmail: order.customerEmail,
  };
}

/** The test checkout's Pay button: the server confirms and fulfils through fulfilCheckout. */
export async function payTestCheckout({
  db,
  actor,
  sessionId,
  emailCtx,
}: {
  db: Db;
  actor: Actor;
  sessionId: string;
  emailCtx: EmailContext;
}) {
  const checkout = await getTestCheckout({ db, actor, sessionId });
  if (checkout.paymentStatus === 'cancelled') throw new AppError('CONFLICT', MESSAGES.credits.checkoutCancelled);
  if (checkout.paymentStatus !== 'pending') throw new AppError('CONFLICT', m.alreadyPaid);
  const outcome = await fulfilCheckout({
    db,
    emailCtx,
    checkout: {
      provider: 'test',
      eventId: `test_evt_${crypto.randomUUID()}`,
      sessionId,
      paid: true,
      amountTotalCents: checkout.amountCents,
      customerEmail: checkout.customerEmail,
      customerName: actor.name || null,
      orderId: checkout.orderId,
      packageSize: checkout.packageSize as PackageSize,
    },
  });
  if (outcome === 'cancelled') throw new AppError('CONFLICT', MESSAGES.credits.checkoutCancelled);
  return { redirectTo: checkoutReturnPath(sessionId) };
}
