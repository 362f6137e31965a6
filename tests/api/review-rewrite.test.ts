import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REWRITE, RUBRIC_CATEGORIES, type ReviewVerdict, type RubricCategory } from '../../src/common/constants';
import * as MESSAGES from '../../src/common/messages';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { makePaidOrder, makeSongwriter, makeUser } from '../../src/server/db/seed/factories';
import { orders, songReviews, userRoles } from '../../src/server/db/schema';
import { reviewDueOn } from '../../src/server/features/submissions/due-dates';
import type { TestClient } from '../setup/http-client';
import { runAnalyses } from '../setup/analysis';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

/**
 * One rewrite round: after a sent "Close: rewrite suggested" review, the songwriter sends one rewrite (new audio
 * and/or lyrics, and a note), free, within 90 days; it goes to the admin who sent the first review, whose new
 * review the songwriter sees only once sent, with each score's change.
 */

const m = MESSAGES.rewrites;
const DAY_MS = 86_400_000;
const FIRST_LYRICS = 'Gravel on the windshield\nDust on the dash\nI drove away from the only home I had';
const NEW_LYRICS = 'Gravel on the windshield\nRain on the dash\nI drove back to the only home I had';

let t: TestApp;
let reviewer: Awaited<ReturnType<typeof makeUser>>;
let reviewerClient: TestClient;
let otherAdmin: TestClient;
let writer: Awaited<ReturnType<typeof makeSongwriter>>;
let writerClient: TestClient;
let otherClient: TestClient;

/** Every category scored `score` with a reason, some scored otherwise, and the verdict. */
function rubric(verdict: ReviewVerdict, score: number, others: Partial<Record<RubricCategory, number>> = {}) {
  return {
    scores: Object.fromEntries(
      RUBRIC_CATEGORIES.map((category) => [category, { score: others[category] ?? score, reason: `About the ${category}.` }]),
    ),
    verdict,
  };
}

