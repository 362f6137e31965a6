import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RUBRIC_CATEGORIES } from '../../src/common/constants';
import * as MESSAGES from '../../src/common/messages';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { makePaidOrder, makeSongwriter, makeUser } from '../../src/server/db/seed/factories';
import { reviewRatings, reviewScores, songReviews } from '../../src/server/db/schema';
import { companyToday, reviewDueOn } from '../../src/server/features/submissions/due-dates';
import { addBusinessDays } from '../../src/server/lib/business-days';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { fullRubric, signedInClient } from './helpers';

const r = MESSAGES.rubric;
let t: TestApp;
let admin: TestClient;
let writer: Awaited<ReturnType<typeof makeSongwriter>>;
let writerClient: TestClient;
let otherClient: TestClient;

/** A song submitted through the API, as the songwriter does it; its review's id. */
async function submitted(title: string): Promise<string> {
  const order = await makePaidOrder(t.db, writer.id, 1);
  const form = new FormData();
  form.set(
    'data',
    JSON.stringify({
      orderId: order.id,
      title,
      storyArc: 'A song about the long drive home.',
      aiUsage: 'No AI was used at all.',
      agreed: true,
    }),
  );
  form.set('audio', new Blob([new Uint8Array(synthesizeMp3({ seconds: 1 }))]), 'song.mp3');
  const res = await writerClient.sendForm('POST', '/api/submissions', form);
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

const send = (id: string, body: Record<string, unknown>) => admin.post(`/api/admin/reviews/${id}/send`, body);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInClient(t, await makeUser(t.db, { roles: ['admin'] }));
  writer = await makeSongwriter(t.db);
  writerClient = await signedInClient(t, writer);
  otherClient = await signedInClient(t, await makeSongwriter(t.db));
});
afterAll(() => t.close());

describe('the due date', () => {
  test('is 10 business days after the day the song arrives in Nashville, skipping weekends and Thanksgiving', () => {
    // Tuesday Nov 24, 2026: Thanksgiving (Thu Nov 26) and two weekends are skipped; the Friday after counts.
    expect(reviewDueOn(new Date('2026-11-24T15:00:00Z'))).toBe('2026-12-09');
    // 11:30 pm on Monday Nov 23 in Nashville is already Tuesday in UTC: the Nashville day counts.
    expect(reviewDueOn(new Date('2026-11-24T05:30:00Z'))).toBe('2026-12-08');
    // A song arriving on Thanksgiving itself counts from that day.
    expect(reviewDueOn(new Date('2026-11-26T18:00:00Z'))).toBe('2026-12-10');
    // Independence Day 2026 is a Saturday, observed on Friday July 3; Christmas 2027 and New Year's Day 2028 fall on Saturdays too, observed on the Fridays before.
    expect(addBusinessDays('2026-07-02', 1)).toBe('2026-07-06');
    expect(addBusinessDays('2027-12-23', 1)).toBe('2027-12-27');
    expect(addBusinessDays('2027-12-30', 1)).toBe('2028-01-03');
  });

  test('is stored at submission, and the admin list sorts by it and counts the overdue on the dashboard', async () => {
    const id = await submitted('Due Soon');
    const [row] = await t.db.select().from(songReviews).where(eq(songReviews.id, id));
    expect(row!.dueOn).toBe(reviewDueOn(row!.createdAt));
    expect((await writerClient.get(`/api/reviews/${id}`)).body.dueOn).toBe(row!.dueOn);

    const late = await submitted('Long Overdue');
    await t.db.update(songReviews).set({ dueOn: '2026-01-05' }).where(eq(songReviews.id, late));
    const list = (await admin.get('/api/admin/reviews?tab=pending')).body.rows as { id: string; dueOn: string }[];
    expect(list.map((row) => row.id)).toEqual(expect.arrayContaining([late, id]));
    expect(list[0]).toMatchObject({ id: late, dueOn: '2026-01-05' });
    expect(list.map((row) => row.dueOn)).toEqual([...list.map((row) => row.dueOn)].sort());

    const overdue = async () => (await admin.get('/api/admin/dashboard')).body.stats.overdueReviews as number;
    const before = await overdue();
    expect(before).toBeGreaterThanOrEqual(1);
    await t.db.update(songReviews).set({ dueOn: companyToday() }).where(eq(songReviews.id, late));
    // Due today is not overdue yet.
    expect(await overdue()).toBe(before - 1);
  });

  test('a review submitted before due dates were stored is given one from when it arrived', async () => {
    const id = await submitted('Before Due Dates');
    await t.db.update(songReviews).set({ dueOn: null }).where(eq(songReviews.id, id));
    const [row] = await t.db.select().from(songReviews).where(eq(songReviews.id, id));
    expect((await admin.get(`/api/admin/reviews/${id}`)).body.dueOn).toBe(reviewDueOn(row!.createdAt));
  });
});

