import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, expect, test, vi } from 'vitest';
import { createDiskStorage } from '../../src/server/adapters/storage/disk-storage';
import { loadConfig } from '../../src/server/config';
import { analysisJobs } from '../../src/server/db/schema';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { enqueueAnalysis } from '../../src/server/features/audio';
import { insertFile, putFile } from '../../src/server/features/files';
import { workerThreadCount } from '../../src/server/lib/worker-pool';
import { startServer } from '../../src/server/server';

/**
 * The server's stop ends the worker threads its pools hold (idle ones would otherwise live on for 30 s, and one
 * under way for its whole job): a stopped server leaves no thread behind.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'pitchroom-pools-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test('a stopped server leaves no worker thread, after an analysis ran in its pool', async () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'off',
    AUTH_SECRET: 'pools-secret-that-is-long-enough-for-better-auth',
    PUBLIC_URL: 'http://localhost:3000',
  });
  const server = await startServer(config);
  const { db } = server.database;
  // An MP3 stored and queued as an upload is.
  const storage = createDiskStorage(path.join(dataDir, 'files'));
  const stored = await putFile({
    storage,
    bucket: 'song-audio',
    ownerId: null,
    body: synthesizeMp3({ seconds: 2, seed: 3 }),
    contentType: 'audio/mpeg',
    extension: 'mp3',
    originalName: 'take.mp3',
  });
  const file = await db.transaction(async (tx) => {
    const row = await insertFile(tx, stored);
    await enqueueAnalysis(tx, row);
    return row;
  });
  // The server's analysis worker takes the job within its poll, and runs it in this process's pool.
  await vi.waitFor(
    async () => expect((await db.select().from(analysisJobs).where(eq(analysisJobs.fileId, file.id)))[0]?.state).toBe('done'),
    { timeout: 240_000, interval: 200 },
  );
  expect(workerThreadCount()).toBeGreaterThan(0);

  await server.stop();
  storage.close();
  expect(workerThreadCount()).toBe(0);
}, 300_000);
