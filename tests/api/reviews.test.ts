import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { makePaidOrder, makePreviewUser, makeSongwriter, makeUser } from '../../src/server/db/seed/factories';
import { mailOutbox, orders, reviewMessages, songReviews } from '../../src/server/db/schema';
import { signFileToken } from '../../src/server/adapters/storage/signed-url';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { fullRubric, signedInClient } from './helpers';

let t: TestApp;
let admin: TestClient;
let writer: Awaited<ReturnType<typeof makeSongwriter>>;
let writerClient: TestClient;
let otherClient: TestClient;
let otherId: string;
let previewClient: TestClient;
let previewId: string;
const mp3 = synthesizeMp3({ seconds: 1 });
/** The start of a Linux executable: not audio, not a document, whatever it is named. */
const executable = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(200, 0)]);

function songForm(
  orderId: string,
  overrides: Record<string, unknown> = {},
  files: { audio?: Buffer; audioName?: string; lyrics?: Buffer; lyricsName?: string } = { audio: mp3 },
) {
  const form = new FormData();
  form.set(
    'data',
    JSON.stringify({
      orderId,
      title: 'Midnight on Music Row',
      lyricsText: 'Neon hums a minor key',
      storyArc: 'A writer walks home after a bad co-write and finds the song.',
      aiUsage: 'No AI was used for lyrics or music.',
      additionalNotes: '',
      agreed: true,
      ...overrides,
    }),
  );
  if (files.audio) form.set('audio', new Blob([new Uint8Array(files.audio)]), files.audioName ?? 'song.mp3');
  if (files.lyrics) form.set('lyricsFile', new Blob([new Uint8Array(files.lyrics)]), files.lyricsName ?? 'lyrics.txt');
  return form;
}

const submit = (client: TestClient, form: FormData) => client.sendForm('POST', '/api/submissions', form);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInClient(t, await makeUser(t.db, { roles: ['admin'], name: 'Rita Reviewer' }));
  writer = await makeSongwriter(t.db, { firstName: 'Luke', lastName: 'Combs-ish' });
  writerClient = await signedInClient(t, writer);
  const other = await makeSongwriter(t.db);
  otherId = other.id;
  otherClient = await signedInClient(t, other);
  const preview = await makePreviewUser(t.db);
  previewId = preview.id;
  previewClient = await signedInClient(t, preview);
});
afterAll(() => t.close());

describe('submitting songs', () => {
  test('50 songs at once for a 4-song order store exactly 4 and refuse 46 with "Package full"', async () => {
    const order = await makePaidOrder(t.db, writer.id, 4);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => submit(writerClient, songForm(order.id, { title: `Song ${i}` }))),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(4);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(46);
    expect(new Set(refused.map((r) => r.body.error.message))).toEqual(new Set([MESSAGES.reviews.packageFull]));
    const reviews = await t.db.select().from(songReviews).where(eq(songReviews.orderId, order.id));
    expect(reviews.map((r) => r.songNumber).sort()).toEqual([1, 2, 3, 4]);
    expect(reviews.every((r) => r.status === 'pending')).toBe(true);
    const [after] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after).toMatchObject({ songsSubmitted: 4, paymentStatus: 'completed' });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'submission-received'));
    expect(mails.filter((m) => m.subject.startsWith('New song for review: Song '))).toHaveLength(4);
  });

  test("a song for another songwriter's order is an invalid order", async () => {
    const order = await makePaidOrder(t.db, writer.id, 1);
    const res = await submit(otherClient, songForm(order.id));
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(MESSAGES.reviews.invalidOrder);
  });

  test('a renamed executable is refused as audio and as lyrics, and nothing is stored', async () => {
    const order = await makePaidOrder(t.db, writer.id, 1);
    const asAudio = await submit(writerClient, songForm(order.id, {}, { audio: executable, audioName: 'song.mp3' }));
    expect(asAudio.status).toBe(400);
    expect(asAudio.body.error.message).toBe(MESSAGES.reviews.audioNotAllowed);
    const asLyrics = await submit(writerClient, songForm(order.id, {}, { audio: mp3, lyrics: executable, lyricsName: 'lyrics.txt' }));
    expect(asLyrics.status).toBe(400);
    expect(asLyrics.body.error.message).toBe(MESSAGES.reviews.lyricsNotAllowed);
    expect(await t.db.select().from(songReviews).where(eq(songReviews.orderId, order.id))).toHaveLength(0);
  });

  test('audio is required and the submission rules apply', async () => {
    const order = await makePaidOrder(t.db, writer.id, 1);
    const noAudio = await submit(writerClient, songForm(order.id, {}, {}));
    expect(noAudio.body.error.message).toBe(MESSAGES.reviews.audioRequired);
    const short = await submit(writerClient, songForm(order.id, { title: '', storyArc: 'short', aiUsage: 'none', agreed: false }));
    expect(short.body.error.fields).toMatchObject({
      title: [MESSAGES.reviews.titleRequired],
      storyArc: [MESSAGES.reviews.storyArcMin],
      aiUsage: [MESSAGES.reviews.aiUsageMin],
      agreed: [MESSAGES.reviews.agreementRequired],
    });
  });
});

