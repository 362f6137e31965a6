import { count } from 'drizzle-orm';
import type { Config } from '../../config';
import { createVerifiedAccount, findUserIdByEmail, grantRole } from '../../features/accounts/accounts.service';
import type { Db } from '../client';
import { users } from '../schema';
import type { Storage } from '../../adapters/storage/storage';
import { DEMO_SONGS } from './demo-catalogue';
import { makePreviewUser, makeSongwriter } from './factories';
import { makeSong } from './song-factories';

export interface DemoCredential {
  role: string;
  email: string;
  password: string;
}

export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@pitchroom.local', password: 'demo-admin-pitchroom' },
  preview: { email: 'preview@pitchroom.local', password: 'demo-preview-pitchroom' },
  songwriter: { email: 'songwriter@pitchroom.local', password: 'demo-songwriter-pitchroom' },
} as const;

/** Makes sure the configured first admin exists and holds the admin role. */
export async function ensureFirstAdmin(db: Db, admin: { email: string; password: string }): Promise<boolean> {
  const existing = await findUserIdByEmail(db, admin.email);
  if (existing) {
    await grantRole(db, existing, 'admin');
    return false;
  }
  await createVerifiedAccount({ db, email: admin.email, password: admin.password, name: 'Admin', roles: ['admin'] });
  return true;
}

/**
 * Seeds demo accounts and the demo catalogue into an empty database unless SEED_DEMO is off (always off in
 * production). Returns what to print. The songs are stored without audio, as "Processing": their audio takes a
 * minute to render, so storeDemoAudio (demo-songs.ts) adds it in the background once the site serves.
 */
export async function seedIfEmpty(db: Db, storage: Storage, config: Config): Promise<DemoCredential[]> {
  const [row] = await db.select({ n: count() }).from(users);
  const empty = (row?.n ?? 0) === 0;
  const printed: DemoCredential[] = [];

  if (config.admin) {
    const created = await ensureFirstAdmin(db, config.admin);
    if (created) printed.push({ role: 'admin', email: config.admin.email, password: '(ADMIN_PASSWORD)' });
  }
  if (!empty || config.seedDemo === false) return printed;
  if (!config.admin) {
    await createVerifiedAccount({ db, ...DEMO_ACCOUNTS.admin, name: 'Demo Admin', roles: ['admin'] });
    printed.push({ role: 'admin', ...DEMO_ACCOUNTS.admin });
  }
  await makePreviewUser(db, { ...DEMO_ACCOUNTS.preview, name: 'Dana Preview', company: 'Broadway & Demonbreun Publishing' });
  printed.push({ role: 'preview', ...DEMO_ACCOUNTS.preview });
  await makeSongwriter(db, { ...DEMO_ACCOUNTS.songwriter, username: 'demo-writer', firstName: 'Casey', lastName: 'Rivers' });
  printed.push({ role: 'songwriter', ...DEMO_ACCOUNTS.songwriter });

  const adminId = await findUserIdByEmail(db, config.admin?.email ?? DEMO_ACCOUNTS.admin.email);
  for (const [index, song] of DEMO_SONGS.entries())
    await makeSong(db, storage, adminId!, { ...song, orderIndex: index }, { audio: 'later' });
  return printed;
}
