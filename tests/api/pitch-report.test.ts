import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { dayInWords } from '../../src/common/days';
import { pitchExpiryBounds } from '../../src/common/schemas/pitching';
import { makePaidOrder, makePreviewUser, makeSongwriter, makeUser } from '../../src/server/db/seed/factories';
import { makeSong } from '../../src/server/db/seed/song-factories';
import { pitchReportDigests, songResponses, songReviews, songs } from '../../src/server/db/schema';
import { previousWeek, startPitchReportDigests } from '../../src/server/features/pitch-report/weekly-digest';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

const SONG_SECONDS = 200;
const DAY_MS = 24 * 3600 * 1000;

let t: TestApp;
let admin: TestClient;
let adminId: string;
type Writer = Awaited<ReturnType<typeof makeSongwriter>> & { client: TestClient };
let writer: Writer;
let otherWriter: Writer;
let dana: TestClient;
let eli: TestClient;
const DANA = { name: 'Dana Listener', email: 'dana.listener@example.test', company: 'Big Machine Publishing' };
const ELI = { name: 'Eli Passer', email: 'eli.passer@example.test', company: 'Row Songs Publishing' };
const RAE = { name: 'Rae Recipient', email: 'rae.recipient@example.test', company: 'Warner Chappell' };

async function newWriter(firstName: string): Promise<Writer> {
  const w = await makeSongwriter(t.db, { firstName, lastName: 'Writer' });
  return { ...w, client: await signedInClient(t, w) };
}

/**
 * A catalogue song that came in under a signed agreement of the writer's: the review, the offer and the
 * signature go through the API; the song row is written directly (its creation on signing is not ours).
 */
async function pitchedSong(owner: Writer, title: string) {
  const order = await makePaidOrder(t.db, owner.id, 1);
  const [review] = await t.db
    .insert(songReviews)
    .values({
      songwriterId: owner.id,
      orderId: order.id,
      songNumber: 1,
      songTitle: title,
      lyricsText: 'Dust on the dashboard',
      storyArc: 'A goodbye told through one last drive.',
      aiUsage: 'No AI was used.',
      status: 'reviewed',
      adminReview: 'Strong hook.',
      reviewedAt: new Date(),
    })
    .returning();
  const offered = await admin.post('/api/admin/pitch-agreements', { reviewId: review!.id });
  expect(offered.status, offered.text).toBe(201);
  const signed = await owner.client.post(`/api/pitch-agreements/${offered.body.id}/accept`, {
    legalName: 'Full Legal Name',
    consent: true,
  });
  expect(signed.status, signed.text).toBe(200);
  // A song with real audio stands in for the draft the signing brought in.
  await t.db.delete(songs).where(eq(songs.pitchAgreementId, offered.body.id));
  const song = await makeSong(t.db, t.storage, adminId, { title, seconds: 1 });
  const [row] = await t.db
    .update(songs)
    .set({ pitchAgreementId: offered.body.id, audioDurationSeconds: SONG_SECONDS })
    .where(eq(songs.id, song.id))
    .returning();
  return row!;
}

