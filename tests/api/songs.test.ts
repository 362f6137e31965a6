import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { makePreviewUser, makeSongwriter, makeUser } from '../../src/server/db/seed/factories';
import { makeCoverPng, makeSong } from '../../src/server/db/seed/song-factories';
import { songComments, songPlays, songs, storedFiles, userRoles } from '../../src/server/db/schema';
import { signFileToken } from '../../src/server/adapters/storage/signed-url';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

let t: TestApp;
let admin: TestClient;
let preview: TestClient;
let songwriter: TestClient;
let noRole: TestClient;
let anonymous: TestClient;
let previewUserId: string;
let adminId: string;
let songwriterId: string;
let noRoleId: string;
let active: typeof songs.$inferSelect;
let inactive: typeof songs.$inferSelect;

beforeAll(async () => {
  t = await createTestApp();
  const adminUser = await makeUser(t.db, { roles: ['admin'] });
  adminId = adminUser.id;
  const previewUser = await makePreviewUser(t.db);
  previewUserId = previewUser.id;
  const writer = await makeSongwriter(t.db);
  const plain = await makeUser(t.db);
  songwriterId = writer.id;
  noRoleId = plain.id;
  [admin, preview, songwriter, noRole] = await Promise.all([
    signedInClient(t, adminUser),
    signedInClient(t, previewUser),
    signedInClient(t, writer),
    signedInClient(t, plain),
  ]);
  anonymous = t.client();
  active = await makeSong(t.db, t.storage, adminId, {
    title: 'Gravel Road Goodbye',
    genre: 'Country',
    bpm: 92,
    tags: ['heartbreak', 'female vocal'],
    lyrics: 'Dust on the dashboard',
    orderIndex: 0,
    seconds: 4,
    cover: ['#7c2d12', '#f59e0b'],
  });
  inactive = await makeSong(t.db, t.storage, adminId, { title: 'Hidden Track', isActive: false, orderIndex: 1 });
});
afterAll(() => t.close());

/**
 * Sends every Range request on one connection at once (HTTP/1.1 pipelining) and reads nothing until
 * `readAll`: the server's answers queue behind a full socket, as they would for a listener on a slow network.
 */
