import { and, desc, eq } from 'drizzle-orm';
import NodeID3 from 'node-id3';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { pitchExpiryBounds } from '../../src/common/schemas/pitching';
import { makePaidOrder, makePreviewUser, makeSongwriter, makeUser } from '../../src/server/db/seed/factories';
import { makeSong } from '../../src/server/db/seed/song-factories';
import { auditEvents, previewRequests, songDownloads, songReviews, songs } from '../../src/server/db/schema';
import type { TestClient, TestResponse } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

const m = MESSAGES.downloads;
const LYRICS = 'Dust on the dashboard, a radio ghost\nYou were the one thing I needed the most';

let t: TestApp;
let admin: TestClient;
let adminId: string;
let streamer: TestClient;
let downloader: TestClient;
let downloaderId: string;
let downloaderAccessId: string;
let writer: Awaited<ReturnType<typeof makeSongwriter>> & { client: TestClient };
let song: typeof songs.$inferSelect;
let otherSong: typeof songs.$inferSelect;

/** A catalogue song that came in under the writer's signed agreement, so the writer's pitch report lists it. */
async function pitchedSong(title: string) {
  const order = await makePaidOrder(t.db, writer.id, 1);
  const [review] = await t.db
    .insert(songReviews)
    .values({
      songwriterId: writer.id,
      orderId: order.id,
      songNumber: 1,
      songTitle: title,
      lyricsText: LYRICS,
      storyArc: 'A goodbye told through one last drive.',
      aiUsage: 'No AI was used.',
      status: 'reviewed',
      adminReview: 'Strong hook.',
      reviewedAt: new Date(),
    })
    .returning();
  const offered = await admin.post('/api/admin/pitch-agreements', { reviewId: review!.id });
  expect(offered.status, offered.text).toBe(201);
  const signed = await writer.client.post(`/api/pitch-agreements/${offered.body.id}/accept`, { legalName: 'Luke Writer', consent: true });
  expect(signed.status, signed.text).toBe(200);
  // A song with real audio, writers, key, tempo and cover stands in for the draft the signing brought in.
  await t.db.delete(songs).where(eq(songs.pitchAgreementId, offered.body.id));
  const made = await makeSong(t.db, t.storage, adminId, {
    title,
    slug: 'gravel-road-goodbye',
    lyrics: LYRICS,
    genre: 'Country',
    bpm: 96,
    musicalKey: 'A minor',
    cover: ['#7c2d12', '#fbbf24'],
    writers: [
      { name: 'Luke Writer', pro: 'BMI', share: 60, publisher: 'Big Tree Music' },
      { name: 'Jo Lane', pro: 'ASCAP', share: 40 },
    ],
    seconds: 1,
  });
  const [row] = await t.db.update(songs).set({ pitchAgreementId: offered.body.id }).where(eq(songs.id, made.id)).returning();
  return row!;
}

async function newPitchLink(songIds: string[]) {
  const res = await admin.post('/api/admin/pitch-links', {
    recipientName: 'Rae Recipient',
    recipientEmail: 'rae.recipient@example.test',
    recipientCompany: 'Warner Chappell',
    expiresOn: pitchExpiryBounds().suggested,
    songIds,
  });
  expect(res.status, res.text).toBe(201);
  return { id: res.body.id as string, token: new URL(res.body.url).pathname.replace('/p/', '') };
}