/** A play reported through the player's API, as a preview user's (or admin's) browser does. */
async function play(client: TestClient, songId: string, furthestSeconds: number, completed = false) {
  const res = await client.post('/api/plays', { songId, durationSeconds: Math.round(furthestSeconds), furthestSeconds, completed });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

const report = async (client: TestClient) => {
  const res = await client.get('/api/pitch-report');
  expect(res.status, res.text).toBe(200);
  return res;
};

let gravel: typeof songs.$inferSelect;
let quiet: typeof songs.$inferSelect;
let othersSong: typeof songs.$inferSelect;
let catalogueSong: typeof songs.$inferSelect;
let raeToken: string;

beforeAll(async () => {
  t = await createTestApp();
  const adminUser = await makeUser(t.db, { roles: ['admin'], name: 'Ada Admin' });
  adminId = adminUser.id;
  admin = await signedInClient(t, adminUser);
  writer = await newWriter('Luke');
  otherWriter = await newWriter('Kacey');
  dana = await signedInClient(t, await makePreviewUser(t.db, DANA));
  eli = await signedInClient(t, await makePreviewUser(t.db, ELI));

  gravel = await pitchedSong(writer, 'Gravel Road Goodbye');
  quiet = await pitchedSong(writer, 'Quiet Acre');
  othersSong = await pitchedSong(otherWriter, 'Somebody Else’s Song');
  catalogueSong = await makeSong(t.db, t.storage, adminId, { title: 'Company Catalogue Tune', seconds: 1 });

  const link = await admin.post('/api/admin/pitch-links', {
    recipientName: RAE.name,
    recipientEmail: RAE.email,
    recipientCompany: RAE.company,
    expiresOn: pitchExpiryBounds().suggested,
    songIds: [gravel.id],
  });
  expect(link.status, link.text).toBe(201);
  raeToken = new URL(link.body.url).pathname.replace('/p/', '');

  // Dana: two plays, the furthest at 150 of 200 s (75 %), and a hold.
  await play(dana, gravel.id, 50);
  await play(dana, gravel.id, 150);
  expect((await dana.put(`/api/song-responses/${gravel.id}`, { response: 'hold', note: 'Jordan Davis' })).status).toBe(200);
  // Eli: one play reported again until it completed (100 %), then a pass.
  const eliPlay = await play(eli, gravel.id, 100);
  expect((await eli.patch(`/api/plays/${eliPlay}`, { durationSeconds: 200, furthestSeconds: 199, completed: true })).status).toBe(200);
  expect((await eli.put(`/api/song-responses/${gravel.id}`, { response: 'pass' })).status).toBe(200);
  // Rae, through the pitch link: 20 of 200 s (10 %), and a hold.
  const raePlay = await t
    .client()
    .post(`/api/pitch/${raeToken}/plays`, { songId: gravel.id, durationSeconds: 20, furthestSeconds: 20, completed: false });
  expect(raePlay.status, raePlay.text).toBe(201);
  expect(
    (await t.client().put(`/api/pitch/${raeToken}/responses/${gravel.id}`, { response: 'hold', note: 'The Ashley project' })).status,
  ).toBe(200);
  // The admin trying the player is not a listener of the writer's.
  await play(admin, gravel.id, 200, true);
  // The other writer's song: Dana listens to it and holds it.
  await play(dana, othersSong.id, 40);
  expect((await dana.put(`/api/song-responses/${othersSong.id}`, { response: 'hold' })).status).toBe(200);
  // A hold on the company's own song, which no writer's report shows.
  expect((await dana.put(`/api/song-responses/${catalogueSong.id}`, { response: 'hold' })).status).toBe(200);
});
afterAll(() => t.close());

const holdOf = async (songId: string, listener: { userId?: string; pitchLinkId?: string }) => {
  const rows = await t.db.select().from(songResponses).where(eq(songResponses.songId, songId));
  return rows.find((r) => (listener.pitchLinkId ? r.pitchLinkId !== null : r.userId === listener.userId))!;
};

describe('the pitch report', () => {
  test('counts distinct listeners and plays, and averages each listener’s furthest point, from plays recorded through the player API', async () => {
    const { body } = await report(writer.client);
    expect(body.songs.map((s: { title: string }) => s.title)).toEqual(['Gravel Road Goodbye', 'Quiet Acre']);
    const [song, untouched] = body.songs;
    // Dana 75 %, Eli 100 % (completed), Rae 10 %: 61.7 %. The admin's own play counts for nothing.
    expect(song).toMatchObject({ id: gravel.id, published: true, listeners: 3, plays: 4, averageDepthPercent: 61.7 });
    expect(song.responses.map((r: { response: string }) => r.response).sort()).toEqual(['hold', 'hold', 'pass']);
    for (const r of song.responses) expect(r.at).toEqual(expect.any(String));
    expect(Date.now() - Date.parse(song.lastActivityAt)).toBeLessThan(60_000);
    expect(untouched).toEqual({
      id: quiet.id,
      title: 'Quiet Acre',
      published: true,
      listeners: 0,
      plays: 0,
      downloads: 0,
      averageDepthPercent: null,
      responses: [],
      lastActivityAt: null,
    });
  });

  test('an unpublished song reads as such, and a writer without pitched songs gets an empty report', async () => {
    await t.db.update(songs).set({ isActive: false }).where(eq(songs.id, quiet.id));
    try {
      const { body } = await report(writer.client);
      expect(body.songs.find((s: { id: string }) => s.id === quiet.id).published).toBe(false);
    } finally {
      await t.db.update(songs).set({ isActive: true }).where(eq(songs.id, quiet.id));
    }
    const newcomer = await newWriter('Nora');
    expect((await report(newcomer.client)).body).toEqual({ songs: [] });
  });

  test("one writer's report shows nothing of another writer's songs, nor of the company's own", async () => {
    const mine = await report(writer.client);
    const theirs = await report(otherWriter.client);
    expect(theirs.body.songs).toHaveLength(1);
    expect(theirs.body.songs[0]).toMatchObject({ id: othersSong.id, listeners: 1, plays: 1, averageDepthPercent: 20 });
    for (const hidden of [othersSong.id, 'Somebody Else’s Song', catalogueSong.id, 'Company Catalogue Tune'])
      expect(mine.text).not.toContain(hidden);
    for (const hidden of [gravel.id, quiet.id, 'Gravel Road Goodbye', 'Quiet Acre', catalogueSong.id])
      expect(theirs.text).not.toContain(hidden);
  });

  test('carries no name, e-mail or company of any listener, nor their hold notes', async () => {
    const { text } = await report(writer.client);
    for (const who of [DANA, ELI, RAE]) for (const value of Object.values(who)) expect(text).not.toContain(value);
    expect(text).not.toContain('Jordan Davis');
    expect(text).not.toContain('The Ashley project');
    expect(text).not.toContain('Ada Admin');
  });

  test('only songwriters may read it', async () => {
    expect((await t.client().get('/api/pitch-report')).status).toBe(401);
    expect((await dana.get('/api/pitch-report')).status).toBe(403);
    expect((await admin.get('/api/pitch-report')).status).toBe(403);
  });
});

describe("showing a hold's company to the writer", () => {
  const show = (id: string, companyShownToWriter: boolean) => admin.patch(`/api/admin/song-responses/${id}`, { companyShownToWriter });

  test("the admin's toggle shows that hold's company, and only that one, keeping the hold's date", async () => {
    const raeHold = await holdOf(gravel.id, { pitchLinkId: 'any' });
    const res = await show(raeHold.id, true);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ id: raeHold.id, companyShownToWriter: true });
    const after = await holdOf(gravel.id, { pitchLinkId: 'any' });
    expect(after.companyShownToWriter).toBe(true);
    expect(after.updatedAt.getTime()).toBe(raeHold.updatedAt.getTime());

    const { body, text } = await report(writer.client);
    const song = body.songs.find((s: { id: string }) => s.id === gravel.id);
    expect(song.responses.filter((r: { company: string | null }) => r.company !== null)).toEqual([
      { response: 'hold', at: raeHold.updatedAt.toISOString(), company: RAE.company },
    ]);
    // Still no name or e-mail, and Dana's company stays hidden.
    for (const value of [RAE.name, RAE.email, DANA.name, DANA.email, DANA.company, ELI.company]) expect(text).not.toContain(value);

    // A preview user's company is the one of their access request; hidden again when switched off.
    const danaHold = (
      await t.db
        .select()
        .from(songResponses)
        .where(and(eq(songResponses.songId, gravel.id), eq(songResponses.response, 'hold')))
    ).find((r) => r.userId !== null)!;
    expect((await show(danaHold.id, true)).status).toBe(200);
    expect((await report(writer.client)).text).toContain(DANA.company);
    expect((await show(danaHold.id, false)).body.companyShownToWriter).toBe(false);
    expect((await show(raeHold.id, false)).status).toBe(200);
    const hidden = await report(writer.client);
    for (const value of [RAE.company, DANA.company]) expect(hidden.text).not.toContain(value);

    // The admin's list of holds says which song is a writer's and whether the company is shown.
    const listed = await admin.get(`/api/admin/song-responses?songId=${gravel.id}`);
    expect(listed.body.every((r: { pitchedSong: boolean }) => r.pitchedSong)).toBe(true);
    expect(listed.body.map((r: { companyShownToWriter: boolean }) => r.companyShownToWriter)).toEqual([false, false, false]);
  });

  test('only for a hold on a pitched song, only by an admin, and only the flag', async () => {
    const pass = (await t.db.select().from(songResponses).where(eq(songResponses.response, 'pass')))[0]!;
    const catalogueHold = (await t.db.select().from(songResponses).where(eq(songResponses.songId, catalogueSong.id)))[0]!;
    for (const id of [pass.id, catalogueHold.id]) {
      const res = await show(id, true);
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(MESSAGES.pitchReport.onlyHoldsOnPitchedSongs);
    }
    const missing = await show('00000000-0000-4000-8000-000000000000', true);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(MESSAGES.pitchReport.holdNotFound);
    expect((await admin.patch(`/api/admin/song-responses/${pass.id}`, {})).status).toBe(400);

    const [danaHold] = await t.db.select().from(songResponses).where(eq(songResponses.note, 'Jordan Davis'));
    expect((await writer.client.patch(`/api/admin/song-responses/${danaHold!.id}`, { companyShownToWriter: true })).status).toBe(403);
    expect((await dana.patch(`/api/admin/song-responses/${danaHold!.id}`, { companyShownToWriter: true })).status).toBe(403);
    const rows = await t.db.select().from(songResponses);
    expect(rows.filter((r) => r.companyShownToWriter)).toEqual([]);
  });
});

