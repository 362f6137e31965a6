import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { makePaidOrder, makePreviewUser, makeSongwriter, makeUser } from '../../src/server/db/seed/factories';
import { makeSong } from '../../src/server/db/seed/song-factories';
import {
  auditEvents,
  newSongsMailOptOuts,
  newSongsMails,
  pitchLinks,
  pitchLinkSongs,
  orders,
  pitchAgreements,
  placements,
  previewRequests,
  reviewRatings,
  songComments,
  songPlays,
  songResponses,
  playlists,
  playlistSongs,
  songReviews,
  songs,
  songwriterProfiles,
  songwriterQuestionnaires,
  storedFiles,
  users,
} from '../../src/server/db/schema';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { fullRubric, latestMail, signIn, signedInClient } from './helpers';

let t: TestApp;
let admin: TestClient;
let adminUser: Awaited<ReturnType<typeof makeUser>>;
let song: Awaited<ReturnType<typeof makeSong>>;

/** A songwriter with a profile, a paid order, one submitted song with its files, and a message each way. */
async function writerWithData(name: { firstName: string; lastName: string; username: string }, title: string) {
  const writer = await makeSongwriter(t.db, name);
  const order = await makePaidOrder(t.db, writer.id, 2);
  const client = await signedInClient(t, writer);
  const form = new FormData();
  form.set(
    'data',
    JSON.stringify({ orderId: order.id, title, storyArc: `The story of ${title}.`, aiUsage: 'No AI was used.', agreed: true }),
  );
  form.set('audio', new Blob([new Uint8Array(synthesizeMp3({ seconds: 1 }))]), `${name.username}.mp3`);
  form.set('lyricsFile', new Blob([new TextEncoder().encode(`Lyrics of ${title}`)]), `${name.username}-lyrics.txt`);
  const submitted = await client.sendForm('POST', '/api/submissions', form);
  expect(submitted.status, submitted.text).toBe(201);
  const reviewId = submitted.body.id as string;
  expect((await client.post(`/api/reviews/${reviewId}/messages`, { message: `A question from ${name.firstName}` })).status).toBe(201);
  expect((await admin.post(`/api/admin/reviews/${reviewId}/messages`, { message: `An answer for ${name.firstName}` })).status).toBe(201);
  return { ...writer, client, order, reviewId };
}

/** A preview user who commented on, played, held and shared the catalogue song, and turned the weekly e-mail off. */
async function listenerWithData(company: string, note: string) {
  const listener = await makePreviewUser(t.db, { company, name: `${company} Person` });
  await t.db.insert(songComments).values({
    songId: song.id,
    userId: listener.id,
    commenterName: `${company} Person`,
    commenterEmail: listener.email,
    commentText: `Comment from ${company}`,
  });
  await t.db.insert(songPlays).values({ songId: song.id, userId: listener.id, durationSeconds: 30, furthestSeconds: 30 });
  await t.db.insert(songResponses).values({ songId: song.id, userId: listener.id, response: 'hold', note });
  const [playlist] = await t.db
    .insert(playlists)
    .values({ ownerId: listener.id, name: `Picks of ${company}` })
    .returning();
  await t.db.insert(playlistSongs).values({ playlistId: playlist!.id, songId: song.id, position: 0 });
  const [share] = await t.db
    .insert(pitchLinks)
    .values({
      tokenHash: `share-of-${listener.id}`,
      recipientName: `Friend of ${company}`,
      recipientEmail: `friend-of-${listener.id}@example.test`,
      message: `Hear this, from ${company}`,
      expiresAt: new Date('2100-01-01T00:00:00Z'),
      createdBy: listener.id,
      kind: 'share',
      playlistId: playlist!.id,
    })
    .returning();
  await t.db.insert(pitchLinkSongs).values({ pitchLinkId: share!.id, songId: song.id, position: 0 });
  await t.db.insert(songPlays).values({ songId: song.id, pitchLinkId: share!.id, durationSeconds: 12, furthestSeconds: 12 });
  await t.db.insert(newSongsMailOptOuts).values({ userId: listener.id });
  await t.db
    .insert(newSongsMails)
    .values({ userId: listener.id, weekStart: '2030-01-07', coveredTo: new Date('2030-01-14T00:00:00Z'), songCount: 3 });
  return { ...listener, shareId: share!.id, client: await signedInClient(t, listener) };
}

