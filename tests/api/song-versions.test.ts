import { crc32 } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import NodeID3 from 'node-id3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { pitchExpiryBounds } from '../../src/common/schemas/pitching';
import { makePreviewUser, makeUser, uniqueEmail } from '../../src/server/db/seed/factories';
import { makeCoverPng, makeSong } from '../../src/server/db/seed/song-factories';
import { auditEvents, previewRequests, songDownloads, songVersions, songs, storedFiles } from '../../src/server/db/schema';
import { removeUnusedSongAudio } from '../../src/server/features/songs/songs.service';
import type { TestClient } from '../setup/http-client';
import { runAnalyses } from '../setup/analysis';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

const m = MESSAGES.songVersions;

let t: TestApp;
let admin: TestClient;
let streamer: TestClient;
let downloader: TestClient;
let downloaderId: string;
let streamerId: string;
let song: typeof songs.$inferSelect;

/** A zip of one stored (uncompressed) file, as a DAW's "export stems" writes one per part. */
function storedZip(name: string, content: Buffer): Buffer {
  const fileName = Buffer.from(name);
  const crc = crc32(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const centralAt = local.length + fileName.length + content.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(centralAt, 16);
  return Buffer.concat([local, fileName, content, central, fileName, end]);
}

const STEMS = storedZip('bass.wav', Buffer.from('RIFF....WAVEfmt stand-in for a bass stem'));

function versionForm(data: unknown, file?: { bytes: Buffer; name: string }) {
  const form = new FormData();
  form.set('data', JSON.stringify(data));
  if (file) form.set('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  return form;
}

const upload = (client: TestClient, songId: string, data: unknown, file?: { bytes: Buffer; name: string }) =>
  client.sendForm('POST', `/api/admin/songs/${songId}/versions`, versionForm(data, file));

const instrumentalMp3 = () => ({ bytes: synthesizeMp3({ seconds: 2, bpm: 100 }), name: 'porch-light-instrumental.mp3' });

beforeAll(async () => {
  t = await createTestApp();
  const adminUser = await makeUser(t.db, { roles: ['admin'] });
  admin = await signedInClient(t, adminUser);
  const stream = await makePreviewUser(t.db, { name: 'Sam Streamer' });
  streamerId = stream.id;
  streamer = await signedInClient(t, stream);
  const dana = await makePreviewUser(t.db, { name: 'Dana Downloader' });
  downloaderId = dana.id;
  await t.db.update(previewRequests).set({ downloadAllowed: true }).where(eq(previewRequests.userId, dana.id));
  downloader = await signedInClient(t, dana);
  song = await makeSong(t.db, t.storage, adminUser.id, {
    title: 'Porch Light',
    genre: 'Country',
    bpm: 84,
    musicalKey: 'A minor',
    cover: ['#7c2d12', '#fbbf24'],
    writers: [
      { name: 'Casey Rivers', pro: 'BMI', share: 60, publisher: 'Big Tree Music' },
      { name: 'Jo Lane', pro: 'ASCAP', share: 40 },
    ],
    seconds: 2,
  });
}, 120_000);
afterAll(() => t.close());

describe('uploading versions', () => {
  test('only an admin may add a version: a preview user and a visitor are refused, and nothing is stored', async () => {
    const filesBefore = (await t.db.select().from(storedFiles)).length;
    expect((await upload(streamer, song.id, { kind: 'instrumental', label: 'Instrumental' }, instrumentalMp3())).status).toBe(403);
    expect((await upload(t.client(), song.id, { kind: 'instrumental', label: 'Instrumental' }, instrumentalMp3())).status).toBe(401);
    expect(await t.db.select().from(songVersions)).toEqual([]);
    expect(await t.db.select().from(storedFiles)).toHaveLength(filesBefore);
  });

  test('the admin adds an instrumental: stored as an MP3, queued for analysis like any upload, audited, and listed', async () => {
    const res = await upload(admin, song.id, { kind: 'instrumental', label: 'Instrumental (TV mix)' }, instrumentalMp3());
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual([
      expect.objectContaining({ kind: 'instrumental', label: 'Instrumental (TV mix)', originalName: 'porch-light-instrumental.mp3' }),
    ]);
    expect(res.body[0].analysis.state).toBe('queued');
    const [row] = await t.db.select().from(songVersions).where(eq(songVersions.songId, song.id));
    const [file] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, row!.fileId));
    expect(file).toMatchObject({ bucket: 'song-audio', contentType: 'audio/mpeg', audioPeaks: null });
    expect(await runAnalyses(t)).toBeGreaterThanOrEqual(1);
    const [measured] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, row!.fileId));
    expect(measured!.audioDurationSeconds).toBeCloseTo(2, 0);
    expect(measured!.audioPeaks?.length).toBeGreaterThan(0);
    const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'song_version.upload'));
    expect(event!.summary).toBe('Added the instrumental “Instrumental (TV mix)” of “Porch Light”');
    const adminSong = await admin.get(`/api/admin/songs/${song.id}`);
    expect(adminSong.body.versions).toEqual([expect.objectContaining({ kind: 'instrumental', analysis: { state: 'done', reason: null } })]);
  });

  test('a wrong file type is refused with a clear message for its kind, and nothing is stored', async () => {
    const filesBefore = (await t.db.select().from(storedFiles)).length;
    const png = await makeCoverPng(['#000', '#fff'], 50);
    const notMp3 = await upload(admin, song.id, { kind: 'a_cappella', label: 'A cappella' }, { bytes: png, name: 'vocals.mp3' });
    expect(notMp3.status).toBe(400);
    expect(notMp3.body.error.message).toBe(m.audioNotMp3);
    expect(notMp3.body.error.fields).toEqual({ file: [m.audioNotMp3] });
    const mp3AsStems = await upload(
      admin,
      song.id,
      { kind: 'stems', label: 'Stems' },
      { bytes: synthesizeMp3({ seconds: 1 }), name: 'stems.zip' },
    );
    expect(mp3AsStems.status).toBe(400);
    expect(mp3AsStems.body.error.message).toBe(m.stemsNotZip);
    const zipAsAudio = await upload(admin, song.id, { kind: 'work_tape', label: 'Work tape' }, { bytes: STEMS, name: 'tape.mp3' });
    expect(zipAsAudio.body.error.message).toBe(m.audioNotMp3);
    expect(await t.db.select().from(storedFiles)).toHaveLength(filesBefore);
    expect((await t.db.select().from(songVersions)).map((v) => v.kind)).toEqual(['instrumental']);
  });

  test('a version without a name or without its file is refused with its message', async () => {
    const unnamed = await upload(admin, song.id, { kind: 'work_tape', label: '  ' }, instrumentalMp3());
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.error.fields.label).toEqual([m.labelRequired]);
    const noFile = await upload(admin, song.id, { kind: 'work_tape', label: 'Work tape' });
    expect(noFile.status).toBe(400);
    expect(noFile.body.error.fields).toEqual({ file: [m.fileRequired] });
  });

  test('the stems zip is stored as uploaded in its own bucket, and never analysed', async () => {
    const res = await upload(
      admin,
      song.id,
      { kind: 'stems', label: 'Stems (24-bit WAV)' },
      { bytes: STEMS, name: 'porch-light-stems.zip' },
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body.map((v: { kind: string }) => v.kind)).toEqual(['instrumental', 'stems']);
    expect(res.body[1]).toMatchObject({ analysis: null, audioUrl: null, sizeBytes: STEMS.length });
    const [row] = await t.db
      .select({ file: storedFiles })
      .from(songVersions)
      .innerJoin(storedFiles, eq(storedFiles.id, songVersions.fileId))
      .where(and(eq(songVersions.songId, song.id), eq(songVersions.kind, 'stems')));
    expect(row!.file).toMatchObject({ bucket: 'song-stems', contentType: 'application/zip', sizeBytes: STEMS.length });
    expect(await runAnalyses(t)).toBe(0);
  });

  test('a new upload of a kind replaces the one before, and the old file goes; a day on, the sweep of unused uploads keeps versions', async () => {
    const [before] = await t.db.select().from(songVersions).where(eq(songVersions.kind, 'instrumental'));
    const res = await upload(admin, song.id, { kind: 'instrumental', label: 'Instrumental' }, instrumentalMp3());
    expect(res.status, res.text).toBe(201);
    const [after] = await t.db.select().from(songVersions).where(eq(songVersions.kind, 'instrumental'));
    expect(after!.fileId).not.toBe(before!.fileId);
    expect(after!.label).toBe('Instrumental');
    expect(await t.db.select().from(storedFiles).where(eq(storedFiles.id, before!.fileId))).toEqual([]);
    await runAnalyses(t);
    expect(await removeUnusedSongAudio({ db: t.db, storage: t.storage, now: new Date(Date.now() + 48 * 3_600_000) })).toBe(0);
    expect(await t.db.select().from(storedFiles).where(eq(storedFiles.id, after!.fileId))).toHaveLength(1);
  });
});