async function pipelinedRanges(baseUrl: string, path: string, client: TestClient, ranges: { start: number; end: number }[]) {
  const socket = connect(Number(new URL(baseUrl).port), '127.0.0.1');
  await once(socket, 'connect');
  socket.pause();
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  socket.write(
    ranges
      .map(({ start, end }) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nRange: bytes=${start}-${end}\r\n\r\n`)
      .join(''),
  );
  return {
    /** Bytes the server has sent that this connection has not read yet. */
    unread: () => socket.readableLength,
    /** How much a paused connection takes in before it stops reading, and the server must wait. */
    full: socket.readableHighWaterMark,
    async readAll() {
      const answers: { start: number; end: number; status: number; body: Buffer }[] = [];
      let pending = Buffer.alloc(0);
      socket.resume();
      for await (const chunk of socket as AsyncIterable<Buffer>) {
        pending = Buffer.concat([pending, chunk]);
        for (;;) {
          const headEnd = pending.indexOf('\r\n\r\n');
          if (headEnd < 0) break;
          const head = pending.subarray(0, headEnd).toString();
          const size = Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? 0);
          if (pending.length < headEnd + 4 + size) break;
          const range = ranges[answers.length]!;
          answers.push({ ...range, status: Number(head.split(' ')[1]), body: pending.subarray(headEnd + 4, headEnd + 4 + size) });
          pending = pending.subarray(headEnd + 4 + size);
        }
        if (answers.length === ranges.length) break;
      }
      socket.destroy();
      return answers;
    },
  };
}

describe('who may see the catalogue', () => {
  test.each([
    // Anonymous has no user of its own to make a link for: it holds a preview user's.
    ['anonymous', () => anonymous, () => previewUserId, 401],
    ['signed in without a role', () => noRole, () => noRoleId, 403],
    ['songwriter', () => songwriter, () => songwriterId, 403],
  ])(
    '%s is refused the list, the song, its audio (even through a genuine link made out to them) and commenting',
    async (_who, client, linkSubject, status) => {
      expect((await client().get('/api/songs')).status).toBe(status);
      expect((await client().get(`/api/songs/${active.slug}`)).status).toBe(status);
      const link = signFileToken(t.config.authSecret, { fileId: active.audioFileId!, subject: linkSubject() }, 3600);
      const audio = await client().get(`/api/files/${link}`, { range: 'bytes=0-9' });
      expect(audio.status).toBe(status);
      expect(audio.headers['content-type']).toContain('application/json');
      const comment = await client().post(`/api/songs/${active.slug}/comments`, { name: 'X', email: 'x@example.test', comment: 'Hi' });
      expect(comment.status).toBe(status);
    },
  );

  test('a preview user sees only active songs, in order', async () => {
    const res = await preview.get('/api/songs');
    expect(res.status).toBe(200);
    expect(res.body.rows.map((s: { slug: string }) => s.slug)).toEqual([active.slug]);
    expect(res.body.rows[0]).toMatchObject({
      title: 'Gravel Road Goodbye',
      genre: 'Country',
      bpm: 92,
      tags: ['heartbreak', 'female vocal'],
    });
    expect((await preview.get(`/api/songs/${inactive.slug}`)).status).toBe(404);
  });

  test('an admin sees every song in the admin list', async () => {
    const res = await admin.get('/api/admin/songs');
    expect(res.status).toBe(200);
    expect(res.body.map((s: { slug: string }) => s.slug)).toEqual([active.slug, inactive.slug]);
    expect((await preview.get('/api/admin/songs')).status).toBe(403);
  });

  test('an admin reads every song, inactive ones included: the song, its audio and its comments; a preview user none of them', async () => {
    const song = await admin.get(`/api/admin/songs/${inactive.id}`);
    expect(song.status).toBe(200);
    expect(song.body).toMatchObject({ id: inactive.id, title: 'Hidden Track', isActive: false });
    const audio = await admin.get(song.body.audioUrl, { range: 'bytes=0-9' });
    expect(audio.status).toBe(206);
    expect(audio.bytes).toHaveLength(10);

    // A comment left while the song was active stays the admin's to moderate after it is hidden.
    const [comment] = await t.db
      .insert(songComments)
      .values({
        songId: inactive.id,
        userId: previewUserId,
        commenterName: 'Dana',
        commenterEmail: 'dana@example.test',
        commentText: 'Before it was hidden.',
      })
      .returning();
    const all = await admin.get('/api/admin/comments?status=all');
    expect(all.body.rows).toEqual(expect.arrayContaining([expect.objectContaining({ id: comment!.id, songTitle: 'Hidden Track' })]));
    expect((await admin.patch(`/api/admin/comments/${comment!.id}`, { isApproved: true })).status).toBe(200);

    expect((await preview.get(`/api/songs/${inactive.slug}`)).status).toBe(404);
    expect(
      (await preview.post(`/api/songs/${inactive.slug}/comments`, { name: 'Dana', email: 'dana@example.test', comment: 'Hi' })).status,
    ).toBe(404);
    expect((await preview.get(`/api/admin/songs/${inactive.id}`)).status).toBe(403);
    expect((await admin.delete(`/api/admin/comments/${comment!.id}`)).status).toBe(204);
  });

  test('search and filters narrow the catalogue', async () => {
    expect((await preview.get('/api/songs?q=dashboard')).body.total).toBe(1);
    expect((await preview.get('/api/songs?q=heartbr')).body.total).toBe(1);
    expect((await preview.get('/api/songs?q=nothing-like-this')).body.total).toBe(0);
    expect((await preview.get('/api/songs?genre=country&bpmMin=90&bpmMax=95')).body.total).toBe(1);
    expect((await preview.get('/api/songs?bpmMin=100')).body.total).toBe(0);
    expect((await preview.get('/api/songs?bpmMin=120&bpmMax=100')).status).toBe(400);
  });
});

describe('audio links', () => {
  test('a Range request returns 206 with the right bytes and Content-Range', async () => {
    const song = await preview.get(`/api/songs/${active.slug}`);
    expect(song.body.audioUrl).toMatch(/^\/api\/files\//);
    const whole = await preview.get(song.body.audioUrl);
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    const size = whole.bytes.length;
    const part = await preview.get(song.body.audioUrl, { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${size}`);
    expect(part.bytes.equals(whole.bytes.subarray(100, 200))).toBe(true);
    const beyond = await preview.get(song.body.audioUrl, { range: `bytes=${size + 10}-` });
    expect(beyond.status).toBe(416);
  });

  test('many Range requests at once each get exactly their own bytes, though read buffers are used again', async () => {
    const song = await preview.get(`/api/songs/${active.slug}`);
    const whole = (await preview.get(song.body.audioUrl)).bytes;
    // Sizes across every buffer size, starts spread over the file; the same pattern on every run.
    const ranges = Array.from({ length: 240 }, (_, i) => {
      const length = 1 + ((i * 7919) % Math.min(whole.length, 40_000));
      const start = (i * 104_729) % (whole.length - length + 1);
      return { start, end: start + length - 1 };
    });
    for (let batch = 0; batch < ranges.length; batch += 40) {
      const answers = await Promise.all(
        ranges
          .slice(batch, batch + 40)
          .map(async ({ start, end }) => ({ start, end, res: await preview.get(song.body.audioUrl, { range: `bytes=${start}-${end}` }) })),
      );
      for (const { start, end, res } of answers) {
        expect(res.status).toBe(206);
        expect(res.bytes.equals(whole.subarray(start, end + 1)), `bytes ${start}-${end}`).toBe(true);
      }
    }
  });

  test('an answer waiting for a slow listener keeps its bytes while other reads go on', async () => {
    const song = await preview.get(`/api/songs/${active.slug}`);
    const whole = (await preview.get(song.body.audioUrl)).bytes;
    const length = Math.floor(whole.length / 2);
    const rangesFrom = (count: number, step: number) =>
      Array.from({ length: count }, (_, i) => ({ start: (i * step) % (whole.length - length), end: 0 })).map((r) => ({
        ...r,
        end: r.start + length - 1,
      }));
    // One connection asks for many ranges at once and reads nothing yet: its answers wait in the server.
    const slow = await pipelinedRanges(t.url, song.body.audioUrl, preview, rangesFrom(400, 101));
    // Once this side has stopped reading, the server's next answers are held back in it.
    await expect.poll(slow.unread, { timeout: 10_000 }).toBeGreaterThanOrEqual(slow.full);
    // Meanwhile other listeners' reads of the same size come and go.
    for (const { start, end } of rangesFrom(80, 37)) {
      const other = await preview.get(song.body.audioUrl, { range: `bytes=${start}-${end}` });
      expect(other.bytes.equals(whole.subarray(start, end + 1))).toBe(true);
    }
    for (const { start, end, status, body } of await slow.readAll()) {
      expect(status).toBe(206);
      expect(body.equals(whole.subarray(start, end + 1)), `bytes ${start}-${end}`).toBe(true);
    }
  });

  test('a long song streams whole and from a seek point, and listeners who hang up mid-stream leave no file open', async () => {
    const long = await makeSong(t.db, t.storage, adminId, { title: 'Long Gravel Mile', orderIndex: 2 });
    // A long song's bytes (8 MB, more than the network takes in at once), in place of the short one's.
    const [file] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, long.audioFileId!));
    await t.storage.put({ bucket: file!.bucket, key: file!.key, body: randomBytes(8 * 1024 * 1024), contentType: 'audio/mpeg' });
    const { audioUrl } = (await preview.get(`/api/songs/${long.slug}`)).body as { audioUrl: string };
    const whole = await preview.get(audioUrl);
    expect(whole.status).toBe(200);
    // Larger than what is read at once, so these answers are piped from the file.
    expect(whole.bytes.length).toBeGreaterThan(256 * 1024);
    expect(whole.headers['content-length']).toBe(String(whole.bytes.length));
    expect(whole.headers['content-disposition']).toMatch(/^attachment/);
    expect(whole.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    expect(whole.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const from = 200_000;
    const rest = await preview.get(audioUrl, { range: `bytes=${from}-` });
    expect(rest.status).toBe(206);
    expect(rest.headers['content-range']).toBe(`bytes ${from}-${whole.bytes.length - 1}/${whole.bytes.length}`);
    expect(rest.bytes.equals(whole.bytes.subarray(from))).toBe(true);

    // Players seeking: each asks for the rest of the song, takes the first bytes and hangs up.
    const openFiles = () => readdirSync('/proc/self/fd').length;
    const before = openFiles();
    const cookie = [...preview.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    for (let i = 0; i < 30; i++) {
      const socket = connect(Number(new URL(t.url).port), '127.0.0.1');
      socket.write(`GET ${audioUrl} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nRange: bytes=${from + i}-\r\n\r\n`);
      const [first] = (await once(socket, 'data')) as [Buffer];
      expect(first.toString('latin1', 0, 12)).toBe('HTTP/1.1 206');
      socket.destroy();
    }
    await expect.poll(openFiles, { timeout: 5_000 }).toBeLessThanOrEqual(before + 2);
    expect((await preview.get(audioUrl, { range: `bytes=${from}-` })).bytes.equals(rest.bytes)).toBe(true);
  });

  test('an expired or tampered link is refused, and a link is only good for the user it was made for', async () => {
    const expired = signFileToken(t.config.authSecret, { fileId: active.audioFileId!, subject: previewUserId }, 1, Date.now() - 10_000);
    expect((await preview.get(`/api/files/${expired}`)).status).toBe(403);
    const good = signFileToken(t.config.authSecret, { fileId: active.audioFileId!, subject: previewUserId }, 3600);
    const [body, mac] = good.split('.');
    const tampered = `${body}.${mac!.slice(0, -2)}${mac!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await preview.get(`/api/files/${tampered}`)).status).toBe(403);
    expect((await preview.get(`/api/files/${good}`)).status).toBe(200);
    expect((await admin.get(`/api/files/${good}`)).status).toBe(403);
    expect((await anonymous.get(`/api/files/${good}`)).status).toBe(401);
  });

  test('a preview user cannot read the audio of an inactive song, even with a link', async () => {
    const link = signFileToken(t.config.authSecret, { fileId: inactive.audioFileId!, subject: previewUserId }, 3600);
    expect((await preview.get(`/api/files/${link}`)).status).toBe(404);
  });

  // File rows are cached (decision 0039): never past a change made through this app.
  test('a song an admin makes inactive stops its audio at the next request, and plays again once active', async () => {
    const song = await makeSong(t.db, t.storage, adminId, { title: 'Cached File Row', orderIndex: 2 });
    const { body } = await preview.get(`/api/songs/${song.slug}`);
    const audioStatus = async () => (await preview.get(body.audioUrl, { range: 'bytes=0-9' })).status;
    expect(await audioStatus()).toBe(206);
    expect((await admin.patch(`/api/admin/songs/${song.id}/active`, { isActive: false })).status).toBe(200);
    expect(await audioStatus()).toBe(404);
    expect((await admin.patch(`/api/admin/songs/${song.id}/active`, { isActive: true })).status).toBe(200);
    expect(await audioStatus()).toBe(206);
  });

  test('a song made inactive by another instance (straight in the database) stops its audio within 2 s', async () => {
    const song = await makeSong(t.db, t.storage, adminId, { title: 'Changed Elsewhere', orderIndex: 3 });
    const { body } = await preview.get(`/api/songs/${song.slug}`);
    const audioStatus = async () => (await preview.get(body.audioUrl, { range: 'bytes=0-9' })).status;
    expect(await audioStatus()).toBe(206);
    await t.db.update(songs).set({ isActive: false }).where(eq(songs.id, song.id));
    await expect.poll(audioStatus, { timeout: 3_000, interval: 100 }).toBe(404);
  });

  // Revoked through this app: preview-access.test.ts; here as by another instance, straight in the database.
  test("a revoked user's link stops working at once", async () => {
    const user = await makePreviewUser(t.db);
    const client = await signedInClient(t, user);
    const { body } = await client.get(`/api/songs/${active.slug}`);
    const audioStatus = async () => (await client.get(body.audioUrl, { range: 'bytes=0-9' })).status;
    expect(await audioStatus()).toBe(206);
    await t.db.delete(userRoles).where(eq(userRoles.userId, user.id));
    await expect.poll(audioStatus, { timeout: 1_000, interval: 20 }).toBe(403);
    expect((await client.get('/api/songs')).status).toBe(403);
  });
});

describe('admin song management', () => {
  const songData = (overrides: Record<string, unknown> = {}) => ({
    title: 'Porch Light',
    slug: 'porch-light',
    description: 'A mid-tempo love song about waiting up.',
    lyrics: 'I left the porch light on for you',
    writerInfo: 'Written by Casey Rivers',
    genre: 'Country',
    bpm: 84,
    tags: ['love', 'mid-tempo'],
    orderIndex: 2,
    isActive: true,
    ...overrides,
  });
  const form = (data: unknown, files: { audio?: Buffer; image?: Buffer; audioName?: string } = {}) => {
    const f = new FormData();
    f.set('data', JSON.stringify(data));
    if (files.audio) f.set('audio', new Blob([new Uint8Array(files.audio)]), files.audioName ?? 'song.mp3');
    if (files.image) f.set('image', new Blob([new Uint8Array(files.image)]), 'cover.png');
    return f;
  };

  test('creates a song with an mp3 and an image, storing a web-size image too', async () => {
    const res = await admin.sendForm(
      'POST',
      '/api/admin/songs',
      form(songData(), { audio: synthesizeMp3({ seconds: 2 }), image: await makeCoverPng(['#111', '#999'], 1600) }),
    );
    expect(res.status, res.text).toBe(201);
    const [row] = await t.db.select().from(songs).where(eq(songs.slug, 'porch-light'));
    expect(row).toMatchObject({ title: 'Porch Light', bpm: 84, tags: ['love', 'mid-tempo'], isActive: true });
    expect(row!.imageFileId).toBeTruthy();
    const detail = await admin.get(`/api/admin/songs/${row!.id}`);
    const image = await admin.get(detail.body.imageUrl);
    expect(image.headers['content-type']).toBe('image/webp');
    const meta = await (await import('sharp')).default(image.bytes).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(800);
  });

  test('refuses a file that is not an mp3 even when it is named .mp3, and writes nothing', async () => {
    const png = await makeCoverPng(['#000', '#fff'], 50);
    const res = await admin.sendForm(
      'POST',
      '/api/admin/songs',
      form(songData({ slug: 'fake-mp3' }), { audio: png, audioName: 'song.mp3' }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(MESSAGES.songs.audioNotMp3);
    expect(await t.db.select().from(songs).where(eq(songs.slug, 'fake-mp3'))).toHaveLength(0);
  });

  test('requires audio for a new song', async () => {
    const res = await admin.sendForm('POST', '/api/admin/songs', form(songData({ slug: 'no-audio' })));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(MESSAGES.songs.audioRequired);
  });

  test.each([
    [{ bpm: 0 }, MESSAGES.songs.bpmRange],
    [{ bpm: 301 }, MESSAGES.songs.bpmRange],
    [{ slug: 'Has-Capitals' }, MESSAGES.songs.slugPattern],
    [{ title: '   ' }, MESSAGES.songs.titleRequired],
    [{ lyrics: '' }, MESSAGES.songs.lyricsRequired],
    [{ tags: ['a', 'A'] }, MESSAGES.songs.tagDuplicate],
  ])('refuses %o with its message', async (override, message) => {
    const res = await admin.sendForm(
      'POST',
      '/api/admin/songs',
      form(songData({ slug: 'bad-input', ...override }), { audio: synthesizeMp3({ seconds: 1 }) }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
  });

  test('a taken slug is a conflict with a clear message', async () => {
    const res = await admin.sendForm(
      'POST',
      '/api/admin/songs',
      form(songData({ slug: active.slug }), { audio: synthesizeMp3({ seconds: 1 }) }),
    );
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(MESSAGES.songs.slugTaken);
  });

  test('toggles active, edits without new files, and deletes with comments and plays', async () => {
    const song = await makeSong(t.db, t.storage, adminId, { title: 'Toggle Me', orderIndex: 5 });
    expect((await admin.patch(`/api/admin/songs/${song.id}/active`, { isActive: false })).status).toBe(200);
    expect((await t.db.select().from(songs).where(eq(songs.id, song.id)))[0]!.isActive).toBe(false);
    const edit = await admin.sendForm(
      'PUT',
      `/api/admin/songs/${song.id}`,
      form(songData({ title: 'Toggled', slug: 'toggled', isActive: true })),
    );
    expect(edit.status, edit.text).toBe(200);
    const [edited] = await t.db.select().from(songs).where(eq(songs.id, song.id));
    expect(edited).toMatchObject({ title: 'Toggled', slug: 'toggled', isActive: true, audioFileId: song.audioFileId });
    await t.db.insert(songComments).values({ songId: song.id, commenterName: 'A', commenterEmail: 'a@example.test', commentText: 'Nice' });
    expect((await admin.delete(`/api/admin/songs/${song.id}`)).status).toBe(204);
    expect(await t.db.select().from(songs).where(eq(songs.id, song.id))).toHaveLength(0);
    expect(await t.db.select().from(songComments).where(eq(songComments.songId, song.id))).toHaveLength(0);
  });

  test('reorders every song in one request, and a list that fails changes nothing', async () => {
    const all = (await admin.get('/api/admin/songs')).body as { id: string }[];
    const reversed = [...all].reverse().map((s) => s.id);
    expect((await admin.put('/api/admin/song-order', { ids: reversed })).status).toBe(200);
    const after = await t.db.select({ id: songs.id, orderIndex: songs.orderIndex }).from(songs);
    for (const row of after) expect(row.orderIndex).toBe(reversed.indexOf(row.id));

    const broken = [...reversed.slice(0, -1), '00000000-0000-4000-8000-000000000000'];
    const res = await admin.put('/api/admin/song-order', { ids: broken });
    expect(res.status).toBe(409);
    const unchanged = await t.db.select({ id: songs.id, orderIndex: songs.orderIndex }).from(songs);
    for (const row of unchanged) expect(row.orderIndex).toBe(reversed.indexOf(row.id));
    // Restore the original order for the other tests.
    expect((await admin.put('/api/admin/song-order', { ids: all.map((s) => s.id) })).status).toBe(200);
  });
});

describe('comments', () => {
  test('a comment waits for approval, seen meanwhile by its writer alone, marked; then shows to everyone; delete removes it', async () => {
    const otherListener = await signedInClient(t, await makePreviewUser(t.db));
    const posted = await preview.post(`/api/songs/${active.slug}/comments`, {
      name: '  Dana  ',
      email: 'dana@example.test',
      comment: 'Love the second verse.',
    });
    expect(posted.status).toBe(201);
    const [stored] = await t.db.select().from(songComments).where(eq(songComments.id, posted.body.id));
    expect(stored).toMatchObject({ commenterName: 'Dana', isApproved: false, userId: previewUserId });
    // Its writer sees it at once, marked, as theirs; nobody else does until it is approved.
    expect((await preview.get(`/api/songs/${active.slug}`)).body.comments).toMatchObject([
      { id: posted.body.id, name: MESSAGES.settings.ownComment, text: 'Love the second verse.', awaitingApproval: true },
    ]);
    expect((await otherListener.get(`/api/songs/${active.slug}`)).body.comments).toHaveLength(0);
    expect((await admin.get(`/api/songs/${active.slug}`)).body.comments).toHaveLength(0);

    const pending = await admin.get('/api/admin/comments?status=pending');
    expect(pending.body.rows.map((r: { id: string }) => r.id)).toContain(posted.body.id);
    expect(pending.body.rows[0]).toMatchObject({ songTitle: 'Gravel Road Goodbye', email: 'dana@example.test' });
    // Without a filter the list is the moderation queue, as the admin page opens on it.
    const queue = await admin.get('/api/admin/comments');
    expect(queue.body.rows.map((r: { id: string }) => r.id)).toContain(posted.body.id);
    expect((await preview.patch(`/api/admin/comments/${posted.body.id}`, { isApproved: true })).status).toBe(403);
    expect((await admin.patch(`/api/admin/comments/${posted.body.id}`, { isApproved: true })).status).toBe(200);
    const ids = (res: { body: { rows: { id: string }[] } }) => res.body.rows.map((r) => r.id);
    expect(ids(await admin.get('/api/admin/comments'))).not.toContain(posted.body.id);
    expect(ids(await admin.get('/api/admin/comments?status=approved'))).toContain(posted.body.id);
    expect(ids(await admin.get('/api/admin/comments?status=all'))).toContain(posted.body.id);
    // Another listener sees no name (the default; tests/api/site-settings.test.ts covers the other choices).
    for (const [listener, name] of [
      [preview, MESSAGES.settings.ownComment],
      [otherListener, MESSAGES.settings.anonymousCommenter],
    ] as const) {
      const shown = (await listener.get(`/api/songs/${active.slug}`)).body.comments;
      expect(shown).toMatchObject([{ id: posted.body.id, name, text: 'Love the second verse.', awaitingApproval: false }]);
    }

    expect((await admin.delete(`/api/admin/comments/${posted.body.id}`)).status).toBe(204);
    expect((await preview.get(`/api/songs/${active.slug}`)).body.comments).toHaveLength(0);
  });

  test('the comment rules hold on the server', async () => {
    const res = await preview.post(`/api/songs/${active.slug}/comments`, { name: '', email: 'nope', comment: 'x'.repeat(1001) });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toMatchObject({
      name: [MESSAGES.validation.nameRequired],
      email: [MESSAGES.validation.invalidEmail],
      comment: [MESSAGES.songs.commentTooLong],
    });
  });
});

describe('play tracking', () => {
  test('one row per player: created on the first pause, updated after, completed sticks', async () => {
    const start = await preview.post('/api/plays', { songId: active.id, durationSeconds: 12, completed: false });
    expect(start.status).toBe(201);
    const [row] = await t.db.select().from(songPlays).where(eq(songPlays.id, start.body.id));
    expect(row).toMatchObject({ userId: previewUserId, songId: active.id, durationSeconds: 12, completed: false });
    await preview.patch(`/api/plays/${start.body.id}`, { durationSeconds: 40, completed: true });
    await preview.patch(`/api/plays/${start.body.id}`, { durationSeconds: 5, completed: false });
    const [after] = await t.db.select().from(songPlays).where(eq(songPlays.id, start.body.id));
    expect(after).toMatchObject({ durationSeconds: 40, completed: true });
  });

  test("a user cannot touch another user's play, and a preview user cannot play an inactive song", async () => {
    const start = await preview.post('/api/plays', { songId: active.id, durationSeconds: 1, completed: false });
    expect((await admin.patch(`/api/plays/${start.body.id}`, { durationSeconds: 99, completed: true })).status).toBe(404);
    expect((await preview.post('/api/plays', { songId: inactive.id, durationSeconds: 1, completed: false })).status).toBe(404);
    expect((await songwriter.post('/api/plays', { songId: active.id, durationSeconds: 1, completed: false })).status).toBe(403);
  });
});

describe('the genre filter', () => {
  test("offers each genre of the active songs once, sorted; never an inactive song's or an empty one", async () => {
    await t.db.insert(songs).values([
      { slug: 'genre-pop-1', title: 'Pop One', description: 'd', lyrics: 'l', genre: 'Pop' },
      { slug: 'genre-pop-2', title: 'Pop Two', description: 'd', lyrics: 'l', genre: 'Pop' },
      { slug: 'genre-americana', title: 'Americana One', description: 'd', lyrics: 'l', genre: 'Americana' },
      { slug: 'genre-none', title: 'No Genre', description: 'd', lyrics: 'l', genre: null },
      { slug: 'genre-jazz-hidden', title: 'Hidden Jazz', description: 'd', lyrics: 'l', genre: 'Jazz', isActive: false },
    ]);
    const res = await preview.get('/api/songs');
    expect(res.body.genres).toEqual(['Americana', 'Country', 'Pop']);
  });
});
