import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import {
  blockedRequests,
  orders,
  previewRequests,
  rateLimits,
  sessions,
  userRoles,
  users,
  verifications,
} from '../../src/server/db/schema';
import { makePreviewUser, makeSongwriter, makeUser, uniqueEmail } from '../../src/server/db/seed/factories';
import { createVerifiedAccount } from '../../src/server/features/accounts/accounts.service';
import { removeStaleUnverifiedAccounts, startUnverifiedAccountSweep } from '../../src/server/features/accounts/unverified-accounts';
import { createTestApp, type TestApp } from '../setup/test-app';
import type { TestClient } from '../setup/http-client';
import { latestMail, linkIn, sessionCookieOf, signIn, signedInClient } from './helpers';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInClient(t, await makeUser(t.db, { roles: ['admin'] }));
});
afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;

async function resetToken(email: string): Promise<string> {
  const asked = await t.client().post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
  expect(asked.status).toBe(200);
  return linkIn((await latestMail(t, email, 'reset-password')).textBody, '/api/auth/reset-password/')
    .pathname.split('/')
    .pop()!;
}

async function resetLinksOf(userId: string) {
  return t.db
    .select()
    .from(verifications)
    .where(and(like(verifications.identifier, 'reset-password:%'), eq(verifications.value, userId)));
}

async function userByEmail(email: string) {
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  return row;
}

