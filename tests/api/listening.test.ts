import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { WAVEFORM_MAX_PEAKS } from '../../src/common/constants';
import { encodeMp3, synthesizeMp3 } from '../../src/server/db/seed/audio';
import { makePreviewUser, makeUser } from '../../src/server/db/seed/factories';
import { makeSong } from '../../src/server/db/seed/song-factories';
import { analysisJobs, pitchLinks, songPlays, songs } from '../../src/server/db/schema';
import { DROP_OFF_BUCKETS } from '../../src/server/features/preview-access/listen-depth.service';
import type { TestClient } from '../setup/http-client';
import { runAnalyses } from '../setup/analysis';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

let t: TestApp;
let admin: TestClient;
let preview: TestClient;
let other: TestClient;
let adminId: string;
let previewUser: Awaited<ReturnType<typeof makePreviewUser>>;

beforeAll(async () => {
  t = await createTestApp();
  const adminUser = await makeUser(t.db, { roles: ['admin'] });
  adminId = adminUser.id;
  previewUser = await makePreviewUser(t.db, { name: 'Dana Depth', company: 'Row Publishing' });
  const otherUser = await makePreviewUser(t.db);
  [admin, preview, other] = await Promise.all([signedInClient(t, adminUser), signedInClient(t, previewUser), signedInClient(t, otherUser)]);
});
afterAll(() => t.close());

const RATE = 22_050;
/** Two seconds of a loud tone, then two of silence: the waveform's shape is known. */
const toneThenSilence = () => {
  const samples = new Int16Array(RATE * 4);
  for (let i = 0; i < RATE * 2; i++) samples[i] = Math.sin((2 * Math.PI * 440 * i) / RATE) * 0.8 * 32_767;
  return encodeMp3(samples, RATE);
};
/** Sniffs as an MP3 (a frame header), but nothing after it is audio. */
const undecodable = () => Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(100_000)]);

let slugs = 0;
function songForm(audio?: Buffer) {
  const form = new FormData();
  const n = ++slugs;
  form.set('data', JSON.stringify({ title: `Depth ${n}`, slug: `depth-${n}`, description: 'A song.', lyrics: 'Verse', tags: [] }));
  if (audio) form.set('audio', new Blob([new Uint8Array(audio)]), 'song.mp3');
  return form;
}

describe('waveform peaks, measured after the upload', () => {
  test('an uploaded MP3 gets its peaks and duration stored, and both song reads return them', async () => {
    const res = await admin.sendForm('POST', '/api/admin/songs', songForm(toneThenSilence()));
    expect(res.status, res.text).toBe(201);
    await runAnalyses(t);
    const [row] = await t.db.select().from(songs).where(eq(songs.id, res.body.id));
    expect(Math.abs(row!.audioDurationSeconds! - 4)).toBeLessThan(0.1);
    const peaks = row!.audioPeaks!;
    expect(peaks.length).toBeGreaterThan(100);
    expect(peaks.length).toBeLessThanOrEqual(WAVEFORM_MAX_PEAKS);
    const half = Math.floor(peaks.length / 2);
    expect(Math.min(...peaks.slice(5, half - 5))).toBeGreaterThan(200);
    expect(Math.max(...peaks.slice(half + 5, -5))).toBeLessThan(5);

    const catalogue = await preview.get(`/api/songs/${res.body.slug}`);
    expect(catalogue.body).toMatchObject({ peaks, durationSeconds: row!.audioDurationSeconds });
    const adminRead = await admin.get(`/api/admin/songs/${res.body.id}`);
    expect(adminRead.body).toMatchObject({ peaks, durationSeconds: row!.audioDurationSeconds });
  });

  test('replacing the audio replaces the waveform; an edit without audio keeps it', async () => {
    const created = await admin.sendForm('POST', '/api/admin/songs', songForm(synthesizeMp3({ seconds: 2 })));
    await runAnalyses(t);
    const before = (await admin.get(`/api/admin/songs/${created.body.id}`)).body;
    const form = songForm(synthesizeMp3({ seconds: 5, seed: 3 }));
    expect((await admin.sendForm('PUT', `/api/admin/songs/${created.body.id}`, form)).status).toBe(200);
    await runAnalyses(t);
    const after = (await admin.get(`/api/admin/songs/${created.body.id}`)).body;
    expect(Math.abs(after.durationSeconds - 5)).toBeLessThan(0.1);
    expect(after.peaks).not.toEqual(before.peaks);
    expect((await admin.sendForm('PUT', `/api/admin/songs/${created.body.id}`, songForm())).status).toBe(200);
    expect((await admin.get(`/api/admin/songs/${created.body.id}`)).body).toMatchObject({
      peaks: after.peaks,
      durationSeconds: after.durationSeconds,
    });
  });

  test('an "MP3" that sniffs as one but does not decode is kept; its analysis fails with why, and the song plays on a plain bar', async () => {
    const res = await admin.sendForm('POST', '/api/admin/songs', songForm(undecodable()));
    expect(res.status, res.text).toBe(201);
    await runAnalyses(t);
    const [row] = await t.db.select().from(songs).where(eq(songs.id, res.body.id));
    expect(row).toMatchObject({ audioPeaks: null, audioDurationSeconds: null });
    const [job] = await t.db.select().from(analysisJobs).where(eq(analysisJobs.fileId, row!.audioFileId!));
    expect(job).toMatchObject({ state: 'failed' });
    expect(job!.lastError).toMatch(/^The file does not play as audio/);
  });
});

