import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import type { AdminBriefs, BriefAnswer, OwnBrief, WriterBrief } from '../../src/common/responses';
import type { BriefCreateInput } from '../../src/common/schemas/briefs';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { makePaidOrder, makePreviewUser, makeSongwriter, makeUser } from '../../src/server/db/seed/factories';
import { makeSong } from '../../src/server/db/seed/song-factories';
import { briefAnswers, orders, pitchAgreements, songReviews, songs } from '../../src/server/db/schema';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

const m = MESSAGES.briefs;
/** The test's clock: noon in Nashville on 2030-03-10. */
let clock = new Date('2030-03-10T18:00:00Z');

let t: TestApp;
let admin: TestClient;
let buyer: TestClient;
let otherBuyer: TestClient;
let writer: TestClient;
let writerId: string;
let reference: { id: string; title: string };
/** The writer's song signed into the catalogue through an accepted agreement. */
let signedSongId: string;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  const adminUser = await makeUser(t.db, { roles: ['admin'] });
  const buyerUser = await makePreviewUser(t.db, { name: 'Dana Secretname', company: 'Hidden Publishing Co' });
  const otherUser = await makePreviewUser(t.db, { name: 'Eli Other', company: 'Other Songs' });
  const writerUser = await makeSongwriter(t.db);
  writerId = writerUser.id;
  [admin, buyer, otherBuyer, writer] = await Promise.all([
    signedInClient(t, adminUser),
    signedInClient(t, buyerUser),
    signedInClient(t, otherUser),
    signedInClient(t, writerUser),
  ]);
  const ref = await makeSong(t.db, t.storage, adminUser.id, { title: 'Gravel Road', slug: 'brief-ref', seconds: 1 });
  reference = { id: ref.id, title: 'Gravel Road' };
  signedSongId = await signedSongOf(writerId, adminUser.id);
});
afterAll(() => t.close());

/** A reviewed submission of the writer's, signed into the catalogue as a song; the song's id. */
async function signedSongOf(songwriterId: string, adminId: string): Promise<string> {
  const order = await makePaidOrder(t.db, songwriterId, 1);
  const [review] = await t.db
    .insert(songReviews)
    .values({
      songwriterId,
      orderId: order.id,
      songNumber: 1,
      songTitle: 'Porch Light',
      storyArc: 'Home.',
      aiUsage: 'None',
      status: 'reviewed',
    })
    .returning();
  const [agreement] = await t.db
    .insert(pitchAgreements)
    .values({
      reviewId: review!.id,
      songwriterId,
      offeredBy: adminId,
      commissionPercent: 10,
      termMonths: 12,
      expiresAt: new Date('2031-01-01T00:00:00Z'),
      status: 'accepted',
      textVersion: 'v1',
      agreementText: 'The agreement.',
      answeredAt: new Date(),
      signedName: 'Writer Name',
      textSha256: 'a'.repeat(64),
    })
    .returning();
  const song = await makeSong(t.db, t.storage, adminId, { title: 'Porch Light', slug: `signed-${review!.id.slice(0, 8)}`, seconds: 1 });
  await t.db.update(songs).set({ pitchAgreementId: agreement!.id }).where(eq(songs.id, song.id));
  return song.id;
}

const briefInput = (overrides: Partial<BriefCreateInput> = {}): BriefCreateInput => ({
  title: 'Uptempo female country',
  description: 'Positive, for a record cutting in March.',
  genre: 'Country',
  tempoMin: 110,
  tempoMax: 130,
  musicalKey: null,
  vocal: 'female',
  moods: ['positive', 'summer'],
  oneStopRequired: true,
  artistShown: 'a major-label artist',
  showBuyer: false,
  deadlineOn: '2030-03-20',
  referenceSongIds: [reference.id],
  ...overrides,
});

async function writeBrief(client: TestClient, overrides: Partial<BriefCreateInput> = {}): Promise<OwnBrief> {
  const res = await client.post('/api/briefs', briefInput(overrides));
  expect(res.status, res.text).toBe(201);
  return res.body as OwnBrief;
}

async function approve(id: string) {
  const res = await admin.post(`/api/admin/briefs/${id}/approve`, {});
  expect(res.status, res.text).toBe(204);
}

const openBriefs = async () => {
  const res = await writer.get('/api/briefs/open');
  expect(res.status, res.text).toBe(200);
  return res.body as WriterBrief[];
};

