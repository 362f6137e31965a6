import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Response } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { createS3Storage } from '../../src/server/adapters/storage/s3-storage';
import { loadConfig } from '../../src/server/config';
import { makePreviewUser, makeUser } from '../../src/server/db/seed/factories';
import { makeSong } from '../../src/server/db/seed/song-factories';
import { startServer, type RunningServer } from '../../src/server/server';
import { createTestDatabaseUrl } from '../setup/database';
import { freePort } from '../setup/free-port';
import { TestClient } from '../setup/http-client';
import { startS3 } from '../setup/s3';
import { seriousA11yViolations, useBrowser } from './support/browser';

/*
 * A deployment that keeps its files in S3 (s3rver here): the song page's audio and cover come from the
 * store through presigned links (decision 0020), and the page's CSP lets them in. A server of its own,
 * since the shared one keeps files on disk.
 */
let s3: Awaited<ReturnType<typeof startS3>>;
let server: RunningServer;
let database: Awaited<ReturnType<typeof createTestDatabaseUrl>> | undefined;
let dataDir: string;

beforeAll(async () => {
  s3 = await startS3();
  dataDir = mkdtempSync(path.join(tmpdir(), 'pitchroom-e2e-s3-'));
  database = process.env.DATABASE_URL ? await createTestDatabaseUrl(process.env.DATABASE_URL) : undefined;
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    AUTH_SECRET: 'e2e-s3-secret-that-is-long-enough-for-better-auth',
    PUBLIC_URL: `http://localhost:${port}`,
    S3_BUCKET: s3.options.bucket,
    S3_ENDPOINT: s3.options.endpoint!,
    S3_REGION: s3.options.region!,
    S3_ACCESS_KEY_ID: s3.options.accessKeyId!,
    S3_SECRET_ACCESS_KEY: s3.options.secretAccessKey!,
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  server = await startServer(config, { webRoot: inject('webRoot') || undefined });
});

afterAll(async () => {
  await server?.stop();
  await database?.dispose();
  await s3?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

// Registered after the server's hooks, so the browser (and any page a failed try left open) closes before the server stops.
const browser = useBrowser();

test('a preview user plays a song whose audio and cover the store serves directly', async () => {
  const { db } = server.database;
  const admin = await makeUser(db, { roles: ['admin'] });
  const listener = await makePreviewUser(db);
  // A title of its own on each run: a second run against the same server finds the last one's song there.
  const title = `Tin Roof Weather ${Date.now().toString(36)}`;
  const song = await makeSong(db, createS3Storage(s3.options), admin.id, { title, seconds: 12, cover: ['#14532d', '#fde68a'] });

  const client = new TestClient(server.url, server.url);
  const signedIn = await client.post('/api/auth/sign-in/email', { email: listener.email, password: listener.password });
  expect(signedIn.status, signedIn.text).toBe(200);
  const context = await browser.context({ baseURL: server.url, session: [...client.cookies].map(([name, value]) => ({ name, value })) });
  const page = await context.newPage();
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  const fromStore: Response[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith(`${s3.options.endpoint}/`)) fromStore.push(response);
  });

  await page.goto(`/songs/${song.slug}`);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  const cover = page.getByRole('img', { name: new RegExp(title) });
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

  const seek = page.getByRole('slider', { name: 'Seek' });
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.getByRole('button', { name: 'Pause' }).waitFor();
  await expect.poll(async () => Number(await seek.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
  // Seeking asks the store for a range of its own.
  await seek.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => Number(await seek.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(5);
  await page.getByRole('button', { name: 'Pause' }).click();

  const audio = fromStore.filter((r) => r.headers()['content-type'] === 'audio/mpeg');
  expect(audio.length).toBeGreaterThan(0);
  expect(audio.every((r) => r.status() === 200 || r.status() === 206)).toBe(true);
  expect(fromStore.some((r) => r.headers()['content-type'] === 'image/webp' && r.status() === 200)).toBe(true);
  expect(refused).toEqual([]);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await context.close();
});