describe('a package sent one song at a time', () => {
  test('one song of three is taken on its own; the other places wait, and every side counts 1 of 3', async () => {
    const alone = await makeSongwriter(t.db);
    const client = await signedInClient(t, alone);
    const order = await makePaidOrder(t.db, alone.id, 3);

    const first = await submit(client, songForm(order.id, { title: 'Only This One For Now' }));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ songNumber: 1, packageSize: 3, songsRemaining: 2 });
    // A song refused for its fields takes no place.
    expect((await submit(client, songForm(order.id, { storyArc: 'short' }))).status).toBe(400);

    // The songwriter's side: the order and the song page's order.
    const mine = (await client.get('/api/songwriters/me/orders')).body.find((o: { id: string }) => o.id === order.id);
    expect(mine).toMatchObject({ packageSize: 3, songsSubmitted: 1, songsRemaining: 2, paymentStatus: 'paid' });
    expect((await client.get(`/api/songwriters/me/orders/${order.id}`)).body).toMatchObject({
      songsSubmitted: 1,
      songsRemaining: 2,
      submitted: [{ songNumber: 1, songTitle: 'Only This One For Now' }],
    });
    expect((await client.get(`/api/reviews/${first.body.id}`)).body).toMatchObject({ songNumber: 1, packageSize: 3 });

    // The admin's side: the customer owes 2 songs and needs service; the order shows 1 of 3 with 1 pending review.
    const customers = await admin.get(`/api/admin/customers?q=${encodeURIComponent(alone.email)}`);
    expect(customers.body.rows).toMatchObject([{ userId: alone.id, songsOwed: 2, needsService: true }]);
    expect((await admin.get(`/api/admin/customers/${alone.id}/orders`)).body).toMatchObject([
      { id: order.id, packageSize: 3, songsSubmitted: 1, paymentStatus: 'paid', pendingReviews: 1 },
    ]);
    const pending = await admin.get(`/api/admin/reviews?tab=pending&q=${encodeURIComponent('Only This One For Now')}`);
    expect(pending.body.rows).toMatchObject([{ id: first.body.id, songNumber: 1, status: 'pending' }]);

    // Later, the other two: numbered on, the last completes the order, and a fourth finds it full.
    expect((await submit(client, songForm(order.id, { title: 'Second, A Week Later' }))).body).toMatchObject({
      songNumber: 2,
      songsRemaining: 1,
    });
    expect((await submit(client, songForm(order.id, { title: 'Third, At Last' }))).body).toMatchObject({
      songNumber: 3,
      songsRemaining: 0,
    });
    const [done] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(done).toMatchObject({ songsSubmitted: 3, paymentStatus: 'completed' });
    expect((await submit(client, songForm(order.id, { title: 'One Too Many' }))).body.error.message).toBe(MESSAGES.reviews.packageFull);
    expect((await admin.get(`/api/admin/customers/${alone.id}/orders`)).body).toMatchObject([{ songsSubmitted: 3, pendingReviews: 3 }]);
  });
});

