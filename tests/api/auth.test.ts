import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { accounts, previewRequests, sessions, userRoles, users } from '../../src/server/db/schema';
import { makePreviewUser, makeSongwriter, makeUser, uniqueEmail } from '../../src/server/db/seed/factories';
import { createTestApp, type TestApp } from '../setup/test-app';
import { latestMail, linkIn, sessionCookieOf, signIn, signedInClient } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const STRONG_PASSWORD = 'zebra-quantum-77-lantern';

async function userRow(email: string) {
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  return row;
}

describe('sign-up and e-mail verification', () => {
  test('a new account must confirm its e-mail through the link in the outbox before it can sign in', async () => {
    const email = uniqueEmail('signup');
    const browser = t.client();

    const signUp = await browser.post('/api/auth/sign-up/email', { email, password: STRONG_PASSWORD, name: 'Nora New' });
    expect(signUp.status).toBe(200);
    expect(signUp.body.user).toMatchObject({ email, name: 'Nora New', emailVerified: false });
    // Verification is required, so sign-up itself must not sign anyone in.
    expect(signUp.body.token).toBeNull();
    expect(sessionCookieOf(browser)).toBeUndefined();

    const mails = await t.mailsTo(email);
    expect(mails.map((m) => m.kind)).toEqual(['verify-email']);
    const mail = mails[0]!;
    expect(mail.status).toBe('pending');
    expect(mail.subject).toContain('Confirm your email address');
    const link = linkIn(mail.textBody, '/api/auth/verify-email');
    expect(link.origin).toBe(t.config.publicUrl);
    expect(link.searchParams.get('token')).toBeTruthy();

    const early = await signIn(t.client(), email, STRONG_PASSWORD);
    expect(early.status).toBe(403);
    expect(early.body.code).toBe('EMAIL_NOT_VERIFIED');
    // The code the web turns into the catalogue's text.
    expect(MESSAGES.auth.emailNotConfirmed).toBe('Please confirm your email address');
    expect((await userRow(email))!.emailVerified).toBe(false);

    // Following the link verifies the address and signs the browser in.
    const verified = await browser.get(link.pathname + link.search);
    expect([200, 302]).toContain(verified.status);
    expect(sessionCookieOf(browser)).toBeTruthy();
    expect((await userRow(email))!.emailVerified).toBe(true);
    const me = await browser.get('/api/me');
    expect(me.body.user).toMatchObject({ email, emailVerified: true });

    const later = await signIn(t.client(), email, STRONG_PASSWORD);
    expect(later.status).toBe(200);
    expect(later.body.user).toMatchObject({ email, emailVerified: true });
  });

  test('a verification link with a forged token verifies nobody', async () => {
    const email = uniqueEmail('forged');
    await t.client().post('/api/auth/sign-up/email', { email, password: STRONG_PASSWORD, name: 'F' });
    const link = linkIn((await latestMail(t, email, 'verify-email')).textBody, '/api/auth/verify-email');
    const token = link.searchParams.get('token')!;
    link.searchParams.set('token', `${token.slice(0, -4)}AAAA`);

    const browser = t.client();
    await browser.get(link.pathname + link.search);
    expect(sessionCookieOf(browser)).toBeUndefined();
    expect((await userRow(email))!.emailVerified).toBe(false);
  });

  test('the stored password hash is Argon2id with the OWASP parameters', async () => {
    const email = uniqueEmail('hash');
    const res = await t.client().post('/api/auth/sign-up/email', { email, password: STRONG_PASSWORD, name: 'H' });
    expect(res.status).toBe(200);
    const [account] = await t.db
      .select({ password: accounts.password, providerId: accounts.providerId })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(eq(users.email, email));
    expect(account!.providerId).toBe('credential');
    expect(account!.password!.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(account!.password).not.toContain(STRONG_PASSWORD);
  });
});

describe('signing in', () => {
  let user: Awaited<ReturnType<typeof makeUser>>;
  beforeAll(async () => {
    user = await makeUser(t.db);
  });

  test('a wrong password is refused with INVALID_EMAIL_OR_PASSWORD and no session', async () => {
    const client = t.client();
    const res = await signIn(client, user.email, 'not-the-password');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('INVALID_EMAIL_OR_PASSWORD');
    expect(MESSAGES.auth.invalidCredentials).toBe('Invalid email or password');
    expect(sessionCookieOf(client)).toBeUndefined();
  });

  test('an unknown e-mail is refused exactly like a wrong password', async () => {
    const res = await signIn(t.client(), uniqueEmail('nobody'), 'whatever-password');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('INVALID_EMAIL_OR_PASSWORD');
  });

  test('the right password signs in, case-insensitively on the e-mail, and sets an HttpOnly session cookie', async () => {
    const client = t.client();
    const res = await signIn(client, user.email.toUpperCase(), user.password);
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(user.id);
    const cookie = (res.headers['set-cookie'] ?? []).find((c) => c.startsWith('better-auth.session_token='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect((await client.get('/api/me')).body.user.id).toBe(user.id);
  });

  test('signing out ends the session: the cookie is cleared, the row is gone and the old cookie no longer works', async () => {
    const client = await signedInClient(t, user);
    const token = sessionCookieOf(client)!;
    expect((await client.get('/api/me')).body.user.id).toBe(user.id);

    const out = await client.post('/api/auth/sign-out', {});
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true });
    expect(sessionCookieOf(client)).toBeUndefined();
    expect((await client.get('/api/me')).body.user).toBeNull();

    const sessionToken = decodeURIComponent(token).split('.')[0]!;
    expect(await t.db.select().from(sessions).where(eq(sessions.token, sessionToken))).toEqual([]);
    const replay = t.client();
    replay.cookies.set('better-auth.session_token', token);
    expect((await replay.get('/api/me')).body.user).toBeNull();
  });
});

describe('GET /api/me', () => {
  test('anonymous: no user and every flag false', async () => {
    const res = await t.client().get('/api/me');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({ user: null, isAdmin: false, isPreview: false, isSongwriter: false, hasPreviewRequest: false });
  });

  test('a user with no role and no request: every flag false', async () => {
    const plain = await makeUser(t.db, { name: 'Plain' });
    const res = await (await signedInClient(t, plain)).get('/api/me');
    expect(res.body).toEqual({
      user: { id: plain.id, email: plain.email, name: 'Plain', emailVerified: true },
      isAdmin: false,
      isPreview: false,
      isSongwriter: false,
      hasPreviewRequest: false,
    });
  });

  test('a preview user: isPreview and hasPreviewRequest', async () => {
    const preview = await makePreviewUser(t.db);
    const res = await (await signedInClient(t, preview)).get('/api/me');
    expect(res.body).toMatchObject({ isAdmin: false, isPreview: true, isSongwriter: false, hasPreviewRequest: true });
  });

  test('a songwriter: isSongwriter only', async () => {
    const writer = await makeSongwriter(t.db);
    const res = await (await signedInClient(t, writer)).get('/api/me');
    expect(res.body).toMatchObject({ isAdmin: false, isPreview: false, isSongwriter: true, hasPreviewRequest: false });
  });

  test('an admin: isAdmin only', async () => {
    const admin = await makeUser(t.db, { roles: ['admin'] });
    const res = await (await signedInClient(t, admin)).get('/api/me');
    expect(res.body).toMatchObject({ isAdmin: true, isPreview: false, isSongwriter: false, hasPreviewRequest: false });
  });

  const request = (email: string, userId: string | null) => ({
    userId,
    name: 'Requester',
    companyName: 'Row Publishing',
    email,
    proAffiliation: 'BMI' as const,
    projectDescription: 'A record in the spring.',
  });

  test('hasPreviewRequest is true for a pending request linked by user id, even under another e-mail', async () => {
    const user = await makeUser(t.db);
    await t.db.insert(previewRequests).values(request(uniqueEmail('other'), user.id));
    const res = await (await signedInClient(t, user)).get('/api/me');
    expect(res.body).toMatchObject({ isPreview: false, hasPreviewRequest: true });
  });

  test('hasPreviewRequest is true for a request that matches only by e-mail, whatever its case', async () => {
    const user = await makeUser(t.db);
    await t.db.insert(previewRequests).values(request(user.email.toUpperCase(), null));
    const res = await (await signedInClient(t, user)).get('/api/me');
    expect(res.body).toMatchObject({ isPreview: false, hasPreviewRequest: true });
  });

  test("someone else's request does not count", async () => {
    const user = await makeUser(t.db);
    const other = await makeUser(t.db);
    await t.db.insert(previewRequests).values(request(other.email, other.id));
    const res = await (await signedInClient(t, user)).get('/api/me');
    expect(res.body.hasPreviewRequest).toBe(false);
  });
});

describe('password reset', () => {
  test('reset by e-mailed link: old sessions revoked, old password refused, new one accepted, link single-use', async () => {
    const user = await makeUser(t.db);
    const oldDevice = await signedInClient(t, user);
    expect((await oldDevice.get('/api/me')).body.user.id).toBe(user.id);

    const browser = t.client();
    const asked = await browser.post('/api/auth/request-password-reset', { email: user.email, redirectTo: '/reset-password' });
    expect(asked.status).toBe(200);
    expect(asked.body.status).toBe(true);

    const mail = await latestMail(t, user.email, 'reset-password');
    expect(mail.subject).toContain('Reset your');
    const link = linkIn(mail.textBody, '/api/auth/reset-password/');
    expect(link.searchParams.get('callbackURL')).toBe('/reset-password');
    const token = link.pathname.split('/').pop()!;
    expect(token.length).toBeGreaterThan(10);

    const newPassword = 'violet-harbor-banjo-42';
    const reset = await browser.post('/api/auth/reset-password', { newPassword, token });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ status: true });

    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect((await oldDevice.get('/api/me')).body.user).toBeNull();

    const old = await signIn(t.client(), user.email, user.password);
    expect(old.status).toBe(401);
    expect(old.body.code).toBe('INVALID_EMAIL_OR_PASSWORD');
    expect((await signIn(t.client(), user.email, newPassword)).status).toBe(200);

    const again = await t.client().post('/api/auth/reset-password', { newPassword: 'another-fine-password-9', token });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('INVALID_TOKEN');
  });

  test('asking for a reset of an unknown address answers the same and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const res = await t.client().post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(true);
    expect(await t.mailsTo(email)).toEqual([]);
  });

  test('a reset to a common password is refused and the token stays usable', async () => {
    const user = await makeUser(t.db);
    await t.client().post('/api/auth/request-password-reset', { email: user.email, redirectTo: '/reset-password' });
    const token = linkIn((await latestMail(t, user.email, 'reset-password')).textBody, '/api/auth/reset-password/')
      .pathname.split('/')
      .pop()!;
    const weak = await t.client().post('/api/auth/reset-password', { newPassword: 'password123', token });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe('This password is too common. Please choose one that is harder to guess.');
    expect((await signIn(t.client(), user.email, user.password)).status).toBe(200);

    const good = await t.client().post('/api/auth/reset-password', { newPassword: 'crimson-fiddle-harbor-8', token });
    expect(good.status).toBe(200);
  });

  test("a songwriter's reset keeps the songwriter minimum of 8; a preview user's keeps 6", async () => {
    const tokenFor = async (email: string) => {
      await t.client().post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
      return linkIn((await latestMail(t, email, 'reset-password')).textBody, '/api/auth/reset-password/')
        .pathname.split('/')
        .pop()!;
    };
    const writer = await makeSongwriter(t.db);
    const writerToken = await tokenFor(writer.email);
    const short = await t.client().post('/api/auth/reset-password', { newPassword: 'qx7!vb2', token: writerToken });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(MESSAGES.validation.songwriterPasswordMin);
    expect((await signIn(t.client(), writer.email, 'qx7!vb2')).status).toBe(401);
    expect((await t.client().post('/api/auth/reset-password', { newPassword: 'qx7!vb2mz', token: writerToken })).status).toBe(200);
    expect((await signIn(t.client(), writer.email, 'qx7!vb2mz')).status).toBe(200);
    // Nor can a signed-in songwriter change it to a shorter one through the auth API.
    const writerClient = await signedInClient(t, { email: writer.email, password: 'qx7!vb2mz' });
    const changed = await writerClient.post('/api/auth/change-password', { currentPassword: 'qx7!vb2mz', newPassword: 'zq8!wb' });
    expect(changed.status).toBe(400);
    expect(changed.body.message).toBe(MESSAGES.validation.songwriterPasswordMin);

    const listener = await makePreviewUser(t.db);
    expect(
      (await t.client().post('/api/auth/reset-password', { newPassword: 'qx7!vb', token: await tokenFor(listener.email) })).status,
    ).toBe(200);
    expect((await signIn(t.client(), listener.email, 'qx7!vb')).status).toBe(200);
  });
});

