import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { declaredEndpoints, endpointOf, type Access } from '../../src/server/middleware/endpoint';
import { answeringRoutes } from '../../src/server/lib/app-routes';
import { makePreviewUser, makeSongwriter, makeUser } from '../../src/server/db/seed/factories';
import { pitchLinks, reviewMessages, songReviews } from '../../src/server/db/schema';
import { hashPitchToken, newPitchToken } from '../../src/server/features/pitching/pitch-token';
import * as MESSAGES from '../../src/common/messages';
import type { TestClient, TestResponse } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';
import { makeOwnedObjects, ownedCases, send, type OwnedCase, type OwnedObjects, type PolicyRequest } from './route-policy-objects';

/**
 * The six callers: `songwriter` is the owner of the objects below, `anotherSongwriter` a second
 * songwriter who owns nothing of theirs. On routes whose objects are not owned by a songwriter (catalogue,
 * admin, the songwriter's own "me" routes) the second songwriter is just a songwriter.
 */
type Caller = 'anonymous' | 'noRole' | 'preview' | 'songwriter' | 'anotherSongwriter' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'noRole', 'preview', 'songwriter', 'anotherSongwriter', 'admin'];

type Want = 401 | 403 | 404 | 'allowed' | '401-or-403' | 'not-allowed' | '2xx' | 'hidden';

/** What each caller must get: 401, 403, or "allowed" (anything but 401/403; a placeholder id may be a 404 or 400). */
function expected(access: Access, caller: Caller): Want {
  if (caller === 'anotherSongwriter') return expected(access, 'songwriter');
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
    case 'metrics-token':
    case 'backup-token':
      return 401;
    case 'pitch-link':
      // A token that is no live link's: the same 404 for everyone, sessions included (a live token: see below).
      return 404;
  }
}

/**
 * With the owner's real object: the owner succeeds, another songwriter is told it does not exist ('hidden': a
 * 404 with the error shape, the same answer as for an id that names nothing), everyone else as the table says.
 */
function expectedOwned(access: Access, caller: Caller): Want {
  if (caller === 'songwriter') return '2xx';
  if (caller === 'anotherSongwriter') return 'hidden';
  return expected(access, caller);
}

/** Policies under which a route's object may be one songwriter's: such a route with an object in its path needs an owned case. */
const OWNABLE: Access[] = ['songwriter', 'test-checkout', 'signed-link'];
/** Songwriter routes that name an owned object in their body rather than their path; each needs an owned case too. */
const OWNED_IN_BODY = ['POST /api/submissions', 'POST /api/briefs/:id/answers'];
const takesObjectInPath = (route: string) => /\/:[a-zA-Z]+/.test(route);

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
let ownerId: string;
let anotherId: string;
let objects: OwnedObjects;
let owned: OwnedCase[];
/** Each route's access, as its `endpoint` declaration says. */
let policy: Record<string, Access>;

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: 'a-metrics-token-no-session-holds' });
  const owner = await makeSongwriter(t.db);
  const another = await makeSongwriter(t.db);
  ownerId = owner.id;
  anotherId = another.id;
  clients = {
    anonymous: t.client(),
    noRole: await signedInClient(t, await makeUser(t.db)),
    preview: await signedInClient(t, await makePreviewUser(t.db)),
    songwriter: await signedInClient(t, owner),
    anotherSongwriter: await signedInClient(t, another),
    admin: await signedInClient(t, await makeUser(t.db, { roles: ['admin'] })),
  };
  objects = await makeOwnedObjects(t, { id: owner.id, client: clients.songwriter });
  owned = ownedCases(objects, t.config.authSecret, another.id);
  policy = Object.fromEntries([...declaredEndpoints(t.app.routes)].map(([route, declared]) => [route, declared.access]));
});
afterAll(() => t.close());

/** The app's real routes: every method+path a handler answers. */
async function realRoutes(): Promise<string[]> {
  const routes = new Set<string>();
  for (const r of answeringRoutes(t.app.routes)) routes.add(`${r.method} ${r.path}`);
  return [...routes];
}

test('every route of the app declares who may call it, first in its handler list', async () => {
  const routes = await realRoutes();
  const missing = routes.filter((r) => !(r in policy));
  expect(missing, 'routes without an endpoint() declaration').toEqual([]);
  // First, so that a refusal comes before any check of the request's parameters or body.
  const notFirst = routes.filter((r) => {
    const entries = t.app.routes.filter((e) => `${e.method} ${e.path}` === r && e.method !== 'ALL');
    return endpointOf(entries[0]?.handler) === undefined;
  });
  expect(notFirst, 'routes whose endpoint() is not their first handler').toEqual([]);
  expect(routes.length).toBeGreaterThanOrEqual(130);
});

test("every route that can name a songwriter's object is called with a real one (owner and another songwriter)", async () => {
  const routes = await realRoutes();
  const needCase = routes.filter((r) => (OWNABLE.includes(policy[r]!) && takesObjectInPath(r)) || OWNED_IN_BODY.includes(r));
  const withCase = new Set(owned.map((c) => c.route));
  expect(
    needCase.filter((r) => !withCase.has(r)),
    'owner-scoped routes without an owned-object case',
  ).toEqual([]);
  expect(
    [...withCase].filter((r) => !routes.includes(r)),
    'owned-object cases for routes that do not exist',
  ).toEqual([]);
  expect(
    OWNED_IN_BODY.filter((r) => !routes.includes(r)),
    'body-scoped entries for routes that do not exist',
  ).toEqual([]);
  expect(withCase.size).toBeGreaterThanOrEqual(7);
});