describe('the review and its conversation', () => {
  let reviewId: string;
  let audioUrl: string;

  beforeAll(async () => {
    const order = await makePaidOrder(t.db, writer.id, 2);
    const res = await submit(
      writerClient,
      songForm(
        order.id,
        { title: 'Porchlight Waltz' },
        { audio: mp3, lyrics: Buffer.from('Verse one\nChorus\n'), lyricsName: 'lyrics.txt' },
      ),
    );
    expect(res.status).toBe(201);
    reviewId = res.body.id;
    audioUrl = (await writerClient.get(`/api/reviews/${reviewId}`)).body.audioUrl;
  });

  test('files are private: the songwriter and admins read them, with Range; another songwriter cannot', async () => {
    expect((await writerClient.get(audioUrl, { range: 'bytes=0-9' })).status).toBe(206);
    const adminView = await admin.get(`/api/admin/reviews/${reviewId}`);
    expect((await admin.get(adminView.body.audioUrl, { range: 'bytes=0-9' })).status).toBe(206);
    expect((await admin.get(adminView.body.lyricsFileUrl)).text).toContain('Verse one');
    expect((await otherClient.get(audioUrl)).status).toBe(403);
    expect((await otherClient.get(`/api/reviews/${reviewId}`)).status).toBe(404);
    expect((await otherClient.post(`/api/reviews/${reviewId}/messages`, { message: 'hi' })).status).toBe(404);
  });

  test("another songwriter's review list holds none of this songwriter's reviews", async () => {
    const theirs = (await otherClient.get('/api/songwriters/me/reviews')).body as { reviews: { id: string }[] };
    expect(theirs.reviews.map((r) => r.id)).not.toContain(reviewId);
    expect(theirs.reviews).toEqual([]);
    const mine = (await writerClient.get('/api/songwriters/me/reviews')).body as { reviews: { id: string }[] };
    expect(mine.reviews.map((r) => r.id)).toContain(reviewId);
  });

  // The server makes links only for files their caller may read; were one made for anyone else, the file itself answers 404.
  test("another user's submitted files answer 404 even through a valid link of that user's own, and 401 signed out", async () => {
    const [review] = await t.db.select().from(songReviews).where(eq(songReviews.id, reviewId));
    for (const fileId of [review!.audioFileId!, review!.lyricsFileId!]) {
      expect((await otherClient.get(`/api/files/${signFileToken(t.config.authSecret, { fileId, subject: otherId }, 3600)}`)).status).toBe(
        404,
      );
      expect(
        (await previewClient.get(`/api/files/${signFileToken(t.config.authSecret, { fileId, subject: previewId }, 3600)}`)).status,
      ).toBe(404);
      expect((await t.client().get(`/api/files/${signFileToken(t.config.authSecret, { fileId, subject: writer.id }, 3600)}`)).status).toBe(
        401,
      );
      expect(
        (await writerClient.get(`/api/files/${signFileToken(t.config.authSecret, { fileId, subject: writer.id }, 3600)}`)).status,
      ).toBe(200);
    }
  });

  test('the admin lists it in Pending, saves a draft the songwriter cannot see, then sends it with stamps and one e-mail', async () => {
    const pending = await admin.get('/api/admin/reviews?tab=pending&q=porchlight');
    expect(pending.body.rows).toMatchObject([{ id: reviewId, songwriterName: 'Luke Combs-ish', status: 'pending' }]);
    expect((await admin.put(`/api/admin/reviews/${reviewId}/draft`, { text: '   ' })).status).toBe(400);
    expect((await admin.put(`/api/admin/reviews/${reviewId}/draft`, { text: 'Draft: strong hook.' })).body.status).toBe('in_review');
    expect((await writerClient.get(`/api/reviews/${reviewId}`)).body).toMatchObject({ status: 'in_review', adminReview: null });

    expect(
      (await admin.post(`/api/admin/reviews/${reviewId}/send`, { text: 'Strong hook; tighten verse two.', ...fullRubric() })).status,
    ).toBe(200);
    const [row] = await t.db.select().from(songReviews).where(eq(songReviews.id, reviewId));
    expect(row).toMatchObject({ status: 'reviewed', adminReview: 'Strong hook; tighten verse two.', readBySongwriter: false });
    expect(row!.reviewedBy).toBeTruthy();
    expect(row!.reviewedAt).toBeTruthy();
    const sent = (await t.mailsTo(writer.email)).filter((m) => m.kind === 'review-sent');
    expect(sent).toHaveLength(1);
    expect((await admin.get('/api/admin/reviews?tab=completed')).body.rows.map((r: { id: string }) => r.id)).toContain(reviewId);
    // What the songwriter reads cannot be overwritten by a later draft.
    const lateDraft = await admin.put(`/api/admin/reviews/${reviewId}/draft`, { text: 'Oops' });
    expect(lateDraft.status).toBe(409);
    expect((await t.db.select().from(songReviews).where(eq(songReviews.id, reviewId)))[0]!.adminReview).toBe(
      'Strong hook; tighten verse two.',
    );
  });

  /** The review as the admin sends it in the test above, so each test after it also passes run alone. */
  const SENT_TEXT = 'Strong hook; tighten verse two.';
  async function reviewSent() {
    const [row] = await t.db.select({ status: songReviews.status }).from(songReviews).where(eq(songReviews.id, reviewId));
    if (row!.status !== 'reviewed')
      expect((await admin.post(`/api/admin/reviews/${reviewId}/send`, { text: SENT_TEXT, ...fullRubric() })).status).toBe(200);
  }

  test('read flags and unread counts are right from both sides', async () => {
    await reviewSent();
    const dashboard = async () => (await writerClient.get('/api/songwriters/me/reviews')).body;
    expect((await dashboard()).reviews.find((r: { id: string }) => r.id === reviewId)).toMatchObject({ readBySongwriter: false });
    const opened = await writerClient.get(`/api/reviews/${reviewId}`);
    expect(opened.body.adminReview).toBe('Strong hook; tighten verse two.');
    expect((await t.db.select().from(songReviews).where(eq(songReviews.id, reviewId)))[0]!.readBySongwriter).toBe(true);

    const unread = async () => (await admin.get('/api/admin/unread-messages')).body.unread as number;
    const before = await unread();
    expect((await writerClient.post(`/api/reviews/${reviewId}/messages`, { message: '  ' })).status).toBe(400);
    expect((await writerClient.post(`/api/reviews/${reviewId}/messages`, { message: 'Thanks! Which line in verse two?' })).status).toBe(
      201,
    );
    expect(await unread()).toBe(before + 1);
    expect((await t.mailsTo(t.config.adminNotifyEmail)).filter((m) => m.kind === 'review-message')).toHaveLength(1);

    const adminView = await admin.get(`/api/admin/reviews/${reviewId}`);
    expect(adminView.body.messages).toMatchObject([{ fromSongwriter: true, message: 'Thanks! Which line in verse two?' }]);
    expect(await unread()).toBe(before);

    expect((await admin.post(`/api/admin/reviews/${reviewId}/messages`, { message: 'The second line.' })).status).toBe(201);
    expect((await dashboard()).unreadMessages).toBe(1);
    const conversation = (await writerClient.get(`/api/reviews/${reviewId}`)).body.messages;
    expect(conversation.map((m: { senderName: string; mine: boolean }) => [m.senderName, m.mine])).toEqual([
      ['Luke Combs-ish', true],
      ['Rita Reviewer', false],
    ]);
    expect((await dashboard()).unreadMessages).toBe(0);
    const stored = await t.db.select().from(reviewMessages).where(eq(reviewMessages.reviewId, reviewId));
    expect(stored.every((m) => m.read)).toBe(true);
  });

  test('an updated review replaces what the songwriter reads, is unread again, and e-mails them once more; a blank one is refused', async () => {
    await reviewSent();
    const sentBefore = (await t.mailsTo(writer.email)).filter((m) => m.kind === 'review-sent').length;
    expect((await admin.post(`/api/admin/reviews/${reviewId}/send`, { text: '   ', ...fullRubric() })).status).toBe(400);
    expect(
      (await admin.post(`/api/admin/reviews/${reviewId}/send`, { text: 'Strong hook; tighten verse two, line two.', ...fullRubric() }))
        .status,
    ).toBe(200);
    const [row] = await t.db.select().from(songReviews).where(eq(songReviews.id, reviewId));
    expect(row).toMatchObject({ status: 'reviewed', adminReview: 'Strong hook; tighten verse two, line two.', readBySongwriter: false });
    expect((await t.mailsTo(writer.email)).filter((m) => m.kind === 'review-sent')).toHaveLength(sentBefore + 1);
    expect((await writerClient.get(`/api/reviews/${reviewId}`)).body.adminReview).toBe('Strong hook; tighten verse two, line two.');
  });

  test('songwriters and preview users cannot use the admin review endpoints', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/admin/reviews'],
      ['GET', '/api/admin/unread-messages'],
      ['GET', `/api/admin/reviews/${reviewId}`],
      ['PUT', `/api/admin/reviews/${reviewId}/draft`, { text: 'x' }],
      ['POST', `/api/admin/reviews/${reviewId}/send`, { text: 'x', ...fullRubric() }],
      ['POST', `/api/admin/reviews/${reviewId}/messages`, { message: 'x' }],
    ] as [string, string, unknown?][]) {
      expect((await writerClient.request(method, path, body)).status, `${method} ${path}`).toBe(403);
      expect((await t.client().request(method, path, body)).status, `${method} ${path}`).toBe(401);
    }
  });
});

