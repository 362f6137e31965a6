import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { prerenderedFile } from '../../src/common/routes';
import { makePreviewUser, makeUser } from '../../src/server/db/seed/factories';
import { makeSong } from '../../src/server/db/seed/song-factories';
import type { TestClient, TestResponse } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

const GZIP = { 'accept-encoding': 'gzip, deflate, br' };
/** Words enough that the page is worth compressing, as a real prerendered page is. */
const PAGE_TEXT = 'Songs our writers have ready for the right artist. '.repeat(60);

let t: TestApp;
let webRoot: string;
let preview: TestClient;
let audioUrl: string;
let admin: TestClient;

beforeAll(async () => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'pitchroom-compression-'));
  const page = `<!doctype html><html><head></head><body><div id="root">${PAGE_TEXT}</div></body></html>`;
  writeFileSync(path.join(webRoot, 'index.html'), page);
  mkdirSync(path.dirname(path.join(webRoot, prerenderedFile('/faqs'))), { recursive: true });
  writeFileSync(path.join(webRoot, prerenderedFile('/faqs')), page);
  t = await createTestApp({}, { webRoot });
  const adminUser = await makeUser(t.db, { roles: ['admin'] });
  for (let i = 0; i < 6; i++) await makeSong(t.db, t.storage, adminUser.id, { title: `Porch Light ${i}`, orderIndex: i });
  admin = await signedInClient(t, adminUser);
  preview = await signedInClient(t, await makePreviewUser(t.db));
  const list = await preview.get('/api/songs');
  audioUrl = ((await preview.get(`/api/songs/${list.body.rows[0].slug}`)).body as { audioUrl: string }).audioUrl;
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const unzipped = (res: TestResponse) => gunzipSync(res.bytes).toString('utf8');

test('a page goes gzipped to a browser that accepts it, whole as it was, and as it is to a client that does not', async () => {
  const plain = await t.client().get('/faqs');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.text).toContain(PAGE_TEXT);

  const zipped = await t.client().get('/faqs', GZIP);
  expect(zipped.status).toBe(200);
  expect(zipped.headers['content-encoding']).toBe('gzip');
  expect(zipped.headers.vary).toMatch(/accept-encoding/i);
  expect(zipped.bytes.length).toBeLessThan(plain.bytes.length / 4);
  expect(unzipped(zipped)).toBe(plain.text);
});

test("the catalogue's answer goes gzipped too, and reads back to the same songs", async () => {
  const plain = await preview.get('/api/songs');
  const zipped = await preview.get('/api/songs', GZIP);
  expect(zipped.headers['content-encoding']).toBe('gzip');
  expect(zipped.bytes.length).toBeLessThan(plain.bytes.length);
  const rows = (JSON.parse(unzipped(zipped)) as { rows: { title: string }[] }).rows;
  expect(rows.map((song) => song.title)).toEqual((plain.body as { rows: { title: string }[] }).rows.map((song) => song.title));
  expect(rows).toHaveLength(6);
});

test("a copy the browser holds is still recognised: the gzipped answer's tag brings a 304", async () => {
  const zipped = await preview.get('/api/songs', GZIP);
  expect(zipped.headers['content-encoding']).toBe('gzip');
  const again = await preview.get('/api/songs', { ...GZIP, 'if-none-match': zipped.headers.etag! });
  expect(again.status).toBe(304);
});

test('small answers, and the account and admin answers that carry secrets, go as they are', async () => {
  const small = await t.client().get('/api/health/ready', GZIP);
  expect(small.status).toBe(200);
  expect(small.headers['content-encoding']).toBeUndefined();
  expect(Number(small.headers['content-length'])).toBe(small.bytes.length);

  const adminList = await admin.get('/api/admin/songs', GZIP);
  expect(adminList.status).toBe(200);
  expect(adminList.bytes.length).toBeGreaterThan(1024);
  expect(adminList.headers['content-encoding']).toBeUndefined();

  const session = await preview.get('/api/auth/get-session', GZIP);
  expect(session.status).toBe(200);
  expect(session.headers['content-encoding']).toBeUndefined();
});

test('audio is sent as it is, whole or in part, even to a client that accepts gzip', async () => {
  const whole = await preview.get(audioUrl, GZIP);
  expect(whole.status).toBe(200);
  expect(whole.headers['content-encoding']).toBeUndefined();
  expect(whole.headers['content-length']).toBe(String(whole.bytes.length));
  const part = await preview.get(audioUrl, { ...GZIP, range: 'bytes=0-99' });
  expect(part.status).toBe(206);
  expect(part.headers['content-encoding']).toBeUndefined();
  expect(part.bytes.equals(whole.bytes.subarray(0, 100))).toBe(true);
});
