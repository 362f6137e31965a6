import { and, desc, eq, isNull } from 'drizzle-orm';
import { PRICE_PER_SONG_CENTS } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import type { Db } from '../../db/client';
import { orders, songReviews } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../accounts';
import { isPaidOrder } from './paid-orders';

const m = MESSAGES.songwriters;

const paid = isPaidOrder();

/** The songwriter's paid orders, newest first, with what is left to submit. */
export async function listMyOrders({ db, actor }: { db: Db; actor: Actor }) {
  const rows = await db
    .select({
      id: orders.id,
      packageSize: orders.packageSize,
      songsSubmitted: orders.songsSubmitted,
      paymentStatus: orders.paymentStatus,
      amountPaidCents: orders.amountPaidCents,
      creditAppliedCents: orders.creditAppliedCents,
      turnaroundBusinessDays: orders.turnaroundBusinessDays,
      songPriceCents: orders.songPriceCents,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
    })
    .from(orders)
    .where(and(eq(orders.songwriterId, actor.id), paid))
    .orderBy(desc(orders.createdAt));
  return rows.map(({ songPriceCents, ...o }) => ({
    ...o,
    fastReview: songPriceCents > PRICE_PER_SONG_CENTS,
    songsRemaining: o.packageSize - o.songsSubmitted,
  }));
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
    // A song's rewrite is not another song of the package.
    .where(and(eq(songReviews.orderId, order.id), isNull(songReviews.rewriteOf)));
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
