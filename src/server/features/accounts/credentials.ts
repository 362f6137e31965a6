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
import { canonicalEmailSql } from '../../lib/canonical-email-sql';
import { signToken, verifyToken } from '../../lib/signed-token';
import { PAGE_PATHS } from '../../../common/routes';

/** better-auth keeps a reset link as a verification row `reset-password:<token>` whose value is the user's id. */
export const RESET_IDENTIFIER_PREFIX = 'reset-password:';
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
  await clearSignInAttempts(db, user.email);
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
 * Sign-in attempts for one address, from any number of network addresses: after 10 within 15 minutes that did
 * not sign in, the address's sign-in is locked for 15 minutes, the right password included. Each attempt is
 * counted before its password is checked, so attempts sent side by side cannot outrun the count. The count is
 * kept per address typed (in canonical form), whether or not an account has it, so the answer says nothing
 * about which addresses have accounts; only the owners of the address are e-mailed. A sign-in or a new
 * password ends it.
 */
export const SIGN_IN_LOCK = { failures: 10, windowSeconds: 15 * 60, lockSeconds: 15 * 60 } as const;

const signInKey = (email: string) => `app:sign-in-account:${canonicalEmail(email)}`;
const lockNoticeKey = (email: string) => `app:sign-in-lock-notice:${canonicalEmail(email)}`;

/**
 * Counts an attempt at signing in as `email` (one fixed window in the shared rate_limits table; its start moves
 * to the 10th attempt, so a lock lasts its full length) and says whether it may go on to the password check.
 */
export async function admitSignInAttempt(db: DbOrTx, email: string, now = Date.now()): Promise<boolean> {
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
  return (row?.count ?? 0) <= SIGN_IN_LOCK.failures;
}

/** True while the address's sign-in is locked: its 10 attempts were used, none of them signing in. */
export async function isSignInLocked(db: DbOrTx, email: string, now = Date.now()): Promise<boolean> {
  const [row] = await db
    .select({ count: rateLimits.count, since: rateLimits.lastRequest })
    .from(rateLimits)
    .where(eq(rateLimits.key, signInKey(email)));
  return Boolean(row && row.count >= SIGN_IN_LOCK.failures && row.since > now - SIGN_IN_LOCK.lockSeconds * 1000);
}

export async function clearSignInAttempts(db: DbOrTx, email: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, signInKey(email)));
}

/**
 * The owners of a locked address (the accounts whose address has its canonical form, usually one) get a reset
 * link, once a lock: whichever failed attempt claims the notice first sends it.
 */
export async function tellOwnersOfLock(db: Db, email: string, emailCtx: EmailContext, now = Date.now()): Promise<void> {
  const [claimed] = await db
    .insert(rateLimits)
    .values({ id: randomUUID(), key: lockNoticeKey(email), count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { lastRequest: now },
      setWhere: sql`${rateLimits.lastRequest} < ${now - SIGN_IN_LOCK.lockSeconds * 1000}`,
    })
    .returning({ id: rateLimits.id });
  if (!claimed) return;
  const owners = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(canonicalEmailSql(users.email), canonicalEmail(email)));
  for (const owner of owners) {
    const url = await createResetLink(db, owner.id, emailCtx.publicUrl);
    await enqueueMail(db, {
      to: owner.email,
      kind: 'sign-in-locked',
      ...signInLockedEmail(emailCtx, { url, minutes: SIGN_IN_LOCK.lockSeconds / 60 }),
    });
  }
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

/** How the cookie is set, by better-auth's sign-up and by ours alike. */
export const signUpCookieOptions = (secure: boolean) =>
  ({ httpOnly: true, secure, sameSite: 'Lax', path: SIGN_UP_COOKIE_PATH, maxAge: SIGN_UP_COOKIE_SECONDS }) as const;

export const signUpCookieValue = (secret: string, email: string) =>
  signToken(secret, SIGN_UP_PURPOSE, { email: email.trim().toLowerCase() }, SIGN_UP_COOKIE_SECONDS);

export function signUpCookieMatches(secret: string, value: string | null | undefined, email: string): boolean {
  if (!value) return false;
  return verifyToken(secret, SIGN_UP_PURPOSE, value)?.email === email.trim().toLowerCase();
}
