import type { Db } from '../../db/client';
import { createVerifiedAccount, findUserIdByEmail, grantRole } from './accounts.service';

/** An account the server made at start, printed with its password (or where to find it). */
export interface CreatedAccount {
  role: string;
  email: string;
  password: string;
}

/** Makes sure an admin with this email exists and holds the admin role; true when the account was created. */
export async function ensureFirstAdmin(db: Db, admin: { email: string; password: string }): Promise<boolean> {
  const existing = await findUserIdByEmail(db, admin.email);
  if (existing) {
    await grantRole(db, existing, 'admin');
    return false;
  }
  await createVerifiedAccount({ db, email: admin.email, password: admin.password, name: 'Admin', roles: ['admin'] });
  return true;
}

/** The configured first admin (ADMIN_EMAIL, ADMIN_PASSWORD), made at start if missing; returns what to print. */
export async function ensureConfiguredAdmin(db: Db, admin: { email: string; password: string } | undefined): Promise<CreatedAccount[]> {
  if (!admin || !(await ensureFirstAdmin(db, admin))) return [];
  return [{ role: 'admin', email: admin.email, password: '(ADMIN_PASSWORD)' }];
}
