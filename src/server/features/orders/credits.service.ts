import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { COMPANY_TIME_ZONE, PACKAGE_SIZES, PRICE_PER_SONG_CENTS, type PaymentProvider } from '../../../common/constants';
import { dayIn, daysBetween } from '../../../common/days';
import type { AccountCredit, CreditHistoryEntry } from '../../../common/responses/orders';
import type { DbOrTx, Tx } from '../../db/client';
import { accountCredits, orders, pitchAgreements, songReviews, songwriterProfiles } from '../../db/schema';
import { fastReviewOffer } from '../settings';

/**
 * The review fee credited back when a pitch agreement is signed: what the songwriter paid for that song (the
 * order's charge shared over its songs, rounded down). A song whose order was paid with credit alone was paid
 * nothing and earns nothing, so a fee is never credited twice. One credit per agreement, whoever calls twice.
 */
export async function creditReviewFee(tx: DbOrTx, agreementId: string): Promise<void> {
  const [source] = await tx
    .select({
      songwriterId: pitchAgreements.songwriterId,
      paid: orders.amountPaidCents,
      songs: orders.packageSize,
      creditedLate: accountCredits.id,
    })
    .from(pitchAgreements)
    .innerJoin(songReviews, eq(songReviews.id, pitchAgreements.reviewId))
    .innerJoin(orders, eq(orders.id, songReviews.orderId))
    // A rewrite's fee is its first round's: a late first round already gave it back, whichever round is signed.
    .leftJoin(accountCredits, sql`${accountCredits.lateReviewId} = coalesce(${songReviews.rewriteOf}, ${songReviews.id})`)
    .where(eq(pitchAgreements.id, agreementId));
  // A fee already credited back because its review came late is not credited a second time (decision 0094).
  if (!source || source.creditedLate) return;
  const amountCents = Math.floor(source.paid / source.songs);
  if (amountCents <= 0) return;
  await tx
    .insert(accountCredits)
    .values({ songwriterId: source.songwriterId, pitchAgreementId: agreementId, amountCents })
    .onConflictDoNothing({ target: accountCredits.pitchAgreementId });
}

/**
 * The turnaround guarantee (decision 0094): a review first sent after its due day (America/Chicago) credits back
 * what the songwriter paid for it: the order's list price (money and credit spent on it) shared over its songs,
 * rounded down, so a faster review returns its higher price. Called in the send's transaction; the unique review
 * key makes it once per review whoever sends at once. Answers the credit made, or null (on time, free, or made
 * before). A rewrite is free, so it earns none.
 */
export async function creditLateReview(
  tx: DbOrTx,
  reviewId: string,
  sentAt: Date,
): Promise<{ amountCents: number; daysLate: number } | null> {
  const [review] = await tx
    .select({
      songwriterId: songReviews.songwriterId,
      dueOn: songReviews.dueOn,
      rewriteOf: songReviews.rewriteOf,
      paid: orders.amountPaidCents,
      credit: orders.creditAppliedCents,
      songs: orders.packageSize,
    })
    .from(songReviews)
    .innerJoin(orders, eq(orders.id, songReviews.orderId))
    .where(eq(songReviews.id, reviewId));
  if (!review?.dueOn || review.rewriteOf) return null;
  const daysLate = daysBetween(review.dueOn, dayIn(COMPANY_TIME_ZONE, sentAt));
  const amountCents = Math.floor((review.paid + review.credit) / review.songs);
  if (daysLate <= 0 || amountCents <= 0) return null;
  const made = await tx
    .insert(accountCredits)
    .values({ songwriterId: review.songwriterId, lateReviewId: reviewId, daysLate, amountCents, createdAt: sentAt })
    .onConflictDoNothing({ target: accountCredits.lateReviewId })
    .returning({ id: accountCredits.id });
  return made.length > 0 ? { amountCents, daysLate } : null;
}

