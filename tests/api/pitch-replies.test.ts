import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LIMITS } from '../../src/common/constants';
import * as MESSAGES from '../../src/common/messages';
import { pitchExpiryBounds } from '../../src/common/schemas/pitching';
import { makePreviewUser, makeUser, uniqueEmail } from '../../src/server/db/seed/factories';
import { makeSong } from '../../src/server/db/seed/song-factories';
import { pitchLinkReplies, previewRequests, songComments, songs, users } from '../../src/server/db/schema';
import { RATE_RULES } from '../../src/server/lib/rate-limit';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { latestMail, linkIn, signedInClient } from './helpers';

const m = MESSAGES.pitching;

let t: TestApp;
let admin: TestClient;
let adminUser: Awaited<ReturnType<typeof makeUser>>;
let song: typeof songs.$inferSelect;

beforeAll(async () => {
  t = await createTestApp();
  adminUser = await makeUser(t.db, { name: 'Dana Sender', roles: ['admin'] });
  admin = await signedInClient(t, adminUser);
  song = await makeSong(t.db, t.storage, adminUser.id, { title: 'Tailgate Hymn', seconds: 2 });
});
afterAll(() => t.close());

async function createLink(by: TestClient = admin) {
  const email = uniqueEmail('Listener');
  const res = await by.post('/api/admin/pitch-links', {
    recipientName: 'Rae Recipient',
    recipientEmail: email,
    recipientCompany: 'Warner Chappell',
    expiresOn: pitchExpiryBounds().suggested,
    songIds: [song.id],
  });
  expect(res.status, res.text).toBe(201);
  return { id: res.body.id as string, token: new URL(res.body.url).pathname.replace('/p/', ''), email: email.toLowerCase() };
}

describe("a pitch link's page", () => {
  test('names its sender: the admin who made the link, the company and the admin’s address', async () => {
    const link = await createLink();
    const page = await t.client().get(`/api/pitch/${link.token}`);
    expect(page.status).toBe(200);
    expect(page.body.sender).toEqual({ name: 'Dana Sender', company: t.config.siteName, email: adminUser.email });
  });

  test("is from the company's notify address once the sending admin's account is gone", async () => {
    const other = await makeUser(t.db, { name: 'Gone Admin', roles: ['admin'] });
    const link = await createLink(await signedInClient(t, other));
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, other.id));
    const page = await t.client().get(`/api/pitch/${link.token}`);
    expect(page.body.sender).toEqual({ name: t.config.siteName, company: t.config.siteName, email: t.config.adminNotifyEmail });
  });
});

describe('replying from the page', () => {
  test('stores the reply and e-mails it to the sender, answerable to the recipient', async () => {
    const link = await createLink();
    const res = await t
      .client()
      .post(`/api/pitch/${link.token}/replies`, { message: '  Love "Tailgate Hymn".\nCan we get a work tape?  ' });
    expect(res.status, res.text).toBe(201);

    const [stored] = await t.db.select().from(pitchLinkReplies).where(eq(pitchLinkReplies.id, res.body.id));
    expect(stored).toMatchObject({ pitchLinkId: link.id, message: 'Love "Tailgate Hymn".\nCan we get a work tape?', readAt: null });

    const mail = await latestMail(t, adminUser.email, 'pitch-reply');
    expect(mail.replyTo).toBe(link.email);
    expect(mail.subject).toBe('Reply from Rae Recipient on their pitch link');
    expect(mail.textBody).toContain('Can we get a work tape?');
    expect(linkIn(mail.textBody, '/admin/pitch-links').searchParams.get('link')).toBe(link.id);
  });

  test.each([
    ['an empty message', '   ', m.replyRequired],
    ['a message over the limit', 'x'.repeat(LIMITS.pitchReplyMax + 1), m.replyTooLong],
  ])('refuses %s with its field message and stores nothing', async (_, message, expected) => {
    const link = await createLink();
    const res = await t.client().post(`/api/pitch/${link.token}/replies`, { message });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.message).toEqual([expected]);
    expect(await t.db.select().from(pitchLinkReplies).where(eq(pitchLinkReplies.pitchLinkId, link.id))).toEqual([]);
  });

  test('a revoked link takes no reply, with the same 404 as any dead link', async () => {
    const link = await createLink();
    expect((await admin.post(`/api/admin/pitch-links/${link.id}/revoke`, {})).status).toBe(200);
    const res = await t.client().post(`/api/pitch/${link.token}/replies`, { message: 'Still there?' });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(m.linkUnavailableTitle);
  });

  test("is limited per link, so a leaked link cannot flood the sender's inbox", async () => {
    const link = await createLink();
    for (let i = 0; i < RATE_RULES.pitchReply.max; i++) {
      expect((await t.client().post(`/api/pitch/${link.token}/replies`, { message: `Note ${i}` })).status).toBe(201);
    }
    const over = await t.client().post(`/api/pitch/${link.token}/replies`, { message: 'One more' });
    expect(over.status).toBe(429);
    const mails = (await t.mailsTo(adminUser.email)).filter((mail) => mail.textBody.includes('Note '));
    expect(mails.length).toBeGreaterThanOrEqual(RATE_RULES.pitchReply.max);
    expect(mails.some((mail) => mail.textBody.includes('One more'))).toBe(false);
  });
});