describe('credentials', () => {
  test('outside test finding 4: a password reset consumes every outstanding reset link, signs out other sessions and e-mails the owner', async () => {
    const user = await makeUser(t.db);
    const otherDevice = await signedInClient(t, user);
    const older = await resetToken(user.email);
    const newer = await resetToken(user.email);
    expect(older).not.toBe(newer);
    expect(await resetLinksOf(user.id)).toHaveLength(2);

    expect((await t.client().post('/api/auth/reset-password', { newPassword: 'owner-chose-this-one-1', token: newer })).status).toBe(200);
    expect(await resetLinksOf(user.id)).toEqual([]);
    const stale = await t.client().post('/api/auth/reset-password', { newPassword: 'attacker-picked-this-2', token: older });
    expect(stale.status).toBe(400);
    expect(stale.body.code).toBe('INVALID_TOKEN');
    expect((await signIn(t.client(), user.email, 'attacker-picked-this-2')).status).toBe(401);
    expect((await signIn(t.client(), user.email, 'owner-chose-this-one-1')).status).toBe(200);
    expect((await otherDevice.get('/api/me')).body.user).toBeNull();

    const mail = await latestMail(t, user.email, 'password-changed');
    expect(mail.subject).toContain('password was changed');
    expect(mail.textBody).toContain('/forgot-password');
  });

  test('outside test finding 4: a password change consumes every outstanding reset link, signs out the other sessions but not this one, and e-mails the owner', async () => {
    const user = await makeUser(t.db);
    const here = await signedInClient(t, user);
    const elsewhere = await signedInClient(t, user);
    const pending = await resetToken(user.email);

    const changed = await here.post('/api/auth/change-password', {
      currentPassword: user.password,
      newPassword: 'fresh-mandolin-tuning-7',
    });
    expect(changed.status).toBe(200);
    expect((await here.get('/api/me')).body.user?.id).toBe(user.id);
    expect((await elsewhere.get('/api/me')).body.user).toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    expect(await resetLinksOf(user.id)).toEqual([]);
    expect((await t.client().post('/api/auth/reset-password', { newPassword: 'attacker-picked-this-3', token: pending })).status).toBe(400);
    expect(await latestMail(t, user.email, 'password-changed')).toBeTruthy();
  });

  test('outside test finding 5: ten wrong passwords from ten addresses lock the account; the right one is refused until the lock ends, and the owner is e-mailed a reset link', async () => {
    const user = await makeUser(t.db);
    for (let i = 0; i < 10; i++) {
      const res = await signIn(t.client(), user.email.toUpperCase(), `wrong-guess-${i}`);
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    const right = await signIn(t.client(), user.email, user.password);
    expect(right.status).toBe(429);
    expect(right.body.code).toBe('TOO_MANY_SIGN_IN_ATTEMPTS');
    expect(right.body.message).toBe(MESSAGES.auth.tooManySignInAttempts);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);

    // An address without an account is answered the same way, so the lock tells nothing about who has one.
    const ghost = uniqueEmail('ghost');
    for (let i = 0; i < 10; i++) expect((await signIn(t.client(), ghost, `wrong-guess-${i}`)).status).toBe(401);
    const ghostAgain = await signIn(t.client(), ghost, 'anything-at-all');
    expect(ghostAgain.status).toBe(429);
    expect(ghostAgain.body.code).toBe('TOO_MANY_SIGN_IN_ATTEMPTS');
    expect(await t.mailsTo(ghost)).toEqual([]);

    const mail = await latestMail(t, user.email, 'sign-in-locked');
    expect(mail.subject).toContain('sign-in');
    const lockToken = linkIn(mail.textBody, '/api/auth/reset-password/').pathname.split('/').pop()!;
    // The admin's Outbox shows that e-mail with its reset link's token hidden, as it does a reset e-mail.
    const admin = await signedInClient(t, await makeUser(t.db, { roles: ['admin'] }));
    const shown = await admin.get(`/api/admin/outbox/${mail.id}`);
    expect(shown.body.text).toContain('/api/auth/reset-password/:token');
    expect(JSON.stringify(shown.body)).not.toContain(lockToken);

    // The lock ends on its own (its start moved back past 15 minutes)...
    await t.db
      .update(rateLimits)
      .set({ lastRequest: sql`${rateLimits.lastRequest} - ${16 * 60 * 1000}` })
      .where(like(rateLimits.key, '%sign-in-account:%'));
    expect((await signIn(t.client(), user.email, user.password)).status).toBe(200);

    // ...and a reset ends it at once.
    const other = await makeUser(t.db);
    for (let i = 0; i < 10; i++) await signIn(t.client(), other.email, `wrong-guess-${i}`);
    expect((await signIn(t.client(), other.email, other.password)).status).toBe(429);
    const token = linkIn((await latestMail(t, other.email, 'sign-in-locked')).textBody, '/api/auth/reset-password/')
      .pathname.split('/')
      .pop()!;
    expect((await t.client().post('/api/auth/reset-password', { newPassword: 'banjo-after-the-lock-9', token })).status).toBe(200);
    expect((await signIn(t.client(), other.email, 'banjo-after-the-lock-9')).status).toBe(200);
  });

  test('outside test finding 5, sent side by side: 20 wrong passwords at once from 20 addresses get at most 10 password checks', async () => {
    const user = await makeUser(t.db);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(t.client(), user.email, `wrong-guess-${i}`)));
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    expect((await signIn(t.client(), user.email, user.password)).status).toBe(429);
    // One e-mail to the owner, however many attempts failed at once.
    expect((await t.mailsTo(user.email)).filter((m) => m.kind === 'sign-in-locked')).toHaveLength(1);
  });

  test('outside test finding 5, another spelling: wrong passwords typed as a Gmail address\'s "+tag" or dotted form lock it and tell its owner', async () => {
    const owner = await makeUser(t.db, { email: `pat.owner.${Date.now()}@gmail.com` });
    const [local] = owner.email.split('@');
    const spelling = `${local!.replaceAll('.', '')}+x@googlemail.com`;
    for (let i = 0; i < 10; i++) expect((await signIn(t.client(), spelling, `wrong-guess-${i}`)).status).toBe(401);
    expect((await signIn(t.client(), owner.email, owner.password)).status).toBe(429);
    expect((await t.mailsTo(owner.email)).filter((m) => m.kind === 'sign-in-locked')).toHaveLength(1);
  });

  test('outside test finding 6: a verification link opened in a browser that did not sign up verifies the address but signs nobody in', async () => {
    const email = uniqueEmail('attacker');
    const attacker = t.client();
    expect((await attacker.post('/api/auth/sign-up/email', { email, password: 'attacker-owns-this-1', name: 'A' })).status).toBe(200);
    const link = linkIn((await latestMail(t, email, 'verify-email')).textBody, '/api/auth/verify-email');

    const victim = t.client();
    const opened = await victim.get(link.pathname + link.search);
    expect([200, 302]).toContain(opened.status);
    expect(sessionCookieOf(victim)).toBeUndefined();
    expect((await victim.get('/api/me')).body.user).toBeNull();
    const user = await userByEmail(email);
    expect(user!.emailVerified).toBe(true);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user!.id))).toEqual([]);

    // The browser that signed up is signed in by its link, on both sign-up routes.
    const own = uniqueEmail('own');
    const browser = t.client();
    await browser.post('/api/auth/sign-up/email', { email: own, password: 'my-own-browser-here-2', name: 'O' });
    const ownLink = linkIn((await latestMail(t, own, 'verify-email')).textBody, '/api/auth/verify-email');
    await browser.get(ownLink.pathname + ownLink.search);
    expect((await browser.get('/api/me')).body.user).toMatchObject({ email: own, emailVerified: true });

    const writer = uniqueEmail('writer');
    const writerBrowser = t.client();
    const signedUp = await writerBrowser.post('/api/songwriters/sign-up', {
      username: `w${Date.now()}`,
      email: writer,
      password: 'my-own-browser-here-3',
      confirmPassword: 'my-own-browser-here-3',
    });
    expect(signedUp.status).toBe(200);
    const writerLink = linkIn((await latestMail(t, writer, 'verify-email')).textBody, '/api/auth/verify-email');
    const stranger = t.client();
    await stranger.get(writerLink.pathname + writerLink.search);
    expect((await stranger.get('/api/me')).body.user).toBeNull();
  });

  test('outside test finding 13: joining as a songwriter needs the account password, and one shorter than 8 characters must be replaced', async () => {
    // A 6-character password is allowed at better-auth's sign-up (preview users' rule).
    const email = uniqueEmail('short');
    const browser = t.client();
    expect((await browser.post('/api/auth/sign-up/email', { email, password: 'k9#mQz', name: 'Short' })).status).toBe(200);
    const link = linkIn((await latestMail(t, email, 'verify-email')).textBody, '/api/auth/verify-email');
    await browser.get(link.pathname + link.search);
    expect((await browser.get('/api/me')).body.user).toMatchObject({ email });

    const username = `short${Date.now()}`;
    const bare = await browser.post('/api/songwriters/join', { username });
    expect(bare.status).toBe(400);
    const wrong = await browser.post('/api/songwriters/join', { username, password: 'not-my-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields.password).toEqual([MESSAGES.songwriters.joinPasswordWrong]);
    const short = await browser.post('/api/songwriters/join', { username, password: 'k9#mQz' });
    expect(short.status).toBe(400);
    expect(short.body.error.fields.newPassword).toEqual([MESSAGES.songwriters.joinPasswordTooShort]);
    const user = await userByEmail(email);
    expect(await t.db.select().from(userRoles).where(eq(userRoles.userId, user!.id))).toEqual([]);

    const joined = await browser.post('/api/songwriters/join', { username, password: 'k9#mQz', newPassword: 'k9#mQz-longer' });
    expect(joined.status).toBe(200);
    expect((await browser.get('/api/me')).body).toMatchObject({ isSongwriter: true });
    expect((await signIn(t.client(), email, 'k9#mQz')).status).toBe(401);
    expect((await signIn(t.client(), email, 'k9#mQz-longer')).status).toBe(200);
    expect(await latestMail(t, email, 'password-changed')).toBeTruthy();

    // A long enough password joins as it is.
    const listener = await makePreviewUser(t.db);
    const client = await signedInClient(t, listener);
    expect((await client.post('/api/songwriters/join', { username: `listener${Date.now()}`, password: listener.password })).status).toBe(
      200,
    );

    // Accounts made by the server keep the role's minimum too.
    await expect(
      createVerifiedAccount({ db: t.db, email: uniqueEmail('made'), password: 'k9#mQz', roles: ['songwriter'] }),
    ).rejects.toThrow(MESSAGES.validation.songwriterPasswordMin);
    await expect(makeSongwriter(t.db, { password: 'k9#mQz' })).rejects.toThrow();
  });

  test('outside test finding 13, guessed through joining: wrong passwords there count against the sign-in lock', async () => {
    const listener = await makePreviewUser(t.db);
    const session = await signedInClient(t, listener);
    const username = `guess${Date.now()}`;
    for (let i = 0; i < 10; i++) {
      expect((await session.post('/api/songwriters/join', { username, password: `wrong-guess-${i}` })).status, `guess ${i + 1}`).toBe(400);
    }
    const right = await session.post('/api/songwriters/join', { username, password: listener.password });
    expect(right.status).toBe(429);
    expect((await signIn(t.client(), listener.email, listener.password)).status).toBe(429);
    expect((await t.mailsTo(listener.email)).filter((m) => m.kind === 'sign-in-locked')).toHaveLength(1);
  });
});