describe('password rules at sign-up', () => {
  const signUp = (password: string, email = uniqueEmail('pw')) =>
    t
      .client()
      .post('/api/auth/sign-up/email', { email, password, name: 'P' })
      .then((res) => ({ res, email }));

  const accountCount = async (email: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email))).length;

  test('shorter than 6 characters is refused', async () => {
    const { res, email } = await signUp('a1b2c');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('PASSWORD_TOO_SHORT');
    expect(await accountCount(email)).toBe(0);
  });

  test('exactly 6 characters is accepted', async () => {
    const { res, email } = await signUp('q7#vLm');
    expect(res.status).toBe(200);
    expect(await accountCount(email)).toBe(1);
  });

  test('longer than 100 characters is refused', async () => {
    const { res, email } = await signUp(`${'x7-Quartz!'.repeat(10)}z`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('PASSWORD_TOO_LONG');
    expect(await accountCount(email)).toBe(0);
  });

  test('a common password is refused with the catalogue message, in any letter case', async () => {
    for (const password of ['password123', 'Qwerty123']) {
      const { res, email } = await signUp(password);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('PASSWORD_TOO_COMMON');
      expect(res.body.message).toBe('This password is too common. Please choose one that is harder to guess.');
      expect(await accountCount(email)).toBe(0);
      expect(await t.mailsTo(email)).toEqual([]);
    }
  });

  test('a strong 100-character password is accepted', async () => {
    const password = 'Tumbleweed-Harmony-Fiddle-42!'.repeat(4).slice(0, 100);
    expect(password).toHaveLength(100);
    const { res, email } = await signUp(password);
    expect(res.status).toBe(200);
    expect(await accountCount(email)).toBe(1);
  });
});

