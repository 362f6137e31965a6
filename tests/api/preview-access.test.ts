import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { makePreviewUser, makeSongwriter, makeUser } from '../../src/server/db/seed/factories';
import { makeSong } from '../../src/server/db/seed/song-factories';
import { blockedRequests, previewRequests, userRoles, users } from '../../src/server/db/schema';
import { linkAndGrantPreview } from '../../src/server/features/preview-access/preview-access.service';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { latestMail, linkIn, signedInClient } from './helpers';

let t: TestApp;
let admin: TestClient;
let songSlug: string;

const request = (email: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Rhea Holt',
  companyName: 'Holt Music Group',
  email,
  proAffiliation: 'BMI',
  projectDescription: 'Looking for up-tempo country songs for a debut album.',
  ...overrides,
});

/** Request → sign up → follow the verification link; returns the signed-in client. */
async function requestAndSignUp(email: string) {
  const client = t.client();
  const created = await client.post('/api/preview-requests', request(email));
  expect(created.status).toBe(201);
  const signUp = await client.post('/api/auth/sign-up/email', {
    email,
    password: 'listening-room-42',
    name: 'Rhea Holt',
    callbackURL: '/auth',
  });
  expect(signUp.status).toBe(200);
  const mail = await latestMail(t, email, 'verify-email');
  const link = linkIn(mail.textBody, '/api/auth/verify-email');
  const verified = await client.get(link.pathname + link.search);
  expect([200, 302]).toContain(verified.status);
  return { client, requestId: created.body.id as string };
}

beforeAll(async () => {
  t = await createTestApp();
  const adminUser = await makeUser(t.db, { roles: ['admin'] });
  admin = await signedInClient(t, adminUser);
  songSlug = (await makeSong(t.db, t.storage, adminUser.id, { title: 'Preview Test Song' })).slug;
});
afterAll(() => t.close());

describe('asking for access', () => {
  test('a repeat from an e-mail with an open request makes no second one; only the signed-in owner is told it is the same', async () => {
    const client = t.client();
    const first = await client.post('/api/preview-requests', request('repeat@example.test'));
    const again = await client.post('/api/preview-requests', request('Repeat@Example.test', { name: 'Someone Else' }));
    expect(first.status).toBe(201);
    // Anyone else is answered as for a new address, so the form tells nobody who asked before.
    expect(again.status).toBe(201);
    expect(again.body.created).toBe(true);
    expect(again.body.id).not.toBe(first.body.id);
    const rows = await t.db.select().from(previewRequests).where(eq(previewRequests.email, 'repeat@example.test'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ phone: 'N/A', status: 'pending', name: 'Rhea Holt' });

    const owner = await signedInClient(t, await makeUser(t.db, { email: 'repeat-owner@example.test' }));
    const mine = await owner.post('/api/preview-requests', request('repeat-owner@example.test'));
    const mineAgain = await owner.post('/api/preview-requests', request('repeat-owner@example.test'));
    expect(mineAgain.status).toBe(200);
    expect(mineAgain.body).toEqual({ id: mine.body.id, created: false });
  });

  test('a blocked e-mail stores nothing; the signed-in owner of the address is refused with its message', async () => {
    await t.db.insert(blockedRequests).values({ email: 'blocked@example.test' });
    const res = await t.client().post('/api/preview-requests', request('BLOCKED@example.test'));
    expect(res.status).toBe(201);
    expect(await t.db.select().from(previewRequests).where(eq(previewRequests.email, 'blocked@example.test'))).toEqual([]);
    const owner = await signedInClient(t, await makeUser(t.db, { email: 'blocked@example.test' }));
    const refused = await owner.post('/api/preview-requests', request('blocked@example.test'));
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(MESSAGES.previewAccess.blocked);
  });

  test("the form's rules hold on the server", async () => {
    const res = await t
      .client()
      .post(
        '/api/preview-requests',
        request('rules@example.test', { name: '', companyName: 'x'.repeat(151), proAffiliation: 'ZZZ', projectDescription: '' }),
      );
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toMatchObject({
      name: [MESSAGES.validation.nameRequired],
      companyName: [MESSAGES.previewAccess.companyTooLong],
      proAffiliation: [MESSAGES.previewAccess.proRequired],
      projectDescription: [MESSAGES.previewAccess.descriptionRequired],
    });
  });

  test('link-and-grant does nothing for an unverified e-mail, so approval waits for a confirmed account', async () => {
    const client = t.client();
    const created = await client.post('/api/preview-requests', request('unverified@example.test'));
    await client.post('/api/auth/sign-up/email', { email: 'unverified@example.test', password: 'listening-room-42', name: 'U' });
    const [user] = await t.db.select().from(users).where(eq(users.email, 'unverified@example.test'));
    expect(await linkAndGrantPreview(t.db, user!)).toBe(false);
    const [row] = await t.db.select().from(previewRequests).where(eq(previewRequests.id, created.body.id));
    expect(row!.userId).toBeNull();
    const approve = await admin.post(`/api/admin/preview-requests/${created.body.id}/approve`);
    expect(approve.status).toBe(409);
    expect(approve.body.error.message).toBe(MESSAGES.previewAccess.noLinkedAccount);
  });
});