describe('e-mail identity', () => {
  const request = (email: string) => ({
    name: 'Rhea Holt',
    companyName: 'Holt Music Group',
    email,
    proAffiliation: 'BMI',
    projectDescription: 'Looking for up-tempo country songs.',
  });
  const requestsFor = (pattern: string) =>
    t.db
      .select()
      .from(previewRequests)
      .where(like(sql`lower(${previewRequests.email})`, pattern));

  test('outside test finding 7: a rejected e-mail stays blocked under +tag, dotted and letter-case variants', async () => {
    const created = await t.client().post('/api/preview-requests', request('jane.doe@gmail.com'));
    expect((await admin.post(`/api/admin/preview-requests/${created.body.id}/reject`)).status).toBe(200);
    await t.db.insert(blockedRequests).values({ email: 'bob@example.com' });

    for (const variant of ['Jane.Doe+x@gmail.com', 'janedoe@googlemail.com', ' J.A.N.E.doe+abc@GMAIL.com ', 'jane.doe+1@gmail.com']) {
      await t.client().post('/api/preview-requests', request(variant));
    }
    await t.client().post('/api/preview-requests', request('Bob+spam@Example.com'));
    expect(await requestsFor('%@g%mail.com')).toHaveLength(1);
    expect(await requestsFor('bob%@example.com')).toEqual([]);

    // Outside Gmail dots matter: another address, another request.
    await t.client().post('/api/preview-requests', request('b.ob@example.com'));
    expect(await requestsFor('b.ob@example.com')).toHaveLength(1);
  });

  test('outside test finding 8: a preview request answers a new, an open and a blocked address alike', async () => {
    const fresh = uniqueEmail('fresh');
    const open = uniqueEmail('open');
    const blocked = uniqueEmail('blocked');
    const first = await t.client().post('/api/preview-requests', request(open));
    const [openRow] = await requestsFor(open);
    await t.db.insert(blockedRequests).values({ email: blocked });

    const answers = [];
    for (const email of [fresh, open, blocked]) answers.push(await t.client().post('/api/preview-requests', request(email)));
    const shapes = answers.map((a) => ({
      status: a.status,
      keys: Object.keys(a.body).sort(),
      created: a.body.created,
      id: typeof a.body.id,
    }));
    expect(shapes).toEqual([shapes[0], shapes[0], shapes[0]]);
    expect(shapes[0]).toEqual({ status: first.status, keys: ['created', 'id'], created: true, id: 'string' });
    expect(answers[1]!.body.id).not.toBe(openRow!.id);
    expect(await requestsFor(open)).toHaveLength(1);
    expect(await requestsFor(blocked)).toEqual([]);

    // Signed in with that very address, the owner is told the truth about their own request.
    const owner = await makeUser(t.db, { email: uniqueEmail('owner') });
    const ownerClient = await signedInClient(t, owner);
    const mine = await ownerClient.post('/api/preview-requests', request(owner.email));
    const again = await ownerClient.post('/api/preview-requests', request(owner.email));
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ id: mine.body.id, created: false });
  });

  test('outside test finding 8: claim-by-e-mail answers alike whether paid orders exist; the e-mail carries the difference', async () => {
    const writer = await makeSongwriter(t.db);
    const client = await signedInClient(t, writer);
    const withOrders = uniqueEmail('paid');
    const without = uniqueEmail('unpaid');
    await t.db.insert(orders).values({
      packageSize: 1,
      amountPaidCents: 2500,
      paymentStatus: 'paid',
      paymentProvider: 'stripe',
      checkoutSessionId: `cs_${Date.now()}`,
      customerEmail: withOrders,
      paidAt: new Date(),
    });

    const a = await client.post('/api/songwriters/me/claim-email', { email: withOrders });
    const b = await client.post('/api/songwriters/me/claim-email', { email: without });
    expect([a.status, a.body]).toEqual([200, { confirmationSent: true }]);
    expect([b.status, b.body]).toEqual([a.status, a.body]);
    linkIn((await latestMail(t, withOrders, 'claim-orders')).textBody, '/songwriter-dashboard');
    const none = await latestMail(t, without, 'claim-orders-none');
    expect(none.textBody).toContain(writer.email);
    expect(none.textBody).not.toContain('claim_token');
  });
});