function expectAttachment(res: TestResponse, contentType: string, fileName: string) {
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe(contentType);
  expect(res.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
}

beforeAll(async () => {
  t = await createTestApp();
  const adminUser = await makeUser(t.db, { roles: ['admin'] });
  adminId = adminUser.id;
  admin = await signedInClient(t, adminUser);
  const w = await makeSongwriter(t.db, { firstName: 'Luke', lastName: 'Writer' });
  writer = { ...w, client: await signedInClient(t, w) };
  streamer = await signedInClient(t, await makePreviewUser(t.db, { name: 'Sam Streamer' }));
  const dana = await makePreviewUser(t.db, { name: 'Dana Downloader' });
  downloaderId = dana.id;
  downloader = await signedInClient(t, dana);
  const [access] = await t.db.select({ id: previewRequests.id }).from(previewRequests).where(eq(previewRequests.userId, dana.id));
  downloaderAccessId = access!.id;
  song = await pitchedSong('Gravel Road Goodbye');
  otherSong = await makeSong(t.db, t.storage, adminId, { title: 'Not On The Link', seconds: 1 });
}, 120_000);
afterAll(() => t.close());

describe('preview users', () => {
  test('a stream-only preview user is refused with a clear message, sees no download offer, and nothing is stored', async () => {
    for (const path of [`/api/songs/${song.slug}/mp3`, `/api/songs/${song.slug}/lyric-sheet`]) {
      const res = await streamer.get(path);
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(m.streamOnly);
    }
    expect((await streamer.get(`/api/songs/${song.slug}`)).body.canDownload).toBe(false);
    expect(await t.db.select().from(songDownloads)).toEqual([]);
  });

  test('the admin allows downloads on the access, which is audited; the user then gets a tagged MP3', async () => {
    const set = await admin.put(`/api/admin/preview-requests/${downloaderAccessId}/downloads`, { downloadAllowed: true });
    expect(set.status, set.text).toBe(200);
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'preview_request.downloads'), eq(auditEvents.subjectId, downloaderAccessId)));
    expect(event?.changes).toEqual({ downloadAllowed: { before: false, after: true } });
    expect((await downloader.get(`/api/songs/${song.slug}`)).body.canDownload).toBe(true);

    const res = await downloader.get(`/api/songs/${song.slug}/mp3`);
    expectAttachment(res, 'audio/mpeg', 'gravel-road-goodbye.mp3');
    const tags = NodeID3.read(res.bytes);
    expect(tags.title).toBe('Gravel Road Goodbye');
    expect(tags.composer).toBe('Luke Writer (60%) / Jo Lane (40%)');
    expect(tags.textWriter).toBe('Luke Writer (60%) / Jo Lane (40%)');
    expect(tags.publisher).toBe('Big Tree Music');
    expect(tags.bpm).toBe('96');
    expect(tags.initialKey).toBe('Am');
    expect(tags.genre).toBe('Country');
    expect(tags.fileOwner).toBe(t.config.siteName);
    expect(tags.comment?.text).toContain(t.config.adminNotifyEmail);
    expect(typeof tags.image === 'object' && tags.image.imageBuffer.length).toBeGreaterThan(100);
    // Still a playable MP3 after the tag: an MPEG frame sync follows it.
    const tagSize = res.bytes.indexOf(Buffer.from([0xff]), 10);
    expect(tagSize).toBeGreaterThan(10);
  });

  test('the lyric sheet is a one-page PDF with the title, writers and shares, key, tempo, lyrics and contact', async () => {
    const res = await downloader.get(`/api/songs/${song.slug}/lyric-sheet`);
    expectAttachment(res, 'application/pdf', 'gravel-road-goodbye-lyric-sheet.pdf');
    const { text, totalPages } = await extractText(new Uint8Array(res.bytes), { mergePages: true });
    expect(totalPages).toBe(1);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Gravel Road Goodbye');
    expect(flat).toContain('Luke Writer, BMI, Big Tree Music (60%)');
    expect(flat).toContain('Jo Lane, ASCAP (40%)');
    expect(flat).toContain('Key: A minor');
    expect(flat).toContain('Tempo: 96 BPM');
    expect(flat).toContain('Dust on the dashboard, a radio ghost');
    expect(flat).toContain('You were the one thing I needed the most');
    expect(flat).toContain(t.config.adminNotifyEmail);
  });

  test('each download is stored and shown in Preview Activity', async () => {
    const stored = await t.db
      .select({ kind: songDownloads.kind, userId: songDownloads.userId, songId: songDownloads.songId })
      .from(songDownloads)
      .orderBy(desc(songDownloads.downloadedAt));
    expect(stored).toEqual([
      { kind: 'lyric_sheet', userId: downloaderId, songId: song.id },
      { kind: 'mp3', userId: downloaderId, songId: song.id },
    ]);
    const activity = await admin.get('/api/admin/preview-activity');
    expect(activity.status, activity.text).toBe(200);
    expect(
      activity.body.downloads.map((d: { kind: string; songTitle: string; userName: string }) => [d.kind, d.songTitle, d.userName]),
    ).toEqual([
      ['lyric_sheet', 'Gravel Road Goodbye', 'Dana Downloader'],
      ['mp3', 'Gravel Road Goodbye', 'Dana Downloader'],
    ]);
    const dana = activity.body.users.find((u: { userId: string }) => u.userId === downloaderId);
    expect(dana).toMatchObject({ downloadCount: 2, downloadAllowed: true, accessId: downloaderAccessId });

    // One user's own: theirs only, newest first; another preview user has none.
    const mine = await admin.get(`/api/admin/preview-activity/users/${downloaderId}/downloads`);
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.map((d: { kind: string; songSlug: string; userId: string }) => [d.kind, d.songSlug, d.userId])).toEqual([
      ['lyric_sheet', song.slug, downloaderId],
      ['mp3', song.slug, downloaderId],
    ]);
    const other = await makePreviewUser(t.db, { name: 'Nell Listener' });
    expect((await admin.get(`/api/admin/preview-activity/users/${other.id}/downloads`)).body).toEqual([]);
  });

  test('setting the access back to stream only refuses the next download', async () => {
    expect((await admin.put(`/api/admin/preview-requests/${downloaderAccessId}/downloads`, { downloadAllowed: false })).status).toBe(200);
    expect((await downloader.get(`/api/songs/${song.slug}/mp3`)).status).toBe(403);
  });

  test('an unknown song is a 404', async () => {
    expect((await admin.put(`/api/admin/preview-requests/${downloaderAccessId}/downloads`, { downloadAllowed: true })).status).toBe(200);
    const res = await downloader.get('/api/songs/no-such-song/mp3');
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(m.songNotFound);
  });
});

