import { and, eq, isNull, lt, lte } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import type { Logger } from '../../lib/logger';
import { emailIs } from '../../lib/email-match';
import { startPeriodicJob, type PeriodicJob } from '../../lib/periodic-job';

/** A verification link lives an hour (better-auth's emailVerification.expiresIn, auth.ts). */
export const VERIFICATION_LINK_SECONDS = 3600;
/** An account whose address nobody has confirmed is removed after a week, so nobody can hold an address. */
export const UNVERIFIED_ACCOUNT_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Removes every account never verified and older than a week (its roles, profile and sessions go with it;
 * an unverified account cannot sign in, pay or be linked to a request). A deleted account's row is not one:
 * it stays for the orders it holds. Returns how many.
 */
export async function removeStaleUnverifiedAccounts(db: DbOrTx, now: Date): Promise<number> {
  const removed = await db
    .delete(users)
    .where(
      and(
        eq(users.emailVerified, false),
        isNull(users.deletedAt),
        lt(users.createdAt, new Date(now.getTime() - UNVERIFIED_ACCOUNT_DAYS * DAY_MS)),
      ),
    )
    .returning({ id: users.id });
  return removed.length;
}

/**
 * An unverified account's `updatedAt` is when its newest verification link was sent (at sign-up, or asked for
 * again), so the account is stale only once that link has expired too.
 */
export async function markVerificationLinkSent(db: DbOrTx, email: string, now = new Date()): Promise<void> {
  await db
    .update(users)
    .set({ updatedAt: now })
    .where(and(emailIs(users.email, email), eq(users.emailVerified, false)));
}

/**
 * Frees an address held by an unverified account, for a new sign-up or an admin's account. By default only
 * once its newest verification link has expired (markVerificationLinkSent); an admin passes 0, vouching for
 * the address.
 */
export async function removeStaleUnverifiedAccount(
  db: DbOrTx,
  email: string,
  { olderThanMs = VERIFICATION_LINK_SECONDS * 1000, now = new Date() }: { olderThanMs?: number; now?: Date } = {},
): Promise<boolean> {
  const removed = await db
    .delete(users)
    .where(and(emailIs(users.email, email), eq(users.emailVerified, false), lte(users.updatedAt, new Date(now.getTime() - olderThanMs))))
    .returning({ id: users.id });
  return removed.length > 0;
}

/** The housekeeping job: removes stale unverified accounts now and then every interval. The clock is given, for tests. */
export function startUnverifiedAccountSweep({
  db,
  logger,
  intervalMs = 60 * 60 * 1000,
  now = () => new Date(),
}: {
  db: Db;
  logger: Logger | undefined;
  intervalMs?: number;
  now?: () => Date;
}): PeriodicJob {
  return startPeriodicJob({
    intervalMs,
    async run() {
      const removed = await removeStaleUnverifiedAccounts(db, now());
      if (removed > 0) logger?.info({ removed }, 'removed unverified accounts older than a week');
    },
    onError: (error) => logger?.error({ err: error }, 'removing unverified accounts failed'),
  });
}