describe('listening and downloading', () => {
  test('the song API lists the full demo and the audio versions to a stream-only listener, without the stems', async () => {
    const res = await streamer.get(`/api/songs/${song.slug}`);
    expect(res.status).toBe(200);
    expect(res.body.canDownload).toBe(false);
    expect(res.body.versions.map((v: { kind: string; label: string }) => [v.kind, v.label])).toEqual([
      ['full_demo', 'Full demo'],
      ['instrumental', 'Instrumental'],
    ]);
    expect(res.body.versions[0].audioUrl).toBe(res.body.audioUrl);
    expect(res.body.versions[1].durationSeconds).toBeCloseTo(2, 0);
    // The instrumental streams through its link, and its stream counts for the song.
    const stream = await streamer.get(res.body.versions[1].audioUrl);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('audio/mpeg');
    const streams = await t.db.select().from(songDownloads).where(eq(songDownloads.userId, streamerId));
    expect(streams).toEqual([expect.objectContaining({ songId: song.id, kind: 'mp3', via: 'stream' })]);
  });

  test('a listener who may not download the song may download none of its versions', async () => {
    for (const kind of ['full_demo', 'instrumental', 'stems']) {
      const res = await streamer.get(`/api/songs/${song.slug}/versions/${kind}`);
      expect(res.status, kind).toBe(403);
      expect(res.body.error.message).toBe(MESSAGES.downloads.streamOnly);
    }
    expect(
      await t.db
        .select()
        .from(songDownloads)
        .where(and(eq(songDownloads.userId, streamerId), eq(songDownloads.via, 'download'))),
    ).toEqual([]);
  });

  test('a download-allowed listener sees the stems and gets each version: the instrumental tagged as the MP3 is', async () => {
    const page = await downloader.get(`/api/songs/${song.slug}`);
    expect(page.body.versions.map((v: { kind: string }) => v.kind)).toEqual(['full_demo', 'instrumental', 'stems']);
    expect(page.body.versions[2]).toMatchObject({ label: 'Stems (24-bit WAV)', audioUrl: null, sizeBytes: STEMS.length });

    const main = await downloader.get(`/api/songs/${song.slug}/mp3`);
    const instrumental = await downloader.get(`/api/songs/${song.slug}/versions/instrumental`);
    expect(instrumental.status, instrumental.text.slice(0, 200)).toBe(200);
    expect(instrumental.headers['content-type']).toBe('audio/mpeg');
    expect(instrumental.headers['content-disposition']).toBe('attachment; filename="porch-light-instrumental.mp3"');
    const { raw: _mainRaw, image: mainImage, ...mainTags } = NodeID3.read(main.bytes);
    const { raw: _raw, image, subtitle, ...tags } = NodeID3.read(instrumental.bytes);
    expect(tags).toEqual(mainTags);
    expect(tags).toMatchObject({ title: 'Porch Light', composer: 'Casey Rivers (60%) / Jo Lane (40%)', initialKey: 'Am', bpm: '84' });
    expect(subtitle).toBe('Instrumental');
    expect(typeof image === 'object' && image.imageBuffer.length).toBe(typeof mainImage === 'object' && mainImage.imageBuffer.length);

    const stems = await downloader.get(`/api/songs/${song.slug}/versions/stems`);
    expect(stems.status).toBe(200);
    expect(stems.headers['content-type']).toBe('application/zip');
    expect(stems.headers['content-disposition']).toBe('attachment; filename="porch-light-stems.zip"');
    expect(stems.bytes.equals(STEMS)).toBe(true);

    const taken = await t.db.select().from(songDownloads).where(eq(songDownloads.userId, downloaderId));
    expect(taken.map((d) => d.kind).sort()).toEqual(['mp3', 'mp3', 'stems']);
    expect(taken.every((d) => d.songId === song.id && d.via === 'download')).toBe(true);
  });

  test('a version the song lacks is a 404 with its message; a kind there is not, a 400', async () => {
    const missing = await downloader.get(`/api/songs/${song.slug}/versions/work_tape`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(m.notFound);
    expect((await downloader.get(`/api/songs/${song.slug}/versions/karaoke`)).status).toBe(400);
  });

  test("a hidden song's versions stream to no listener", async () => {
    const page = await streamer.get(`/api/songs/${song.slug}`);
    expect((await admin.patch(`/api/admin/songs/${song.id}/active`, { isActive: false })).status).toBe(200);
    try {
      expect((await streamer.get(page.body.versions[1].audioUrl)).status).toBe(404);
    } finally {
      expect((await admin.patch(`/api/admin/songs/${song.id}/active`, { isActive: true })).status).toBe(200);
    }
  });
});

describe('shared onward (decision 0084)', () => {
  /** A listener shares the song as a link; the recipient's browser has no account. */
  async function shareSong(by: TestClient, downloadAllowed = false) {
    const res = await by.post('/api/shares', {
      songId: song.id,
      recipientName: 'Rae Friend',
      recipientEmail: uniqueEmail('friend'),
      expiresOn: pitchExpiryBounds().suggested,
      downloadAllowed,
    });
    expect(res.status, res.text).toBe(201);
    return { id: res.body.id as string, token: new URL(res.body.url).pathname.replace('/p/', '') };
  }
  type Listed = { kind: string; label: string; audioUrl: string | null };

  test("a share lists the song's instrumental with a link of its own, streamed while it is live and refused after revoke", async () => {
    const share = await shareSong(streamer);
    const recipient = t.client();
    const page = await recipient.get(`/api/pitch/${share.token}`);
    expect(page.status, page.text).toBe(200);
    const versions: Listed[] = page.body.songs[0].versions;
    expect(versions.map((v) => [v.kind, v.label])).toEqual([
      ['full_demo', 'Full demo'],
      ['instrumental', 'Instrumental'],
    ]);
    expect(versions[0]!.audioUrl).toBe(page.body.songs[0].audioUrl);
    const instrumental = versions[1]!.audioUrl!;
    const stream = await recipient.get(instrumental);
    expect(stream.status, stream.text.slice(0, 200)).toBe(200);
    expect(stream.headers['content-type']).toBe('audio/mpeg');
    // Counted against the link, as the song's stream.
    const streams = await t.db.select().from(songDownloads).where(eq(songDownloads.pitchLinkId, share.id));
    expect(streams).toEqual([expect.objectContaining({ songId: song.id, kind: 'mp3', via: 'stream', userId: null })]);

    expect((await streamer.post(`/api/shares/${share.id}/revoke`, {})).status).toBe(200);
    expect((await recipient.get(instrumental)).status).toBe(404);
    expect((await recipient.get(`/api/pitch/${share.token}`)).status).toBe(404);
  });

  test('a stream-only link lists no stems; a download-allowed one lists them without a link', async () => {
    const streamOnly = await t.client().get(`/api/pitch/${(await shareSong(downloader)).token}`);
    expect(streamOnly.body.downloadAllowed).toBe(false);
    expect(streamOnly.body.songs[0].versions.map((v: Listed) => v.kind)).toEqual(['full_demo', 'instrumental']);
    const withDownloads = await t.client().get(`/api/pitch/${(await shareSong(downloader, true)).token}`);
    expect(withDownloads.body.downloadAllowed).toBe(true);
    expect(withDownloads.body.songs[0].versions.map((v: Listed) => v.kind)).toEqual(['full_demo', 'instrumental', 'stems']);
    expect(withDownloads.body.songs[0].versions[2]).toMatchObject({ audioUrl: null, sizeBytes: STEMS.length });
  });
});

describe('removing', () => {
  test('the admin removes a version and its file; deleting the song removes the rest', async () => {
    const [stems] = await t.db.select().from(songVersions).where(eq(songVersions.kind, 'stems'));
    expect((await streamer.delete(`/api/admin/songs/${song.id}/versions/stems`)).status).toBe(403);
    const res = await admin.delete(`/api/admin/songs/${song.id}/versions/stems`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.map((v: { kind: string }) => v.kind)).toEqual(['instrumental']);
    expect(await t.db.select().from(storedFiles).where(eq(storedFiles.id, stems!.fileId))).toEqual([]);
    expect((await admin.delete(`/api/admin/songs/${song.id}/versions/stems`)).status).toBe(404);

    const [instrumental] = await t.db.select().from(songVersions).where(eq(songVersions.kind, 'instrumental'));
    expect((await admin.delete(`/api/admin/songs/${song.id}`)).status).toBe(204);
    expect(await t.db.select().from(songVersions)).toEqual([]);
    expect(await t.db.select().from(storedFiles).where(eq(storedFiles.id, instrumental!.fileId))).toEqual([]);
  });
});
