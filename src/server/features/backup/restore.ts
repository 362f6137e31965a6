import { createReadStream, existsSync, readdirSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import * as tar from 'tar';
import { z } from 'zod';
import { createStorage } from '../../adapters/storage/storage';
import { StorageNotFound } from '../../adapters/storage/storage';
import type { Config } from '../../config';
import { count, eq, sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, openDatabase, type Db } from '../../db/client';
import { mailOutbox, mailOutboxHold } from '../../db/schema';
import { lockDataDir } from '../../lib/data-dir-lock';
import { ARCHIVE, ManifestSchema, ObjectEntrySchema, SequenceSchema, migrationJournal, type Manifest } from './backup-archive';
import { isEmptyDatabase, loadRows, setSequences } from './database-copy';

/** A restore that cannot go ahead; the message says why and what to do. */
export class RestoreRefused extends Error {}

export interface RestoreReport {
  manifest: Manifest;
  rows: number;
  filesRestored: number;
  /** Objects the archive names but holds no bytes of (S3 keys only) that the target store lacks too. */
  filesMissing: number;
  /** E-mails the backup held unsent: the restored outbox is paused until an admin sends or discards them. */
  mailHeld: number;
}

const BATCH_ROWS = 1_000;

const isEmptyFolder = (folder: string) => !existsSync(folder) || readdirSync(folder).length === 0;

async function* linesOf(file: string): AsyncGenerator<string[]> {
  let batch: string[] = [];
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (line === '') continue;
    batch.push(z.string().parse(JSON.parse(line)));
    if (batch.length === BATCH_ROWS) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * The project's migrations up to the backup's level, in a folder of their own: the rows go into the schema
 * they were read from, and the next start of the server migrates them forward like any other data.
 */
async function migrationsUpTo(level: Manifest['migration'], work: string): Promise<string> {
  const journal = migrationJournal();
  const entries = journal.filter((e) => e.when <= level.lastWhen);
  if (entries.length !== level.count || (level.count > 0 && entries.at(-1)!.when !== level.lastWhen)) {
    throw new RestoreRefused(
      `This backup was made by another version of Pitchroom (${level.count} migrations; this one knows ${journal.length}). Restore it with the version that made it, then upgrade.`,
    );
  }
  const folder = path.join(work, 'migrations');
  await mkdir(path.join(folder, 'meta'), { recursive: true });
  const full = JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as object;
  await writeFile(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...full, entries }));
  for (const e of entries) await copyFile(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
  return folder;
}

/**
 * Pauses the restored outbox: the old site may have sent the backup's pending e-mails after the backup was
 * made (or still runs), so none is sent until an admin chooses. Answers how many are held.
 */
async function holdOutbox(db: Db, backupCreatedAt: Date): Promise<number> {
  const [pending] = await db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.status, 'pending'));
  const pendingInBackup = pending?.n ?? 0;
  await db
    .insert(mailOutboxHold)
    .values({ backupCreatedAt, pendingInBackup })
    .onConflictDoUpdate({ target: mailOutboxHold.singleton, set: { backupCreatedAt, pendingInBackup, heldAt: sql`now()` } });
  return pendingInBackup;
}

/**
 * Brings an empty target (a fresh DATA_DIR, or an empty PostgreSQL database, with the configured store) to
 * the state of a backup archive. Refuses a target that holds anything.
 */
export async function restoreBackup({ archive, config }: { archive: string; config: Config }): Promise<RestoreReport> {
  if (!existsSync(archive)) throw new RestoreRefused(`No archive at ${archive}.`);
  const unlock = lockDataDir(config.dataDir);
  const work = await mkdtemp(path.join(config.dataDir, '.restore-'));
  let cleanUp: (() => Promise<void>) | undefined;
  try {
    await tar.x({ file: archive, cwd: work });
    const manifestFile = path.join(work, ARCHIVE.manifest);
    const manifest = existsSync(manifestFile) ? ManifestSchema.safeParse(JSON.parse(await readFile(manifestFile, 'utf8'))) : undefined;
    if (!manifest?.success) throw new RestoreRefused(`${archive} is not a Pitchroom backup (its manifest is missing or unreadable).`);
    const migrations = await migrationsUpTo(manifest.data.migration, work);

    const dbFolder = path.join(config.dataDir, 'db');
    if (!config.databaseUrl && !isEmptyFolder(dbFolder)) {
      throw new RestoreRefused(`${dbFolder} already holds a database. Restore into a fresh DATA_DIR.`);
    }
    const filesFolder = path.join(config.dataDir, 'files');
    if (!config.s3 && !isEmptyFolder(filesFolder)) {
      throw new RestoreRefused(`${filesFolder} already holds files. Restore into a fresh DATA_DIR.`);
    }

    // From here a failure leaves the fresh folders as they were found, so the restore can simply be run again.
    cleanUp = async () => {
      if (!config.databaseUrl) await rm(dbFolder, { recursive: true, force: true });
      if (!config.s3) await rm(filesFolder, { recursive: true, force: true });
    };
    const database = await openDatabase({ url: config.databaseOwnerUrl, pgliteDir: dbFolder, poolSize: 1 });
    let rows = 0;
    let mailHeld = 0;
    try {
      if (config.databaseUrl && !(await isEmptyDatabase(database.db))) {
        throw new RestoreRefused('The database of DATABASE_URL is not empty. Restore into an empty database.');
      }
      await database.migrate(migrations);
      const sequences = z.array(SequenceSchema).parse(JSON.parse(await readFile(path.join(work, ARCHIVE.sequences), 'utf8')));
      await database.db.transaction(async (tx) => {
        const counts = await loadRows(
          tx,
          manifest.data.tables.map((t) => t.name),
          (table) => linesOf(path.join(work, ARCHIVE.tables, `${table}.ndjson`)),
        );
        for (const t of manifest.data.tables) {
          if (counts[t.name] !== t.rows)
            throw new Error(`The archive's ${t.name} has ${counts[t.name]} rows; its manifest says ${t.rows}.`);
          rows += t.rows;
        }
        await setSequences(tx, sequences);
      });
      // Up to this version's schema (what the next start would do), then paused: see holdOutbox.
      await database.migrate();
      mailHeld = await holdOutbox(database.db, new Date(manifest.data.createdAt));
    } finally {
      await database.close();
    }

    const objects = z.array(ObjectEntrySchema).parse(JSON.parse(await readFile(path.join(work, ARCHIVE.objects), 'utf8')));
    const storage = await createStorage(config);
    let filesRestored = 0;
    let filesMissing = 0;
    try {
      for (const object of objects) {
        if (object.included) {
          const body = createReadStream(path.join(work, ARCHIVE.files, object.bucket, object.key));
          await storage.put({ bucket: object.bucket, key: object.key, body, contentType: object.contentType });
          filesRestored++;
        } else {
          await storage.head(object).catch((error: unknown) => {
            if (!(error instanceof StorageNotFound)) throw error;
            filesMissing++;
          });
        }
      }
    } finally {
      storage.close();
    }

    const secret = path.join(work, ARCHIVE.authSecret);
    if (existsSync(secret)) await copyFile(secret, path.join(config.dataDir, 'auth-secret'));
    return { manifest: manifest.data, rows, filesRestored, filesMissing, mailHeld };
  } catch (error) {
    await cleanUp?.();
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
    unlock();
  }
}
