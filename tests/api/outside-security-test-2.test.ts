import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { pitchExpiryBounds } from '../../src/common/schemas/pitching';
import { ConfigError, loadConfig } from '../../src/server/config';
import { auditEvents, mailOutbox, sessions, songPlays, songs, users } from '../../src/server/db/schema';
import { makePreviewUser, makeSongwriter, makeUser, uniqueEmail } from '../../src/server/db/seed/factories';
import { ensureFirstAdmin } from '../../src/server/features/accounts/first-admin';
import { makeSong } from '../../src/server/db/seed/song-factories';
import { createVerifiedAccount } from '../../src/server/features/accounts/accounts.service';
import { PLAY_CLOCK_ALLOWANCE_SECONDS } from '../../src/server/features/plays/plays.service';
import { RATE_RULES } from '../../src/server/lib/rate-limit';
import { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

/** The second outside security test's findings, each by its class (docs/security.md, "second round"). */

let t: TestApp;
let admin: TestClient;
let adminUser: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  t = await createTestApp();
  adminUser = await makeUser(t.db, { roles: ['admin'] });
  admin = await signedInClient(t, adminUser);
});
afterAll(() => t.close());

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pitchroom-second-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const productionBase = () => ({
  NODE_ENV: 'production',
  DATA_DIR: dataDir(),
  PUBLIC_URL: 'https://pitchroom.example',
  AUTH_SECRET: 'q7Vd2mXr9Lp4Kc8Wn3Jt6Hb1Zs5Yf0Ge',
  TEST_PAYMENTS: 'on',
});

describe('finding 1: every password the server sets keeps the password rules', () => {
  test('a common ADMIN_PASSWORD stops the start, naming the setting; a good one starts', () => {
    const base = { ...productionBase(), ADMIN_EMAIL: 'owner@pitchroom.example' };
    expect(() => loadConfig({ ...base, ADMIN_PASSWORD: '123456' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ADMIN_PASSWORD: '123456' })).toThrow(`ADMIN_PASSWORD: ${MESSAGES.validation.passwordTooCommon}`);
    expect(() => loadConfig({ ...base, ADMIN_PASSWORD: 'Password1' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ ...base, ADMIN_PASSWORD: 'abc' })).toThrow(`ADMIN_PASSWORD: ${MESSAGES.validation.passwordMin}`);
    // Outside production too: the same rules for the same account.
    expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir(), ADMIN_EMAIL: 'a@example.test', ADMIN_PASSWORD: 'qwerty' })).toThrow(
      /ADMIN_PASSWORD/,
    );
    expect(loadConfig({ ...base, ADMIN_PASSWORD: 'orchard-pickup-lantern-3' }).admin?.email).toBe('owner@pitchroom.example');
  });

  test('the first admin, accounts the server makes and factories refuse a common password, and nothing is stored', async () => {
    const email = uniqueEmail('first-admin');
    await expect(ensureFirstAdmin(t.db, { email, password: '123456' })).rejects.toMatchObject({
      message: MESSAGES.validation.passwordTooCommon,
    });
    await expect(createVerifiedAccount({ db: t.db, email, password: 'password', roles: ['preview'] })).rejects.toMatchObject({
      message: MESSAGES.validation.passwordTooCommon,
    });
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    // An admin's Create Preview Account goes the same way.
    const made = await admin.post('/api/admin/preview-accounts', {
      email,
      password: '12345678',
      name: 'Pat Preview',
      companyName: 'Demo Music',
    });
    expect(made.status).toBe(400);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  test('npm run admin:create refuses a common password before it opens the database', async () => {
    const dir = dataDir();
    const run = promisify(execFile)('node', ['--import', 'tsx', 'scripts/admin-create.ts', 'owner@pitchroom.example', '123456'], {
      env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dir, DATABASE_URL: '' },
      timeout: 60_000,
    });
    const failed = await run.then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain(MESSAGES.validation.passwordTooCommon);
    expect(existsSync(path.join(dir, 'db'))).toBe(false);
  }, 60_000);
});

