import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, userRoles, users, verifications } from '../../db/schema';
import { RESET_IDENTIFIER_PREFIX } from './credentials';

/** What better-auth's hooks ask of the accounts: each a question about the account behind a sign-in or a link. */

/** Records a sign-in on the account; the account as the linking after it needs it, if it still exists. */
export async function recordSignIn(db: Db, userId: string) {
  const [user] = await db
    .update(users)
    .set({ lastSignInAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id, email: users.email, emailVerified: users.emailVerified });
  return user;
}

export async function hasSongwriterRole(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'songwriter')));
  return Boolean(row);
}

/** Whether a password-reset link belongs to a songwriter, whose passwords have a longer minimum. */
export async function resetLinkIsSongwriters(db: Db, token: string): Promise<boolean> {
  const [row] = await db
    .select({ role: userRoles.role })
    .from(verifications)
    .innerJoin(userRoles, and(eq(userRoles.userId, verifications.value), eq(userRoles.role, 'songwriter')))
    .where(eq(verifications.identifier, `${RESET_IDENTIFIER_PREFIX}${token}`));
  return Boolean(row);
}

/** Whether the session with this token is one of the user's own. */
export async function ownsSession(db: Db, userId: string, token: string): Promise<boolean> {
  const [own] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.token, token), eq(sessions.userId, userId)));
  return Boolean(own);
}
