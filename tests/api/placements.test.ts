import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { makePaidOrder, makeSongwriter, makeUser } from '../../src/server/db/seed/factories';
import { pitchAgreements, placements, songReviews, songs } from '../../src/server/db/schema';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

const m = MESSAGES.placements;
let t: TestApp;
let admin: TestClient;
type Writer = Awaited<ReturnType<typeof makeSongwriter>> & { client: TestClient };
let writer: Writer;
let other: Writer;

async function newWriter(name: { firstName: string; lastName: string }): Promise<Writer> {
  const w = await makeSongwriter(t.db, name);
  return { ...w, client: await signedInClient(t, w) };
}

/** A reviewed song of the writer's, offered at the rate given and signed by them through the API: its agreement. */
async function signedAgreement(w: Writer, commissionPercent = 10, title = 'Gravel Road Goodbye') {
  const order = await makePaidOrder(t.db, w.id, 1);
  const [review] = await t.db
    .insert(songReviews)
    .values({
      songwriterId: w.id,
      orderId: order.id,
      songNumber: 1,
      songTitle: title,
      storyArc: 'A goodbye told through one last drive.',
      aiUsage: 'No AI was used.',
      status: 'reviewed',
      adminReview: 'Strong hook.',
      reviewedAt: new Date(),
    })
    .returning();
  const offered = await admin.post('/api/admin/pitch-agreements', { reviewId: review!.id, commissionPercent });
  expect(offered.status, offered.text).toBe(201);
  const signed = await w.client.post(`/api/pitch-agreements/${offered.body.id}/accept`, { legalName: 'Typed Name', consent: true });
  expect(signed.status, signed.text).toBe(200);
  return offered.body as { id: string; reviewId: string };
}

/** A catalogue song, pitched when given the agreement it came in under (as the acceptance will make it). */
async function catalogueSong(title: string, pitchAgreementId: string | null = null) {
  if (pitchAgreementId) {
    // Signing brought the song into the catalogue already.
    const [signed] = await t.db.select().from(songs).where(eq(songs.pitchAgreementId, pitchAgreementId));
    if (signed) return signed;
  }
  const [song] = await t.db
    .insert(songs)
    .values({ slug: `song-${randomUUID()}`, title, description: 'A song.', lyrics: 'Verse one', pitchAgreementId })
    .returning();
  return song!;
}

async function pitchedSong(w: Writer, commissionPercent = 10, title = 'Gravel Road Goodbye') {
  const agreement = await signedAgreement(w, commissionPercent, title);
  return { agreement, song: await catalogueSong(title, agreement.id) };
}

const record = (songId: string, values: Record<string, unknown>) => admin.post('/api/admin/placements', { songId, ...values });
const stored = async (id: string) => (await t.db.select().from(placements).where(eq(placements.id, id)))[0]!;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInClient(t, await makeUser(t.db, { roles: ['admin'] }));
  writer = await newWriter({ firstName: 'Luke', lastName: 'Combs' });
  other = await newWriter({ firstName: 'Ashley', lastName: 'McBryde' });
});
afterAll(() => t.close());

