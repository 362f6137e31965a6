import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import type { BriefShortlist, MyBriefOutcome, StudioBrief } from '../../src/common/responses';
import { makeBriefAnswer, makeOpenBrief } from '../../src/server/db/seed/brief-factories';
import { makePaidOrder, makePreviewUser, makeSongwriter, makeUser } from '../../src/server/db/seed/factories';
import { makeSong } from '../../src/server/db/seed/song-factories';
import { briefAnswers, briefs, playlists, playlistSongs, songReviews, songs } from '../../src/server/db/schema';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

const m = MESSAGES.briefShortlist;
let t: TestApp;
let admin: TestClient;
let buyer: TestClient;
let otherBuyer: TestClient;
let writerClient: TestClient;
let buyerId: string;
let adminId: string;
let writer: Awaited<ReturnType<typeof makeSongwriter>>;

beforeAll(async () => {
  t = await createTestApp();
  const adminUser = await makeUser(t.db, { roles: ['admin'] });
  adminId = adminUser.id;
  const buyerUser = await makePreviewUser(t.db, { name: 'Dana Buyer', company: 'Big Machine Publishing' });
  buyerId = buyerUser.id;
  writer = await makeSongwriter(t.db, { firstName: 'Luke', lastName: 'Combs' });
  [admin, buyer, otherBuyer, writerClient] = await Promise.all([
    signedInClient(t, adminUser),
    signedInClient(t, buyerUser),
    signedInClient(t, await makePreviewUser(t.db)),
    signedInClient(t, writer),
  ]);
});
afterAll(() => t.close());

let songCount = 0;
/** A published catalogue song (the writer's, signed earlier, as far as the brief is concerned). */
async function catalogueSong(title: string, isActive = true) {
  songCount += 1;
  return makeSong(t.db, t.storage, adminId, { title, slug: `bs-${songCount}`, seconds: 1, isActive });
}

/** A new song of the writer's paid package, its review sent. */
async function reviewedSubmission(title: string) {
  const order = await makePaidOrder(t.db, writer.id, 1);
  const [review] = await t.db
    .insert(songReviews)
    .values({
      songwriterId: writer.id,
      orderId: order.id,
      songNumber: 1,
      songTitle: title,
      lyricsText: 'Windows down and the radio loud',
      storyArc: 'A summer song.',
      aiUsage: 'No AI was used.',
      status: 'reviewed',
      adminReview: 'Bright and catchy.',
      reviewedAt: new Date(),
    })
    .returning();
  return review!;
}

const verdict = (answerId: string, body: Record<string, unknown>) => admin.put(`/api/admin/brief-answers/${answerId}/verdict`, body);
const shortlistOf = async (client: TestClient, briefId: string) => {
  const res = await client.get(`/api/briefs/shortlists/${briefId}`);
  expect(res.status, res.text).toBe(200);
  return res.body as BriefShortlist;
};
const outcomeOf = async (answerId: string) => {
  const res = await writerClient.get('/api/brief-outcomes');
  expect(res.status, res.text).toBe(200);
  return { text: res.text, mine: (res.body as MyBriefOutcome[]).find((o) => o.answerId === answerId)! };
};
const playlistSongIds = async (playlistId: string) =>
  (await t.db.select({ songId: playlistSongs.songId }).from(playlistSongs).where(eq(playlistSongs.playlistId, playlistId))).map(
    (r) => r.songId,
  );

