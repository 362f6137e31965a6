import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createStorage } from '../../adapters/storage/storage';
import type { Config } from '../../config';
import { openDatabase } from '../../db/client';
import { DataDirLockedError, lockDataDir } from '../../lib/data-dir-lock';
import { createBackup, type Backup } from './backup.service';

/**
 * The data folder's lock, when no server holds it; undefined when one does (the backup then asks it). Held for
 * the whole backup, so no server starts on the folder meanwhile.
 */
export function lockIfNoServer(dataDir: string): (() => void) | undefined {
  mkdirSync(dataDir, { recursive: true });
  try {
    return lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) return undefined;
    throw error;
  }
}

/**
 * The same archive as GET /backup, made with no server running: the database is opened here (the PGlite data
 * folder, or the PostgreSQL database as its owner), read in one snapshot, and closed once `write` has taken the
 * archive. The caller holds the data folder's lock.
 */
export async function withOfflineBackup(
  { config, copyBucket }: { config: Config; copyBucket: boolean },
  write: (backup: Backup) => Promise<void>,
): Promise<Backup['manifest']> {
  const pgliteDir = path.join(config.dataDir, 'db');
  if (!config.databaseUrl && (!existsSync(pgliteDir) || readdirSync(pgliteDir).length === 0)) {
    throw new Error(`${pgliteDir} holds no database: is DATA_DIR the server's? (Set DATABASE_URL for PostgreSQL.)`);
  }
  const database = await openDatabase({ url: config.databaseOwnerUrl, pgliteDir, poolSize: 1 });
  try {
    const storage = await createStorage(config);
    try {
      const backup = await createBackup({ db: database.db, storage, config, copyBucket });
      await write(backup);
      return backup.manifest;
    } finally {
      storage.close();
    }
  } finally {
    await database.close();
  }
}
