import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import { StorageNotFound, type Storage } from '../../adapters/storage/storage';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { storedFiles } from '../../db/schema';
import { ARCHIVE, FORMAT, FORMAT_VERSION, type Manifest, type ObjectEntry } from './backup-archive';
import { migrationLevel, rowsOf, sequencesOf, tablesOf } from './database-copy';

export interface Backup {
  manifest: Manifest;
  /** The archive, gzipped tar; its working folder is removed when the stream ends or is dropped. */
  archive: Readable;
}

/**
 * One archive of everything, taken while the server runs: the database read in one REPEATABLE READ snapshot
 * (mail not yet sent rides in mail_outbox), then the bytes of every file its rows name. Files are stored
 * before their rows, so each row of the snapshot finds its file; one deleted since is counted as missing.
 * With S3 the keys are always listed and the bytes copied only when asked (`copyBucket`).
 */
export async function createBackup({
  db,
  storage,
  config,
  copyBucket,
}: {
  db: Db;
  storage: Storage;
  config: Config;
  copyBucket: boolean;
}): Promise<Backup> {
  const work = await mkdtemp(path.join(config.dataDir, '.backup-'));
  try {
    const tablesDir = path.join(work, ARCHIVE.tables);
    await mkdir(tablesDir);
    const snapshot = await db.transaction(
      async (tx) => {
        // Taken before the snapshot is (at the first statement), so every write answered before it is inside.
        const createdAt = new Date();
        await tx.execute(sql`select 1`);
        const tables = [];
        for (const name of await tablesOf(tx)) {
          const file = await open(path.join(tablesDir, `${name}.ndjson`), 'w');
          let rows = 0;
          try {
            for await (const batch of rowsOf(tx, name)) {
              await file.write(batch.map((row) => `${JSON.stringify(row)}\n`).join(''));
              rows += batch.length;
            }
          } finally {
            await file.close();
          }
          tables.push({ name, rows });
        }
        const objects = await tx
          .select({
            bucket: storedFiles.bucket,
            key: storedFiles.key,
            contentType: storedFiles.contentType,
            sizeBytes: storedFiles.sizeBytes,
          })
          .from(storedFiles)
          .orderBy(storedFiles.bucket, storedFiles.key);
        return { createdAt, tables, objects, sequences: await sequencesOf(tx), migration: await migrationLevel(tx) };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );

    const bytesIncluded = storage.kind === 'disk' || copyBucket;
    const objects: ObjectEntry[] = [];
    let missing = 0;
    for (const object of snapshot.objects) {
      let included = false;
      if (bytesIncluded) {
        try {
          const { body } = await storage.get(object);
          const target = path.join(work, ARCHIVE.files, object.bucket, object.key);
          await mkdir(path.dirname(target), { recursive: true });
          const file = await open(target, 'w');
          await pipeline(body, file.createWriteStream());
          included = true;
        } catch (error) {
          if (!(error instanceof StorageNotFound)) throw error;
          missing++;
        }
      }
      objects.push({ ...object, included });
    }

    const secretFile = path.join(config.dataDir, 'auth-secret');
    if (existsSync(secretFile) && (await readFile(secretFile, 'utf8')).trim() === config.authSecret) {
      await writeFile(path.join(work, ARCHIVE.authSecret), config.authSecret, { mode: 0o600 });
    }

    const manifest: Manifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      createdAt: snapshot.createdAt.toISOString(),
      database: config.databaseUrl ? 'postgres' : 'pglite',
      migration: snapshot.migration,
      storage: { kind: storage.kind, ...(config.s3 && { bucket: config.s3.bucket }), bytesIncluded },
      tables: snapshot.tables,
      objects: { count: objects.length, included: objects.filter((o) => o.included).length, missing },
    };
    await writeFile(path.join(work, ARCHIVE.sequences), JSON.stringify(snapshot.sequences));
    await writeFile(path.join(work, ARCHIVE.objects), JSON.stringify(objects));
    await writeFile(path.join(work, ARCHIVE.manifest), JSON.stringify(manifest, null, 2));

    // The manifest first, so a reader learns what the archive is before the bulk.
    const entries: string[] = [ARCHIVE.manifest, ARCHIVE.sequences, ARCHIVE.objects, ARCHIVE.tables];
    if (existsSync(path.join(work, ARCHIVE.authSecret))) entries.push(ARCHIVE.authSecret);
    if (existsSync(path.join(work, ARCHIVE.files))) entries.push(ARCHIVE.files);
    const pack = tar.c({ gzip: true, cwd: work, portable: true }, entries);
    async function* chunks() {
      try {
        yield* pack;
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    }
    return { manifest, archive: Readable.from(chunks()) };
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
}