describe('the dashboard reaches every review', () => {
  test('all of a songwriter’s reviews come back, newest first, with their orders, beyond the five Recent Reviews shows', async () => {
    const busy = await makeSongwriter(t.db);
    const first = await makePaidOrder(t.db, busy.id, 4);
    const second = await makePaidOrder(t.db, busy.id, 3);
    const rows = [...[1, 2, 3, 4].map((n) => [first.id, n] as const), ...[1, 2, 3].map((n) => [second.id, n] as const)];
    for (const [index, [orderId, songNumber]] of rows.entries()) {
      await t.db.insert(songReviews).values({
        songwriterId: busy.id,
        orderId,
        songNumber,
        songTitle: `Song ${index + 1}`,
        storyArc: 'A story arc long enough.',
        aiUsage: 'None at all, by hand.',
        createdAt: new Date(Date.UTC(2026, 10, 1 + index)),
      });
    }
    const client = await signedInClient(t, busy);
    const { reviews } = (await client.get('/api/songwriters/me/reviews')).body as { reviews: { songTitle: string; orderId: string }[] };
    expect(reviews.map((r) => r.songTitle)).toEqual(['Song 7', 'Song 6', 'Song 5', 'Song 4', 'Song 3', 'Song 2', 'Song 1']);
    expect(reviews.filter((r) => r.orderId === first.id)).toHaveLength(4);
  });
});