describe('an admin decides', () => {
  test('verification links the request; approval grants the role, e-mails the person and opens the catalogue', async () => {
    const { client, requestId } = await requestAndSignUp('approve-me@example.test');
    const [linked] = await t.db.select().from(previewRequests).where(eq(previewRequests.id, requestId));
    expect(linked!.userId).toBeTruthy();
    expect((await client.get('/api/me')).body).toMatchObject({ isPreview: false, hasPreviewRequest: true });
    expect((await client.get('/api/preview-requests/mine')).body.request).toMatchObject({
      id: requestId,
      status: 'pending',
      companyName: 'Holt Music Group',
    });
    expect((await client.get('/api/songs')).status).toBe(403);

    expect((await admin.post(`/api/admin/preview-requests/${requestId}/approve`)).status).toBe(200);
    const [approved] = await t.db.select().from(previewRequests).where(eq(previewRequests.id, requestId));
    expect(approved).toMatchObject({ status: 'approved' });
    expect(approved!.reviewedAt).toBeTruthy();
    expect(approved!.reviewedBy).toBeTruthy();
    expect(await latestMail(t, 'approve-me@example.test', 'preview-approved')).toBeTruthy();
    expect((await client.get('/api/me')).body.isPreview).toBe(true);
    expect((await client.get('/api/songs')).status).toBe(200);
  });

  test('approval before the account exists is granted at verification', async () => {
    const client = t.client();
    const created = await client.post('/api/preview-requests', request('early@example.test'));
    // An account made by the admin's factory, verified, then signing in links and grants.
    await t.db.update(previewRequests).set({ status: 'approved' }).where(eq(previewRequests.id, created.body.id));
    const user = await makeUser(t.db, { email: 'early@example.test' });
    const signedIn = await signedInClient(t, user);
    expect((await signedIn.get('/api/me')).body.isPreview).toBe(true);
  });

  test('rejection blocks the e-mail, and a new request is refused', async () => {
    const created = await t.client().post('/api/preview-requests', request('reject-me@example.test'));
    expect((await admin.post(`/api/admin/preview-requests/${created.body.id}/reject`)).status).toBe(200);
    const [row] = await t.db.select().from(previewRequests).where(eq(previewRequests.id, created.body.id));
    expect(row).toMatchObject({ status: 'rejected' });
    const [blocked] = await t.db.select().from(blockedRequests).where(eq(blockedRequests.email, 'reject-me@example.test'));
    expect(blocked).toMatchObject({ originalRequestId: created.body.id, phone: 'N/A' });
    await t.client().post('/api/preview-requests', request('reject-me@example.test'));
    expect(await t.db.select().from(previewRequests).where(eq(previewRequests.email, 'reject-me@example.test'))).toHaveLength(1);
  });

  test('revoking stops the next catalogue and audio requests; re-approving restores them', async () => {
    const { client, requestId } = await requestAndSignUp('revoke-me@example.test');
    await admin.post(`/api/admin/preview-requests/${requestId}/approve`);
    const song = await client.get(`/api/songs/${songSlug}`);
    expect(song.status).toBe(200);
    expect((await client.get(song.body.audioUrl, { range: 'bytes=0-1' })).status).toBe(206);

    expect((await admin.post(`/api/admin/preview-requests/${requestId}/revoke`)).status).toBe(200);
    const [revoked] = await t.db.select().from(previewRequests).where(eq(previewRequests.id, requestId));
    expect(revoked!.revokedAt).toBeTruthy();
    expect(revoked!.revokedBy).toBeTruthy();
    expect((await client.get('/api/songs')).status).toBe(403);
    expect((await client.get(song.body.audioUrl, { range: 'bytes=0-1' })).status).toBe(403);
    const listed = await admin.get('/api/admin/preview-requests?status=revoked');
    expect(listed.body.rows.map((r: { id: string }) => r.id)).toContain(requestId);

    expect((await admin.post(`/api/admin/preview-requests/${requestId}/approve`)).status).toBe(200);
    expect((await client.get('/api/songs')).status).toBe(200);
    // The link handed out before the revocation plays again, and so does a fresh one.
    expect((await client.get(song.body.audioUrl, { range: 'bytes=0-1' })).status).toBe(206);
    const fresh = await client.get(`/api/songs/${songSlug}`);
    expect((await client.get(fresh.body.audioUrl, { range: 'bytes=0-1' })).status).toBe(206);
    const [restored] = await t.db.select().from(previewRequests).where(eq(previewRequests.id, requestId));
    expect(restored!.revokedAt).toBeNull();
  });

  test('the list filters by status and searches name, company and e-mail', async () => {
    await t.client().post('/api/preview-requests', request('search-me@example.test', { name: 'Quincy Lark', companyName: 'Lark Songs' }));
    const byName = await admin.get('/api/admin/preview-requests?q=quincy');
    expect(byName.body.rows.map((r: { email: string }) => r.email)).toEqual(['search-me@example.test']);
    expect((await admin.get('/api/admin/preview-requests?q=lark%20songs')).body.total).toBe(1);
    const pending = await admin.get('/api/admin/preview-requests?status=pending');
    expect(pending.body.rows.every((r: { status: string }) => r.status === 'pending')).toBe(true);
  });
});