describe('the rubric and the verdict', () => {
  test('a draft may hold part of the rubric; the songwriter sees no score or verdict until the review is sent', async () => {
    const id = await submitted('Half Scored');
    const draft = await admin.put(`/api/admin/reviews/${id}/draft`, {
      text: 'Draft: strong hook.',
      scores: { hook: { score: 5, reason: 'Stays with you.' }, lyric: { score: 2 } },
      verdict: 'rewrite_suggested',
    });
    expect(draft.status, draft.text).toBe(200);
    const mine = (await writerClient.get(`/api/reviews/${id}`)).body;
    expect(mine).toMatchObject({ status: 'in_review', adminReview: null, scores: null, verdict: null });
    const adminView = (await admin.get(`/api/admin/reviews/${id}`)).body;
    expect(adminView.verdict).toBe('rewrite_suggested');
    expect(adminView.scores).toEqual(
      RUBRIC_CATEGORIES.map((category) =>
        category === 'hook'
          ? { category, score: 5, reason: 'Stays with you.' }
          : category === 'lyric'
            ? { category, score: 2, reason: null }
            : { category, score: null, reason: null },
      ),
    );

    expect((await send(id, { text: 'Strong hook; rework the lyric.', ...fullRubric('rewrite_suggested', 3) })).status).toBe(200);
    const sent = (await writerClient.get(`/api/reviews/${id}`)).body;
    expect(sent.verdict).toBe('rewrite_suggested');
    expect(sent.scores).toEqual(RUBRIC_CATEGORIES.map((category) => ({ category, score: 3, reason: `The ${category} works.` })));
  });

  test('sending is refused without every score, without a reason, and without the verdict, and nothing is sent', async () => {
    const id = await submitted('Not Ready To Send');
    const { scores } = fullRubric();
    const { demo_quality: _dropped, ...fiveScores } = scores as Record<string, { score: number; reason: string }>;

    const missingScore = await send(id, { text: 'Good.', scores: fiveScores, verdict: 'pitch_ready' });
    expect(missingScore.status).toBe(400);
    expect(missingScore.body.error.fields['scores.demo_quality']).toEqual([r.scoreRequired]);

    const noScoreValue = await send(id, { text: 'Good.', scores: { ...scores, hook: { reason: 'Fine.' } }, verdict: 'pitch_ready' });
    expect(noScoreValue.body.error.fields['scores.hook.score']).toEqual([r.scoreRequired]);

    const outOfRange = await send(id, {
      text: 'Good.',
      scores: { ...scores, hook: { score: 6, reason: 'Fine.' } },
      verdict: 'pitch_ready',
    });
    expect(outOfRange.body.error.fields['scores.hook.score']).toEqual([r.scoreRequired]);

    const noReason = await send(id, { text: 'Good.', scores: { ...scores, melody: { score: 4, reason: '  ' } }, verdict: 'pitch_ready' });
    expect(noReason.body.error.fields['scores.melody.reason']).toEqual([r.reasonRequired]);

    const noVerdict = await send(id, { text: 'Good.', scores });
    expect(noVerdict.status).toBe(400);
    expect(noVerdict.body.error.fields.verdict).toEqual([r.verdictRequired]);

    const [row] = await t.db.select().from(songReviews).where(eq(songReviews.id, id));
    expect(row).toMatchObject({ status: 'pending', adminReview: null, verdict: null, reviewedAt: null });
    expect(await t.db.select().from(reviewScores).where(eq(reviewScores.reviewId, id))).toEqual([]);
    expect((await t.mailsTo(writer.email)).filter((m) => m.kind === 'review-sent' && m.subject.includes('Not Ready To Send'))).toEqual([]);
  });

  test('only a Pitch-ready review is offered a pitch agreement; one sent before the rubric stays offerable', async () => {
    const close = await submitted('Close Call');
    expect((await send(close, { text: 'Close.', ...fullRubric('rewrite_suggested') })).status).toBe(200);
    const refused = await admin.post('/api/admin/pitch-agreements', { reviewId: close });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(r.offerNeedsPitchReady);

    const ready = await submitted('Ready To Pitch');
    expect((await send(ready, { text: 'Ready.', ...fullRubric('pitch_ready') })).status).toBe(200);
    expect((await admin.post('/api/admin/pitch-agreements', { reviewId: ready })).status).toBe(201);

    // Sent before the rubric existed: no verdict, no scores.
    const legacy = await submitted('Before The Rubric');
    await t.db
      .update(songReviews)
      .set({ status: 'reviewed', adminReview: 'A review from before.', reviewedAt: new Date() })
      .where(eq(songReviews.id, legacy));
    const legacyView = (await writerClient.get(`/api/reviews/${legacy}`)).body;
    expect(legacyView).toMatchObject({ adminReview: 'A review from before.', verdict: null });
    expect(legacyView.scores.every((s: { score: number | null }) => s.score === null)).toBe(true);
    expect((await admin.post('/api/admin/pitch-agreements', { reviewId: legacy })).status).toBe(201);
  });
});