describe('a catalogue song answering a brief', () => {
  test('joins the shortlist only on a "fits" verdict: the owner\'s playlist is made then, with the reason beside the song', async () => {
    const brief = await makeOpenBrief(t.db, buyerId, { title: 'Summer single' });
    const song = await catalogueSong('Sunburnt Radio');
    const answer = await makeBriefAnswer(t.db, brief.id, writer.id, { songId: song.id });

    const close = await verdict(answer.id, { verdict: 'close', reason: 'Right feel, a little slow.' });
    expect(close.status, close.text).toBe(200);
    expect(close.body).toMatchObject({ verdict: 'close', verdictReason: 'Right feel, a little slow.', shortlistedAt: null });
    expect((await shortlistOf(buyer, brief.id)).songs).toEqual([]);
    expect((await t.db.select().from(briefs).where(eq(briefs.id, brief.id)))[0]!.shortlistPlaylistId).toBeNull();
    expect((await outcomeOf(answer.id)).mine.outcome).toBe('not_shortlisted');

    const fits = await verdict(answer.id, { verdict: 'fits', reason: '  Sunny hook, right tempo, female-friendly.  ' });
    expect(fits.status, fits.text).toBe(200);
    expect(fits.body).toMatchObject({ verdict: 'fits', verdictReason: 'Sunny hook, right tempo, female-friendly.' });
    expect(fits.body.shortlistedAt).not.toBeNull();

    const [stored] = await t.db.select().from(briefs).where(eq(briefs.id, brief.id));
    const [playlist] = await t.db.select().from(playlists).where(eq(playlists.id, stored!.shortlistPlaylistId!));
    expect(playlist).toMatchObject({ ownerId: buyerId, name: 'Shortlist: Summer single' });
    expect(await playlistSongIds(playlist!.id)).toEqual([song.id]);
    const list = await shortlistOf(buyer, brief.id);
    expect(list.playlistId).toBe(playlist!.id);
    expect(list.songs).toEqual([
      expect.objectContaining({
        songId: song.id,
        title: 'Sunburnt Radio',
        reason: 'Sunny hook, right tempo, female-friendly.',
        response: null,
      }),
    ]);
    // The buyer's own playlist, opened as any other.
    expect((await buyer.get(`/api/playlists/${playlist!.id}`)).body.songs.map((s: { songId: string }) => s.songId)).toEqual([song.id]);

    // On the shortlist the verdict stays: the buyer has the song already.
    const change = await verdict(answer.id, { verdict: 'no', reason: 'Changed my mind.' });
    expect(change.status).toBe(409);
    expect(change.body.error.message).toBe(m.alreadyShortlisted);
  });

  test('a verdict needs one of the three and a one-line reason; only an admin gives it', async () => {
    const brief = await makeOpenBrief(t.db, buyerId);
    const answer = await makeBriefAnswer(t.db, brief.id, writer.id, { songId: (await catalogueSong('Blank Reason')).id });
    expect((await verdict(answer.id, { verdict: 'fits', reason: '   ' })).status).toBe(400);
    expect((await verdict(answer.id, { verdict: 'maybe', reason: 'Hm.' })).status).toBe(400);
    expect((await verdict(answer.id, { verdict: 'fits', reason: 'x'.repeat(281) })).status).toBe(400);
    expect((await verdict(answer.id, { verdict: 'fits', reason: 'Two\nlines' })).status).toBe(400);
    expect((await buyer.put(`/api/admin/brief-answers/${answer.id}/verdict`, { verdict: 'fits', reason: 'Mine.' })).status).toBe(403);
    const [row] = await t.db.select().from(briefAnswers).where(eq(briefAnswers.id, answer.id));
    expect(row).toMatchObject({ verdict: null, verdictReason: null, shortlistedAt: null });
  });
});

describe('who sees a shortlist', () => {
  test("only the brief's owner and admins: another buyer and a songwriter are told it does not exist or may not", async () => {
    const brief = await makeOpenBrief(t.db, buyerId);
    const song = await catalogueSong('Owner Only');
    const answer = await makeBriefAnswer(t.db, brief.id, writer.id, { songId: song.id });
    await verdict(answer.id, { verdict: 'fits', reason: 'Exactly the brief.' });

    expect((await shortlistOf(buyer, brief.id)).songs.map((s) => s.songId)).toEqual([song.id]);
    expect((await shortlistOf(admin, brief.id)).songs.map((s) => s.reason)).toEqual(['Exactly the brief.']);
    const stranger = await otherBuyer.get(`/api/briefs/shortlists/${brief.id}`);
    expect(stranger.status).toBe(404);
    expect(stranger.text).not.toContain('Owner Only');
    expect((await writerClient.get(`/api/briefs/shortlists/${brief.id}`)).status).toBe(403);
    expect((await t.client().get(`/api/briefs/shortlists/${brief.id}`)).status).toBe(401);
    // Nor its playlist.
    const playlistId = (await shortlistOf(buyer, brief.id)).playlistId!;
    expect((await otherBuyer.get(`/api/playlists/${playlistId}`)).status).toBe(404);
  });
});