describe('listen depth reports', () => {
  let song: typeof songs.$inferSelect;
  beforeAll(async () => {
    song = await makeSong(t.db, t.storage, adminId, { title: 'Reported Song', seconds: 3 });
  });
  const furthestOf = async (id: string) => (await t.db.select().from(songPlays).where(eq(songPlays.id, id)))[0]!.furthestSeconds;

  test('furthestSeconds is stored and only grows; a report without it lowers nothing', async () => {
    const start = await preview.post('/api/plays', { songId: song.id, durationSeconds: 2, furthestSeconds: 10.5, completed: false });
    expect(start.status).toBe(201);
    expect(await furthestOf(start.body.id)).toBeCloseTo(10.5);
    // A minute on by the server's clock: a report may claim no more than the time that passed.
    await t.db
      .update(songPlays)
      .set({ playedAt: new Date(Date.now() - 60_000) })
      .where(eq(songPlays.id, start.body.id));
    expect(
      (await preview.patch(`/api/plays/${start.body.id}`, { durationSeconds: 4, furthestSeconds: 30.25, completed: false })).status,
    ).toBe(200);
    expect(await furthestOf(start.body.id)).toBeCloseTo(30.25);
    await preview.patch(`/api/plays/${start.body.id}`, { durationSeconds: 5, furthestSeconds: 3, completed: false });
    await preview.patch(`/api/plays/${start.body.id}`, { durationSeconds: 6, completed: true });
    const [row] = await t.db.select().from(songPlays).where(eq(songPlays.id, start.body.id));
    expect(row).toMatchObject({ durationSeconds: 6, completed: true });
    expect(row!.furthestSeconds).toBeCloseTo(30.25);
    // Still one row for the player instance.
    expect(await t.db.select().from(songPlays).where(eq(songPlays.songId, song.id))).toHaveLength(1);
  });

  test('a furthest point too small for the column is stored as 0, not a server error', async () => {
    const start = await preview.post('/api/plays', { songId: song.id, durationSeconds: 0, furthestSeconds: 5e-324, completed: false });
    expect(start.status).toBe(201);
    expect(await furthestOf(start.body.id)).toBe(0);
    expect(
      (await preview.patch(`/api/plays/${start.body.id}`, { durationSeconds: 0, furthestSeconds: 1e-40, completed: false })).status,
    ).toBe(200);
  });

  test.each([
    ['negative', -1],
    ['more than a day', 24 * 3600 + 1],
    ['not a number', '12'],
    ['infinite (as JSON cannot say, a huge number)', Number.POSITIVE_INFINITY],
  ])('a furthest point that is %s is refused', async (_what, furthestSeconds) => {
    const res = await preview.post('/api/plays', { songId: song.id, durationSeconds: 1, furthestSeconds, completed: false });
    expect(res.status).toBe(400);
  });

  test("another user's play is a 404 and stays as it was", async () => {
    const start = await preview.post('/api/plays', { songId: song.id, durationSeconds: 1, furthestSeconds: 2, completed: false });
    const res = await other.patch(`/api/plays/${start.body.id}`, { durationSeconds: 99, furthestSeconds: 99, completed: true });
    expect(res.status).toBe(404);
    expect(await furthestOf(start.body.id)).toBeCloseTo(2);
  });
});