describe('admin-made accounts and activity', () => {
  test('an admin-created account signs in at once, with an auto-approved request, and is e-mailed', async () => {
    const res = await admin.post('/api/admin/preview-accounts', {
      email: 'made@example.test',
      password: 'studio-b-session',
      name: 'Made Person',
      companyName: 'Made Co',
    });
    expect(res.status).toBe(201);
    const client = await signedInClient(t, { email: 'made@example.test', password: 'studio-b-session' });
    expect((await client.get('/api/me')).body).toMatchObject({ isPreview: true, hasPreviewRequest: true });
    const [row] = await t.db.select().from(previewRequests).where(eq(previewRequests.email, 'made@example.test'));
    expect(row).toMatchObject({ status: 'approved', companyName: 'Made Co' });
    expect(row!.autoApprovedAt).toBeTruthy();
    expect(await latestMail(t, 'made@example.test', 'preview-account-created')).toBeTruthy();
    const again = await admin.post('/api/admin/preview-accounts', { email: 'made@example.test', password: 'studio-b-session' });
    expect(again.status).toBe(409);
  });

  test('preview activity lists each preview user with plays, and per song listeners', async () => {
    const listener = await makePreviewUser(t.db, { company: 'Activity Co' });
    const client = await signedInClient(t, listener);
    const song = await client.get(`/api/songs/${songSlug}`);
    await client.post('/api/plays', { songId: song.body.id, durationSeconds: 15, completed: true });
    const activity = await admin.get('/api/admin/preview-activity');
    const row = activity.body.users.find((u: { userId: string }) => u.userId === listener.id);
    expect(row).toMatchObject({ playCount: 1, commentCount: 0, companyName: 'Activity Co' });
    expect(row.lastActiveAt).toBeTruthy();
    const songRow = activity.body.songs.find((s: { slug: string }) => s.slug === songSlug);
    expect(songRow).toMatchObject({ listeners: 1, plays: 1, completedPlays: 1 });
    const plays = await admin.get(`/api/admin/preview-activity/users/${listener.id}/plays`);
    expect(plays.body).toMatchObject([{ songTitle: 'Preview Test Song', durationSeconds: 15, completed: true }]);
  });

  test('every admin endpoint here refuses anonymous (401) and preview or songwriter sessions (403)', async () => {
    const previewClient = await signedInClient(t, await makePreviewUser(t.db));
    const writerClient = await signedInClient(t, await makeSongwriter(t.db));
    const id = '00000000-0000-4000-8000-000000000000';
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/preview-requests'],
      ['POST', `/api/admin/preview-requests/${id}/approve`],
      ['POST', `/api/admin/preview-requests/${id}/reject`],
      ['POST', `/api/admin/preview-requests/${id}/revoke`],
      ['POST', '/api/admin/preview-accounts', { email: 'x@example.test', password: 'whatever-long' }],
      ['GET', '/api/admin/preview-activity'],
      ['GET', `/api/admin/preview-activity/users/${id}/plays`],
    ];
    for (const [method, path, body] of calls) {
      expect((await t.client().request(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await previewClient.request(method, path, body)).status, `${method} ${path}`).toBe(403);
      expect((await writerClient.request(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    expect(await t.db.select().from(userRoles).where(eq(userRoles.role, 'admin'))).toHaveLength(1);
  });
});
