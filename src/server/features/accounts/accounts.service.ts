import { randomUUID } from 'node:crypto';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Role } from '../../../common/constants';
import type { MeResponse } from '../../../common/responses';
import type { Db, DbOrTx } from '../../db/client';
import { accounts, previewRequests, userRoles, users } from '../../db/schema';
import { hashPassword, passwordProblem } from '../../lib/passwords';
import { AppError } from '../../lib/app-error';
import { emailIs } from '../../lib/email-match';

/** The signed-in user as services see them. */
export interface Actor {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  roles: ReadonlySet<Role>;
}

export async function rolesOf(db: DbOrTx, userId: string): Promise<Set<Role>> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return new Set(rows.map((r) => r.role));
}

export async function grantRole(db: DbOrTx, userId: string, role: Role): Promise<void> {
  await db.insert(userRoles).values({ userId, role }).onConflictDoNothing();
}

export async function revokeRole(db: DbOrTx, userId: string, role: Role): Promise<void> {
  await db.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)));
}

/** The caller's flags; hasPreviewRequest matches by user id or e-mail. */
export async function getMe({ db, actor }: { db: Db; actor: Actor | null }): Promise<MeResponse> {
  if (!actor) return { user: null, isAdmin: false, isPreview: false, isSongwriter: false, hasPreviewRequest: false };
  const [request] = await db
    .select({ id: previewRequests.id })
    .from(previewRequests)
    .where(or(eq(previewRequests.userId, actor.id), eq(sql`lower(${previewRequests.email})`, actor.email.toLowerCase())))
    .limit(1);
  return {
    user: { id: actor.id, email: actor.email, name: actor.name, emailVerified: actor.emailVerified },
    isAdmin: actor.roles.has('admin'),
    isPreview: actor.roles.has('preview'),
    isSongwriter: actor.roles.has('songwriter'),
    hasPreviewRequest: Boolean(request),
  };
}

/**
 * Creates a pre-verified account and its roles in one transaction (admin-made accounts, the first admin,
 * demo data, test factories). Self-registration goes through better-auth's sign-up and verification instead.
 * The rows are better-auth's own: a user, and a "credential" account holding the Argon2id hash.
 */
export async function createVerifiedAccount({
  db,
  email,
  password,
  name = '',
  roles = [],
}: {
  db: DbOrTx;
  email: string;
  password: string;
  name?: string;
  roles?: Role[];
}): Promise<{ id: string; email: string }> {
  const normalised = email.trim().toLowerCase();
  // Every way an account gets a password keeps the rules of sign-up: its role's minimum, the common-password list.
  const problem = passwordProblem(password, { songwriter: roles.includes('songwriter') });
  if (problem) throw new AppError('INVALID', problem, { password: [problem] });
  const passwordHash = await hashPassword(password);
  const run = async (tx: DbOrTx) => {
    if (await findUserIdByEmail(tx, normalised)) {
      throw new AppError('CONFLICT', 'An account with this email already exists.');
    }
    const id = randomUUID();
    await tx.insert(users).values({ id, email: normalised, name, emailVerified: true });
    await tx.insert(accounts).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: passwordHash });
    for (const role of roles) await grantRole(tx, id, role);
    return { id, email: normalised };
  };
  return db.transaction(run);
}

export async function findUserIdByEmail(db: DbOrTx, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(emailIs(users.email, email));
  return row?.id;
}
