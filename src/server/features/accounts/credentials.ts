import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import { canonicalEmail } from '../../../common/email-canonical';
import { enqueueMail } from '../../adapters/mail/outbox';
import type { Db, DbOrTx } from '../../db/client';
import { rateLimits, users, verifications } from '../../db/schema';
import type { EmailContext } from '../../emails/layout';
import { passwordChangedEmail } from '../../emails/password-changed';
import { signInLockedEmail } from '../../emails/sign-in-locked';
import { AUTH_BASE_PATH } from '../../lib/app-routes';
import { signToken, verifyToken } from '../../lib/signed-token';
import { PAGE_PATHS } from '../../../common/routes';

/** better-auth keeps a reset link as a verification row `reset-password:<token>` whose value is the user's id. */
const RESET_IDENTIFIER_PREFIX = 'reset-password:';
const RESET_LINK_SECONDS = 3600;

/**
 * What follows every new password (a reset, a change, a songwriter's join with a longer one): every reset
 * link still out is void, the sign-in lock of the address ends, and the owner is told. Other sessions are
 * ended by better-auth itself (revokeSessionsOnPasswordReset; change-password is always sent with
 * revokeOtherSessions, see auth.ts).
 */
export async function afterPasswordChanged(db: DbOrTx, user: { id: string; email: string }, emailCtx: EmailContext): Promise<void> {
  await db
    .delete(verifications)
    .where(and(like(verifications.identifier, `${RESET_IDENTIFIER_PREFIX}%`), eq(verifications.value, user.id)));
  await clearSignInFailures(db, user.email);
  await enqueueMail(db, {
    to: user.email,
    kind: 'password-changed',
    ...passwordChangedEmail(emailCtx, { resetUrl: `${emailCtx.publicUrl}${PAGE_PATHS.forgotPassword}` }),
  });
}

/** A reset link as better-auth's request-password-reset makes one, for e-mails we send ourselves. */
export async function createResetLink(db: DbOrTx, userId: string, publicUrl: string, now = Date.now()): Promise<string> {
  const token = randomBytes(18).toString('base64url');
  await db.insert(verifications).values({
    id: randomUUID(),
    identifier: `${RESET_IDENTIFIER_PREFIX}${token}`,
    value: userId,
    expiresAt: new Date(now + RESET_LINK_SECONDS * 1000),
  });
  return `${publicUrl}${AUTH_BASE_PATH}/reset-password/${token}?callbackURL=${encodeURIComponent(PAGE_PATHS.resetPassword)}`;
}

// ---------------------------------------------------------------- the per-account sign-in lock

/**
 * Wrong passwords for one address, from any number of network addresses: the 10th within 15 minutes locks
 * the address's sign-in for 15 minutes, the right password included. The lock is kept per address typed
 * (in canonical form), whether or not an account has it, so the answer says nothing about which addresses
 * have accounts; only an account's owner is e-mailed. A new password ends the lock.
 */
export const SIGN_IN_LOCK = { failures: 10, windowSeconds: 15 * 60, lockSeconds: 15 * 60 } as const;

const signInKey = (email: string) => `app:sign-in-account:${canonicalEmail(email)}`;

export async function isSignInLocked(db: DbOrTx, email: string, now = Date.now()): Promise<boolean> {
  const [row] = await db
    .select({ count: rateLimits.count, since: rateLimits.lastRequest })
    .from(rateLimits)
    .where(eq(rateLimits.key, signInKey(email)));
  return Boolean(row && row.count >= SIGN_IN_LOCK.failures && row.since > now - SIGN_IN_LOCK.lockSeconds * 1000);
}

/**
 * Counts a wrong password (one fixed window in the shared rate_limits table; its start moves to the moment
 * of the lock, so the lock lasts its full length). True when this failure locked the address.
 */
export async function recordSignInFailure(db: DbOrTx, email: string, now = Date.now()): Promise<boolean> {
  const windowStart = now - SIGN_IN_LOCK.windowSeconds * 1000;
  const fresh = sql`${rateLimits.lastRequest} < ${windowStart}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ id: randomUUID(), key: signInKey(email), count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${fresh} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: sql`case when ${fresh} or ${rateLimits.count} + 1 = ${SIGN_IN_LOCK.failures} then ${now} else ${rateLimits.lastRequest} end`,
      },
    })
    .returning({ count: rateLimits.count });
  return row?.count === SIGN_IN_LOCK.failures;
}

export async function clearSignInFailures(db: DbOrTx, email: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, signInKey(email)));
}

/** The owner of a just-locked address (if it has an account) gets a reset link. */
export async function tellOwnerOfLock(db: Db, email: string, emailCtx: EmailContext): Promise<void> {
  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  if (!user) return;
  const url = await createResetLink(db, user.id, emailCtx.publicUrl);
  await enqueueMail(db, {
    to: user.email,
    kind: 'sign-in-locked',
    ...signInLockedEmail(emailCtx, { url, minutes: SIGN_IN_LOCK.lockSeconds / 60 }),
  });
}

// ---------------------------------------------------------------- the browser that signed up

/**
 * A verification link signs in only the browser that signed up: sign-up sets this cookie (the address,
 * signed), and a link opened without it verifies the address but leaves the browser signed out, so
 * nobody can sign a victim's browser in to an account of theirs by sending them its link.
 */
const SIGN_UP_PURPOSE = 'sign-up-browser';
export const SIGN_UP_COOKIE_SECONDS = 7 * 24 * 60 * 60;
export const SIGN_UP_COOKIE_PATH = `${AUTH_BASE_PATH}/verify-email`;
export const signUpCookieName = (secure: boolean) => `${secure ? '__Secure-' : ''}pitchroom.sign_up`;

export const signUpCookieValue = (secret: string, email: string) =>
  signToken(secret, SIGN_UP_PURPOSE, { email: email.trim().toLowerCase() }, SIGN_UP_COOKIE_SECONDS);

export function signUpCookieMatches(secret: string, value: string | null | undefined, email: string): boolean {
  if (!value) return false;
  return verifyToken(secret, SIGN_UP_PURPOSE, value)?.email === email.trim().toLowerCase();
}
