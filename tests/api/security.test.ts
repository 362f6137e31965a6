import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import * as MESSAGES from '../../src/common/messages';
import { declaredEndpoints } from '../../src/server/middleware/endpoint';
import { rateLimits, userRoles, users } from '../../src/server/db/schema';
import { makePreviewUser, makeUser, uniqueEmail } from '../../src/server/db/seed/factories';
import { TestClient, type TestResponse } from '../setup/http-client';
import { clientAddressResolver } from '../../src/server/lib/client-address';
import { createTestApp, type TestApp } from '../setup/test-app';
import { sessionCookieOf, signIn, signedInClient } from './helpers';

let t: TestApp;
let user: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  t = await createTestApp();
  user = await makeUser(t.db);
});
afterAll(() => t.close());

const contactBody = { name: 'Wade Writer', email: 'wade@example.test', subject: 'Co-write?', message: 'Hello from Music Row.' };

describe('rate limits on sign-in', () => {
  test('the 4th sign-in within 10 s from one address is refused with 429, whatever X-Forwarded-For says', async () => {
    const first = t.client();
    const attempts = [first, first.sameAddress(), first.sameAddress(), first.sameAddress()];
    const statuses: number[] = [];
    for (const [i, client] of attempts.entries()) {
      const res = await client.post(
        '/api/auth/sign-in/email',
        { email: user.email, password: 'wrong-password' },
        { 'x-forwarded-for': `203.0.113.${i + 1}` },
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);

    // The right password does not get through the limit either.
    const blocked = await signIn(first.sameAddress(), user.email, user.password);
    expect(blocked.status).toBe(429);

    // Another address is counted on its own.
    const other = await signIn(t.client(), user.email, user.password);
    expect(other.status).toBe(200);
  });

  test('the counters live in the rate_limits table, keyed by the socket address', async () => {
    const client = t.client();
    await signIn(client, user.email, 'wrong-password');
    const rows = await t.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, `%${client.localAddress}%`));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.key).toContain('/sign-in/email');
    expect(rows[0]!.count).toBe(1);
    expect(rows[0]!.lastRequest).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('behind a load balancer', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    // The balancer connects from 127.0.0.1; every other loopback address is a client reaching the app directly.
    proxied = await createTestApp({ TRUSTED_PROXIES: '127.0.0.1/32, fd00::/8' });
  });
  afterAll(() => proxied?.close());

  const viaProxy = () => new TestClient(proxied.url, proxied.config.publicUrl, '127.0.0.1');
  const wrongSignIn = (client: TestClient, forwardedFor: string) =>
    client.post('/api/auth/sign-in/email', { email: user.email, password: 'wrong-password' }, { 'x-forwarded-for': forwardedFor });

  test("outside test finding 16: two clients behind a trusted proxy get separate sign-in and request budgets; an untrusted peer's X-Forwarded-For is ignored", async () => {
    await makeUser(proxied.db, { email: user.email, password: user.password });
    // The first client, as the balancer forwards it: the right-most hop is what the balancer saw.
    const first: number[] = [];
    for (const claimed of ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4']) {
      first.push((await wrongSignIn(viaProxy(), `${claimed}, 198.51.100.7`)).status);
    }
    expect(first).toEqual([401, 401, 401, 429]);
    // A second client behind the same balancer has a budget of its own: better-auth's limit and ours.
    const second = await viaProxy().post(
      '/api/auth/sign-in/email',
      { email: user.email, password: user.password },
      { 'x-forwarded-for': '198.51.100.8' },
    );
    expect(second.status).toBe(200);
    const contact = async (forwardedFor: string) =>
      (await viaProxy().post('/api/contact', contactBody, { 'x-forwarded-for': forwardedFor })).status;
    const fromFirst: number[] = [];
    for (let i = 0; i < 6; i++) fromFirst.push(await contact('198.51.100.7'));
    expect(fromFirst).toEqual([201, 201, 201, 201, 201, 429]);
    expect(await contact('198.51.100.8')).toBe(201);

    // A peer that is not a trusted proxy is the client, whatever X-Forwarded-For it sends.
    const direct = proxied.client();
    const statuses: number[] = [];
    for (const claimed of ['198.51.100.20', '198.51.100.21', '198.51.100.22', '198.51.100.23']) {
      statuses.push((await wrongSignIn(direct.sameAddress(), claimed)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const rows = await proxied.db.select({ key: rateLimits.key }).from(rateLimits);
    expect(rows.map((r) => r.key).join(' ')).not.toMatch(/198\.51\.100\.2\d|203\.0\.113/);
  });

  test('TRUSTED_PROXIES takes IPv4 and IPv6 ranges; the right-most untrusted hop is the client; a bad entry names the setting', () => {
    const resolve = clientAddressResolver(proxied.config.trustedProxies);
    expect(resolve('127.0.0.1', '2001:db8::1, fd00::2')).toBe('2001:db8::1');
    expect(resolve('::ffff:127.0.0.1', '198.51.100.7')).toBe('198.51.100.7');
    expect(resolve('fd00::9', 'not-an-address, 198.51.100.7')).toBe('198.51.100.7');
    expect(resolve('127.0.0.1', 'not-an-address')).toBe('127.0.0.1');
    expect(resolve('192.0.2.1', '198.51.100.7')).toBe('192.0.2.1');
    expect(clientAddressResolver([])('127.0.0.1', '198.51.100.7')).toBe('127.0.0.1');
    expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: proxied.config.dataDir, TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(
      /TRUSTED_PROXIES/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: proxied.config.dataDir, TRUSTED_PROXIES: 'balancer.internal' })).toThrow(
      /TRUSTED_PROXIES/,
    );
  });
});