describe('the weekly digest', () => {
  // Plays above are stamped with the real time; the job's clock is set to the Monday after, so that week is "last week".
  const nextMonday = () => new Date(previousWeek(new Date()).to.getTime() + 7 * DAY_MS);
  const digests = (address: string) => t.mailsTo(address).then((mails) => mails.filter((m) => m.kind === 'pitch-report-digest'));
  const runJob = async (now: Date) => {
    const job = startPitchReportDigests({
      db: t.db,
      logger: undefined,
      emailCtx: { siteName: 'Pitchroom', publicUrl: t.config.publicUrl },
      now: () => now,
    });
    await job.stop();
  };

  test('e-mails each writer with activity last week one summary, without listener identity, and never twice', async () => {
    const idle = await newWriter('Idle');
    await pitchedSong(idle, 'Nobody Heard This');
    const monday = new Date(nextMonday().getTime() + 3600 * 1000);
    const raeHold = await holdOf(gravel.id, { pitchLinkId: 'any' });
    await admin.patch(`/api/admin/song-responses/${raeHold.id}`, { companyShownToWriter: true });

    await runJob(monday);
    const [mail, ...more] = await digests(writer.email);
    expect(more).toEqual([]);
    const week = previousWeek(monday);
    expect(mail!.subject).toBe(`Your pitch report for the week of ${dayInWords(week.weekStart)}`);
    expect(mail!.textBody).toContain(
      '"Gravel Road Goodbye": 3 listeners, 4 plays; listened to 62% of the song on average; 2 holds (Warner Chappell); 1 pass.',
    );
    expect(mail!.textBody).toContain(`${t.config.publicUrl}/songwriter-dashboard`);
    // A song without activity that week is left out.
    expect(mail!.textBody).not.toContain('Quiet Acre');
    for (const value of [DANA.name, DANA.email, DANA.company, ELI.name, ELI.email, ELI.company, RAE.name, RAE.email, 'Jordan Davis']) {
      expect(mail!.textBody).not.toContain(value);
      expect(mail!.htmlBody).not.toContain(value);
    }
    expect((await digests(otherWriter.email)).map((m) => m.textBody)).toEqual([
      expect.stringContaining('"Somebody Else’s Song": 1 listener, 1 play'),
    ]);
    // No activity, no e-mail.
    expect(await digests(idle.email)).toEqual([]);

    // A rerun that week, and two servers at once, send nothing more.
    await runJob(new Date(monday.getTime() + 6 * 3600 * 1000));
    await Promise.all([runJob(monday), runJob(monday)]);
    expect(await digests(writer.email)).toHaveLength(1);
    expect(await digests(otherWriter.email)).toHaveLength(1);
    const rows = await t.db.select().from(pitchReportDigests).where(eq(pitchReportDigests.songwriterId, writer.id));
    expect(rows.map((r) => r.weekStart)).toEqual([week.weekStart]);
    await admin.patch(`/api/admin/song-responses/${raeHold.id}`, { companyShownToWriter: false });
  });

  test('a week without activity sends none', async () => {
    const before = (await digests(writer.email)).length;
    await runJob(new Date(nextMonday().getTime() + 7 * DAY_MS + 3600 * 1000));
    expect(await digests(writer.email)).toHaveLength(before);
    expect(await digests(otherWriter.email)).toHaveLength(1);
  });

  test('the week reported is the last whole one, Monday to Monday in UTC', () => {
    // Sunday 23:30 UTC: the week before the one that is ending.
    expect(previousWeek(new Date('2026-11-29T23:30:00Z'))).toMatchObject({ weekStart: '2026-11-16' });
    const monday = previousWeek(new Date('2026-11-30T00:00:00Z'));
    expect(monday).toEqual({ from: new Date('2026-11-23T00:00:00Z'), to: new Date('2026-11-30T00:00:00Z'), weekStart: '2026-11-23' });
  });
});
