import { and, desc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { packagePriceCents, type PackageSize } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import { checkoutReturnPath, claimOrdersPath, PAGE_PATHS } from '../../../common/routes';
import type { CompletedCheckout, PaymentProvider } from '../../adapters/payments';
import type { Db, DbOrTx } from '../../db/client';
import { orders, paymentEvents, songReviews, songwriterProfiles, songwriterQuestionnaires, userRoles } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { emailIs } from '../../lib/email-match';
import { signToken, verifyToken } from '../../lib/signed-token';
import { enqueueMail } from '../../adapters/mail/outbox';
import { claimOrdersEmail } from '../../emails/claim-orders';
import { claimOrdersNoneEmail } from '../../emails/claim-orders-none';
import { orderPaidEmail } from '../../emails/order-paid';
import { pageUrl, type EmailContext } from '../../emails/layout';
import type { Actor } from '../accounts/accounts.service';
import { isPaidOrder } from './paid-orders';

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

/** Creates a pending order for the songwriter (profile and questionnaire done) and a checkout session for it. */
export async function startCheckout({
  db,
  payments,
  actor,
  packageSize,
  publicUrl,
}: {
  db: Db;
  payments: PaymentProvider;
  actor: Actor;
  packageSize: PackageSize;
  publicUrl: string;
}): Promise<{ orderId: string; url: string }> {
  await assertOnboarded(db, actor.id);
  const [order] = await db
    .insert(orders)
    .values({
      songwriterId: actor.id,
      packageSize,
      amountPaidCents: 0,
      paymentStatus: 'pending',
      paymentProvider: payments.kind,
      customerEmail: actor.email,
      customerName: actor.name || null,
    })
    .returning({ id: orders.id });
  const checkout = await payments.createCheckout({
    orderId: order!.id,
    packageSize,
    customerEmail: actor.email,
    successUrl: `${publicUrl}${checkoutReturnPath()}`,
    cancelUrl: `${publicUrl}${PAGE_PATHS.songwriterOrder}`,
  });
  await db.update(orders).set({ checkoutSessionId: checkout.sessionId }).where(eq(orders.id, order!.id));
  const url = checkout.url.startsWith('/') ? `${publicUrl}${checkout.url}` : checkout.url;
  return { orderId: order!.id, url };
}

export type FulfilOutcome = 'paid' | 'duplicate-event' | 'already-paid' | 'created-unclaimed' | 'not-paid' | 'unknown-package';

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
    const sendReceipt = async (to: string | null, packageSize: number, amountCents: number, claimed: boolean) => {
      if (to) await enqueueMail(tx, { to, kind: 'order-paid', ...orderPaidEmail(emailCtx, { packageSize, amountCents, claimed }) });
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
      if (order.paymentStatus !== 'pending') return 'already-paid';
      const amountPaidCents = checkout.amountTotalCents || packagePriceCents(order.packageSize as PackageSize);
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
      await sendReceipt(customerEmail, order.packageSize, amountPaidCents, order.songwriterId !== null);
      return 'paid';
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
  return {
    sessionId,
    orderId: order.id,
    packageSize: order.packageSize,
    amountCents: packagePriceCents(order.packageSize as PackageSize),
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
  if (checkout.paymentStatus !== 'pending') throw new AppError('CONFLICT', m.alreadyPaid);
  await fulfilCheckout({
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
  return { redirectTo: checkoutReturnPath(sessionId) };
}

const paid = isPaidOrder();

/** Links the paid order of a checkout session to the songwriter (it may already be theirs). */
export async function claimBySession({ db, actor, sessionId }: { db: Db; actor: Actor; sessionId: string }) {
  const rows = await db
    .update(orders)
    .set({ songwriterId: actor.id })
    .where(and(eq(orders.checkoutSessionId, sessionId), paid, or(isNull(orders.songwriterId), eq(orders.songwriterId, actor.id))))
    .returning({ id: orders.id });
  if (rows.length > 0) return { claimed: rows.length, awaitingPayment: false };
  // The provider's return can beat its payment notice by seconds or minutes: the order this songwriter's
  // checkout made is still pending, so the page waits for it rather than offering to claim by e-mail.
  const [waiting] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.checkoutSessionId, sessionId), eq(orders.paymentStatus, 'pending'), eq(orders.songwriterId, actor.id)));
  return { claimed: 0, awaitingPayment: Boolean(waiting) };
}

/** Links every unclaimed paid order bought with this e-mail; callers make sure the e-mail is the songwriter's. */
export async function claimByVerifiedEmail({ db, actor, email }: { db: DbOrTx; actor: Pick<Actor, 'id'>; email: string }) {
  const rows = await db
    .update(orders)
    .set({ songwriterId: actor.id })
    .where(and(isNull(orders.songwriterId), paid, emailIs(orders.customerEmail, email)))
    .returning({ id: orders.id });
  return { claimed: rows.length };
}

export async function countUnclaimedByEmail(db: DbOrTx, email: string): Promise<number> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(isNull(orders.songwriterId), paid, emailIs(orders.customerEmail, email)));
  return rows.length;
}