describe('requests from another site', () => {
  const evil = { origin: 'https://evil.test' };

  test('sign-out with a valid session cookie but a foreign or missing Origin is refused and the session survives', async () => {
    const client = await signedInClient(t, user);
    const res = await client.post('/api/auth/sign-out', {}, evil);
    expect(res.status).toBe(403);
    expect(sessionCookieOf(client)).toBeTruthy();
    expect((await client.get('/api/me')).body.user?.id).toBe(user.id);

    const noOrigin = await client.post('/api/auth/sign-out', {}, { origin: '' });
    expect(noOrigin.status).toBe(403);
    expect((await client.get('/api/me')).body.user?.id).toBe(user.id);

    const ok = await client.post('/api/auth/sign-out', {});
    expect(ok.status).toBe(200);
    expect((await client.get('/api/me')).body.user).toBeNull();
  });

  test('sign-in posted from a foreign Origin is refused', async () => {
    const res = await t.client().post('/api/auth/sign-in/email', { email: user.email, password: user.password }, evil);
    expect(res.status).toBe(403);
  });

  test('our own route refuses a foreign Origin with a session cookie, and accepts the real one', async () => {
    const client = await signedInClient(t, user);
    const refused = await client.post('/api/contact', { ...contactBody, subject: 'from evil' }, evil);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: { code: 'FORBIDDEN', message: 'This request came from another site and was refused.' } });
    const queued = await t.mailsTo(t.config.adminNotifyEmail);
    expect(queued.filter((m) => m.subject.includes('from evil'))).toEqual([]);

    const accepted = await client.post('/api/contact', { ...contactBody, subject: 'from home' });
    expect(accepted.status).toBe(201);
    expect((await t.mailsTo(t.config.adminNotifyEmail)).filter((m) => m.subject.includes('from home'))).toHaveLength(1);
  });

  // better-auth's own routes (/api/auth/*) have its check, proven above; every other write is ours.
  test('every write route of ours refuses a foreign Origin, even with an admin session, before anything else runs', async () => {
    const admin = await signedInClient(t, await makeUser(t.db, { roles: ['admin'] }));
    const writes = [...declaredEndpoints(t.app.routes).keys()]
      .map((route) => route.split(' ') as [string, string])
      .filter(([method, routePath]) => method !== 'GET' && !routePath.startsWith('/api/auth/'));
    expect(writes.length).toBeGreaterThanOrEqual(35);
    const refusedBy = new Map<string, string>();
    for (const [method, routePath] of writes) {
      const concrete = routePath.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000').replace('*', 'x');
      const res = await admin.request(method, concrete, { isApproved: true, role: 'admin' }, evil);
      refusedBy.set(`${method} ${routePath}`, `${res.status} ${res.body?.error?.message}`);
    }
    const expected = `403 ${MESSAGES.generic.foreignOrigin}`;
    expect([...refusedBy].filter(([, answer]) => answer !== expected)).toEqual([]);
  });

  test('a cross-site fetch without Origin is refused by its Sec-Fetch-Site header', async () => {
    const res = await t.client().request('POST', '/api/contact', contactBody, { origin: '', 'sec-fetch-site': 'cross-site' });
    expect(res.status).toBe(403);
  });
});

