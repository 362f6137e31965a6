import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { DataDirLockedError } from '../../src/server/lib/data-dir-lock';
import { DEMO_ACCOUNTS, seedDemoDatabase } from '../../src/server/db/seed/seed';
import { SHORT_DEMO_SECONDS } from '../../src/server/db/seed/demo-audio';
import { startServer, type RunningServer } from '../../src/server/server';
import { createTestDatabaseUrl } from '../setup/database';
import { TestClient } from '../setup/http-client';

/** `npm start` on a fresh data folder: the demo seed, then the composition root: lock, migrate, serve, deliver mail. */
describe('starting the server', () => {
  let dataDir: string;
  let server: RunningServer;
  let printed: Awaited<ReturnType<typeof seedDemoDatabase>>;
  let pg: Awaited<ReturnType<typeof createTestDatabaseUrl>> | undefined;
  const env = () => ({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    ...(pg ? { DATABASE_URL: pg.url } : {}),
  });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'pitchroom-start-'));
    if (process.env.DATABASE_URL) pg = await createTestDatabaseUrl(process.env.DATABASE_URL);
    // Eight short clips rendered before the start: seconds on an idle machine, longer on a busy CI runner.
    printed = await seedDemoDatabase(loadConfig(env()), 'short');
    server = await startServer(loadConfig(env()), { mailPollMs: 50 });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await pg?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('an empty database is migrated and seeded with the three demo accounts, whose sign-in works', async () => {
    expect(printed.map((a) => a.role)).toEqual(['admin', 'preview', 'songwriter']);
    // The server itself makes no account without ADMIN_EMAIL.
    expect(server.createdAccounts).toEqual([]);
    const client = new TestClient(server.url, 'http://localhost:3000');
    const signIn = await client.post('/api/auth/sign-in/email', DEMO_ACCOUNTS.songwriter);
    expect(signIn.status).toBe(200);
    const me = await client.get('/api/me');
    expect(me.body).toMatchObject({ isSongwriter: true, isAdmin: false, isPreview: false });
  });

  test('the demo catalogue holds eight playable songs with covers, in order', async () => {
    const client = new TestClient(server.url, 'http://localhost:3000');
    expect((await client.post('/api/auth/sign-in/email', DEMO_ACCOUNTS.preview)).status).toBe(200);
    const list = await client.get('/api/songs');
    expect(list.body.total).toBe(8);
    expect(list.body.rows[0].title).toBe('Gravel Road Goodbye');
    const song = await client.get(`/api/songs/${list.body.rows[0].slug}`);
    expect(song.body.lyrics).toContain('gravel road goodbye');
    // Its waveform was computed when the demo seed stored it.
    expect(song.body.peaks.length).toBeGreaterThan(100);
    expect(song.body.audioProcessing).toBe(false);
    expect(song.body.durationSeconds).toBeCloseTo(SHORT_DEMO_SECONDS, 0);
    const audio = await client.get(song.body.audioUrl, { range: 'bytes=0-2' });
    expect(audio.status).toBe(206);
    // An MP3 frame sync or an ID3 tag.
    expect(audio.bytes[0] === 0xff || audio.bytes.subarray(0, 3).toString() === 'ID3').toBe(true);
    expect((await client.get(song.body.imageUrl)).headers['content-type']).toBe('image/webp');
  });

  test('a second server on the same data folder stops with a clear message', async () => {
    await expect(startServer(loadConfig(env()))).rejects.toThrow(DataDirLockedError);
    await expect(startServer(loadConfig(env()))).rejects.toThrow(/in use by another server/);
  });

  test('a contact message is delivered by the mail worker to an .eml file', async () => {
    const client = new TestClient(server.url, 'http://localhost:3000');
    const res = await client.post('/api/contact', {
      name: 'Jo Writer',
      email: 'jo@example.test',
      subject: 'Co-writing',
      message: 'Do you take co-writes?',
    });
    expect(res.status).toBe(201);
    const deadline = Date.now() + 10_000;
    let files: string[] = [];
    while (Date.now() < deadline) {
      files = readdirSync(dataDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.eml'));
      if (files.length > 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(files).toHaveLength(1);
  });
});