describe('recording a placement', () => {
  test('a cut with $1,000 income stores $100.00 commission at 10 %, computed by the server', async () => {
    const { song, agreement } = await pitchedSong(writer);
    const res = await record(song.id, {
      artist: 'Luke Bryan',
      project: 'Summer Album',
      label: 'Capitol Nashville',
      status: 'cut',
      income: '1,000',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      songId: song.id,
      pitchAgreementId: agreement.id,
      status: 'cut',
      incomeCents: 100_000,
      commissionCents: 10_000,
    });
    expect(await stored(res.body.id)).toMatchObject({
      artist: 'Luke Bryan',
      project: 'Summer Album',
      label: 'Capitol Nashville',
      status: 'cut',
      releaseDate: null,
      incomeCents: 100_000,
      commissionCents: 10_000,
    });
  });

  test("a non-default rate is the signed agreement's: 15 % of $1,234.56 is $185.18, 7 % of $0.50 rounds to 4 cents", async () => {
    const { song } = await pitchedSong(writer, 15);
    const res = await record(song.id, { artist: 'Lainey Wilson', status: 'on_hold', income: '1234.56' });
    expect(res.status, res.text).toBe(201);
    expect(await stored(res.body.id)).toMatchObject({ incomeCents: 123_456, commissionCents: 18_518, project: null, label: null });

    const { song: small } = await pitchedSong(writer, 7);
    const tiny = await record(small.id, { artist: 'Lainey Wilson', income: '0.50' });
    expect(await stored(tiny.body.id)).toMatchObject({ status: 'on_hold', incomeCents: 50, commissionCents: 4 });
  });

  test('the browser cannot set the commission, the agreement or the song of an edit: the server decides them', async () => {
    const { song, agreement } = await pitchedSong(writer, 20);
    const { agreement: othersAgreement } = await pitchedSong(other, 50);
    const res = await record(song.id, {
      artist: 'Jelly Roll',
      income: '100',
      commissionCents: 1,
      incomeCents: 5,
      pitchAgreementId: othersAgreement.id,
      recordedBy: other.id,
    });
    expect(res.status, res.text).toBe(201);
    expect(await stored(res.body.id)).toMatchObject({ pitchAgreementId: agreement.id, incomeCents: 10_000, commissionCents: 2_000 });
    expect((await stored(res.body.id)).recordedBy).not.toBe(other.id);
  });

  test('an edit moves the status on, updates the income and computes the commission again', async () => {
    const { song } = await pitchedSong(writer);
    const { body: held } = await record(song.id, { artist: 'Cody Johnson', status: 'on_hold' });
    expect(await stored(held.id)).toMatchObject({ incomeCents: 0, commissionCents: 0 });
    const cut = await admin.put(`/api/admin/placements/${held.id}`, {
      artist: 'Cody Johnson',
      status: 'cut',
      income: '500',
      commissionCents: 0,
    });
    expect(cut.status, cut.text).toBe(200);
    expect(await stored(held.id)).toMatchObject({ status: 'cut', incomeCents: 50_000, commissionCents: 5_000 });
    const released = await admin.put(`/api/admin/placements/${held.id}`, {
      artist: 'Cody Johnson',
      project: 'Leather',
      status: 'released',
      releaseDate: '2027-03-14',
      income: '2500.00',
    });
    expect(released.body).toMatchObject({ status: 'released', releaseDate: '2027-03-14', incomeCents: 250_000, commissionCents: 25_000 });
    expect(await stored(held.id)).toMatchObject({
      status: 'released',
      releaseDate: '2027-03-14',
      project: 'Leather',
      commissionCents: 25_000,
    });
    expect((await admin.put(`/api/admin/placements/${randomUUID()}`, { artist: 'A' })).status).toBe(404);
  });

  test('the form is checked: an artist, dollars and cents, a real release date', async () => {
    const { song } = await pitchedSong(writer);
    const bad = await record(song.id, { artist: ' ', status: 'charted', income: '12.345', releaseDate: '2027-02-30' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({
      artist: [m.artistRequired],
      status: [m.statusInvalid],
      income: [m.incomeInvalid],
      releaseDate: [m.releaseDateInvalid],
    });
    expect((await record(song.id, { artist: 'A', income: '10000000.01' })).body.error.fields).toEqual({ income: [m.incomeTooLarge] });
    expect((await record(song.id, { artist: 'A', income: '$1,000,000,000' })).body.error.fields).toEqual({ income: [m.incomeTooLarge] });
    expect(await t.db.select().from(placements).where(eq(placements.songId, song.id))).toEqual([]);
    // A blank income (a hold, nothing received yet) is $0.00.
    const blank = await record(song.id, { artist: 'A', income: '' });
    expect(await stored(blank.body.id)).toMatchObject({ incomeCents: 0, commissionCents: 0 });
  });

  test('a song without a signed agreement is refused: the company’s own, one whose offer is still open, and no song at all', async () => {
    const own = await catalogueSong('Company Song');
    const refused = await record(own.id, { artist: 'Luke Bryan', income: '1000' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(m.notPitched);

    const order = await makePaidOrder(t.db, writer.id, 1);
    const [review] = await t.db
      .insert(songReviews)
      .values({
        songwriterId: writer.id,
        orderId: order.id,
        songNumber: 1,
        songTitle: 'Open Offer',
        storyArc: 'A story.',
        aiUsage: 'None.',
        status: 'reviewed',
        adminReview: 'Good.',
        reviewedAt: new Date(),
      })
      .returning();
    const { body: open } = await admin.post('/api/admin/pitch-agreements', { reviewId: review!.id });
    const unsigned = await catalogueSong('Open Offer', open.id);
    expect((await record(unsigned.id, { artist: 'Luke Bryan' })).body.error.message).toBe(m.notPitched);
    expect((await record(randomUUID(), { artist: 'Luke Bryan' })).status).toBe(404);
    expect(await t.db.select().from(placements).where(eq(placements.songId, own.id))).toEqual([]);
    expect(await t.db.select().from(placements).where(eq(placements.songId, unsigned.id))).toEqual([]);
  });
});

/**
 * A song whose agreement was signed at `answeredAt` for `termMonths`. The offer is made through the API and
 * signed directly in the database: the trigger of migration 0013 refuses any change to a signed row, so the
 * backdated signature is written while the row is still an open offer.
 */
async function songSignedAt(answeredAt: Date, termMonths: number, title: string) {
  const order = await makePaidOrder(t.db, writer.id, 1);
  const [review] = await t.db
    .insert(songReviews)
    .values({
      songwriterId: writer.id,
      orderId: order.id,
      songNumber: 1,
      songTitle: title,
      storyArc: 'A story.',
      aiUsage: 'None.',
      status: 'reviewed',
      adminReview: 'Good.',
      reviewedAt: answeredAt,
    })
    .returning();
  const { body: offer } = await admin.post('/api/admin/pitch-agreements', { reviewId: review!.id });
  await t.db
    .update(pitchAgreements)
    .set({ status: 'accepted', termMonths, answeredAt, signedName: 'Typed Name', textSha256: 'a'.repeat(64) })
    .where(eq(pitchAgreements.id, offer.id));
  return { agreementId: offer.id as string, song: await catalogueSong(title, offer.id) };
}

describe("the agreement's term", () => {
  test('a new placement after the term is refused with the day it ended; one recorded during the term can still be edited', async () => {
    const { agreementId, song } = await songSignedAt(new Date('2025-01-15T12:00:00Z'), 12, 'Old Term');
    const refused = await record(song.id, { artist: 'Luke Bryan', status: 'cut', income: '1000' });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.error.message).toBe(m.termEnded('2026-01-15'));
    expect(refused.body.error.message).toBe(
      "This song's pitch agreement ended on 2026-01-15: placements after its term earn no commission.",
    );
    expect(await t.db.select().from(placements).where(eq(placements.songId, song.id))).toEqual([]);

    // A hold recorded while the term ran: its cut and income come in later, and still earn the commission.
    const [held] = await t.db
      .insert(placements)
      .values({
        songId: song.id,
        pitchAgreementId: agreementId,
        artist: 'Luke Bryan',
        status: 'on_hold',
        createdAt: new Date('2025-06-01T00:00:00Z'),
      })
      .returning();
    const edited = await admin.put(`/api/admin/placements/${held!.id}`, { artist: 'Luke Bryan', status: 'cut', income: '1000' });
    expect(edited.status, edited.text).toBe(200);
    expect(await stored(held!.id)).toMatchObject({ status: 'cut', incomeCents: 100_000, commissionCents: 10_000 });
  });

  test('a placement on the last months of the term is recorded', async () => {
    const elevenMonthsAgo = new Date();
    elevenMonthsAgo.setUTCMonth(elevenMonthsAgo.getUTCMonth() - 11);
    const { song } = await songSignedAt(elevenMonthsAgo, 12, 'Late In Term');
    const res = await record(song.id, { artist: 'Luke Bryan', income: '1000' });
    expect(res.status, res.text).toBe(201);
    expect(await stored(res.body.id)).toMatchObject({ incomeCents: 100_000, commissionCents: 10_000 });
  });
});

test("the admin reads a song's placements with the agreement it came in under; a song not pitched has none", async () => {
  const { song, agreement } = await pitchedSong(writer, 12, 'Read Back');
  const { body: first } = await record(song.id, { artist: 'First Artist', income: '10' });
  const { body: second } = await record(song.id, { artist: 'Second Artist', status: 'cut', income: '20' });
  const res = await admin.get(`/api/admin/placements?songId=${song.id}`);
  expect(res.status, res.text).toBe(200);
  expect(res.body).toMatchObject({
    songTitle: 'Read Back',
    agreement: {
      id: agreement.id,
      reviewId: agreement.reviewId,
      commissionPercent: 12,
      writerName: 'Luke Combs',
      writerEmail: writer.email,
    },
  });
  expect(res.body.placements.map((p: { id: string }) => p.id)).toEqual([second.id, first.id]);
  const own = await catalogueSong('Not Pitched');
  expect((await admin.get(`/api/admin/placements?songId=${own.id}`)).body).toMatchObject({ agreement: null, placements: [] });
});

test('a songwriter sees their own placements with the income and their share, never another writer’s', async () => {
  const mine = await newWriter({ firstName: 'Mine', lastName: 'Writer' });
  const theirs = await newWriter({ firstName: 'Their', lastName: 'Writer' });
  const { song } = await pitchedSong(mine, 10, 'My Song');
  const { song: theirSong } = await pitchedSong(theirs, 10, 'Their Song');
  await record(song.id, {
    artist: 'Morgan Wallen',
    project: 'One Thing at a Time',
    label: 'Big Loud',
    status: 'released',
    releaseDate: '2027-01-02',
    income: '1000',
  });
  await record(theirSong.id, { artist: 'Other Artist', income: '50' });

  const res = await mine.client.get('/api/placements');
  expect(res.status, res.text).toBe(200);
  expect(res.body).toEqual([
    expect.objectContaining({
      songTitle: 'My Song',
      artist: 'Morgan Wallen',
      project: 'One Thing at a Time',
      label: 'Big Loud',
      status: 'released',
      releaseDate: '2027-01-02',
      commissionPercent: 10,
      incomeCents: 100_000,
      commissionCents: 10_000,
      writerShareCents: 90_000,
    }),
  ]);
  expect((await theirs.client.get('/api/placements')).body.map((p: { songTitle: string }) => p.songTitle)).toEqual(['Their Song']);
  expect((await admin.get('/api/placements')).status).toBe(403);
  expect((await mine.client.get(`/api/admin/placements?songId=${song.id}`)).status).toBe(403);
  expect((await mine.client.post('/api/admin/placements', { songId: song.id, artist: 'Me' })).status).toBe(403);
  expect((await mine.client.get('/api/admin/ledger')).status).toBe(403);
});

test('the ledger lists every placement with income, commission and owed to the writer, with totals per writer and overall', async () => {
  const ledgerWriter = await newWriter({ firstName: 'Ledger', lastName: 'Writer' });
  const { song: a } = await pitchedSong(ledgerWriter, 10, 'Ledger A');
  const { song: b } = await pitchedSong(ledgerWriter, 20, 'Ledger B');
  await record(a.id, { artist: 'One', status: 'cut', income: '1000' });
  await record(b.id, { artist: 'Two', status: 'released', income: '250.50' });
  await record(b.id, { artist: 'Three', status: 'on_hold' });

  const all = (await admin.get('/api/admin/ledger')).body;
  const group = all.groups.find((g: { writerId: string }) => g.writerId === ledgerWriter.id);
  expect(group).toMatchObject({
    writerName: 'Ledger Writer',
    writerEmail: ledgerWriter.email,
    incomeCents: 125_050,
    commissionCents: 15_010,
    owedCents: 110_040,
  });
  expect(group.lines.map((l: { songTitle: string; artist: string; owedCents: number }) => [l.songTitle, l.artist, l.owedCents])).toEqual(
    expect.arrayContaining([
      ['Ledger A', 'One', 90_000],
      ['Ledger B', 'Two', 20_040],
      ['Ledger B', 'Three', 0],
    ]),
  );
  // The overall totals are every stored placement's.
  const rows = await t.db.select().from(placements);
  const income = rows.reduce((n, r) => n + r.incomeCents, 0);
  const commission = rows.reduce((n, r) => n + r.commissionCents, 0);
  expect(all).toMatchObject({ incomeCents: income, commissionCents: commission, owedCents: income - commission });
  expect(all.groups.reduce((n: number, g: { owedCents: number }) => n + g.owedCents, 0)).toBe(income - commission);
  expect(all.writers.map((w: { id: string }) => w.id)).toContain(ledgerWriter.id);

  const one = (await admin.get(`/api/admin/ledger?writer=${ledgerWriter.id}`)).body;
  expect(one.groups.map((g: { writerId: string }) => g.writerId)).toEqual([ledgerWriter.id]);
  expect(one).toMatchObject({ incomeCents: 125_050, commissionCents: 15_010, owedCents: 110_040 });
  expect(one.writers.length).toBe(all.writers.length);
});

test('deleting a song with placements is refused with a clear message; the song and its placements stay', async () => {
  const { song } = await pitchedSong(writer, 10, 'Keep Me');
  await record(song.id, { artist: 'Kept', income: '10' });
  // Only its placements hold it here: an agreement song is refused for that alone (agreement-songs.test.ts).
  await t.db.update(songs).set({ pitchAgreementId: null }).where(eq(songs.id, song.id));
  const res = await admin.delete(`/api/admin/songs/${song.id}`);
  expect(res.status).toBe(409);
  expect(res.body.error.message).toBe(m.songHasPlacements);
  expect(await t.db.select().from(songs).where(eq(songs.id, song.id))).toHaveLength(1);
  expect(await t.db.select().from(placements).where(eq(placements.songId, song.id))).toHaveLength(1);

  const bare = await catalogueSong('Delete Me');
  expect((await admin.delete(`/api/admin/songs/${bare.id}`)).status).toBe(204);
});