describe('pitch links', () => {
  test('a stream-only pitch link is refused', async () => {
    const link = await newPitchLink([song.id]);
    const res = await t.client().get(`/api/pitch/${link.token}/songs/${song.id}/mp3`);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(m.streamOnly);
    expect((await t.client().get(`/api/pitch/${link.token}`)).body.downloadAllowed).toBe(false);
  });

  test('a download-allowed link gets the tagged MP3 and lyric sheet of its songs only, counted in the pitch report', async () => {
    const link = await newPitchLink([song.id]);
    const set = await admin.put(`/api/admin/pitch-links/${link.id}/downloads`, { downloadAllowed: true });
    expect(set.status, set.text).toBe(200);
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'pitch_link.downloads'), eq(auditEvents.subjectId, link.id)));
    expect(event?.changes).toEqual({ downloadAllowed: { before: false, after: true } });
    const recipient = t.client();
    expect((await recipient.get(`/api/pitch/${link.token}`)).body.downloadAllowed).toBe(true);

    const mp3 = await recipient.get(`/api/pitch/${link.token}/songs/${song.id}/mp3`);
    expectAttachment(mp3, 'audio/mpeg', 'gravel-road-goodbye.mp3');
    expect(NodeID3.read(mp3.bytes)).toMatchObject({ title: 'Gravel Road Goodbye', bpm: '96' });
    const sheet = await recipient.get(`/api/pitch/${link.token}/songs/${song.id}/lyric-sheet`);
    expectAttachment(sheet, 'application/pdf', 'gravel-road-goodbye-lyric-sheet.pdf');

    // A catalogue song the link does not carry is unknown here.
    expect((await recipient.get(`/api/pitch/${link.token}/songs/${otherSong.id}/mp3`)).status).toBe(404);

    const stored = await t.db.select({ kind: songDownloads.kind }).from(songDownloads).where(eq(songDownloads.pitchLinkId, link.id));
    expect(stored.map((s) => s.kind).sort()).toEqual(['lyric_sheet', 'mp3']);

    const detail = await admin.get(`/api/admin/pitch-links/${link.id}`);
    expect(detail.body).toMatchObject({ downloadAllowed: true, downloads: 2 });
    const activity = await admin.get(`/api/admin/pitch-activity?pitchLinkId=${link.id}`);
    expect(activity.status, activity.text).toBe(200);
    const downloads = activity.body.events.filter((e: { kind: string }) => e.kind === 'download');
    expect(downloads.map((e: { download: string }) => e.download).sort()).toEqual(['lyric_sheet', 'mp3']);

    // Dana's two downloads and the recipient's two; the admin's own would not count.
    expect((await admin.get(`/api/songs/${song.slug}/mp3`)).status).toBe(200);
    const report = await writer.client.get('/api/pitch-report');
    expect(report.status, report.text).toBe(200);
    expect(report.body.songs.find((s: { id: string }) => s.id === song.id).downloads).toBe(4);
  });
});