/** Every credit the songwriter was given, newest first, with why and whether an order has taken it. */
export async function creditHistory(db: DbOrTx, songwriterId: string): Promise<CreditHistoryEntry[]> {
  const rows = await db
    .select({
      id: accountCredits.id,
      amountCents: accountCredits.amountCents,
      lateReviewId: accountCredits.lateReviewId,
      daysLate: accountCredits.daysLate,
      songTitle: songReviews.songTitle,
      spent: sql<boolean>`coalesce(${orders.paymentStatus} in ('paid', 'completed'), false)`,
      createdAt: accountCredits.createdAt,
    })
    .from(accountCredits)
    .leftJoin(pitchAgreements, eq(pitchAgreements.id, accountCredits.pitchAgreementId))
    .leftJoin(songReviews, eq(songReviews.id, sql`coalesce(${accountCredits.lateReviewId}, ${pitchAgreements.reviewId})`))
    .leftJoin(orders, eq(orders.id, accountCredits.orderId))
    .where(eq(accountCredits.songwriterId, songwriterId))
    .orderBy(desc(accountCredits.createdAt), desc(accountCredits.id));
  return rows.map((r) => ({
    id: r.id,
    reason: r.lateReviewId ? ('late_review' as const) : ('pitch_agreement' as const),
    amountCents: r.amountCents,
    songTitle: r.songTitle,
    daysLate: r.daysLate,
    spent: r.spent,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** A credit not spent: unused, or held by an order still waiting for its payment (a new checkout takes it over). */
const unspent = or(isNull(accountCredits.orderId), eq(orders.paymentStatus, 'pending'));

function unspentCredits(db: DbOrTx, songwriterId: string) {
  return db
    .select({ id: accountCredits.id, amountCents: accountCredits.amountCents, orderId: accountCredits.orderId })
    .from(accountCredits)
    .leftJoin(orders, eq(orders.id, accountCredits.orderId))
    .where(and(eq(accountCredits.songwriterId, songwriterId), unspent))
    .orderBy(asc(accountCredits.createdAt), asc(accountCredits.id));
}

/**
 * The credits a package of this list price takes, oldest first: whole credits only (each belongs to one order),
 * never more than the price. A credit that does not fit waits for a larger package.
 */
export function pickCredits<C extends { amountCents: number }>(credits: readonly C[], listPriceCents: number): C[] {
  const picked: C[] = [];
  let total = 0;
  for (const credit of credits) {
    if (total + credit.amountCents > listPriceCents) continue;
    picked.push(credit);
    total += credit.amountCents;
  }
  return picked;
}

const sum = (credits: readonly { amountCents: number }[]) => credits.reduce((n, c) => n + c.amountCents, 0);

/** The songwriter's unspent credit, what it takes off each package (standard, and faster when offered), and every credit given. */
export async function getMyCredit({ db, songwriterId }: { db: DbOrTx; songwriterId: string }): Promise<AccountCredit> {
  const credits = await unspentCredits(db, songwriterId);
  const packages = (songPriceCents: number) =>
    PACKAGE_SIZES.map((packageSize) => {
      const listPriceCents = packageSize * songPriceCents;
      const creditCents = sum(pickCredits(credits, listPriceCents));
      return { packageSize, listPriceCents, creditCents, dueCents: listPriceCents - creditCents };
    });
  const fast = await fastReviewOffer(db);
  return {
    availableCents: sum(credits),
    packages: packages(PRICE_PER_SONG_CENTS),
    fastReview: fast && { ...fast, packages: packages(fast.priceCents) },
    history: await creditHistory(db, songwriterId),
  };
}

/**
 * The songwriter's pending orders that hold credit on an open provider session: a Stripe order stays pending
 * until its webhook, possibly minutes after the customer paid, so its session must be expired before a newer
 * checkout may take its credit.
 */
export async function creditHolderSessions(
  db: DbOrTx,
  songwriterId: string,
): Promise<{ id: string; paymentProvider: PaymentProvider; checkoutSessionId: string }[]> {
  const rows = await db
    .selectDistinct({ id: orders.id, paymentProvider: orders.paymentProvider, checkoutSessionId: orders.checkoutSessionId })
    .from(accountCredits)
    .innerJoin(orders, eq(orders.id, accountCredits.orderId))
    .where(
      and(
        eq(accountCredits.songwriterId, songwriterId),
        eq(orders.paymentStatus, 'pending'),
        eq(orders.paymentProvider, 'stripe'),
        isNotNull(orders.checkoutSessionId),
      ),
    );
  return rows.map((r) => ({ ...r, checkoutSessionId: r.checkoutSessionId! }));
}

/**
 * Gives the new pending order the songwriter's unspent credit, up to its list price, inside the checkout's
 * transaction. The newest checkout wins: the songwriter's profile row is locked first, so concurrent checkouts
 * of one songwriter take their turn and each reads what the one before committed; a pending order that held
 * any of the credits is cancelled (its price counted on them), and the credits this order does not take are
 * released. A credit of a paid order is never read here: once spent it stays with that order.
 */
export async function applyCredit(
  tx: Tx,
  {
    songwriterId,
    orderId,
    listPriceCents,
    expiredHolders,
  }: { songwriterId: string; orderId: string; listPriceCents: number; expiredHolders: readonly string[] },
): Promise<{ creditCents: number }> {
  await tx
    .select({ userId: songwriterProfiles.userId })
    .from(songwriterProfiles)
    .where(eq(songwriterProfiles.userId, songwriterId))
    .for('update');
  const locked = await unspentCredits(tx, songwriterId).for('update', { of: accountCredits });
  if (locked.length === 0) return { creditCents: 0 };

  const holders = [...new Set(locked.flatMap((c) => (c.orderId ? [c.orderId] : [])))];
  const cancelled =
    holders.length === 0
      ? []
      : await tx
          .update(orders)
          .set({ paymentStatus: 'cancelled' })
          .where(
            and(
              inArray(orders.id, holders),
              eq(orders.paymentStatus, 'pending'),
              // A Stripe holder is cancelled only once its session was really expired (a completed one is paid,
              // its webhook on the way) or while it has none yet (that checkout then finds itself cancelled and
              // expires its own session). The test checkout refuses a cancelled order by itself.
              or(
                eq(orders.paymentProvider, 'test'),
                isNull(orders.checkoutSessionId),
                expiredHolders.length > 0 ? inArray(orders.id, [...expiredHolders]) : sql`false`,
              ),
            ),
          )
          .returning({ id: orders.id });
  // A holder paid meanwhile (its payment locked the order before this update reached it), or whose session
  // completed, keeps its credit.
  const cancelledIds = new Set(cancelled.map((o) => o.id));
  const credits = locked.filter((c) => c.orderId === null || cancelledIds.has(c.orderId));
  const picked = pickCredits(credits, listPriceCents);
  const pickedIds = new Set(picked.map((c) => c.id));
  const released = credits.filter((c) => !pickedIds.has(c.id) && c.orderId !== null).map((c) => c.id);
  if (released.length > 0) await tx.update(accountCredits).set({ orderId: null }).where(inArray(accountCredits.id, released));
  if (picked.length > 0)
    await tx
      .update(accountCredits)
      .set({ orderId })
      .where(inArray(accountCredits.id, [...pickedIds]));
  const creditCents = sum(picked);
  await tx.update(orders).set({ creditAppliedCents: creditCents }).where(eq(orders.id, orderId));
  return { creditCents };
}