describe('sign-up does not reveal or grant anything', () => {
  test('a taken e-mail gets the same reply as a new one; the owner is told by e-mail and no second user is made', async () => {
    const owner = await makeUser(t.db);
    const fresh = await t
      .client()
      .post('/api/auth/sign-up/email', { email: uniqueEmail('fresh'), password: 'maple-engine-42', name: 'Same' });
    const taken = await t.client().post('/api/auth/sign-up/email', { email: owner.email, password: 'maple-engine-42', name: 'Same' });

    expect(taken.status).toBe(fresh.status);
    expect(fresh.status).toBe(200);
    expect(Object.keys(taken.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(Object.keys(taken.body.user).sort()).toEqual(Object.keys(fresh.body.user).sort());
    expect(taken.body.token).toBeNull();
    expect(taken.body.user).toMatchObject({ email: owner.email, emailVerified: false });
    // The existing account's id is not leaked.
    expect(taken.body.user.id).not.toBe(owner.id);

    const owners = await t.db.select().from(users).where(eq(users.email, owner.email));
    expect(owners.map((u) => u.id)).toEqual([owner.id]);
    const mails = await t.mailsTo(owner.email);
    expect(mails.map((m) => m.kind)).toEqual(['existing-account']);
    expect(mails[0]!.textBody).toContain(`${t.config.publicUrl}/forgot-password`);
  });

  test('role, isAdmin and emailVerified sent at sign-up are ignored', async () => {
    const email = uniqueEmail('sneaky');
    const res = await t.client().post('/api/auth/sign-up/email', {
      email,
      password: 'orchard-pickup-lantern-3',
      name: 'Sneaky',
      role: 'admin',
      roles: ['admin'],
      isAdmin: true,
      emailVerified: true,
    });
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row!.emailVerified).toBe(false);
    expect(await t.db.select().from(userRoles).where(eq(userRoles.userId, row!.id))).toEqual([]);
    expect((await signIn(t.client(), email, 'orchard-pickup-lantern-3')).status).toBe(403);
  });
});

describe('security headers', () => {
  function expectSecurityHeaders(res: TestResponse, label: string) {
    const csp = String(res.headers['content-security-policy'] ?? '');
    expect(csp, `${label}: CSP`).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options'], `${label}: nosniff`).toBe('nosniff');
    expect(res.headers['referrer-policy'], `${label}: Referrer-Policy`).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options'], `${label}: X-Frame-Options`).toBe('DENY');
    expect(res.headers['cross-origin-resource-policy'], `${label}: CORP`).toBe('same-origin');
    expect(res.headers['strict-transport-security'], `${label}: no HSTS outside production`).toBeUndefined();
    if (label.startsWith('page')) {
      // A document: what it may load, and the headers that only steer documents.
      expect(csp, `${label}: CSP`).toContain("default-src 'self'");
      expect(csp, `${label}: CSP`).toContain("object-src 'none'");
      expect(csp, `${label}: CSP`).toContain("base-uri 'none'");
      expect(res.headers['cross-origin-opener-policy'], `${label}: COOP`).toBe('same-origin');
    } else {
      // JSON: were it ever rendered, it may load nothing; document-only headers are not sent.
      expect(csp, `${label}: CSP`).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['cross-origin-opener-policy'], `${label}: no COOP`).toBeUndefined();
    }
  }

  test('every response carries them, successes and errors of our routes and of the auth routes alike', async () => {
    const c = t.client();
    const limited = t.client();
    for (let i = 0; i < 3; i++) await signIn(limited.sameAddress(), user.email, 'nope-nope');
    const cases: [string, Promise<TestResponse>, number][] = [
      ['health', c.get('/api/health'), 200],
      ['unknown api path', c.get('/api/x'), 404],
      ['page: unknown path', c.get('/nowhere'), 404],
      ['invalid contact', c.post('/api/contact', {}), 400],
      ['admin anonymous', c.get('/api/admin/outbox'), 401],
      ['foreign origin', c.post('/api/contact', contactBody, { origin: 'https://evil.test' }), 403],
      ['auth session', c.get('/api/auth/get-session'), 200],
      ['auth wrong password', t.client().post('/api/auth/sign-in/email', { email: user.email, password: 'nope-nope' }), 401],
      ['auth rate-limited', signIn(limited.sameAddress(), user.email, 'nope-nope'), 429],
      ['body too large', c.post('/api/contact', { ...contactBody, message: 'x'.repeat(1024 * 1024 + 10) }), 413],
    ];
    for (const [label, pending, status] of cases) {
      const res = await pending;
      expect(res.status, label).toBe(status);
      expectSecurityHeaders(res, label);
    }
  });
});

