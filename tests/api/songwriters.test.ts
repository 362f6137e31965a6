import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { makePreviewUser, makeSongwriter, makeUser } from '../../src/server/db/seed/factories';
import { orders, songwriterProfiles, userRoles, users } from '../../src/server/db/schema';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { latestMail, linkIn, signedInClient } from './helpers';

let t: TestApp;

const signup = (overrides: Record<string, unknown> = {}) => ({
  username: 'june-carter',
  email: 'june@example.test',
  password: 'wildwood-flower-1',
  confirmPassword: 'wildwood-flower-1',
  ...overrides,
});

/** Signs up, follows the verification link (which signs in) and returns the client. */
async function newSongwriter(username: string, email: string): Promise<TestClient> {
  const client = t.client();
  const res = await client.post('/api/songwriters/sign-up', signup({ username, email }));
  expect(res.status, res.text).toBe(200);
  const link = linkIn((await latestMail(t, email, 'verify-email')).textBody, '/api/auth/verify-email');
  expect(link.searchParams.get('callbackURL')).toBe('/songwriter-profile');
  await client.get(link.pathname + link.search);
  expect((await client.get('/api/me')).body.isSongwriter).toBe(true);
  return client;
}

const profile = {
  firstName: 'June',
  lastName: 'Carter',
  email: 'june@example.test',
  phone: '615-555-0199',
  streetAddress: '1 Music Square W',
  city: 'Nashville',
  stateProvince: 'TN',
  zip: '37203',
  country: 'United States',
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sign-up, step 1', () => {
  test('creates the account, the songwriter role and the username together, unverified until the link is followed', async () => {
    const client = t.client();
    expect((await client.post('/api/songwriters/sign-up', signup())).status).toBe(200);
    const [user] = await t.db.select().from(users).where(eq(users.email, 'june@example.test'));
    expect(user).toMatchObject({ emailVerified: false });
    expect(await t.db.select().from(userRoles).where(eq(userRoles.userId, user!.id))).toMatchObject([{ role: 'songwriter' }]);
    expect(await t.db.select().from(songwriterProfiles).where(eq(songwriterProfiles.userId, user!.id))).toMatchObject([
      { username: 'june-carter' },
    ]);
    const signIn = await client.post('/api/auth/sign-in/email', { email: 'june@example.test', password: 'wildwood-flower-1' });
    expect(signIn.status).toBe(403);
  });

  test('a taken username is refused with its message, in any case', async () => {
    await makeSongwriter(t.db, { username: 'Taken-Name' });
    const res = await t.client().post('/api/songwriters/sign-up', signup({ username: 'taken-name', email: 'other@example.test' }));
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(MESSAGES.songwriters.usernameTaken);
  });

  test('two simultaneous sign-ups with one username make exactly one account', async () => {
    const [a, b] = await Promise.all([
      t.client().post('/api/songwriters/sign-up', signup({ username: 'race-name', email: 'race-a@example.test' })),
      t.client().post('/api/songwriters/sign-up', signup({ username: 'race-name', email: 'race-b@example.test' })),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const profiles = await t.db.select().from(songwriterProfiles).where(eq(songwriterProfiles.username, 'race-name'));
    expect(profiles).toHaveLength(1);
    const loser = a.status === 409 ? 'race-a@example.test' : 'race-b@example.test';
    expect(await t.db.select().from(users).where(eq(users.email, loser))).toHaveLength(0);
  });

  test('a taken e-mail answers as a new one and tells the owner instead', async () => {
    const owner = await makeUser(t.db, { email: 'owner@example.test' });
    const res = await t.client().post('/api/songwriters/sign-up', signup({ username: 'new-name-1', email: 'owner@example.test' }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(await latestMail(t, 'owner@example.test', 'existing-account')).toBeTruthy();
    expect(await t.db.select().from(userRoles).where(eq(userRoles.userId, owner.id))).toHaveLength(0);
  });

  test('the sign-up rules: username 3+, password 8+, confirmation matches', async () => {
    const res = await t.client().post('/api/songwriters/sign-up', signup({ username: 'ab', password: 'short', confirmPassword: 'other' }));
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toMatchObject({
      username: [MESSAGES.songwriters.usernameMin],
      password: [MESSAGES.validation.songwriterPasswordMin],
      confirmPassword: [MESSAGES.validation.passwordsDontMatch],
    });
  });
});

describe('onboarding steps', () => {
  test('a returning songwriter resumes at the first unfinished step', async () => {
    const client = await newSongwriter('step-writer', 'steps@example.test');
    expect((await client.get('/api/songwriters/me')).body).toMatchObject({ username: 'step-writer', nextStep: 'profile' });

    // No package before the profile and the questionnaire, whatever the browser allows.
    const early = await client.post('/api/songwriters/me/checkout', { packageSize: 1 });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(MESSAGES.songwriters.onboardingIncomplete);

    const bad = await client.put('/api/songwriters/me/profile', { ...profile, phone: '123', city: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({ phone: [MESSAGES.songwriters.phoneRequired], city: ['City is required'] });
    const long = await client.put('/api/songwriters/me/profile', { ...profile, phone: '6'.repeat(31) });
    expect(long.body.error.fields).toMatchObject({ phone: [MESSAGES.songwriters.phoneTooLong] });
    expect((await client.put('/api/songwriters/me/profile', profile)).status).toBe(200);
    expect((await client.get('/api/songwriters/me')).body.nextStep).toBe('questionnaire');

    const answers = {
      yearsWriting: '6',
      songsWritten: '80',
      mostRecentSong: 'Wildwood',
      preferredGenre: 'Country',
      hasPublished: false,
      proAffiliation: 'BMI',
      howFoundUs: 'A friend',
    };
    expect((await client.post('/api/songwriters/me/checkout', { packageSize: 1 })).status).toBe(409);
    expect((await client.put('/api/songwriters/me/questionnaire', answers)).status).toBe(200);
    expect((await client.post('/api/songwriters/me/checkout', { packageSize: 1 })).status).toBe(201);
    const me = (await client.get('/api/songwriters/me')).body;
    expect(me.nextStep).toBe('order');
    // Not published: the PRO question was not asked, so the default stands.
    expect(me.questionnaire.proAffiliation).toBe('Not Affiliated');
    const noChoice = await client.put('/api/songwriters/me/questionnaire', { ...answers, hasPublished: undefined });
    expect(noChoice.body.error.fields.hasPublished).toEqual([MESSAGES.songwriters.selectOption]);
  });
});

describe('who may use the songwriter endpoints', () => {
  test('anonymous 401, preview and no-role 403, on every songwriter endpoint', async () => {
    const previewClient = await signedInClient(t, await makePreviewUser(t.db));
    const plain = await signedInClient(t, await makeUser(t.db));
    const id = '00000000-0000-4000-8000-000000000000';
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/songwriters/me'],
      ['PUT', '/api/songwriters/me/profile', profile],
      ['PUT', '/api/songwriters/me/questionnaire', {}],
      ['POST', '/api/songwriters/me/checkout', { packageSize: 1 }],
      ['GET', '/api/songwriters/me/orders'],
      ['GET', `/api/songwriters/me/orders/${id}`],
      ['GET', '/api/songwriters/me/reviews'],
      ['POST', '/api/songwriters/me/claim', { sessionId: 'x' }],
      ['POST', '/api/songwriters/me/claim-email', { email: 'x@example.test' }],
      ['POST', '/api/songwriters/me/claim-email/confirm', { token: 'x' }],
      ['GET', '/api/test-checkout/test_cs_x'],
      ['POST', '/api/test-checkout/test_cs_x/pay'],
    ];
    for (const [method, path, body] of calls) {
      expect((await t.client().request(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await previewClient.request(method, path, body)).status, `${method} ${path}`).toBe(403);
      expect((await plain.request(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
  });
});

describe('buying a package with the test checkout', () => {
  test('checkout makes a pending order; paying it on the test page makes it paid, and the dashboard lists it', async () => {
    const writer = await makeSongwriter(t.db);
    const client = await signedInClient(t, writer);
    const start = await client.post('/api/songwriters/me/checkout', { packageSize: 3 });
    expect(start.status).toBe(201);
    expect(start.body.url).toMatch(/\/test-checkout\/test_cs_/);
    const [pending] = await t.db.select().from(orders).where(eq(orders.id, start.body.orderId));
    expect(pending).toMatchObject({ paymentStatus: 'pending', packageSize: 3, amountPaidCents: 0, songwriterId: writer.id });
    expect((await client.get('/api/songwriters/me/orders')).body).toEqual([]);

    const sessionId = new URL(start.body.url).pathname.split('/').pop()!;
    // Back from checkout before the payment is confirmed: nothing to claim yet, but the order is theirs and
    // waits; to anyone else the session is nothing.
    expect((await client.post('/api/songwriters/me/claim', { sessionId })).body).toEqual({ claimed: 0, awaitingPayment: true });
    const stranger = await signedInClient(t, await makeSongwriter(t.db));
    expect((await stranger.post('/api/songwriters/me/claim', { sessionId })).body).toEqual({ claimed: 0, awaitingPayment: false });
    const page = await client.get(`/api/test-checkout/${sessionId}`);
    expect(page.body).toMatchObject({ packageSize: 3, amountCents: 7500, paymentStatus: 'pending' });
    const paid = await client.post(`/api/test-checkout/${sessionId}/pay`);
    expect(paid.status).toBe(200);
    expect(paid.body.redirectTo).toContain('order_success=true');
    const [row] = await t.db.select().from(orders).where(eq(orders.id, start.body.orderId));
    expect(row).toMatchObject({ paymentStatus: 'paid', amountPaidCents: 7500 });
    expect((await client.post(`/api/test-checkout/${sessionId}/pay`)).status).toBe(409);
    expect((await client.post('/api/songwriters/me/claim', { sessionId })).body).toEqual({ claimed: 1, awaitingPayment: false });

    const list = await client.get('/api/songwriters/me/orders');
    expect(list.body).toMatchObject([{ id: start.body.orderId, packageSize: 3, songsSubmitted: 0, songsRemaining: 3 }]);
    expect((await client.get(`/api/songwriters/me/orders/${start.body.orderId}`)).body).toMatchObject({ songsRemaining: 3 });
  });

  test("a songwriter never sees another songwriter's order or test checkout", async () => {
    const owner = await signedInClient(t, await makeSongwriter(t.db));
    const other = await signedInClient(t, await makeSongwriter(t.db));
    const start = await owner.post('/api/songwriters/me/checkout', { packageSize: 1 });
    const sessionId = new URL(start.body.url).pathname.split('/').pop()!;
    await owner.post(`/api/test-checkout/${sessionId}/pay`);
    expect((await other.get(`/api/songwriters/me/orders/${start.body.orderId}`)).status).toBe(404);
    expect((await other.get(`/api/test-checkout/${sessionId}`)).status).toBe(404);
    expect((await other.post(`/api/test-checkout/${sessionId}/pay`)).status).toBe(404);
    expect((await other.get('/api/songwriters/me/orders')).body).toEqual([]);
  });

  test('a package outside 1 to 4 is refused', async () => {
    const client = await signedInClient(t, await makeSongwriter(t.db));
    for (const packageSize of [0, 5, 2.5, '2']) {
      const res = await client.post('/api/songwriters/me/checkout', { packageSize });
      expect(res.status).toBe(400);
    }
  });
});

describe('claiming orders', () => {
  const unclaimed = async (email: string, sessionId: string) => {
    const [row] = await t.db
      .insert(orders)
      .values({
        packageSize: 2,
        amountPaidCents: 5000,
        paymentStatus: 'paid',
        paymentProvider: 'stripe',
        checkoutSessionId: sessionId,
        customerEmail: email,
        paidAt: new Date(),
      })
      .returning();
    return row!;
  };

  test('by session id', async () => {
    const order = await unclaimed('someone@example.test', 'cs_test_claim_session');
    const writer = await makeSongwriter(t.db);
    const client = await signedInClient(t, writer);
    expect((await client.post('/api/songwriters/me/claim', { sessionId: 'cs_test_claim_session' })).body).toEqual({
      claimed: 1,
      awaitingPayment: false,
    });
    expect((await t.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.songwriterId).toBe(writer.id);
    // Another songwriter cannot take it afterwards.
    const other = await signedInClient(t, await makeSongwriter(t.db));
    expect((await other.post('/api/songwriters/me/claim', { sessionId: 'cs_test_claim_session' })).body).toEqual({
      claimed: 0,
      awaitingPayment: false,
    });
  });

  test("by the songwriter's own verified e-mail at once, by another address only after its confirmation link", async () => {
    const writer = await makeSongwriter(t.db, { email: 'claimer@example.test' });
    const client = await signedInClient(t, writer);
    await unclaimed('claimer@example.test', 'cs_own_1');
    expect((await client.post('/api/songwriters/me/claim-email', { email: 'Claimer@example.test' })).body).toEqual({ claimed: 1 });

    const other = await unclaimed('old-address@example.test', 'cs_other_1');
    const asked = await client.post('/api/songwriters/me/claim-email', { email: 'old-address@example.test' });
    expect(asked.body).toEqual({ confirmationSent: true });
    expect((await t.db.select().from(orders).where(eq(orders.id, other.id)))[0]!.songwriterId).toBeNull();
    const mail = await latestMail(t, 'old-address@example.test', 'claim-orders');
    const token = linkIn(mail.textBody, '/songwriter-dashboard').searchParams.get('claim_token')!;

    const thief = await signedInClient(t, await makeSongwriter(t.db));
    expect((await thief.post('/api/songwriters/me/claim-email/confirm', { token })).status).toBe(403);
    expect((await client.post('/api/songwriters/me/claim-email/confirm', { token })).body).toEqual({ claimed: 1 });
    expect((await t.db.select().from(orders).where(eq(orders.id, other.id)))[0]!.songwriterId).toBe(writer.id);
  });

  test("no unclaimed orders for the account's own address says so; an empty address is refused", async () => {
    const writer = await makeSongwriter(t.db);
    const client = await signedInClient(t, writer);
    const none = await client.post('/api/songwriters/me/claim-email', { email: writer.email });
    expect(none.status).toBe(404);
    expect(none.body.error.message).toBe(MESSAGES.songwriters.noOrders);
    const empty = await client.post('/api/songwriters/me/claim-email', { email: '' });
    expect(empty.body.error.message).toBe(MESSAGES.validation.emailRequired);
  });
});