/** The songwriter's paid orders, newest first, with what is left to submit. */
export async function listMyOrders({ db, actor }: { db: Db; actor: Actor }) {
  const rows = await db
    .select({
      id: orders.id,
      packageSize: orders.packageSize,
      songsSubmitted: orders.songsSubmitted,
      paymentStatus: orders.paymentStatus,
      amountPaidCents: orders.amountPaidCents,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
    })
    .from(orders)
    .where(and(eq(orders.songwriterId, actor.id), paid))
    .orderBy(desc(orders.createdAt));
  return rows.map((o) => ({ ...o, songsRemaining: o.packageSize - o.songsSubmitted }));
}

/** One of the songwriter's own paid orders; another songwriter's is "not found". */
export async function getMyOrder({ db, actor, orderId }: { db: Db; actor: Actor; orderId: string }) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.songwriterId, actor.id), paid));
  if (!order) throw new AppError('NOT_FOUND', m.orderNotFound);
  const submitted = await db
    .select({ songNumber: songReviews.songNumber, songTitle: songReviews.songTitle })
    .from(songReviews)
    .where(eq(songReviews.orderId, order.id));
  return {
    id: order.id,
    packageSize: order.packageSize,
    songsSubmitted: order.songsSubmitted,
    songsRemaining: order.packageSize - order.songsSubmitted,
    paymentStatus: order.paymentStatus,
    createdAt: order.createdAt,
    submitted,
  };
}

const CLAIM_PURPOSE = 'claim-orders';

/**
 * Claim by e-mail: the songwriter's own (verified) address claims at once; another address must be
 * confirmed first through a link sent to it, so nobody can claim orders paid by someone else.
 */
export async function requestClaimByEmail({
  db,
  actor,
  email,
  secret,
  emailCtx,
}: {
  db: Db;
  actor: Actor;
  email: string;
  secret: string;
  emailCtx: EmailContext;
}): Promise<{ claimed: number } | { confirmationSent: true }> {
  const address = email.trim().toLowerCase();
  const ownAddress = actor.emailVerified && address === actor.email.toLowerCase();
  const unclaimed = await countUnclaimedByEmail(db, address);
  // The account's own address: nothing to hide from its owner.
  if (ownAddress && unclaimed === 0) throw new AppError('NOT_FOUND', m.noOrders);
  if (ownAddress) return claimByVerifiedEmail({ db, actor, email: address });
  // Another address gets the same answer whether or not orders were paid with it; only its mailbox learns which.
  if (unclaimed === 0) {
    await enqueueMail(db, { to: address, kind: 'claim-orders-none', ...claimOrdersNoneEmail(emailCtx, { accountEmail: actor.email }) });
    return { confirmationSent: true };
  }
  const token = signToken(secret, CLAIM_PURPOSE, { userId: actor.id, email: address }, 3600);
  await enqueueMail(db, {
    to: address,
    kind: 'claim-orders',
    ...claimOrdersEmail(emailCtx, {
      url: pageUrl(emailCtx, claimOrdersPath(token)),
      accountEmail: actor.email,
    }),
  });
  return { confirmationSent: true };
}

export async function confirmClaimByEmail({ db, actor, token, secret }: { db: Db; actor: Actor; token: string; secret: string }) {
  const claims = verifyToken(secret, CLAIM_PURPOSE, token);
  if (!claims?.email || claims.userId !== actor.id) throw new AppError('FORBIDDEN', m.claimLinkInvalid);
  return claimByVerifiedEmail({ db, actor, email: claims.email });
}

/**
 * A songwriter whose e-mail is verified owns the orders paid with that address: runs after verification
 * and at sign-in, so paying first and signing up afterwards needs no claim box.
 */
export async function claimOrdersForVerifiedSongwriter(db: Db, user: { id: string; email: string; emailVerified: boolean }) {
  if (!user.emailVerified) return { claimed: 0 };
  const roles = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, user.id), eq(userRoles.role, 'songwriter')));
  if (roles.length === 0) return { claimed: 0 };
  return claimByVerifiedEmail({ db, actor: { id: user.id }, email: user.email });
}
