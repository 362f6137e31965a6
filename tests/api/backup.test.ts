import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createS3Storage } from '../../src/server/adapters/storage/s3-storage';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { mailOutbox, storedFiles } from '../../src/server/db/schema';
import { makeSongwriter } from '../../src/server/db/seed/factories';
import { backupToken, ManifestSchema, ObjectEntrySchema } from '../../src/server/features/backup/backup-archive';
import { restoreBackup } from '../../src/server/features/backup/restore';
import { createTestDatabaseUrl } from '../setup/database';
import { BUCKET, startS3 } from '../setup/s3';
import { createTestApp, type TestApp } from '../setup/test-app';

/** GET /backup with S3 storage: the token, what the archive holds with and without the bucket's bytes, and its restore. */
let s3: Awaited<ReturnType<typeof startS3>>;
let t: TestApp;
let s3Env: Record<string, string>;
const folders: string[] = [];
const disposals: (() => Promise<void>)[] = [];
const folder = () => {
  const made = mkdtempSync(path.join(tmpdir(), 'pitchroom-backup-api-'));
  folders.push(made);
  return made;
};
const audio = Buffer.from('ID3 not really a song, but bytes to find again');
const key = 'writer/song.mp3';

beforeAll(async () => {
  s3 = await startS3();
  s3Env = {
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: s3.options.endpoint!,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  t = await createTestApp(s3Env, { storage: createS3Storage(s3.options, s3.client) });
  const writer = await makeSongwriter(t.db);
  await t.storage.put({ bucket: 'song-submissions', key, body: audio, contentType: 'audio/mpeg' });
  await t.db
    .insert(storedFiles)
    .values({ bucket: 'song-submissions', key, contentType: 'audio/mpeg', sizeBytes: audio.length, ownerId: writer.id });
  const contact = await t
    .client()
    .post('/api/contact', { name: 'Backup', email: 'backup-sender@example.test', subject: 'Hello', message: 'Not sent yet.' });
  expect(contact.status).toBe(201);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  for (const dispose of disposals) await dispose();
  for (const made of folders) rmSync(made, { recursive: true, force: true });
});

async function download(query = ''): Promise<string> {
  const res = await t.client().get(`/backup${query}`, { authorization: `Bearer ${backupToken(t.config.authSecret)}` });
  expect(res.status, res.text).toBe(200);
  expect(res.headers['content-type']).toBe('application/gzip');
  const file = path.join(folder(), 'backup.tar.gz');
  await writeFile(file, res.bytes);
  return file;
}

async function unpack(file: string) {
  const dir = folder();
  await tar.x({ file, cwd: dir });
  const read = (name: string) => readFileSync(path.join(dir, name), 'utf8');
  return { dir, read, manifest: ManifestSchema.parse(JSON.parse(read('manifest.json'))) };
}

/** An empty place to restore into: a fresh DATA_DIR, and with DATABASE_URL an empty database. */
async function emptyPlace() {
  const env: Record<string, string> = { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: folder(), ...s3Env };
  if (process.env.DATABASE_URL) {
    const database = await createTestDatabaseUrl(process.env.DATABASE_URL);
    disposals.push(database.dispose);
    env.DATABASE_URL = database.url;
  }
  return loadConfig(env);
}

describe('GET /backup', () => {
  test('opens only with the token derived from the session secret', async () => {
    const none = await t.client().get('/backup');
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="backup"');
    const wrong = await t.client().get('/backup', { authorization: `Bearer ${backupToken('another secret of the same length, or not')}` });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('UNAUTHENTICATED');
  });

  test('from S3 lists the keys, and copies the objects only when asked', async () => {
    const keysOnly = await unpack(await download());
    expect(keysOnly.manifest).toMatchObject({
      storage: { kind: 's3', bucket: BUCKET, bytesIncluded: false },
      objects: { count: 1, included: 0 },
    });
    const objects = ObjectEntrySchema.array().parse(JSON.parse(keysOnly.read('objects.json')));
    expect(objects).toEqual([{ bucket: 'song-submissions', key, contentType: 'audio/mpeg', sizeBytes: audio.length, included: false }]);
    // The e-mail not yet sent is a row of the outbox.
    expect(keysOnly.read('db/mail_outbox.ndjson')).toContain('backup-sender@example.test');

    const copied = await unpack(await download('?bucket=copy'));
    expect(copied.manifest.objects).toEqual({ count: 1, included: 1, missing: 0 });
    expect(readFileSync(path.join(copied.dir, 'files/song-submissions', key))).toEqual(audio);
  });

  test('restores into an empty place, and refuses it once it holds the data', async () => {
    const archive = await download('?bucket=copy');
    const target = await emptyPlace();
    const report = await restoreBackup({ archive, config: target });
    expect(report).toMatchObject({ filesRestored: 1, filesMissing: 0 });
    const restored = await openDatabase({ url: target.databaseUrl, pgliteDir: path.join(target.dataDir, 'db'), poolSize: 1 });
    try {
      const [mail] = await restored.db.select().from(mailOutbox).where(eq(mailOutbox.replyTo, 'backup-sender@example.test'));
      expect(mail).toMatchObject({ kind: 'contact', status: 'pending' });
    } finally {
      await restored.close();
    }
    await expect(restoreBackup({ archive, config: target })).rejects.toThrow(/already holds a database|is not empty/);
  }, 180_000);

  test('a keys-only archive restored where the bucket lacks an object says how many are missing', async () => {
    const archive = await download();
    await t.storage.delete({ bucket: 'song-submissions', key });
    const report = await restoreBackup({ archive, config: await emptyPlace() });
    expect(report).toMatchObject({ filesRestored: 0, filesMissing: 1 });
  }, 180_000);
});