/** A song submitted through the API with its lyrics as text; its review's id. */
async function submitted(title: string): Promise<string> {
  const order = await makePaidOrder(t.db, writer.id, 1);
  const form = new FormData();
  form.set(
    'data',
    JSON.stringify({
      orderId: order.id,
      title,
      lyricsText: FIRST_LYRICS,
      storyArc: 'Leaving home down a gravel road.',
      aiUsage: 'No AI was used at all.',
      agreed: true,
    }),
  );
  form.set('audio', new Blob([new Uint8Array(synthesizeMp3({ seconds: 1, seed: 3 }))]), 'song.mp3');
  const res = await writerClient.sendForm('POST', '/api/submissions', form);
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

/** A song whose review the reviewer sent with this verdict, every score 3. */
async function reviewed(title: string, verdict: ReviewVerdict = 'rewrite_suggested'): Promise<string> {
  const id = await submitted(title);
  const sent = await reviewerClient.post(`/api/admin/reviews/${id}/send`, {
    text: 'Close. Rework the second verse.',
    ...rubric(verdict, 3),
  });
  expect(sent.status, sent.text).toBe(200);
  return id;
}

/** The songwriter's rewrite: the note, and new lyrics and/or new audio. */
function rewrite(client: TestClient, reviewId: string, data: Record<string, unknown>, audio?: Buffer) {
  const form = new FormData();
  form.set('data', JSON.stringify(data));
  if (audio) form.set('audio', new Blob([new Uint8Array(audio)]), 'rewrite.mp3');
  return client.sendForm('POST', `/api/reviews/${reviewId}/rewrite`, form);
}

const rewritesOf = (reviewId: string) => t.db.select().from(songReviews).where(eq(songReviews.rewriteOf, reviewId));

beforeAll(async () => {
  t = await createTestApp();
  reviewer = await makeUser(t.db, { roles: ['admin'] });
  reviewerClient = await signedInClient(t, reviewer);
  otherAdmin = await signedInClient(t, await makeUser(t.db, { roles: ['admin'] }));
  writer = await makeSongwriter(t.db, { firstName: 'Rita', lastName: 'Lane' });
  writerClient = await signedInClient(t, writer);
  otherClient = await signedInClient(t, await makeSongwriter(t.db));
});
afterAll(() => t.close());

describe('refusals', () => {
  test('a rewrite is refused for another verdict, and before the review is sent (its draft verdict untold)', async () => {
    for (const verdict of ['pitch_ready', 'not_yet'] as const) {
      const id = await reviewed(`Not Close ${verdict}`, verdict);
      const res = await rewrite(writerClient, id, { note: 'Tightened the verse.', lyricsText: NEW_LYRICS });
      expect(res.status, res.text).toBe(409);
      expect(res.body.error.message).toBe(m.notRewriteVerdict);
      expect(await rewritesOf(id)).toEqual([]);
      expect((await writerClient.get(`/api/reviews/${id}`)).body).toMatchObject({ rewriteUntil: null, rewrite: null, round: 1 });
    }

    const drafted = await submitted('Still A Draft');
    await reviewerClient.put(`/api/admin/reviews/${drafted}/draft`, { text: 'Draft.', verdict: 'rewrite_suggested' });
    const early = await rewrite(writerClient, drafted, { note: 'Tightened the verse.', lyricsText: NEW_LYRICS });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(m.notSentYet);
    expect(await rewritesOf(drafted)).toEqual([]);
  });

  test('another songwriter’s review is not found, and an admin may not send one', async () => {
    const id = await reviewed('Someone Else’s Song');
    const res = await rewrite(otherClient, id, { note: 'Not my song.', lyricsText: NEW_LYRICS });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(MESSAGES.reviews.reviewNotFound);
    expect((await rewrite(reviewerClient, id, { note: 'Not my song.', lyricsText: NEW_LYRICS })).status).toBe(403);
    expect(await rewritesOf(id)).toEqual([]);
  });

  test('a rewrite needs its note, and new audio or lyrics that differ from the first version', async () => {
    const id = await reviewed('Nothing New');
    const noNote = await rewrite(writerClient, id, { note: '  ', lyricsText: NEW_LYRICS });
    expect(noNote.status).toBe(400);
    expect(noNote.body.error.fields.note).toEqual([m.noteRequired]);
    for (const lyricsText of [undefined, '', FIRST_LYRICS, `  ${FIRST_LYRICS.replaceAll('\n', '\r\n')}\n`]) {
      const same = await rewrite(writerClient, id, { note: 'Nothing, really.', lyricsText });
      expect(same.status, JSON.stringify(lyricsText)).toBe(400);
      expect(same.body.error.message).toBe(m.nothingChanged);
    }
    expect(await rewritesOf(id)).toEqual([]);
  });

  test('a rewrite is refused after 90 days on the server clock, and taken just before', async () => {
    const late = await reviewed('Ninety One Days');
    const sentAt = new Date(Date.now() - REWRITE.windowDays * DAY_MS - 60_000);
    await t.db.update(songReviews).set({ reviewedAt: sentAt }).where(eq(songReviews.id, late));
    expect((await writerClient.get(`/api/reviews/${late}`)).body.rewriteUntil).toBeNull();
    const refused = await rewrite(writerClient, late, { note: 'Tightened the verse.', lyricsText: NEW_LYRICS });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(m.windowClosed);
    expect(await rewritesOf(late)).toEqual([]);

    const inTime = await reviewed('Eighty Nine Days');
    const sentEarlier = new Date(Date.now() - (REWRITE.windowDays - 1) * DAY_MS);
    await t.db.update(songReviews).set({ reviewedAt: sentEarlier }).where(eq(songReviews.id, inTime));
    const until = (await writerClient.get(`/api/reviews/${inTime}`)).body.rewriteUntil as string;
    expect(new Date(until).getTime()).toBe(sentEarlier.getTime() + REWRITE.windowDays * DAY_MS);
    // Lyrics alone: the rewrite keeps the first version's recording.
    const taken = await rewrite(writerClient, inTime, { note: 'New second verse.', lyricsText: NEW_LYRICS });
    expect(taken.status, taken.text).toBe(201);
    const [first] = await t.db.select().from(songReviews).where(eq(songReviews.id, inTime));
    expect(await rewritesOf(inTime)).toMatchObject([{ id: taken.body.id, audioFileId: first!.audioFileId, lyricsText: NEW_LYRICS }]);
  });
});

describe('the rewrite', () => {
  let first: string;
  let second: string;

  test('is stored as a review of its own for the same reviewer, due in 10 business days; the reviewer is e-mailed', async () => {
    first = await reviewed('Gravel Road');
    const before = (await writerClient.get(`/api/reviews/${first}`)).body;
    expect(before).toMatchObject({ round: 1, rewrite: null, verdict: 'rewrite_suggested' });
    expect(before.rewriteUntil).not.toBeNull();

    const res = await rewrite(
      writerClient,
      first,
      { note: 'Rewrote the second verse and re-cut the vocal.', lyricsText: NEW_LYRICS },
      synthesizeMp3({ seconds: 2, seed: 9 }),
    );
    expect(res.status, res.text).toBe(201);
    second = res.body.id;
    expect(res.body.dueOn).toBe(reviewDueOn(new Date()));

    const [firstRow] = await t.db.select().from(songReviews).where(eq(songReviews.id, first));
    const [row] = await t.db.select().from(songReviews).where(eq(songReviews.id, second));
    expect(row).toMatchObject({
      rewriteOf: first,
      reviewerId: reviewer.id,
      rewriteNote: 'Rewrote the second verse and re-cut the vocal.',
      songwriterId: writer.id,
      orderId: firstRow!.orderId,
      songNumber: firstRow!.songNumber,
      songTitle: 'Gravel Road',
      lyricsText: NEW_LYRICS,
      status: 'pending',
      adminReview: null,
      verdict: null,
      reviewedBy: null,
      dueOn: reviewDueOn(new Date()),
    });
    expect(row!.audioFileId).not.toBe(firstRow!.audioFileId);
    // Free: not another song of the package.
    const [order] = await t.db.select().from(orders).where(eq(orders.id, firstRow!.orderId));
    expect(order!.songsSubmitted).toBe(1);
    expect((await writerClient.get(`/api/songwriters/me/orders/${order!.id}`)).body.submitted).toHaveLength(1);

    const mail = (await t.mailsTo(reviewer.email)).find((mail) => mail.kind === 'rewrite-received');
    expect(mail?.subject).toBe('Rewrite for review: Gravel Road');
    expect(mail?.textBody).toContain('Rita Lane sent a rewrite of "Gravel Road"');
    expect(mail?.textBody).toContain(`/admin/songwriter-reviews/${second}`);

    // The songwriter's first review points at it and offers no other.
    const after = (await writerClient.get(`/api/reviews/${first}`)).body;
    expect(after).toMatchObject({ rewrite: { id: second, status: 'pending' }, rewriteUntil: null });
    const mine = (await writerClient.get(`/api/songwriters/me/reviews`)).body.reviews as { id: string; round: number }[];
    expect(mine.find((r) => r.id === second)?.round).toBe(2);
  });

  test('a second rewrite, or a rewrite of the rewrite, is refused', async () => {
    const again = await rewrite(writerClient, first, { note: 'One more go.', lyricsText: `${NEW_LYRICS}\nA new tag` });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(m.alreadySent);
    const ofRewrite = await rewrite(writerClient, second, { note: 'One more go.', lyricsText: `${NEW_LYRICS}\nA new tag` });
    expect(ofRewrite.status).toBe(409);
    expect(ofRewrite.body.error.message).toBe(m.isTheRewrite);
    expect(await rewritesOf(first)).toHaveLength(1);
  });

  test('two rewrites sent at once: one is taken, the other refused', async () => {
    const id = await reviewed('At Once');
    const [a, b] = await Promise.all([
      rewrite(writerClient, id, { note: 'Version A.', lyricsText: `${NEW_LYRICS}\nA` }),
      rewrite(writerClient, id, { note: 'Version B.', lyricsText: `${NEW_LYRICS}\nB` }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect(await rewritesOf(id)).toHaveLength(1);
  });

  test('the admin list shows it as round 2 for its reviewer, sorted by due date with the others', async () => {
    await t.db.update(songReviews).set({ dueOn: '2026-01-02' }).where(eq(songReviews.id, second));
    const list = (await reviewerClient.get('/api/admin/reviews?tab=pending&pageSize=100')).body.rows as {
      id: string;
      round: number;
      reviewerEmail: string | null;
      dueOn: string;
    }[];
    expect(list[0]).toMatchObject({ id: second, round: 2, reviewerEmail: reviewer.email });
    expect(list.map((row) => row.dueOn)).toEqual([...list.map((row) => row.dueOn)].sort());
    // First reviews go to any admin; every rewrite names its reviewer.
    expect(list.some((row) => row.round === 1)).toBe(true);
    for (const row of list) expect(row.reviewerEmail).toBe(row.round === 2 ? reviewer.email : null);
  });

  test('the reviewer reads both versions; only they may write its review while they are an admin', async () => {
    const view = (await reviewerClient.get(`/api/admin/reviews/${second}`)).body;
    expect(view).toMatchObject({
      round: 2,
      rewriteOf: first,
      rewriteNote: 'Rewrote the second verse and re-cut the vocal.',
      lyricsText: NEW_LYRICS,
      reviewer: { email: reviewer.email, you: true },
      mayWrite: true,
      firstRound: { id: first, lyricsText: FIRST_LYRICS, verdict: 'rewrite_suggested' },
    });
    expect(view.firstRound.scores.map((s: { score: number }) => s.score)).toEqual(Array(6).fill(3));
    expect(view.firstRound.audioUrl).toMatch(/^\/api\/files\//);
    // The new recording has its own waveform, once its analysis job has run.
    await runAnalyses(t);
    expect((await reviewerClient.get(`/api/admin/reviews/${second}/studio`)).body.audio.peaks.length).toBeGreaterThan(0);

    const other = (await otherAdmin.get(`/api/admin/reviews/${second}`)).body;
    expect(other).toMatchObject({ reviewer: { email: reviewer.email, you: false }, mayWrite: false });
    expect((await otherAdmin.get(`/api/admin/reviews/${second}/studio`)).body.notesEditable).toBe(false);
    const refused = [
      await otherAdmin.put(`/api/admin/reviews/${second}/draft`, { text: 'Mine now.' }),
      await otherAdmin.post(`/api/admin/reviews/${second}/send`, { text: 'Mine now.', ...rubric('pitch_ready', 5) }),
      await otherAdmin.post(`/api/admin/reviews/${second}/notes`, { atSeconds: 1, text: 'Mine now.' }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(m.notYours(reviewer.email));
    }
    const [row] = await t.db.select().from(songReviews).where(eq(songReviews.id, second));
    expect(row).toMatchObject({ status: 'pending', adminReview: null });
  });

  test('its notes, scores and verdict stay hidden from the songwriter until sent; then each score shows its change', async () => {
    const note = await reviewerClient.post(`/api/admin/reviews/${second}/notes`, { atSeconds: 0.5, text: 'The new verse lands.' });
    expect(note.status, note.text).toBe(201);
    const draft = await reviewerClient.put(`/api/admin/reviews/${second}/draft`, {
      text: 'Much better.',
      ...rubric('pitch_ready', 3, { hook: 4, lyric: 5 }),
    });
    expect(draft.status, draft.text).toBe(200);

    const hidden = (await writerClient.get(`/api/reviews/${second}`)).body;
    expect(hidden).toMatchObject({
      round: 2,
      rewriteOf: first,
      rewriteNote: 'Rewrote the second verse and re-cut the vocal.',
      status: 'in_review',
      adminReview: null,
      scores: null,
      verdict: null,
      scoreChanges: null,
      rewriteUntil: null,
    });
    expect((await writerClient.get(`/api/reviews/${second}/studio`)).body.notes).toEqual([]);
    expect((await writerClient.post(`/api/reviews/${second}/rating`, { rating: 5 })).status).toBe(409);

    const sent = await reviewerClient.post(`/api/admin/reviews/${second}/send`, {
      text: 'Much better: the new verse earns the chorus.',
      ...rubric('pitch_ready', 3, { hook: 4, lyric: 5, demo_quality: 2 }),
    });
    expect(sent.status, sent.text).toBe(200);

    const shown = (await writerClient.get(`/api/reviews/${second}`)).body;
    expect(shown).toMatchObject({
      status: 'reviewed',
      adminReview: 'Much better: the new verse earns the chorus.',
      verdict: 'pitch_ready',
    });
    expect(shown.scoreChanges).toEqual([
      { category: 'hook', before: 3, after: 4 },
      { category: 'melody', before: 3, after: 3 },
      { category: 'lyric', before: 3, after: 5 },
      { category: 'structure', before: 3, after: 3 },
      { category: 'commercial_fit', before: 3, after: 3 },
      { category: 'demo_quality', before: 3, after: 2 },
    ]);
    expect(
      shown.scoreChanges.map((c: { category: RubricCategory; before: number; after: number }) =>
        m.scoreChange(MESSAGES.rubric.categories[c.category], c.before, c.after),
      ),
    ).toEqual([
      'Hook 3 → 4 (+1)',
      'Melody 3 → 3 (no change)',
      'Lyric 3 → 5 (+2)',
      'Structure 3 → 3 (no change)',
      'Commercial fit 3 → 3 (no change)',
      'Demo quality 3 → 2 (−1)',
    ]);
    expect((await writerClient.get(`/api/reviews/${second}/studio`)).body.notes).toMatchObject([
      { atSeconds: 0.5, text: 'The new verse lands.' },
    ]);
    // The first review's own answer has no changes: they belong to the rewrite.
    expect((await writerClient.get(`/api/reviews/${first}`)).body.scoreChanges).toBeNull();

    // The songwriter rates the rewrite's review on its own.
    const rated = await writerClient.post(`/api/reviews/${second}/rating`, { rating: 5, comment: 'The notes made the rewrite.' });
    expect(rated.status, rated.text).toBe(201);
    // A Pitch-ready rewrite can be offered a pitch agreement.
    expect((await reviewerClient.post('/api/admin/pitch-agreements', { reviewId: second })).status).toBe(201);
  });

  test('once its reviewer is no longer an admin, another admin may write a rewrite’s review', async () => {
    const id = await reviewed('Handed Over');
    const res = await rewrite(writerClient, id, { note: 'New chorus.', lyricsText: NEW_LYRICS });
    expect(res.status, res.text).toBe(201);
    expect((await otherAdmin.put(`/api/admin/reviews/${res.body.id}/draft`, { text: 'Mine now.' })).status).toBe(403);
    await t.db.delete(userRoles).where(and(eq(userRoles.userId, reviewer.id), eq(userRoles.role, 'admin')));
    try {
      expect((await otherAdmin.get(`/api/admin/reviews/${res.body.id}`)).body.mayWrite).toBe(true);
      const draft = await otherAdmin.put(`/api/admin/reviews/${res.body.id}/draft`, { text: 'Mine now.' });
      expect(draft.status, draft.text).toBe(200);
    } finally {
      await t.db.insert(userRoles).values({ userId: reviewer.id, role: 'admin' });
    }
  });

  test('a songwriter who deletes their account keeps a signed rewrite and its first review, without their words', async () => {
    const leaver = await makeSongwriter(t.db);
    const client = await signedInClient(t, leaver);
    const order = await makePaidOrder(t.db, leaver.id, 1);
    const [firstRow] = await t.db
      .insert(songReviews)
      .values({
        songwriterId: leaver.id,
        orderId: order.id,
        songNumber: 1,
        songTitle: 'Signed After A Rewrite',
        lyricsText: FIRST_LYRICS,
        storyArc: 'Their own story.',
        aiUsage: 'None.',
        status: 'reviewed',
        verdict: 'rewrite_suggested',
        adminReview: 'Close.',
        reviewedBy: reviewer.id,
        reviewedAt: new Date(),
      })
      .returning();
    const sent = await rewrite(client, firstRow!.id, { note: 'Their own words on the rewrite.', lyricsText: NEW_LYRICS });
    expect(sent.status, sent.text).toBe(201);
    expect(
      (await reviewerClient.post(`/api/admin/reviews/${sent.body.id}/send`, { text: 'Ready.', ...rubric('pitch_ready', 5) })).status,
    ).toBe(200);
    const offered = await reviewerClient.post('/api/admin/pitch-agreements', { reviewId: sent.body.id });
    expect(offered.status, offered.text).toBe(201);
    const signed = await client.post(`/api/pitch-agreements/${offered.body.id}/accept`, { legalName: 'Lee Leaver', consent: true });
    expect(signed.status, signed.text).toBe(200);

    expect((await client.request('DELETE', '/api/me', { password: leaver.password })).status).toBe(204);
    const kept = await t.db.select().from(songReviews).where(eq(songReviews.songwriterId, leaver.id));
    expect(kept.map((r) => r.id).sort()).toEqual([firstRow!.id, sent.body.id].sort());
    for (const row of kept)
      expect(row).toMatchObject({ storyArc: '', lyricsText: null, rewriteNote: null, songTitle: 'Signed After A Rewrite' });
  });
});
