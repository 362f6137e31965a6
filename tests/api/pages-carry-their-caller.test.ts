import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MeResponse } from '../../src/common/responses';
import { CALLER_IN_PAGE_ID, prerenderedFile } from '../../src/common/routes';
import { makePreviewUser, makeSongwriter, makeUser } from '../../src/server/db/seed/factories';
import type { TestResponse } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

/** A web build of three pages, each saying which it is: the empty page, a public page and the catalogue's shell. */
function fakeWebBuild(): string {
  const webRoot = mkdtempSync(path.join(tmpdir(), 'pitchroom-pages-'));
  const page = (body: string) => `<!doctype html><html><head></head><body><div id="root">${body}</div></body></html>`;
  writeFileSync(path.join(webRoot, 'index.html'), page(''));
  for (const [pathname, body] of [
    ['/faqs', 'faqs page'],
    ['/songs', 'catalogue shell'],
  ] as const) {
    const file = path.join(webRoot, prerenderedFile(pathname));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, page(body));
  }
  return webRoot;
}

/** The caller the page carries, as the app reads it; fails the test when there is none. */
function callerIn(res: TestResponse): MeResponse {
  const match = new RegExp(`<script id="${CALLER_IN_PAGE_ID}" type="application/json">(.*?)</script>`).exec(res.text);
  expect(match, `the caller element in:\n${res.text}`).not.toBeNull();
  return JSON.parse(match![1]!) as MeResponse;
}

const rootOf = (res: TestResponse) => /<div id="root">(.*?)<\/div>/.exec(res.text)?.[1];

let t: TestApp;
let webRoot: string;
beforeAll(async () => {
  webRoot = fakeWebBuild();
  t = await createTestApp({}, { webRoot });
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('every page carries its caller, so the app decides on its first render', () => {
  test('a signed-out visitor: no user, and the page is private to the cookie it was asked with', async () => {
    const res = await t.client().get('/faqs');
    expect(res.status).toBe(200);
    expect(rootOf(res)).toBe('faqs page');
    expect(callerIn(res)).toEqual({ user: null, isAdmin: false, isPreview: false, isSongwriter: false, hasPreviewRequest: false });
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toMatch(/cookie/i);
  });

  test('a signed-in preview user: what /api/me answers, on a public page, a 404 page and the catalogue alike', async () => {
    const preview = await makePreviewUser(t.db, { name: 'Paula Publisher' });
    const client = await signedInClient(t, preview);
    const me = (await client.get<MeResponse>('/api/me')).body;
    expect(me.user?.email).toBe(preview.email);
    for (const pathname of ['/faqs', '/songs', '/no-such-page']) {
      const res = await client.get(pathname);
      expect(callerIn(res), pathname).toEqual(me);
    }
    expect((await client.get('/no-such-page')).status).toBe(404);
  });

  test('a name that holds "</script>" cannot end the element early', async () => {
    const sly = await makeUser(t.db, { name: 'Sly </script><script>alert(1)</script>', roles: ['preview'] });
    const res = await (await signedInClient(t, sly)).get('/faqs');
    expect(res.text).not.toContain('<script>alert(1)');
    expect(callerIn(res).user?.name).toBe('Sly </script><script>alert(1)</script>');
  });
});

describe("the catalogue's prerendered shell goes to those who may open it, at its plain address", () => {
  test('a preview user and an admin get the shell at /songs, and the empty page once the address has a query', async () => {
    for (const user of [await makePreviewUser(t.db), await makeUser(t.db, { roles: ['admin'] })]) {
      const client = await signedInClient(t, user);
      expect(rootOf(await client.get('/songs'))).toBe('catalogue shell');
      // The shell's filters are empty: a search in the address is drawn by the app instead.
      expect(rootOf(await client.get('/songs?q=gravel'))).toBe('');
    }
  });

  test('a songwriter and a signed-out visitor get the empty page, which sends them where they belong', async () => {
    const songwriter = await makeSongwriter(t.db);
    const asSongwriter = await (await signedInClient(t, songwriter)).get('/songs');
    expect(rootOf(asSongwriter)).toBe('');
    expect(callerIn(asSongwriter).isSongwriter).toBe(true);
    expect(rootOf(await t.client().get('/songs'))).toBe('');
  });
});