describe('a new song answering a brief', () => {
  test('screened "fits", it joins the shortlist only when its writer signs the pitch agreement', async () => {
    const brief = await makeOpenBrief(t.db, buyerId, { title: 'Signed first' });
    const review = await reviewedSubmission('Windows Down');
    const answer = await makeBriefAnswer(t.db, brief.id, writer.id, { submissionId: review.id });

    // The studio shows the brief beside the rubric.
    const studio = await admin.get(`/api/admin/reviews/${review.id}/brief`);
    expect(studio.status, studio.text).toBe(200);
    expect(studio.body as StudioBrief).toMatchObject({
      editable: true,
      screening: { answerId: answer.id, verdict: null },
      brief: {
        id: brief.id,
        title: 'Signed first',
        genre: 'Country',
        tempoMin: 110,
        tempoMax: 130,
        vocal: 'female',
        moods: ['positive', 'summer'],
      },
    });
    const other = await reviewedSubmission('No Brief Here');
    expect((await admin.get(`/api/admin/reviews/${other.id}/brief`)).body).toBeNull();

    const fits = await verdict(answer.id, { verdict: 'fits', reason: 'A summer single in waiting.' });
    expect(fits.body).toMatchObject({ verdict: 'fits', shortlistedAt: null });
    expect((await shortlistOf(admin, brief.id)).songs).toEqual([]);
    expect((await outcomeOf(answer.id)).mine).toMatchObject({
      outcome: 'awaiting_signature',
      songTitle: 'Windows Down',
      briefTitle: 'Signed first',
    });

    const offered = await admin.post('/api/admin/pitch-agreements', { reviewId: review.id });
    expect(offered.status, offered.text).toBe(201);
    const signed = await writerClient.post(`/api/pitch-agreements/${offered.body.id}/accept`, { legalName: 'Luke Combs', consent: true });
    expect(signed.status, signed.text).toBe(200);

    const [song] = await t.db.select().from(songs).where(eq(songs.pitchAgreementId, offered.body.id));
    const [row] = await t.db.select().from(briefAnswers).where(eq(briefAnswers.id, answer.id));
    expect(row!.shortlistedAt).not.toBeNull();
    expect((await shortlistOf(admin, brief.id)).songs).toEqual([
      expect.objectContaining({ songId: song!.id, reason: 'A summer single in waiting.' }),
    ]);
    // A draft until the admin publishes it: the buyer's list shows published songs, as their playlists do.
    expect((await shortlistOf(buyer, brief.id)).songs).toEqual([]);
    await t.db.update(songs).set({ isActive: true }).where(eq(songs.id, song!.id));
    expect((await shortlistOf(buyer, brief.id)).songs).toEqual([expect.objectContaining({ songId: song!.id, title: 'Windows Down' })]);
    expect((await outcomeOf(answer.id)).mine.outcome).toBe('shortlisted');
    expect((await admin.get(`/api/admin/reviews/${review.id}/brief`)).body.editable).toBe(false);
  });

  test('screened "close" or "no", a signed song stays off the shortlist', async () => {
    const brief = await makeOpenBrief(t.db, buyerId);
    const review = await reviewedSubmission('Slow Burn');
    const answer = await makeBriefAnswer(t.db, brief.id, writer.id, { submissionId: review.id });
    await verdict(answer.id, { verdict: 'no', reason: 'A ballad; the brief wants uptempo.' });
    const offered = await admin.post('/api/admin/pitch-agreements', { reviewId: review.id });
    expect(
      (await writerClient.post(`/api/pitch-agreements/${offered.body.id}/accept`, { legalName: 'Luke Combs', consent: true })).status,
    ).toBe(200);
    const [row] = await t.db.select().from(briefAnswers).where(eq(briefAnswers.id, answer.id));
    expect(row!.shortlistedAt).toBeNull();
    expect((await shortlistOf(admin, brief.id)).songs).toEqual([]);
    expect((await t.db.select().from(briefs).where(eq(briefs.id, brief.id)))[0]!.shortlistPlaylistId).toBeNull();
  });
});