describe('finding 3: plays are limited per listener and song, and their depth by the time that passed', () => {
  let song: typeof songs.$inferSelect;
  let pitchToken: string;
  let pitchLinkId: string;
  const SONG_SECONDS = 200;
  beforeAll(async () => {
    song = await makeSong(t.db, t.storage, adminUser.id, { title: 'Forged Depth', seconds: 1 });
    await t.db.update(songs).set({ audioDurationSeconds: SONG_SECONDS }).where(eq(songs.id, song.id));
    const link = await admin.post('/api/admin/pitch-links', {
      recipientName: 'Fay Forger',
      recipientEmail: 'fay.forger@example.test',
      expiresOn: pitchExpiryBounds().suggested,
      songIds: [song.id],
    });
    expect(link.status, link.text).toBe(201);
    pitchLinkId = link.body.id;
    pitchToken = new URL(link.body.url).pathname.replace('/p/', '');
  });

  /** The play began `seconds` ago by the server's clock, as if the listener had been listening since. */
  const startedAgo = (id: string, seconds: number) =>
    t.db
      .update(songPlays)
      .set({ playedAt: sql`now() - make_interval(secs => ${seconds})` })
      .where(eq(songPlays.id, id));
  const forged = { durationSeconds: SONG_SECONDS, furthestSeconds: SONG_SECONDS, completed: true };

  for (const kind of ['signed-in listener', 'pitch link recipient'] as const) {
    test(`a ${kind}: 50 forged plays at 100 % get ${RATE_RULES.playStarts.max} plays in, none deeper than the clock allows`, async () => {
      const listener = kind === 'signed-in listener' ? await signedInClient(t, await makePreviewUser(t.db)) : t.client();
      const base = kind === 'signed-in listener' ? '/api/plays' : `/api/pitch/${pitchToken}/plays`;
      const statuses: number[] = [];
      const ids: string[] = [];
      for (let i = 0; i < 50; i++) {
        const res = await listener.post(base, { songId: song.id, ...forged });
        statuses.push(res.status);
        if (res.status === 201) ids.push(res.body.id);
      }
      const max = RATE_RULES.playStarts.max;
      expect(statuses).toEqual([...Array<number>(max).fill(201), ...Array<number>(50 - max).fill(429)]);
      const stored = await t.db
        .select()
        .from(songPlays)
        .where(sql`${songPlays.id} in ${ids}`);
      expect(stored).toHaveLength(max);
      for (const play of stored) {
        expect(play.completed).toBe(false);
        expect(play.furthestSeconds).toBeLessThanOrEqual(PLAY_CLOCK_ALLOWANCE_SECONDS);
        expect(play.durationSeconds).toBeLessThanOrEqual(PLAY_CLOCK_ALLOWANCE_SECONDS);
      }

      // A minute later a report claiming the whole song holds a minute (and the allowance); the whole song, once heard.
      const id = ids[0]!;
      await startedAgo(id, 60);
      expect((await listener.patch(`${base}/${id}`, forged)).status).toBe(200);
      const [minute] = await t.db.select().from(songPlays).where(eq(songPlays.id, id));
      expect(minute!.furthestSeconds).toBeGreaterThanOrEqual(60);
      expect(minute!.furthestSeconds).toBeLessThanOrEqual(60 + PLAY_CLOCK_ALLOWANCE_SECONDS + 1);
      expect(minute!.completed).toBe(false);
      await startedAgo(id, SONG_SECONDS);
      expect((await listener.patch(`${base}/${id}`, forged)).status).toBe(200);
      const [whole] = await t.db.select().from(songPlays).where(eq(songPlays.id, id));
      expect(whole).toMatchObject({ furthestSeconds: SONG_SECONDS, durationSeconds: SONG_SECONDS, completed: true });

      // Reports on one play are limited too.
      const reports: number[] = [];
      for (let i = 0; i < RATE_RULES.playReports.max; i++) reports.push((await listener.patch(`${base}/${ids[1]}`, forged)).status);
      expect(reports.filter((s) => s === 429).length).toBeGreaterThan(0);
    }, 60_000);
  }

  test('a song of unknown length is never taken as heard to its end, however long ago its play began', async () => {
    const unknown = await makeSong(t.db, t.storage, adminUser.id, { title: 'Length Unknown', seconds: 1 });
    await t.db.update(songs).set({ audioDurationSeconds: null }).where(eq(songs.id, unknown.id));
    const listener = await signedInClient(t, await makePreviewUser(t.db));
    const started = await listener.post('/api/plays', { songId: unknown.id, ...forged });
    expect(started.status, started.text).toBe(201);
    await startedAgo(started.body.id, 3_600);
    expect((await listener.patch(`/api/plays/${started.body.id}`, forged)).status).toBe(200);
    const [play] = await t.db.select().from(songPlays).where(eq(songPlays.id, started.body.id));
    expect(play!.completed).toBe(false);
  });

  test('the writer-facing depth of the pitch link stays what the clock allowed', async () => {
    const plays = await t.db.select().from(songPlays).where(eq(songPlays.pitchLinkId, pitchLinkId));
    // One play was let run its whole length; the other nine stayed within the allowance.
    expect(plays.filter((p) => p.completed)).toHaveLength(1);
  });
});

