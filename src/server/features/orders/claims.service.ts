import { and, eq, isNull, or } from 'drizzle-orm';
import * as MESSAGES from '../../../common/messages';
import type { EmailClaimResult } from '../../../common/responses/orders';
import { claimOrdersPath } from '../../../common/routes';
import { enqueueMail } from '../../adapters/mail/outbox';
import type { Db, DbOrTx } from '../../db/client';
import { orders, userRoles } from '../../db/schema';
import { claimOrdersEmail } from '../../emails/claim-orders';
import { claimOrdersNoneEmail } from '../../emails/claim-orders-none';
import { pageUrl, type EmailContext } from '../../emails/layout';
import { AppError } from '../../lib/app-error';
import { emailIs } from '../../lib/email-match';
import { signToken, verifyToken } from '../../lib/signed-token';
import type { Actor } from '../accounts';
import { isPaidOrder } from './paid-orders';

const m = MESSAGES.songwriters;

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
}): Promise<EmailClaimResult> {
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