describe('what the writer sees', () => {
  test('shortlisted, then on hold, then passed: never the note the buyer kept with the hold', async () => {
    const brief = await makeOpenBrief(t.db, buyerId);
    const song = await catalogueSong('Held Tight');
    const answer = await makeBriefAnswer(t.db, brief.id, writer.id, { songId: song.id });
    expect((await outcomeOf(answer.id)).mine.outcome).toBe('awaiting');
    await verdict(answer.id, { verdict: 'fits', reason: 'Big chorus.' });
    expect((await outcomeOf(answer.id)).mine.outcome).toBe('shortlisted');

    const held = await buyer.put(`/api/song-responses/${song.id}`, { response: 'hold', note: 'Carly Pearce secret session' });
    expect(held.status, held.text).toBe(200);
    const onHold = await outcomeOf(answer.id);
    expect(onHold.mine.outcome).toBe('on_hold');
    expect(onHold.text).not.toContain('Carly Pearce');
    expect((await shortlistOf(buyer, brief.id)).songs[0]!.response).toBe('hold');

    expect((await buyer.put(`/api/song-responses/${song.id}`, { response: 'pass' })).status).toBe(200);
    expect((await outcomeOf(answer.id)).mine.outcome).toBe('passed');
    // Another listener's hold is not the buyer's answer.
    await buyer.delete(`/api/song-responses/${song.id}`);
    await otherBuyer.put(`/api/song-responses/${song.id}`, { response: 'hold' });
    expect((await outcomeOf(answer.id)).mine.outcome).toBe('shortlisted');
  });
});

describe('the admin fills a shortlist', () => {
  test('adds published catalogue songs directly, without a reason; a draft or unknown song is refused and nothing is added', async () => {
    const brief = await makeOpenBrief(t.db, buyerId);
    const [a, b] = [await catalogueSong('Staff Pick One'), await catalogueSong('Staff Pick Two')];
    const draft = await catalogueSong('Staff Draft', false);

    const refused = await admin.post(`/api/admin/briefs/${brief.id}/shortlist`, { songIds: [a.id, draft.id] });
    expect(refused.status).toBe(404);
    expect(refused.body.error.message).toBe(m.songUnavailable);
    expect((await t.db.select().from(briefs).where(eq(briefs.id, brief.id)))[0]!.shortlistPlaylistId).toBeNull();
    expect((await buyer.post(`/api/admin/briefs/${brief.id}/shortlist`, { songIds: [a.id] })).status).toBe(403);

    const added = await admin.post(`/api/admin/briefs/${brief.id}/shortlist`, { songIds: [a.id, b.id] });
    expect(added.status, added.text).toBe(200);
    const list = await shortlistOf(buyer, brief.id);
    expect(list.songs.map((s) => [s.title, s.reason])).toEqual([
      ['Staff Pick One', null],
      ['Staff Pick Two', null],
    ]);
    expect(await playlistSongIds(list.playlistId!)).toEqual(expect.arrayContaining([a.id, b.id]));
    // Again: each song once.
    await admin.post(`/api/admin/briefs/${brief.id}/shortlist`, { songIds: [b.id] });
    expect(await playlistSongIds(list.playlistId!)).toHaveLength(2);
  });

  test('a playlist the owner deleted comes back with every song shortlisted so far', async () => {
    const brief = await makeOpenBrief(t.db, buyerId);
    const [a, b] = [await catalogueSong('Back Again One'), await catalogueSong('Back Again Two')];
    const first = await makeBriefAnswer(t.db, brief.id, writer.id, { songId: a.id });
    await verdict(first.id, { verdict: 'fits', reason: 'Fits.' });
    const playlistId = (await shortlistOf(buyer, brief.id)).playlistId!;
    expect((await buyer.delete(`/api/playlists/${playlistId}`)).status).toBe(204);
    const second = await makeBriefAnswer(t.db, brief.id, writer.id, { songId: b.id });
    await verdict(second.id, { verdict: 'fits', reason: 'Fits too.' });
    const again = await shortlistOf(buyer, brief.id);
    expect(again.playlistId).not.toBe(playlistId);
    expect((await playlistSongIds(again.playlistId!)).sort()).toEqual([a.id, b.id].sort());
  });
});