describe('the admin sees replies', () => {
  test('on the link’s detail, new until first seen, and counted in the list and the sidebar until then', async () => {
    const before = (await admin.get('/api/admin/queue-counts')).body.unreadPitchReplies as number;
    const link = await createLink();
    await t.client().post(`/api/pitch/${link.token}/replies`, { message: 'First thought' });
    await t.client().post(`/api/pitch/${link.token}/replies`, { message: 'Second thought' });

    expect((await admin.get('/api/admin/queue-counts')).body.unreadPitchReplies).toBe(before + 2);
    expect((await admin.get('/api/admin/dashboard')).body.stats.unreadPitchReplies).toBe(before + 2);
    const listed = (await admin.get('/api/admin/pitch-links')).body.find((l: { id: string }) => l.id === link.id);
    expect(listed.unreadReplies).toBe(2);

    const first = await admin.get(`/api/admin/pitch-links/${link.id}`);
    expect(first.body.replies.map((r: { message: string; readAt: string | null }) => [r.message, r.readAt])).toEqual([
      ['First thought', null],
      ['Second thought', null],
    ]);
    const again = await admin.get(`/api/admin/pitch-links/${link.id}`);
    expect(again.body.replies.every((r: { readAt: string | null }) => r.readAt !== null)).toBe(true);
    expect((await admin.get('/api/admin/queue-counts')).body.unreadPitchReplies).toBe(before);
  });
});

describe('queues waiting for an admin', () => {
  test('pending preview requests, comments to approve and overdue reviews are counted for the sidebar and the dashboard', async () => {
    const counts = async () => (await admin.get('/api/admin/queue-counts')).body;
    const start = await counts();
    await t.db.insert(previewRequests).values({
      name: 'Pending Person',
      companyName: 'Big Label',
      email: uniqueEmail('pending'),
      proAffiliation: 'BMI',
      projectDescription: 'A record.',
    });
    const preview = await makePreviewUser(t.db);
    await t.db.insert(songComments).values({
      songId: song.id,
      userId: preview.id,
      commenterName: 'Pat',
      commenterEmail: preview.email,
      commentText: 'Needs a bridge',
    });

    const after = await counts();
    expect(after.pendingPreviewRequests).toBe(start.pendingPreviewRequests + 1);
    expect(after.pendingComments).toBe(start.pendingComments + 1);
    expect(after).toHaveProperty('overdueReviews');
    const stats = (await admin.get('/api/admin/dashboard')).body.stats;
    expect(stats.pendingPreviewRequests).toBe(after.pendingPreviewRequests);
    expect(stats.pendingComments).toBe(after.pendingComments);
  });

  test('the counts are for admins only', async () => {
    expect((await t.client().get('/api/admin/queue-counts')).status).toBe(401);
  });
});