describe('info findings', () => {
  test('revoke-session ends a session of the caller’s, and refuses plainly a token that names none of them', async () => {
    const owner = await makeUser(t.db);
    const laptop = await signedInClient(t, owner);
    const phone = await signedInClient(t, owner);
    const stranger = await makeUser(t.db);
    const strangers = await signedInClient(t, stranger);
    const ownSessions = await t.db.select().from(sessions).where(eq(sessions.userId, owner.id));
    const [strangerSession] = await t.db.select().from(sessions).where(eq(sessions.userId, stranger.id));

    for (const token of [strangerSession!.token, 'no-such-session-token']) {
      const refused = await laptop.post('/api/auth/revoke-session', { token });
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe(MESSAGES.auth.sessionNotFound);
    }
    expect((await strangers.get('/api/me')).body.user?.id).toBe(stranger.id);

    const phoneCookies = [...phone.cookies.values()].map(decodeURIComponent);
    const phoneToken = ownSessions.find((s) => phoneCookies.some((v) => v.startsWith(`${s.token}.`)))!.token;
    expect((await laptop.post('/api/auth/revoke-session', { token: phoneToken })).status).toBe(200);
    expect((await phone.get('/api/me')).body.user).toBeNull();
    expect((await laptop.get('/api/me')).body.user?.id).toBe(owner.id);
  });

  test('names refuse direction overrides and lone surrogates, and the account picture a javascript: link, on every name field', async () => {
    const user = await makeUser(t.db, { name: 'Plain Name' });
    const client = await signedInClient(t, user);
    const bad = ['Eve\u202Egnp.exe', 'Eve\u2066hidden\u2069', 'Broken \uD800 name', 'Broken \uDC00'];
    for (const name of bad) {
      const res = await client.post('/api/auth/update-user', { name });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.body.message).toBe(MESSAGES.validation.controlCharacters);
    }
    for (const image of ['javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', 'not a link']) {
      const res = await client.post('/api/auth/update-user', { image });
      expect(res.status, image).toBe(400);
      expect(res.body.message).toBe(MESSAGES.validation.imageUrlInvalid);
    }
    expect((await client.post('/api/auth/update-user', { image: 'https://images.example/me.png' })).status).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ name: 'Plain Name', image: 'https://images.example/me.png' });
    // Arabic and Hebrew names themselves are fine: only the invisible direction controls are refused.
    expect((await client.post('/api/auth/update-user', { name: 'ליאור Lior' })).status).toBe(200);

    const signUp = await t
      .client()
      .post('/api/auth/sign-up/email', { email: uniqueEmail('rlo'), password: 'orchard-pickup-lantern-3', name: 'A\u202Eb' });
    expect(signUp.status).toBe(400);
    // Our own name fields (the shared text fields): a songwriter's name, a contact's, a pitch link's recipient.
    const writer = await makeSongwriter(t.db);
    const writerClient = await signedInClient(t, writer);
    const profile = await writerClient.put('/api/songwriters/me/profile', { firstName: 'Jo\u202E', lastName: 'Lane' });
    expect(profile.status).toBe(400);
    expect(profile.body.error.fields.firstName).toEqual([MESSAGES.validation.controlCharacters]);
    const contact = await t.client().post('/api/contact', {
      name: 'Wade \uD83D',
      email: 'wade@example.test',
      subject: 'Co-write?',
      message: 'Hello from Music Row.',
    });
    expect(contact.status).toBe(400);
    expect(contact.body.error.fields.name).toEqual([MESSAGES.validation.controlCharacters]);
    const link = await admin.post('/api/admin/pitch-links', {
      recipientName: 'Rae \u202Eeueg',
      recipientEmail: 'rae@example.test',
      expiresOn: pitchExpiryBounds().suggested,
      songIds: [],
    });
    expect(link.status).toBe(400);
    expect(link.body.error.fields.recipientName).toEqual([MESSAGES.validation.controlCharacters]);
  });

  test('production refuses an http:// PUBLIC_URL and a low-entropy AUTH_SECRET, naming the setting', () => {
    expect(() => loadConfig({ ...productionBase(), PUBLIC_URL: 'http://pitchroom.example' })).toThrow(
      /PUBLIC_URL must start with https:\/\//,
    );
    for (const secret of ['k'.repeat(40), 'abcd'.repeat(10), 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab'])
      expect(() => loadConfig({ ...productionBase(), AUTH_SECRET: secret }), secret).toThrow(/AUTH_SECRET is too predictable/);
    expect(loadConfig(productionBase()).isProduction).toBe(true);
  });

  test('an admin’s read of a person’s data export and of an Outbox e-mail is in the audit trail', async () => {
    const person = await makePreviewUser(t.db, { name: 'Ada Asked' });
    const exported = await admin.get(`/api/admin/users/${person.id}/data`);
    expect(exported.status, exported.text).toBe(200);
    const exports = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'account.export'), eq(auditEvents.subjectId, person.id)));
    expect(exports).toMatchObject([
      { actorUserId: adminUser.id, subjectKind: 'user', summary: `Exported the personal data of ${person.email}` },
    ]);

    const asked = await t.client().post('/api/auth/request-password-reset', { email: person.email, redirectTo: '/reset-password' });
    expect(asked.status).toBe(200);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, person.email));
    expect((await admin.get(`/api/admin/outbox/${mail!.id}`)).status).toBe(200);
    const reads = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'outbox_message.read'), eq(auditEvents.subjectId, mail!.id)));
    expect(reads).toMatchObject([{ actorUserId: adminUser.id, subjectKind: 'outbox_message' }]);
    // The admin's audit page lists them.
    const page = await admin.get('/api/admin/audit?action=outbox_message.read');
    expect(page.status, page.text).toBe(200);
  });
});

