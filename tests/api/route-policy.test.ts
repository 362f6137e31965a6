import { afterAll, beforeAll, expect, test } from 'vitest';
import { ROUTE_POLICY, type Access } from '../../src/server/route-policy';
import { answeringRoutes } from '../../src/server/lib/app-routes';
import { makePreviewUser, makeSongwriter, makeUser } from '../../src/server/db/seed/factories';
import { pitchLinks } from '../../src/server/db/schema';
import { hashPitchToken, newPitchToken } from '../../src/server/features/pitching/pitch-token';
import * as MESSAGES from '../../src/common/messages';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

type Caller = 'anonymous' | 'noRole' | 'preview' | 'songwriter' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'noRole', 'preview', 'songwriter', 'admin'];

/** What each caller must get: 401, 403, or "allowed" (anything but 401/403; a placeholder id may be a 404 or 400). */
function expected(access: Access, caller: Caller): 401 | 403 | 404 | 'allowed' | '401-or-403' | 'not-allowed' {
  switch (access) {
    case 'public':
      return 'allowed';
    case 'user':
      return caller === 'anonymous' ? 401 : 'allowed';
    case 'user-not-admin':
      return caller === 'anonymous' ? 401 : caller === 'admin' ? 403 : 'allowed';
    case 'catalogue':
      return caller === 'anonymous' ? 401 : caller === 'preview' || caller === 'admin' ? 'allowed' : 403;
    case 'songwriter':
    case 'test-checkout':
      return caller === 'anonymous' ? 401 : caller === 'songwriter' ? 'allowed' : 403;
    case 'admin':
      return caller === 'anonymous' ? 401 : caller === 'admin' ? 'allowed' : 403;
    case 'signed-link':
      return '401-or-403';
    case 'webhook':
      // No session makes a webhook call succeed: without Stripe configured it does not exist, with it a signature is needed.
      return 'not-allowed';
    case 'pitch-link':
      // A token that is no live link's: the same 404 for everyone, sessions included (a live token: see below).
      return 404;
  }
}

const PLACEHOLDERS: Record<string, string> = {
  ':id': '00000000-0000-4000-8000-000000000000',
  ':slug': 'no-such-song',
  ':userId': 'no-such-user',
  ':sessionId': 'test_cs_no_such_session',
  ':token': 'not.a-token',
};
const concrete = (path: string) => path.replace(/:[a-zA-Z]+/g, (p) => PLACEHOLDERS[p] ?? 'x').replace('/*', '/get-session');

let t: TestApp;
let clients: Record<Caller, TestClient>;

beforeAll(async () => {
  t = await createTestApp();
  clients = {
    anonymous: t.client(),
    noRole: await signedInClient(t, await makeUser(t.db)),
    preview: await signedInClient(t, await makePreviewUser(t.db)),
    songwriter: await signedInClient(t, await makeSongwriter(t.db)),
    admin: await signedInClient(t, await makeUser(t.db, { roles: ['admin'] })),
  };
});
afterAll(() => t.close());

/** The app's real routes: every method+path a handler answers. */
async function realRoutes(): Promise<string[]> {
  const routes = new Set<string>();
  for (const r of answeringRoutes(t.app.routes)) routes.add(`${r.method} ${r.path}`);
  return [...routes];
}

test('every route of the app is in the policy table, and every entry is a real route', async () => {
  const routes = await realRoutes();
  const missing = routes.filter((r) => !(r in ROUTE_POLICY));
  expect(missing, 'routes without a declared policy').toEqual([]);
  const stale = Object.keys(ROUTE_POLICY).filter((r) => !routes.includes(r));
  expect(stale, 'policy entries for routes that do not exist').toEqual([]);
});

test('each route answers each caller as the table says', async () => {
  let cells = 0;
  const failures: string[] = [];
  for (const route of await realRoutes()) {
    const access = ROUTE_POLICY[route]!;
    const [method, path] = route.split(' ') as [string, string];
    // better-auth's own endpoints are covered by the auth and security tests.
    if (path.startsWith('/api/auth/')) continue;
    for (const caller of CALLERS) {
      const res = await clients[caller].request(method, concrete(path), method === 'GET' ? undefined : {});
      const want = expected(access, caller);
      const ok =
        want === 'allowed'
          ? res.status !== 401 && res.status !== 403 && res.status < 500
          : want === '401-or-403'
            ? res.status === 401 || res.status === 403
            : want === 'not-allowed'
              ? res.status >= 400 && res.status < 500
              : res.status === want;
      cells++;
      if (!ok) failures.push(`${route} as ${caller}: got ${res.status}, want ${want}`);
    }
  }
  expect(failures).toEqual([]);
  expect(cells).toBeGreaterThan(250);
});

test('pitch-link routes let every caller in with a live token, signed in or not', async () => {
  const token = newPitchToken();
  await t.db.insert(pitchLinks).values({
    tokenHash: hashPitchToken(token),
    recipientName: 'Policy Recipient',
    recipientEmail: 'policy-recipient@example.test',
    expiresAt: new Date(Date.now() + 24 * 3600 * 1000),
  });
  const failures: string[] = [];
  const routes = (await realRoutes()).filter((r) => ROUTE_POLICY[r] === 'pitch-link');
  for (const route of routes) {
    const [method, path] = route.split(' ') as [string, string];
    for (const caller of CALLERS) {
      const res = await clients[caller].request(method, concrete(path.replace(':token', token)), method === 'GET' ? undefined : {});
      // Past the token: whatever the route says next (200, 204, 400, a song's 404), never the link's 404 or a 401/403.
      const linkRefused = res.status === 404 && res.body?.error?.message === MESSAGES.pitching.linkUnavailableTitle;
      if (res.status === 401 || res.status === 403 || res.status >= 500 || linkRefused) failures.push(`${route} as ${caller}: got ${res.status}`);
    }
  }
  expect(routes.length).toBeGreaterThanOrEqual(5);
  expect(failures).toEqual([]);
});

test("no route shadows another, so requests are matched by Hono's fastest router (decision 0024)", async () => {
  // Hono falls back to its trie router, silently, when a static path and a parameter share a place in one
  // method's routes (PUT /songs/order beside PUT /songs/:id).
  expect((await t.client().get('/api/health')).status).toBe(200);
  expect(t.app.router.name).toBe('SmartRouter + RegExpRouter');
});