describe('stream links (outside test, second round)', () => {
  test('finding 2: a stream-only listener’s stream link plays inline under no name, and is recorded as a stream, never as a download', async () => {
    const sid = await makePreviewUser(t.db, { name: 'Sid Streamer' });
    const listener = await signedInClient(t, sid);
    const reportBefore = (await writer.client.get('/api/pitch-report')).body.songs.find((s: { id: string }) => s.id === song.id).downloads;
    const page = (await listener.get(`/api/songs/${song.slug}`)).body as { audioUrl: string; imageUrl: string; canDownload: boolean };
    expect(page.canDownload).toBe(false);

    const audio = await listener.get(page.audioUrl);
    expect(audio.status).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/mpeg');
    expect(audio.headers['content-disposition']).toBe('inline');
    expect(audio.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    const cover = await listener.get(page.imageUrl);
    expect(cover.status).toBe(200);
    expect(cover.headers['content-disposition']).toBe('inline');
    // A player's later ranges and a HEAD are the same listening, not another fetch.
    expect((await listener.get(page.audioUrl, { range: 'bytes=100-' })).status).toBe(206);
    expect((await listener.request('HEAD', page.audioUrl)).status).toBe(200);

    const rows = await t.db.select().from(songDownloads).where(eq(songDownloads.userId, sid.id));
    expect(rows.map((r) => ({ songId: r.songId, kind: r.kind, via: r.via }))).toEqual([{ songId: song.id, kind: 'mp3', via: 'stream' }]);
    // Not a download anywhere a download is counted: Preview Activity, the user's downloads, the writer's report.
    const activity = await admin.get('/api/admin/preview-activity');
    expect(activity.body.users.find((u: { userId: string }) => u.userId === sid.id)).toMatchObject({ downloadCount: 0 });
    expect((await admin.get(`/api/admin/preview-activity/users/${sid.id}/downloads`)).body).toEqual([]);
    const reportAfter = (await writer.client.get('/api/pitch-report')).body.songs.find((s: { id: string }) => s.id === song.id).downloads;
    expect(reportAfter).toBe(reportBefore);
  });

  test('finding 2, pitch links: a stream-only recipient’s stream is inline and recorded against the link as a stream', async () => {
    const link = await newPitchLink([song.id]);
    const recipient = t.client();
    const page = await recipient.get(`/api/pitch/${link.token}`);
    const audioUrl = page.body.songs[0].audioUrl as string;
    const audio = await recipient.get(audioUrl);
    expect(audio.status).toBe(200);
    expect(audio.headers['content-disposition']).toBe('inline');
    const rows = await t.db.select().from(songDownloads).where(eq(songDownloads.pitchLinkId, link.id));
    expect(rows.map((r) => ({ kind: r.kind, via: r.via }))).toEqual([{ kind: 'mp3', via: 'stream' }]);
    const detail = await admin.get(`/api/admin/pitch-links/${link.id}`);
    expect(detail.body).toMatchObject({ downloadAllowed: false, downloads: 0 });
    const activity = await admin.get(`/api/admin/pitch-activity?pitchLinkId=${link.id}`);
    expect(activity.body.events.filter((e: { kind: string }) => e.kind === 'download')).toEqual([]);
  });

  test('finding 4: the downloaded MP3 names the writers as its artist, so players do not file it under "Unknown Artist"', async () => {
    const res = await admin.get(`/api/songs/${song.slug}/mp3`);
    expect(res.status).toBe(200);
    expect(NodeID3.read(res.bytes).artist).toBe('Luke Writer / Jo Lane');
  });
});