async function storedFilesOf(reviewId: string) {
  const [review] = await t.db.select().from(songReviews).where(eq(songReviews.id, reviewId));
  return t.db
    .select()
    .from(storedFiles)
    .where(eq(storedFiles.id, review!.audioFileId!))
    .then(async (audio) => [...audio, ...(await t.db.select().from(storedFiles).where(eq(storedFiles.id, review!.lyricsFileId!)))]);
}

beforeAll(async () => {
  t = await createTestApp();
  adminUser = await makeUser(t.db, { roles: ['admin'], name: 'Admin' });
  admin = await signedInClient(t, adminUser);
  song = await makeSong(t.db, t.storage, adminUser.id, { title: 'Catalogue Song', seconds: 1 });
});
afterAll(() => t.close());

describe('export', () => {
  test("a songwriter's download holds their account, profile, questionnaire, order, submission and messages, and nothing of anyone else's", async () => {
    const me = await writerWithData({ firstName: 'Ada', lastName: 'Exporter', username: 'ada-exports' }, 'Ada Song');
    const other = await writerWithData({ firstName: 'Bea', lastName: 'Neighbour', username: 'bea-next-door' }, 'Bea Song');
    const otherListener = await listenerWithData('Other Label', 'For another artist');

    const res = await me.client.get('/api/me/data');
    expect(res.status, res.text).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="pitchroom-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.body;
    expect(data.account).toMatchObject({ id: me.id, email: me.email, roles: ['songwriter'] });
    expect(data.songwriterProfile).toMatchObject({ username: 'ada-exports', firstName: 'Ada', phone: '615-555-0100', city: 'Nashville' });
    expect(data.questionnaire).toMatchObject({ mostRecentSong: 'Gravel Road Goodbye', howFoundUs: 'A co-writer told me' });
    expect(data.orders).toEqual([expect.objectContaining({ id: me.order.id, packageSize: 2, paymentStatus: 'paid' })]);
    expect(data.submissions).toHaveLength(1);
    expect(data.submissions[0]).toMatchObject({
      id: me.reviewId,
      songTitle: 'Ada Song',
      storyArc: 'The story of Ada Song.',
      audioFile: { originalName: 'ada-exports.mp3', contentType: 'audio/mpeg' },
      lyricsFile: { originalName: 'ada-exports-lyrics.txt' },
      messages: [
        { from: 'you', message: 'A question from Ada' },
        { from: 'reviewer', message: 'An answer for Ada' },
      ],
    });

    // Nobody else's: no id, address, name or words of the neighbour, the listener or the admin.
    const text = res.text;
    for (const theirs of [
      other.id,
      other.email,
      'Bea',
      'bea-next-door',
      'Bea Song',
      other.order.id,
      other.reviewId,
      otherListener.id,
      otherListener.email,
      'Other Label',
      adminUser.id,
      adminUser.email,
    ]) {
      expect(text, `the export holds ${theirs}`).not.toContain(theirs);
    }
  });

  test("the reviewer's draft, scores and notes are in the download only once the review is sent; the writer's rating always", async () => {
    const me = await writerWithData({ firstName: 'Cy', lastName: 'Drafted', username: 'cy-drafted' }, 'Cy Song');
    const submissionOf = async () => ((await me.client.get('/api/me/data')).body.submissions as Record<string, unknown>[])[0]!;
    const draft = await admin.put(`/api/admin/reviews/${me.reviewId}/draft`, {
      text: 'Draft words the writer must not see yet.',
      scores: { hook: { score: 5, reason: 'Stays with you.' } },
      verdict: 'rewrite_suggested',
    });
    expect(draft.status, draft.text).toBe(200);
    expect((await admin.post(`/api/admin/reviews/${me.reviewId}/notes`, { atSeconds: 0.5, text: 'the intro drags' })).status).toBe(201);
    expect(await submissionOf()).toMatchObject({ review: null, verdict: null, scores: [], notes: [], yourRating: null });
    expect(JSON.stringify(await submissionOf())).not.toContain('Draft words');

    const sent = await admin.post(`/api/admin/reviews/${me.reviewId}/send`, { text: 'Sent words.', ...fullRubric('rewrite_suggested', 3) });
    expect(sent.status, sent.text).toBe(200);
    expect((await me.client.post(`/api/reviews/${me.reviewId}/rating`, { rating: 4, comment: 'Useful.' })).status).toBe(201);
    const after = await submissionOf();
    expect(after).toMatchObject({
      review: 'Sent words.',
      verdict: 'rewrite_suggested',
      notes: [{ atSeconds: 0.5, text: 'the intro drags' }],
      yourRating: { rating: 4, comment: 'Useful.' },
    });
    expect(after.scores).toHaveLength(6);
    expect(after.scores).toContainEqual({ category: 'hook', score: 3, reason: 'The hook works.' });
  });

  test("a preview user's download holds their access request, comments, plays and holds, and no other listener's", async () => {
    const me = await listenerWithData('Mine Records', 'For my artist');
    const other = await listenerWithData('Theirs Music', 'For their artist');
    const res = await me.client.get('/api/me/data');
    expect(res.status, res.text).toBe(200);
    expect(res.body.account).toMatchObject({ id: me.id, roles: ['preview'] });
    expect(res.body.songwriterProfile).toBeNull();
    expect(res.body.previewRequests).toEqual([
      expect.objectContaining({ companyName: 'Mine Records', email: me.email, status: 'approved' }),
    ]);
    expect(res.body.comments).toEqual([expect.objectContaining({ songTitle: 'Catalogue Song', commentText: 'Comment from Mine Records' })]);
    expect(res.body.plays).toEqual([expect.objectContaining({ songTitle: 'Catalogue Song', durationSeconds: 30 })]);
    expect(res.body.holds).toEqual([expect.objectContaining({ songTitle: 'Catalogue Song', response: 'hold', note: 'For my artist' })]);
    expect(res.body.playlists).toEqual([expect.objectContaining({ name: 'Picks of Mine Records', songs: ['Catalogue Song'] })]);
    expect(res.body.shares).toEqual([
      expect.objectContaining({
        recipientName: 'Friend of Mine Records',
        recipientEmail: `friend-of-${me.id}@example.test`,
        message: 'Hear this, from Mine Records',
        songs: ['Catalogue Song'],
        downloadAllowed: false,
        hasPassword: false,
        revokedAt: null,
      }),
    ]);
    expect(res.body.newSongsMail).toEqual({ weekly: false, sent: [expect.objectContaining({ weekStart: '2030-01-07', songCount: 3 })] });
    expect(res.text).not.toContain(`share-of-${me.id}`);
    for (const theirs of [other.id, other.email, 'Theirs Music', 'For their artist']) expect(res.text).not.toContain(theirs);
  });

  test('signed out there is nothing to download', async () => {
    expect((await t.client().get('/api/me/data')).status).toBe(401);
  });
});