describe('housekeeping', () => {
  const signUp = async (email: string, password = 'squatter-holds-this-1') => {
    expect((await t.client().post('/api/auth/sign-up/email', { email, password, name: 'Squatter' })).status).toBe(200);
    return (await userByEmail(email))!;
  };
  const age = (id: string, ms: number) =>
    t.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - ms), updatedAt: new Date(Date.now() - ms) })
      .where(eq(users.id, id));

  test('outside test finding 11: unverified accounts older than 7 days are removed by a scheduled job', async () => {
    const old = await signUp(uniqueEmail('old'));
    const young = await signUp(uniqueEmail('young'));
    const verifiedOld = await makeUser(t.db);
    await age(old.id, 8 * DAY_MS);
    await age(young.id, 6 * DAY_MS);
    await age(verifiedOld.id, 30 * DAY_MS);

    expect(await removeStaleUnverifiedAccounts(t.db, new Date())).toBe(1);
    expect(await userByEmail(old.email)).toBeUndefined();
    expect(await userByEmail(young.email)).toBeTruthy();
    expect(await userByEmail(verifiedOld.email)).toBeTruthy();

    // The job runs on an interval, reading the time from the clock it is given.
    const sweep = startUnverifiedAccountSweep({
      db: t.db,
      logger: undefined,
      intervalMs: 10,
      now: () => new Date(Date.now() + 2 * DAY_MS),
    });
    try {
      await expect.poll(async () => Boolean(await userByEmail(young.email)), { timeout: 5000 }).toBe(false);
    } finally {
      await sweep.stop();
    }
    expect(await userByEmail(verifiedOld.email)).toBeTruthy();
  });

  test("outside test finding 11: an admin's preview account takes over an unverified address", async () => {
    const email = uniqueEmail('held');
    const squatter = await signUp(email);
    const created = await admin.post('/api/admin/preview-accounts', {
      email,
      password: 'admin-chose-this-4',
      name: 'Real Owner',
      companyName: 'Owner Music',
    });
    expect(created.status).toBe(201);
    const owner = await userByEmail(email);
    expect(owner!.id).not.toBe(squatter.id);
    expect(owner!.emailVerified).toBe(true);
    expect((await signIn(t.client(), email, 'squatter-holds-this-1')).status).toBe(401);
    expect((await signIn(t.client(), email, 'admin-chose-this-4')).status).toBe(200);

    // A verified account is still a conflict.
    const verified = await makeUser(t.db);
    expect(
      (
        await admin.post('/api/admin/preview-accounts', {
          email: verified.email,
          password: 'admin-chose-this-5',
          name: '',
          companyName: '',
        })
      ).status,
    ).toBe(409);
  });

  test('outside test finding 11: an unverified account whose owner asked for a new link a minute ago is not taken over', async () => {
    const email = uniqueEmail('fresh-link');
    const owner = await signUp(email);
    await age(owner.id, 2 * 60 * 60 * 1000);
    expect((await t.client().post('/api/auth/send-verification-email', { email, callbackURL: '/auth' })).status).toBe(200);

    const res = await t.client().post('/api/songwriters/sign-up', {
      username: `taker${Date.now()}`,
      email,
      password: 'someone-else-7',
      confirmPassword: 'someone-else-7',
    });
    expect(res.status).toBe(200);
    expect((await userByEmail(email))!.id).toBe(owner.id);
  });

  test("outside test finding 11: the owner's songwriter sign-up over a stale unverified account makes the account", async () => {
    const email = uniqueEmail('owner');
    const squatter = await signUp(email);
    await age(squatter.id, 2 * 60 * 60 * 1000);

    const browser = t.client();
    const username = `owner${Date.now()}`;
    const res = await browser.post('/api/songwriters/sign-up', {
      username,
      email,
      password: 'the-real-owner-5',
      confirmPassword: 'the-real-owner-5',
    });
    expect(res.status).toBe(200);
    const owner = await userByEmail(email);
    expect(owner!.id).not.toBe(squatter.id);
    expect(await t.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, owner!.id))).toEqual([
      { role: 'songwriter' },
    ]);
    const link = linkIn((await latestMail(t, email, 'verify-email')).textBody, '/api/auth/verify-email');
    await browser.get(link.pathname + link.search);
    expect((await browser.get('/api/me')).body).toMatchObject({ user: { email, emailVerified: true }, isSongwriter: true });
  });
});