describe('error shape', () => {
  test('for contrast, health answers ok, and readiness through the real database', async () => {
    const res = await t.client().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    const ready = await t.client().get('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ ok: true, database: { state: 'up' }, storage: { state: 'up' }, mail: { state: 'up' } });
  });

  test('an unknown API path is 404 NOT_FOUND in the common shape', async () => {
    const res = await t.client().get('/api/x');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
  });

  test('an invalid contact body is 400 INVALID naming each field', async () => {
    const res = await t.client().post('/api/contact', { name: '', email: 'not-an-email', subject: 'Hi' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('INVALID');
    expect(typeof res.body.error.message).toBe('string');
    expect(Object.keys(res.body.error.fields).sort()).toEqual(['email', 'message', 'name']);
    expect(res.body.error.fields.email).toEqual(['Invalid email address']);
  });

  test('a JSON body over 1 MB is refused with 413 before it is parsed', async () => {
    const res = await t.client().post('/api/contact', { ...contactBody, message: 'x'.repeat(1024 * 1024 + 10) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large.' } });
  });

  test('a JSON body just under 1 MB gets past the size check (and is judged on its content)', async () => {
    const res = await t.client().post('/api/contact', { ...contactBody, message: 'x'.repeat(1000 * 1000) });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('INVALID');
    expect(Object.keys(res.body.error.fields)).toEqual(['message']);
  });

  test('an auth route also refuses a body over 1 MB', async () => {
    const res = await t.client().post('/api/auth/sign-in/email', { email: user.email, password: 'x'.repeat(1024 * 1024 + 10) });
    expect(res.status).toBe(413);
  });
});

describe('admin routes', () => {
  test('the Outbox API: anonymous 401, preview user 403, admin 200', async () => {
    const anonymous = await t.client().get('/api/admin/outbox');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('UNAUTHENTICATED');

    const preview = await makePreviewUser(t.db);
    const asPreview = await (await signedInClient(t, preview)).get('/api/admin/outbox');
    expect(asPreview.status).toBe(403);
    expect(asPreview.body.error.code).toBe('FORBIDDEN');

    const admin = await makeUser(t.db, { roles: ['admin'] });
    const asAdmin = await (await signedInClient(t, admin)).get('/api/admin/outbox');
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body).toMatchObject({ page: 1, pageSize: 25 });
    expect(Array.isArray(asAdmin.body.rows)).toBe(true);
  });
});

describe('configuration', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pitchroom-config-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const goodSecret = 'q7Vd2mXr9Lp4Kc8Wn3Jt6Hb1Zs5Yf0Ge';

  test('production refuses a missing or short AUTH_SECRET', () => {
    const base = { NODE_ENV: 'production', DATA_DIR: dataDir(), PUBLIC_URL: 'https://pitchroom.example' };
    expect(() => loadConfig(base)).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, AUTH_SECRET: 'short-secret' })).toThrow(/AUTH_SECRET/);
    expect(() => loadConfig({ ...base, AUTH_SECRET: 'k'.repeat(31) })).toThrow(ConfigError);
  });

  test('DATABASE_OWNER_URL without DATABASE_URL is refused, not ignored while the site starts on PGlite', () => {
    const owner = 'postgres://owner@127.0.0.1:5432/pitchroom';
    expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir(), DATABASE_OWNER_URL: owner })).toThrow(
      /DATABASE_OWNER_URL needs DATABASE_URL/,
    );
    const both = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir(),
      DATABASE_OWNER_URL: owner,
      DATABASE_URL: 'postgres://app@127.0.0.1:5432/pitchroom',
    });
    expect(both.databaseOwnerUrl).toBe(owner);
  });

  test('production refuses a PUBLIC_URL on localhost or the default', () => {
    const base = { NODE_ENV: 'production', DATA_DIR: dataDir(), AUTH_SECRET: goodSecret };
    expect(() => loadConfig(base)).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, PUBLIC_URL: 'http://localhost:8080' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ ...base, PUBLIC_URL: 'http://127.0.0.1' })).toThrow(ConfigError);
  });

  test('production with a good secret and public URL loads', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir(),
      AUTH_SECRET: goodSecret,
      PUBLIC_URL: 'https://pitchroom.example/',
      TEST_PAYMENTS: 'on',
    });
    expect(config.isProduction).toBe(true);
    expect(config.publicUrl).toBe('https://pitchroom.example');
    expect(config.authSecret).toBe(goodSecret);
    expect(config.mailFrom).toBe('Pitchroom <no-reply@pitchroom.example>');
  });

  test('development keeps a generated secret in DATA_DIR across restarts', () => {
    const dir = dataDir();
    const first = loadConfig({ NODE_ENV: 'development', DATA_DIR: dir });
    const second = loadConfig({ NODE_ENV: 'development', DATA_DIR: dir });
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.authSecret).toBe(first.authSecret);
    expect(first.isProduction).toBe(false);
  });

  test('an invalid value is a ConfigError naming the setting', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(ConfigError);
  });
});

