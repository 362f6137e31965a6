import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { PACKAGE_SIZES, packagePriceCents, type PaymentProvider } from '../../../common/constants';
import type { AccountCredit } from '../../../common/responses/orders';
import type { DbOrTx, Tx } from '../../db/client';
import { accountCredits, orders, pitchAgreements, songReviews, songwriterProfiles } from '../../db/schema';

/**
 * The review fee credited back when a pitch agreement is signed: what the songwriter paid for that song (the
 * order's charge shared over its songs, rounded down). A song whose order was paid with credit alone was paid
 * nothing and earns nothing, so a fee is never credited twice. One credit per agreement, whoever calls twice.
 */
export async function creditReviewFee(tx: DbOrTx, agreementId: string): Promise<void> {
  const [source] = await tx
    .select({ songwriterId: pitchAgreements.songwriterId, paid: orders.amountPaidCents, songs: orders.packageSize })
    .from(pitchAgreements)
    .innerJoin(songReviews, eq(songReviews.id, pitchAgreements.reviewId))
    .innerJoin(orders, eq(orders.id, songReviews.orderId))
    .where(eq(pitchAgreements.id, agreementId));
  if (!source) return;
  const amountCents = Math.floor(source.paid / source.songs);
  if (amountCents <= 0) return;
  await tx
    .insert(accountCredits)
    .values({ songwriterId: source.songwriterId, pitchAgreementId: agreementId, amountCents })
    .onConflictDoNothing({ target: accountCredits.pitchAgreementId });
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

/** The songwriter's unspent credit, and what it takes off each package. */
export async function getMyCredit({ db, songwriterId }: { db: DbOrTx; songwriterId: string }): Promise<AccountCredit> {
  const credits = await unspentCredits(db, songwriterId);
  return {
    availableCents: sum(credits),
    packages: PACKAGE_SIZES.map((packageSize) => {
      const listPriceCents = packagePriceCents(packageSize);
      const creditCents = sum(pickCredits(credits, listPriceCents));
      return { packageSize, listPriceCents, creditCents, dueCents: listPriceCents - creditCents };
    }),
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