describe('the session cookie (read by better-auth on every request)', () => {
  const sessionCookieName = (client: { cookies: Map<string, string> }) =>
    [...client.cookies.keys()].find((k) => k.includes('session_token'))!;

  test('a tampered signature, or a token without its signature, is signed out', async () => {
    const user = await makeUser(t.db);
    const client = await signedInClient(t, user);
    const name = sessionCookieName(client);
    const [token] = decodeURIComponent(client.cookies.get(name)!).split('.');
    const forged = t.client();
    forged.cookies.set(name, encodeURIComponent(`${token}.${Buffer.alloc(32).toString('base64')}`));
    expect((await forged.get('/api/me')).body.user).toBeNull();
    forged.cookies.set(name, token!);
    expect((await forged.get('/api/me')).body.user).toBeNull();
    expect((await client.get('/api/me')).body.user.id).toBe(user.id);
  });

  test('a session ended in the database, or a role taken away, applies to the very next request once the database has announced it', async () => {
    // Changes made outside this instance (here, straight in the database) reach its caller cache through the
    // database's announcement, which arrives on a connection of its own: the test waits for it as the app does.
    let announcements = 0;
    await t.database.onSessionsChanged(() => announcements++);
    const announced = async (change: () => Promise<unknown>) => {
      const before = announcements;
      await change();
      await expect.poll(() => announcements).toBeGreaterThan(before);
    };
    const user = await makePreviewUser(t.db);
    const client = await signedInClient(t, user);
    expect((await client.get('/api/songs')).status).toBe(200);
    await announced(() => t.db.delete(userRoles).where(eq(userRoles.userId, user.id)));
    expect((await client.get('/api/songs')).status).toBe(403);
    await announced(() => t.db.delete(sessions).where(eq(sessions.userId, user.id)));
    expect((await client.get('/api/me')).body.user).toBeNull();
  });

  test('an expired session is signed out even though its cookie is genuine', async () => {
    const user = await makeUser(t.db);
    const client = await signedInClient(t, user);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    const me = await client.get('/api/me');
    expect(me.status, me.text).toBe(200);
    expect(me.body.user).toBeNull();
  });

  test('a session older than a day is extended by better-auth on its next request (sliding expiry)', async () => {
    const user = await makeUser(t.db);
    const client = await signedInClient(t, user);
    // As if signed in 2 days ago: 28 days left of 30.
    const soon = new Date(Date.now() + 28 * 24 * 3600 * 1000);
    await t.db.update(sessions).set({ expiresAt: soon }).where(eq(sessions.userId, user.id));
    const me = await client.get('/api/me');
    expect(me.status, me.text).toBe(200);
    expect(me.body.user?.id, JSON.stringify(me.body)).toBe(user.id);
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    // The browser's cookie is extended with it.
    expect(String(me.headers['set-cookie'])).toMatch(/session_token=.*Max-Age=2592000/);
  });

  test('roles: a change made anywhere (here straight in the database, as another instance would) shows on the next requests', async () => {
    const user = await makeUser(t.db);
    const client = await signedInClient(t, user);
    const catalogueStatus = async () => (await client.get('/api/songs')).status;
    expect(await catalogueStatus()).toBe(403);
    // The database announces the change (migration 0009); the app forgets what it kept for this session.
    await t.db.insert(userRoles).values({ userId: user.id, role: 'preview' });
    await expect.poll(catalogueStatus, { timeout: 1_000, interval: 20 }).toBe(200);
    await t.db.delete(userRoles).where(eq(userRoles.userId, user.id));
    await expect.poll(catalogueStatus, { timeout: 1_000, interval: 20 }).toBe(403);
  });
});