describe('a staging site on the test checkout', () => {
  let staging: TestApp;
  let plain: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'pitchroom-staging-pages-'));
    writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><html><head></head><body class="x"><div id="root"></div></body></html>',
    );
    staging = await createTestApp({ TEST_PAYMENTS: 'on' }, { webRoot });
    plain = await createTestApp({}, { webRoot });
  });
  afterAll(async () => {
    await staging?.close();
    await plain?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  test("outside test finding 2: with TEST_PAYMENTS=on every page says payments are a test, outside the app's root", async () => {
    const banner = `<body class="x"><div class="test-payments-banner" role="note">${MESSAGES.generic.testPaymentsBanner}</div><div id="root">`;
    for (const pathname of ['/', '/songwriter-order', '/admin/dashboard', '/no-such-page']) {
      const res = await staging.client().get(pathname);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.text, pathname).toContain(banner);
      expect((await plain.client().get(pathname)).text).not.toContain('test-payments-banner');
    }
  });
});

describe('in production', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({
      NODE_ENV: 'production',
      AUTH_SECRET: 'q7Vd2mXr9Lp4Kc8Wn3Jt6Hb1Zs5Yf0Ge',
      PUBLIC_URL: 'https://pitchroom.example',
      TEST_PAYMENTS: 'on',
    });
  });
  afterAll(() => prod?.close());

  test('the session cookie is __Secure-, Secure, HttpOnly and SameSite=Lax', async () => {
    const member = await makeUser(prod.db);
    const client = prod.client();
    expect(client.origin).toBe('https://pitchroom.example');
    const res = await signIn(client, member.email, member.password);
    expect(res.status).toBe(200);
    const cookie = (res.headers['set-cookie'] ?? []).find((c) => c.includes('session_token='));
    expect(cookie).toBeDefined();
    expect(cookie!.startsWith('__Secure-')).toBe(true);
    expect(cookie).toMatch(/;\s*Secure(;|$)/i);
    expect(cookie).toMatch(/;\s*HttpOnly(;|$)/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax(;|$)/i);
    expect((await client.get('/api/me')).body.user.id).toBe(member.id);
  });

  test('HSTS is sent in production', async () => {
    const res = await prod.client().get('/api/health');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
  });

  test('a foreign Origin is refused on sign-in', async () => {
    const member = await makeUser(prod.db);
    const res = await prod
      .client()
      .post('/api/auth/sign-in/email', { email: member.email, password: member.password }, { origin: 'https://evil.test' });
    expect(res.status).toBe(403);
  });
});

describe('request log', () => {
  const lines: Record<string, unknown>[] = [];
  let logged: TestApp;
  beforeAll(async () => {
    const logger = pino({ level: 'info', base: undefined }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    logged = await createTestApp({}, { logger });
  });
  afterAll(() => logged?.close());

  test('each request is logged once, under the id its response carries in X-Request-Id', async () => {
    const res = await logged.client().get('/api/x');
    const requestId = res.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await logged.client().get('/api/health')).headers['x-request-id']).not.toBe(requestId);
    const mine = lines.filter((line) => line.requestId === requestId);
    expect(mine).toEqual([expect.objectContaining({ msg: 'request', method: 'GET', path: '/api/x', status: 404 })]);
  });
});