/** A response for a failure message: JSON or text as it came, other bodies by type and size. */
const shown = (res: TestResponse) =>
  `${res.status} ${/json|text/.test(res.headers['content-type'] ?? '') ? res.text.slice(0, 120) : `<${res.headers['content-type'] ?? 'no type'}, ${res.bytes.length} bytes>`}`;

const isErrorShape = (res: TestResponse, code: string) =>
  typeof res.body === 'object' &&
  res.body?.error?.code === code &&
  typeof res.body.error.message === 'string' &&
  res.body.error.message.length > 0;

test('each route answers each caller as the table says, owned objects included', async () => {
  let cells = 0;
  let ownerCells = 0;
  const routesChecked = new Set<string>();
  const failures: string[] = [];
  const check = async (route: string, access: Access, caller: Caller, req: PolicyRequest, want: Want, missing?: PolicyRequest) => {
    const res = await send(clients[caller], req);
    let ok: boolean;
    switch (want) {
      case 'allowed':
        ok = res.status !== 401 && res.status !== 403 && res.status < 500;
        break;
      case '2xx':
        ok = res.status >= 200 && res.status < 300;
        break;
      case 'hidden': {
        // Not found, and told apart from an object that does not exist by nothing in the answer.
        const none = await send(clients[caller], missing!);
        ok =
          res.status === 404 &&
          isErrorShape(res, 'NOT_FOUND') &&
          none.status === 404 &&
          JSON.stringify(res.body) === JSON.stringify(none.body);
        if (!ok) failures.push(`${route} (${access}) as ${caller}: got ${shown(res)}; for no such object ${shown(none)}`);
        break;
      }
      case '401-or-403':
        ok = res.status === 401 || res.status === 403;
        break;
      case 'not-allowed':
        ok = res.status >= 400 && res.status < 500;
        break;
      default:
        ok = res.status === want;
    }
    cells++;
    routesChecked.add(route);
    if (!ok && want !== 'hidden') failures.push(`${route} (${req.path}) as ${caller}: got ${shown(res)}, want ${want}`);
  };

  for (const route of await realRoutes()) {
    const access = policy[route]!;
    const [method, path] = route.split(' ') as [string, string];
    // better-auth's own endpoints are covered by the auth and security tests.
    if (path.startsWith('/api/auth/')) continue;
    const cases = owned.filter((c) => c.route === route);
    if (cases.length === 0) {
      for (const caller of CALLERS) await check(route, access, caller, { method, path: concrete(path) }, expected(access, caller));
      continue;
    }
    for (const c of cases) {
      for (const caller of CALLERS) {
        const req = caller === 'anotherSongwriter' ? (c.asAnother ?? c.owned) : c.owned;
        const want = expectedOwned(access, caller);
        if (want === '2xx' || want === 'hidden') ownerCells++;
        await check(`${route} [${c.object}]`, access, caller, req, want, c.missing);
      }
    }
  }
  expect(failures).toEqual([]);

  // Nothing another songwriter sent reached the owner's objects.
  expect(await t.db.select().from(reviewMessages).where(eq(reviewMessages.senderId, anotherId))).toEqual([]);
  const onOrder = await t.db.select().from(songReviews).where(eq(songReviews.orderId, objects.orderId));
  expect(onOrder.map((r) => r.songwriterId)).toEqual([ownerId, ownerId]);
  expect(
    await t.db
      .select()
      .from(reviewMessages)
      .where(and(eq(reviewMessages.reviewId, objects.reviewId), eq(reviewMessages.senderId, ownerId))),
  ).toHaveLength(2);

  // The figure the matrix stands for: every route checked was checked as all six callers, once per owned object.
  const ownedRoutes = new Set(owned.map((c) => c.route)).size;
  console.log(
    `route-policy matrix: ${cells} cells (${routesChecked.size} route/object rows × ${CALLERS.length} callers; ` +
      `${ownerCells} owner/another-songwriter cells over ${owned.length} owned objects on ${ownedRoutes} owner-scoped routes)`,
  );
  const tableRoutes = (await realRoutes()).filter((r) => !r.split(' ')[1]!.startsWith('/api/auth/')).length;
  expect(routesChecked.size).toBe(tableRoutes - ownedRoutes + owned.length);
  expect(cells).toBe(routesChecked.size * CALLERS.length);
  expect(ownerCells).toBe(owned.length * 2);
  // Lower bounds at the figures first proven (76 routes, 8 owned objects on 7 routes): routes may be added, not lost.
  expect(ownerCells).toBeGreaterThanOrEqual(16);
  expect(cells).toBeGreaterThanOrEqual(462);
  // Every route times every caller: minutes on a busy machine, not the 30 s of a single request's test.
}, 180_000);

test('pitch-link routes let every caller in with a live token, signed in or not', async () => {
  const token = newPitchToken();
  await t.db.insert(pitchLinks).values({
    tokenHash: hashPitchToken(token),
    recipientName: 'Policy Recipient',
    recipientEmail: 'policy-recipient@example.test',
    expiresAt: new Date(Date.now() + 24 * 3600 * 1000),
  });
  const failures: string[] = [];
  const routes = (await realRoutes()).filter((r) => policy[r] === 'pitch-link');
  for (const route of routes) {
    const [method, path] = route.split(' ') as [string, string];
    for (const caller of CALLERS) {
      const res = await clients[caller].request(method, concrete(path.replace(':token', token)), method === 'GET' ? undefined : {});
      // Past the token: whatever the route says next (200, 204, 400, a song's 404), never the link's 404 or a 401/403.
      const linkRefused = res.status === 404 && res.body?.error?.message === MESSAGES.pitching.linkUnavailableTitle;
      if (res.status === 401 || res.status === 403 || res.status >= 500 || linkRefused)
        failures.push(`${route} as ${caller}: got ${res.status}`);
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