describe('info finding: a forwarded address written with a port', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ TRUSTED_PROXIES: '127.0.0.1/32' });
  });
  afterAll(() => proxied?.close());
  const viaProxy = () => new TestClient(proxied.url, proxied.config.publicUrl, '127.0.0.1');
  const contactBody = { name: 'Wade Writer', email: 'wade@example.test', subject: 'Co-write?', message: 'Hello from Music Row.' };
  const contact = async (forwardedFor: string) =>
    (await viaProxy().post('/api/contact', contactBody, { 'x-forwarded-for': forwardedFor })).status;

  test('1.2.3.4:5678 and [2001:db8::5]:80 are each their own client, whatever the port', async () => {
    const first: number[] = [];
    for (let i = 0; i < 6; i++) first.push(await contact(`198.51.100.7:${5000 + i}`));
    expect(first).toEqual([201, 201, 201, 201, 201, 429]);
    // Another client behind the same balancer has a budget of its own, with or without a port, IPv6 too.
    expect(await contact('198.51.100.8:5678')).toBe(201);
    expect(await contact('[2001:db8::5]:80')).toBe(201);
    expect(await contact('[2001:db8::6]')).toBe(201);
    // The port never splits one client into many: the address alone is the key.
    expect(await contact('198.51.100.7')).toBe(429);
  });
});