/** A new song answering the brief, through the submission upload; the response. */
async function submitAnswer(briefId: string) {
  const order = await makePaidOrder(t.db, writerId, 1);
  const form = new FormData();
  form.set(
    'data',
    JSON.stringify({
      orderId: order.id,
      briefId,
      title: 'Summer Radio',
      storyArc: 'A drive with the windows down.',
      aiUsage: 'No AI was used at all.',
      agreed: true,
    }),
  );
  form.set('audio', new Blob([new Uint8Array(synthesizeMp3({ seconds: 1, seed: 7 }))]), 'song.mp3');
  return { res: await writer.sendForm('POST', '/api/submissions', form), orderId: order.id };
}

describe('briefs', () => {
  test("a buyer's brief is not visible to writers until an admin approves it; the buyer sees it as awaiting approval", async () => {
    const brief = await writeBrief(buyer, { title: 'Waiting brief' });
    expect(brief.state).toBe('awaiting_approval');
    expect(brief.references).toEqual([{ songId: reference.id, slug: 'brief-ref', title: 'Gravel Road' }]);
    expect((await openBriefs()).map((b) => b.id)).not.toContain(brief.id);
    const refused = await writer.post(`/api/briefs/${brief.id}/answers`, { songId: signedSongId });
    expect(refused.status).toBe(404);

    const mine = (await buyer.get('/api/briefs/mine')).body as OwnBrief[];
    expect(mine.find((b) => b.id === brief.id)?.state).toBe('awaiting_approval');
    const waiting = (await admin.get('/api/admin/briefs?state=awaiting_approval')).body as AdminBriefs;
    expect(waiting.briefs.find((b) => b.id === brief.id)?.owner).toMatchObject({
      name: 'Dana Secretname',
      company: 'Hidden Publishing Co',
    });

    await approve(brief.id);
    const seen = (await openBriefs()).find((b) => b.id === brief.id);
    expect(seen).toMatchObject({ title: 'Waiting brief', artistShown: 'a major-label artist', expired: false });
  });

  test("an admin's brief is open at once", async () => {
    const brief = await writeBrief(admin, { title: 'Admin brief' });
    expect(brief.state).toBe('open');
    expect((await openBriefs()).map((b) => b.id)).toContain(brief.id);
  });

  test('a writer sees no buyer identity the buyer did not choose to show, and the buyer when they chose to', async () => {
    const hidden = await writeBrief(buyer, { title: 'Hidden buyer' });
    const shown = await writeBrief(buyer, { title: 'Shown buyer', showBuyer: true, artistShown: 'Kacey Example' });
    await approve(hidden.id);
    await approve(shown.id);
    const res = await writer.get('/api/briefs/open');
    const hiddenJson = JSON.stringify((res.body as WriterBrief[]).find((b) => b.id === hidden.id));
    expect(hiddenJson).toContain('a major-label artist');
    for (const secret of ['Dana Secretname', 'Hidden Publishing Co', 'ownerId', 'owner', 'email']) expect(hiddenJson).not.toContain(secret);
    const shownBrief = (res.body as WriterBrief[]).find((b) => b.id === shown.id)!;
    expect(shownBrief.buyer).toEqual({ name: 'Dana Secretname', company: 'Hidden Publishing Co' });
    expect(shownBrief.artistShown).toBe('Kacey Example');
  });

  test('a writer answers an open brief with a signed catalogue song once; a song not theirs is refused', async () => {
    const brief = await writeBrief(admin, { title: 'Catalogue answer' });
    const res = await writer.post(`/api/briefs/${brief.id}/answers`, { songId: signedSongId });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ kind: 'catalogue', songTitle: 'Porch Light', verdict: null });
    const again = await writer.post(`/api/briefs/${brief.id}/answers`, { songId: signedSongId });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(m.alreadyAnswered);
    const notTheirs = await writer.post(`/api/briefs/${brief.id}/answers`, { songId: reference.id });
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.body.error.message).toBe(m.songNotYours);
    expect((await openBriefs()).find((b) => b.id === brief.id)?.myAnswers.map((a) => a.songTitle)).toEqual(['Porch Light']);
  });

  test('a writer answers with a new song for review, linked to the brief', async () => {
    const brief = await writeBrief(admin, { title: 'New song answer' });
    const { res, orderId } = await submitAnswer(brief.id);
    expect(res.status, res.text).toBe(201);
    const [answer] = await t.db.select().from(briefAnswers).where(eq(briefAnswers.briefId, brief.id));
    expect(answer).toMatchObject({ songwriterId: writerId, submissionId: res.body.id, songId: null });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.songsSubmitted).toBe(1);
  });

  test('a writer answering a closed or expired brief is refused, and no song is taken', async () => {
    const closed = await writeBrief(admin, { title: 'Closed brief' });
    const closeRes = await admin.post(`/api/admin/briefs/${closed.id}/close`, { state: 'closed' });
    expect(closeRes.status, closeRes.text).toBe(204);
    const onClosed = await writer.post(`/api/briefs/${closed.id}/answers`, { songId: signedSongId });
    expect(onClosed.status).toBe(409);
    expect(onClosed.body.error.message).toBe(m.closedForAnswers);
    const newOnClosed = await submitAnswer(closed.id);
    expect(newOnClosed.res.status).toBe(409);
    expect(newOnClosed.res.body.error.message).toBe(m.closedForAnswers);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, newOnClosed.orderId));
    expect(order!.songsSubmitted).toBe(0);

    const expiring = await writeBrief(admin, { title: 'Expiring brief', deadlineOn: '2030-03-11' });
    const before = clock;
    try {
      // The deadline day is open until midnight in Nashville (CDT, UTC-5, by March 11); the next day it is not.
      clock = new Date('2030-03-12T04:30:00Z');
      expect((await openBriefs()).map((b) => b.id)).toContain(expiring.id);
      clock = new Date('2030-03-12T05:30:00Z');
      expect((await openBriefs()).map((b) => b.id)).not.toContain(expiring.id);
      const onExpired = await writer.post(`/api/briefs/${expiring.id}/answers`, { songId: signedSongId });
      expect(onExpired.status).toBe(409);
      expect(onExpired.body.error.message).toBe(m.expired);
      const newOnExpired = await submitAnswer(expiring.id);
      expect(newOnExpired.res.status).toBe(409);
      expect(newOnExpired.res.body.error.message).toBe(m.expired);
      const mine = (await admin.get('/api/briefs/mine')).body as OwnBrief[];
      expect(mine.find((b) => b.id === expiring.id)?.expired).toBe(true);
    } finally {
      clock = before;
    }
    expect(await t.db.select().from(briefAnswers).where(eq(briefAnswers.briefId, expiring.id))).toEqual([]);
  });

  test("only the brief's owner and admins see its answers", async () => {
    const brief = await writeBrief(buyer, { title: 'Answers brief' });
    await approve(brief.id);
    expect((await writer.post(`/api/briefs/${brief.id}/answers`, { songId: signedSongId })).status).toBe(201);
    const forOwner = await buyer.get(`/api/briefs/answers/${brief.id}`);
    expect(forOwner.status).toBe(200);
    expect((forOwner.body as BriefAnswer[]).map((a) => [a.songTitle, a.kind, a.verdict])).toEqual([['Porch Light', 'catalogue', null]]);
    const forAdmin = await admin.get(`/api/briefs/answers/${brief.id}`);
    expect((forAdmin.body as BriefAnswer[]).map((a) => a.songTitle)).toEqual(['Porch Light']);
    expect((await otherBuyer.get(`/api/briefs/answers/${brief.id}`)).status).toBe(404);
    expect((await writer.get(`/api/briefs/answers/${brief.id}`)).status).toBe(403);
    expect((await t.client().get(`/api/briefs/answers/${brief.id}`)).status).toBe(401);
    const counts = ((await buyer.get('/api/briefs/mine')).body as OwnBrief[]).find((b) => b.id === brief.id)?.counts;
    expect(counts).toEqual({ answers: 1, screened: 0, shortlisted: 0, held: 0 });
  });

  test('a deadline already past is refused; a writer cannot write a brief', async () => {
    const past = await buyer.post('/api/briefs', briefInput({ deadlineOn: '2030-03-09' }));
    expect(past.status).toBe(400);
    expect(past.body.error.fields.deadlineOn).toEqual([m.deadlinePast]);
    expect((await writer.post('/api/briefs', briefInput())).status).toBe(403);
  });

  test('the admin lists briefs by state with counts, and the dashboard counts briefs awaiting approval', async () => {
    const brief = await writeBrief(buyer, { title: 'Counted brief' });
    const listRes = await admin.get('/api/admin/briefs?state=awaiting_approval');
    expect(listRes.status, listRes.text).toBe(200);
    const list = listRes.body as AdminBriefs;
    expect(list.briefs.every((b) => b.state === 'awaiting_approval')).toBe(true);
    expect(list.stateCounts.awaiting_approval).toBe(list.briefs.length);
    const stats = (await admin.get('/api/admin/dashboard')).body.stats;
    expect(stats.briefsAwaitingApproval).toBe(list.stateCounts.awaiting_approval);
    const fill = await admin.post(`/api/admin/briefs/${brief.id}/close`, { state: 'filled' });
    expect(fill.status).toBe(409);
    expect(fill.body.error.message).toBe(m.notOpenToFill);
  });
});
