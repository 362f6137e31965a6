import path from 'node:path';
import { count } from 'drizzle-orm';
import { createStorage, type Storage } from '../../adapters/storage/storage';
import { ConfigError, type Config } from '../../config';
import { createVerifiedAccount, findUserIdByEmail } from '../../features/accounts/accounts.service';
import { ensureConfiguredAdmin, type CreatedAccount } from '../../features/accounts/first-admin';
import { lockDataDir } from '../../lib/data-dir-lock';
import { openDatabase, type Db } from '../client';
import { users } from '../schema';
import { demoAudioJob, renderDemoAudio, type DemoAudioLength } from './demo-audio';
import { DEMO_SONGS } from './demo-catalogue';
import { makePreviewUser, makeSongwriter } from './factories';
import { makeSong } from './song-factories';

/**
 * The demo data `npm start` puts in an empty database before the server starts (scripts/seed-demo.ts). None of
 * this is part of the server: it runs from the sources, and the server bundle never imports it.
 */

export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@pitchroom.local', password: 'demo-admin-pitchroom' },
  preview: { email: 'preview@pitchroom.local', password: 'demo-preview-pitchroom' },
  songwriter: { email: 'songwriter@pitchroom.local', password: 'demo-songwriter-pitchroom' },
} as const;

export interface DemoSeedSettings {
  /** False under SEED_DEMO=off, and always in production. */
  seed: boolean;
  audio: DemoAudioLength;
}

/** SEED_DEMO=off skips the demo data; DEMO_AUDIO=full renders whole songs instead of short clips. */
export function demoSeedSettings(env: NodeJS.ProcessEnv): DemoSeedSettings {
  const seedDemo = env.SEED_DEMO || undefined;
  if (seedDemo && !['on', 'off', 'true', 'false', '1', '0'].includes(seedDemo)) throw new ConfigError('SEED_DEMO is on or off.');
  if (env.DEMO_AUDIO && !['full', 'short'].includes(env.DEMO_AUDIO)) throw new ConfigError('DEMO_AUDIO is full or short.');
  const production = env.NODE_ENV === 'production';
  // The demo accounts' passwords are printed in the README.
  if (production && seedDemo && ['on', 'true', '1'].includes(seedDemo))
    throw new ConfigError(
      'SEED_DEMO cannot be on in production: demo accounts are never created there. Remove SEED_DEMO or set it to off.',
    );
  return {
    seed: !production && !['off', 'false', '0'].includes(seedDemo ?? ''),
    audio: env.DEMO_AUDIO === 'full' ? 'full' : 'short',
  };
}

/**
 * Seeds the demo accounts and the demo catalogue, its songs' audio rendered first, into an empty database.
 * Returns what to print. With a configured admin, that account owns the catalogue in place of the demo admin.
 */
export async function seedIfEmpty(
  db: Db,
  storage: Storage,
  { admin, dataDir, audio }: Pick<Config, 'admin' | 'dataDir'> & { audio: DemoAudioLength },
): Promise<CreatedAccount[]> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return [];
  const rendered = await Promise.all(
    renderDemoAudio(
      DEMO_SONGS.map((song) => demoAudioJob(song, audio)),
      { cacheDir: path.join(dataDir, 'demo-audio') },
    ),
  );

  const printed = await ensureConfiguredAdmin(db, admin);
  if (!admin) {
    await createVerifiedAccount({ db, ...DEMO_ACCOUNTS.admin, name: 'Demo Admin', roles: ['admin'] });
    printed.push({ role: 'admin', ...DEMO_ACCOUNTS.admin });
  }
  await makePreviewUser(db, { ...DEMO_ACCOUNTS.preview, name: 'Dana Preview', company: 'Broadway & Demonbreun Publishing' });
  printed.push({ role: 'preview', ...DEMO_ACCOUNTS.preview });
  await makeSongwriter(db, { ...DEMO_ACCOUNTS.songwriter, username: 'demo-writer', firstName: 'Casey', lastName: 'Rivers' });
  printed.push({ role: 'songwriter', ...DEMO_ACCOUNTS.songwriter });

  const adminId = await findUserIdByEmail(db, admin?.email ?? DEMO_ACCOUNTS.admin.email);
  for (const [index, song] of DEMO_SONGS.entries())
    await makeSong(db, storage, adminId!, { ...song, orderIndex: index }, { mp3: rendered[index] });
  return printed;
}

/**
 * Opens the configured database and storage as the server does (its data folder locked meanwhile), applies
 * the migrations and seeds an empty database. Instances seeding one PostgreSQL at once seed it once.
 */
export async function seedDemoDatabase(config: Config, audio: DemoAudioLength): Promise<CreatedAccount[]> {
  const unlock = lockDataDir(config.dataDir);
  try {
    const database = await openDatabase({
      url: config.databaseUrl,
      timeouts: config.databaseTimeouts,
      pgliteDir: path.join(config.dataDir, 'db'),
    });
    try {
      await database.migrate();
      const storage = await createStorage(config);
      try {
        return await database.exclusive(() => seedIfEmpty(database.db, storage, { ...config, audio }));
      } finally {
        storage.close();
      }
    } finally {
      await database.close();
    }
  } finally {
    unlock();
  }
}