describe('deleting one’s own account', () => {
  test('the wrong password deletes nothing', async () => {
    const me = await writerWithData({ firstName: 'Cal', lastName: 'Careful', username: 'cal-careful' }, 'Cal Song');
    const res = await me.client.request('DELETE', '/api/me', { password: 'not my password at all' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.password).toEqual([MESSAGES.ownData.wrongPassword]);
    expect(await t.db.select().from(songwriterProfiles).where(eq(songwriterProfiles.userId, me.id))).toHaveLength(1);
    expect((await signIn(t.client(), me.email, me.password)).status).toBe(200);
  });

  test('erases the person: they cannot sign in, their files are gone, and Customers totals their paid orders without their name', async () => {
    const me = await writerWithData({ firstName: 'Dee', lastName: 'Departing', username: 'dee-departs' }, 'Dee Song');
    const second = await makePaidOrder(t.db, me.id, 1);
    const neighbour = await writerWithData({ firstName: 'Eve', lastName: 'Staying', username: 'eve-stays' }, 'Eve Song');
    const files = await storedFilesOf(me.reviewId);
    expect(files).toHaveLength(2);
    for (const f of files) await t.storage.head({ bucket: f.bucket, key: f.key });
    const neighbourFiles = await storedFilesOf(neighbour.reviewId);
    const spent = me.order.amountPaidCents + second.amountPaidCents;

    const res = await me.client.request('DELETE', '/api/me', { password: me.password });
    expect(res.status, res.text).toBe(204);

    // Signed out everywhere, and no way back in.
    expect((await me.client.get('/api/me')).body.user).toBeNull();
    expect((await me.client.get('/api/me/data')).status).toBe(401);
    const again = await signIn(t.client(), me.email, me.password);
    expect(again.status).toBe(401);

    // The files: rows and bytes.
    for (const f of files) {
      expect(await t.db.select().from(storedFiles).where(eq(storedFiles.id, f.id))).toHaveLength(0);
      await expect(t.storage.head({ bucket: f.bucket, key: f.key })).rejects.toThrow(/No stored object/);
    }
    for (const f of neighbourFiles) await t.storage.head({ bucket: f.bucket, key: f.key });

    // The personal rows.
    expect(await t.db.select().from(songwriterProfiles).where(eq(songwriterProfiles.userId, me.id))).toHaveLength(0);
    expect(await t.db.select().from(songwriterQuestionnaires).where(eq(songwriterQuestionnaires.userId, me.id))).toHaveLength(0);
    expect(await t.db.select().from(songReviews).where(eq(songReviews.songwriterId, me.id))).toHaveLength(0);
    const [stub] = await t.db.select().from(users).where(eq(users.id, me.id));
    expect(stub).toMatchObject({ name: '', email: `deleted-${me.id}@deleted.invalid` });
    expect(stub!.deletedAt).toBeInstanceOf(Date);
    const kept = await t.db.select().from(orders).where(eq(orders.songwriterId, me.id));
    expect(kept).toHaveLength(2);
    for (const o of kept) expect(o).toMatchObject({ customerName: null, customerEmail: null });

    // Customers: the paid orders still counted, under no name; the neighbour untouched.
    const customers = await admin.get('/api/admin/customers?pageSize=100');
    expect(customers.status).toBe(200);
    const row = customers.body.rows.find((r: { userId: string }) => r.userId === me.id);
    expect(row).toMatchObject({
      deleted: true,
      email: null,
      firstName: null,
      lastName: null,
      username: null,
      orderCount: 2,
      totalSpentCents: spent,
    });
    expect(customers.text).not.toContain(me.email);
    expect(customers.text).not.toContain('Departing');
    expect(customers.body.rows.find((r: { userId: string }) => r.userId === neighbour.id)).toMatchObject({
      deleted: false,
      firstName: 'Eve',
    });

    // All Users no longer lists the account; the admins were told.
    const all = await admin.get('/api/admin/users?pageSize=100');
    expect(all.body.rows.map((r: { userId: string }) => r.userId)).not.toContain(me.id);
    const told = await latestMail(t, t.config.adminNotifyEmail, 'account-deleted');
    expect(told.subject).toBe(`Account deleted: ${me.email}`);
    expect(told.textBody).toContain(`${me.email} deleted their account.`);
    expect(told.textBody).toContain('2 paid orders');
  });

  test("a buyer's shares go with them, with their recipients' plays; another buyer's stay", async () => {
    const me = await listenerWithData('Leaving Records', 'For a leaving artist');
    const other = await listenerWithData('Staying Music', 'For a staying artist');
    const res = await me.client.request('DELETE', '/api/me', { password: me.password });
    expect(res.status, res.text).toBe(204);
    expect(await t.db.select().from(pitchLinks).where(eq(pitchLinks.id, me.shareId))).toEqual([]);
    expect(await t.db.select().from(songPlays).where(eq(songPlays.pitchLinkId, me.shareId))).toEqual([]);
    expect(await t.db.select().from(newSongsMailOptOuts).where(eq(newSongsMailOptOuts.userId, me.id))).toEqual([]);
    expect(await t.db.select().from(pitchLinks).where(eq(pitchLinks.id, other.shareId))).toHaveLength(1);
  });

  test('a signed pitch agreement and its placement are kept as the contract; the rest of the song goes', async () => {
    const me = await makeSongwriter(t.db, { username: 'fay-signed', firstName: 'Fay' });
    const client = await signedInClient(t, me);
    const order = await makePaidOrder(t.db, me.id, 1);
    const [review] = await t.db
      .insert(songReviews)
      .values({
        songwriterId: me.id,
        orderId: order.id,
        songNumber: 1,
        songTitle: 'Signed Song',
        lyricsText: 'Private lyrics',
        storyArc: 'A private story.',
        aiUsage: 'No AI was used.',
        status: 'reviewed',
        adminReview: 'Strong hook.',
        reviewedAt: new Date(),
      })
      .returning();
    const offered = await admin.post('/api/admin/pitch-agreements', { reviewId: review!.id, commissionPercent: 10 });
    expect(offered.status, offered.text).toBe(201);
    expect((await client.post(`/api/pitch-agreements/${offered.body.id}/accept`, { legalName: 'Fay Signer', consent: true })).status).toBe(
      200,
    );
    const [pitched] = await t.db.select().from(songs).where(eq(songs.pitchAgreementId, offered.body.id));
    const placed = await admin.post('/api/admin/placements', { songId: pitched!.id, artist: 'An Artist' });
    expect(placed.status, placed.text).toBe(201);
    const before = (await t.db.select().from(pitchAgreements).where(eq(pitchAgreements.id, offered.body.id)))[0]!;
    expect((await client.post(`/api/reviews/${review!.id}/rating`, { rating: 5, comment: 'My own words.' })).status).toBe(201);

    const exported = await client.get('/api/me/data');
    expect(exported.body.pitchAgreements).toEqual([
      expect.objectContaining({ songTitle: 'Signed Song', status: 'accepted', signedName: 'Fay Signer' }),
    ]);
    expect(exported.body.placements).toEqual([expect.objectContaining({ artist: 'An Artist' })]);

    expect((await client.request('DELETE', '/api/me', { password: me.password })).status).toBe(204);
    expect((await t.db.select().from(pitchAgreements).where(eq(pitchAgreements.id, offered.body.id)))[0]).toEqual(before);
    expect(await t.db.select().from(placements).where(eq(placements.pitchAgreementId, offered.body.id))).toHaveLength(1);
    expect((await t.db.select().from(songReviews).where(eq(songReviews.id, review!.id)))[0]).toMatchObject({
      songTitle: 'Signed Song',
      lyricsText: null,
      storyArc: '',
      additionalNotes: null,
    });
    expect(await t.db.select().from(songwriterProfiles).where(eq(songwriterProfiles.userId, me.id))).toHaveLength(0);
    // The rating of the kept review keeps its score, not their words.
    expect(await t.db.select().from(reviewRatings).where(eq(reviewRatings.reviewId, review!.id))).toEqual([
      expect.objectContaining({ rating: 5, comment: null }),
    ]);
    expect((await latestMail(t, t.config.adminNotifyEmail, 'account-deleted')).textBody).toContain('1 signed pitch agreement with');
  });

  test('an admin cannot delete their own account this way', async () => {
    expect((await admin.request('DELETE', '/api/me', { password: adminUser.password })).status).toBe(403);
    expect((await signIn(t.client(), adminUser.email, adminUser.password)).status).toBe(200);
  });
});

describe('an admin, on request', () => {
  test("downloads a user's data and deletes their account; a second deletion and an admin's are refused", async () => {
    const listener = await listenerWithData('Leaving Label', 'For a leaving artist');
    const exported = await admin.get(`/api/admin/users/${listener.id}/data`);
    expect(exported.status, exported.text).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="pitchroom-my-data-/);
    expect(exported.body.account).toMatchObject({ id: listener.id, email: listener.email });
    expect(exported.body.holds).toEqual([expect.objectContaining({ note: 'For a leaving artist' })]);
    expect(exported.text).not.toContain(adminUser.email);

    expect((await listener.client.get(`/api/admin/users/${listener.id}/data`)).status).toBe(403);
    expect((await listener.client.delete(`/api/admin/users/${listener.id}`)).status).toBe(403);

    expect((await admin.delete(`/api/admin/users/${listener.id}`)).status).toBe(204);
    expect((await signIn(t.client(), listener.email, listener.password)).status).toBe(401);
    expect((await listener.client.get('/api/songs')).status).toBe(401);
    expect(await t.db.select().from(previewRequests).where(eq(previewRequests.userId, listener.id))).toHaveLength(0);
    expect(await t.db.select().from(songComments).where(eq(songComments.userId, listener.id))).toHaveLength(0);
    expect(await t.db.select().from(songPlays).where(eq(songPlays.userId, listener.id))).toHaveLength(0);
    expect(await t.db.select().from(songResponses).where(eq(songResponses.userId, listener.id))).toHaveLength(0);
    expect(await t.db.select().from(playlists).where(eq(playlists.ownerId, listener.id))).toHaveLength(0);
    const told = await latestMail(t, t.config.adminNotifyEmail, 'account-deleted');
    expect(told.textBody).toContain(`The account of ${listener.email} was deleted by an admin on the person's request.`);
    // The audit trail says which admin met the request, and for whom.
    const [recorded] = await t.db.select().from(auditEvents).where(eq(auditEvents.subjectId, listener.id));
    expect(recorded).toMatchObject({ action: 'account.delete', actorEmail: adminUser.email, subjectKind: 'user', summary: listener.email });

    // Gone for the admin's pages too: nothing to export, nothing to delete twice.
    expect((await admin.get(`/api/admin/users/${listener.id}/data`)).status).toBe(404);
    expect((await admin.delete(`/api/admin/users/${listener.id}`)).status).toBe(409);
    expect((await admin.delete('/api/admin/users/no-such-user')).status).toBe(404);
    const refused = await admin.delete(`/api/admin/users/${adminUser.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(MESSAGES.ownData.adminCannotBeDeleted);
  });
});