describe("admins see where a song's listeners stop", () => {
  let song: typeof songs.$inferSelect;
  let linkId: string;
  beforeAll(async () => {
    song = await makeSong(t.db, t.storage, adminId, { title: 'Charted Song', seconds: 4 });
    const [link] = await t.db
      .insert(pitchLinks)
      .values({
        tokenHash: `hash-${song.id}`,
        recipientName: 'Morgan Label',
        recipientEmail: 'morgan@label.test',
        recipientCompany: 'Big Label',
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    linkId = link!.id;
    const d = song.audioDurationSeconds!;
    const play = (furthestSeconds: number, extra: Partial<typeof songPlays.$inferInsert> = {}) => ({
      songId: song.id,
      userId: previewUser.id,
      furthestSeconds,
      durationSeconds: Math.round(furthestSeconds),
      ...extra,
    });
    await t.db.insert(songPlays).values([
      play(0),
      play(0.3),
      play(d * 0.26),
      play(d * 0.5 + 0.01),
      play(d - 0.05),
      play(d + 2), // a browser's length can differ a little from the decoded one: capped, not out of the chart
      play(0.1, { completed: true }),
      play(d * 0.75 + 0.02, { userId: null, pitchLinkId: linkId }),
    ]);
  });

  test('the drop-off chart equals what the stored plays imply', async () => {
    const res = await admin.get(`/api/admin/preview-activity/songs/${song.id}`);
    expect(res.status).toBe(200);
    const rows = await t.db.select().from(songPlays).where(eq(songPlays.songId, song.id));
    const d = song.audioDurationSeconds!;
    const expected = Array.from(
      { length: DROP_OFF_BUCKETS },
      (_, i) => rows.filter((p) => p.completed || p.furthestSeconds > (i * d) / DROP_OFF_BUCKETS).length,
    );
    expect(res.body.plays).toBe(rows.length);
    expect(res.body.reached).toEqual(expected);
    // The shape, spelled out: 7 of 8 plays got anywhere (not the one stopped at 0), 3 reached the last stretch.
    expect(res.body.reached[0]).toBe(7);
    expect(res.body.reached.at(-1)).toBe(3);
    expect(res.body.song).toMatchObject({ id: song.id, title: 'Charted Song', durationSeconds: d });
  });

  test("the song's listeners include a pitch link's recipient, each with how far they got", async () => {
    const { body } = await admin.get(`/api/admin/preview-activity/songs/${song.id}`);
    const d = song.audioDurationSeconds!;
    expect(body.listeners).toHaveLength(2);
    const user = body.listeners.find((l: { kind: string }) => l.kind === 'user');
    expect(user).toMatchObject({
      id: previewUser.id,
      name: 'Dana Depth',
      email: previewUser.email,
      company: 'Row Publishing',
      plays: 7,
      completed: true,
    });
    expect(user.furthestSeconds).toBeCloseTo(d + 2, 3);
    const pitch = body.listeners.find((l: { kind: string }) => l.kind === 'pitch');
    expect(pitch).toMatchObject({
      id: linkId,
      name: 'Morgan Label',
      email: 'morgan@label.test',
      company: 'Big Label',
      plays: 1,
      completed: false,
    });
    expect(pitch.furthestSeconds).toBeCloseTo(d * 0.75 + 0.02, 3);
  });

  test('the activity overview counts the pitch link listener and gives each song its average depth', async () => {
    const { body } = await admin.get('/api/admin/preview-activity');
    const row = body.songs.find((s: { songId: string }) => s.songId === song.id);
    expect(row).toMatchObject({ listeners: 2, plays: 8, completedPlays: 1 });
    const rows = await t.db.select().from(songPlays).where(eq(songPlays.songId, song.id));
    const d = song.audioDurationSeconds!;
    const average = rows.reduce((sum, p) => sum + (p.completed ? 1 : Math.min(1, p.furthestSeconds / d)), 0) / rows.length;
    expect(row.averageDepth).toBeCloseTo(average, 4);
    // A song nobody played has no depth (not 100%), nor has one whose length is unknown.
    const unplayed = await makeSong(t.db, t.storage, adminId, { title: 'Unplayed Song', seconds: 1 });
    const after = (await admin.get('/api/admin/preview-activity')).body;
    expect(after.songs.find((s: { songId: string }) => s.songId === unplayed.id)).toMatchObject({
      plays: 0,
      listeners: 0,
      averageDepth: null,
    });
    // The preview users list is not thrown by plays without a user.
    expect(body.users.find((u: { userId: string }) => u.userId === previewUser.id)).toBeTruthy();
  });

  test("a listener's plays say how far into each song they got", async () => {
    const { body } = await admin.get(`/api/admin/preview-activity/users/${previewUser.id}/plays`);
    const charted = body.filter((p: { songTitle: string }) => p.songTitle === 'Charted Song');
    expect(charted).toHaveLength(7);
    expect(charted.every((p: { songDurationSeconds: number }) => p.songDurationSeconds === song.audioDurationSeconds)).toBe(true);
    expect(charted.map((p: { furthestSeconds: number }) => p.furthestSeconds).sort((a: number, b: number) => a - b)[0]).toBe(0);
  });

  test('a song without a known length has plays but no chart; an unknown song is a 404; only admins may look', async () => {
    const bare = await makeSong(t.db, t.storage, adminId, { title: 'Unmeasured Song', seconds: 1 });
    await t.db.update(songs).set({ audioPeaks: null, audioDurationSeconds: null }).where(eq(songs.id, bare.id));
    await t.db.insert(songPlays).values({ songId: bare.id, userId: previewUser.id, furthestSeconds: 1 });
    const res = await admin.get(`/api/admin/preview-activity/songs/${bare.id}`);
    expect(res.body).toMatchObject({ plays: 1, reached: null });
    expect(res.body.listeners).toHaveLength(1);
    const overview = (await admin.get('/api/admin/preview-activity')).body;
    expect(overview.songs.find((s: { songId: string }) => s.songId === bare.id)).toMatchObject({ plays: 1, averageDepth: null });
    expect((await admin.get('/api/admin/preview-activity/songs/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await admin.get('/api/admin/preview-activity/songs/not-a-uuid')).status).toBe(400);
    expect((await preview.get(`/api/admin/preview-activity/songs/${song.id}`)).status).toBe(403);
  });
});
