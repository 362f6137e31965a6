import { afterAll, beforeAll, expect, test } from 'vitest';
import { makePaidOrder, makePreviewUser, makeSongwriter, makeUser } from '../../src/server/db/seed/factories';
import { reviewMessages, songReviews } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function reviewOf(songwriterId: string) {
  const order = await makePaidOrder(t.db, songwriterId, 1);
  const [review] = await t.db
    .insert(songReviews)
    .values({
      songwriterId,
      orderId: order.id,
      songNumber: 1,
      songTitle: 'Gravel Road Goodbye',
      lyricsText: 'Dust on the dashboard',
      storyArc: 'A goodbye told through one last drive.',
      aiUsage: 'No AI was used.',
      status: 'reviewed',
      adminReview: 'Strong hook.',
      reviewedAt: new Date(),
    })
    .returning({ id: songReviews.id });
  return review!.id;
}

test("a songwriter's unread count: the reviewer's unread messages on their own reviews, until they open the review", async () => {
  const writer = await makeSongwriter(t.db);
  const other = await makeSongwriter(t.db);
  const admin = await makeUser(t.db, { roles: ['admin'] });
  const reviewId = await reviewOf(writer.id);
  const othersReviewId = await reviewOf(other.id);
  await t.db.insert(reviewMessages).values([
    { reviewId, senderId: admin.id, message: 'The second line.' },
    { reviewId, senderId: admin.id, message: 'And the bridge.' },
    { reviewId, senderId: admin.id, message: 'Read already.', read: true },
    // The writer's own message is not one they have to read.
    { reviewId, senderId: writer.id, message: 'Which line?' },
    { reviewId: othersReviewId, senderId: admin.id, message: 'For the other writer.' },
  ]);
  const client = await signedInClient(t, writer);

  const counted = await client.get('/api/songwriters/me/unread-messages');
  expect(counted.status).toBe(200);
  expect(counted.body).toEqual({ unread: 2 });
  expect(counted.headers['cache-control']).toBe('private, no-store');
  // The same figure the dashboard shows.
  expect((await client.get('/api/songwriters/me/reviews')).body.unreadMessages).toBe(2);

  expect((await client.get(`/api/reviews/${reviewId}`)).status).toBe(200);
  expect((await client.get('/api/songwriters/me/unread-messages')).body).toEqual({ unread: 0 });
  expect((await (await signedInClient(t, other)).get('/api/songwriters/me/unread-messages')).body).toEqual({ unread: 1 });
});

test('only songwriters may ask', async () => {
  expect((await t.client().get('/api/songwriters/me/unread-messages')).status).toBe(401);
  const preview = await signedInClient(t, await makePreviewUser(t.db));
  expect((await preview.get('/api/songwriters/me/unread-messages')).status).toBe(403);
  const admin = await signedInClient(t, await makeUser(t.db, { roles: ['admin'] }));
  expect((await admin.get('/api/songwriters/me/unread-messages')).status).toBe(403);
});