describe("the writer's rating", () => {
  test('is given once, only by the review’s own songwriter, only once the review is sent; the dashboard averages it', async () => {
    const id = await submitted('Rate Me');
    const rate = (client: TestClient, body: Record<string, unknown>) => client.post(`/api/reviews/${id}/rating`, body);

    const early = await rate(writerClient, { rating: 5 });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(r.notSentYet);

    expect((await send(id, { text: 'Good work.', ...fullRubric() })).status).toBe(200);
    expect((await rate(otherClient, { rating: 1, comment: 'Not mine.' })).status).toBe(404);
    expect((await rate(admin, { rating: 1 })).status).toBe(403);
    const invalid = await rate(writerClient, { rating: 0 });
    expect(invalid.body.error.fields.rating).toEqual([r.ratingRequired]);

    const first = await rate(writerClient, { rating: 4, comment: 'Clear and specific notes.' });
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({ rating: 4, comment: 'Clear and specific notes.' });
    const again = await rate(writerClient, { rating: 1, comment: 'Changed my mind.' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(r.alreadyRated);
    expect(await t.db.select().from(reviewRatings).where(eq(reviewRatings.reviewId, id))).toMatchObject([
      { songwriterId: writer.id, rating: 4, comment: 'Clear and specific notes.' },
    ]);
    expect((await writerClient.get(`/api/reviews/${id}`)).body.rating).toMatchObject({ rating: 4, comment: 'Clear and specific notes.' });

    const second = await submitted('Rate Me Too');
    expect((await send(second, { text: 'Good work.', ...fullRubric() })).status).toBe(200);
    expect((await writerClient.post(`/api/reviews/${second}/rating`, { rating: 3 })).status).toBe(201);

    const { reviewRatings: summary } = (await admin.get('/api/admin/dashboard')).body;
    expect(summary).toMatchObject({ average: 3.5, count: 2 });
    expect(summary.latestComments).toMatchObject([{ reviewId: id, songTitle: 'Rate Me', rating: 4, comment: 'Clear and specific notes.' }]);
  });
});
