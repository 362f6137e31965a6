import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runAnalyses } from '../setup/analysis';
import { SONG_THUMB_SIZES } from '../../src/common/constants';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { makePreviewUser, makeUser } from '../../src/server/db/seed/factories';
import { makeSong } from '../../src/server/db/seed/song-factories';
import { songs, storedFiles } from '../../src/server/db/schema';
import { signFileToken } from '../../src/server/adapters/storage/signed-url';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

let t: TestApp;
let admin: TestClient;
let preview: TestClient;
let otherPreview: TestClient;
let noAccess: TestClient;
let noAccessId: string;
let adminId: string;

/** A landscape picture, so a square thumbnail has to be cropped rather than merely scaled. */
const landscapeCover = () =>
  sharp({ create: { width: 1600, height: 900, channels: 3, background: '#7c2d12' } })
    .png()
    .toBuffer();

const songForm = (slug: string, image?: Buffer) => {
  const form = new FormData();
  form.set(
    'data',
    JSON.stringify({
      title: 'Porch Light Thumbs',
      slug,
      description: 'A slow burn.',
      lyrics: 'Leave the porch light on',
      genre: 'Country',
      bpm: 84,
      tags: ['love', 'mid-tempo'],
      orderIndex: 0,
      isActive: true,
    }),
  );
  form.set('audio', new Blob([new Uint8Array(synthesizeMp3({ seconds: 2 }))]), 'song.mp3');
  if (image) form.set('image', new Blob([new Uint8Array(image)]), 'cover.png');
  return form;
};

async function storedBytes(fileId: string) {
  const [file] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, fileId));
  const { body } = await t.storage.get({ bucket: file!.bucket, key: file!.key });
  return { file: file!, bytes: Buffer.concat(await body.toArray()) };
}

beforeAll(async () => {
  t = await createTestApp();
  const adminUser = await makeUser(t.db, { roles: ['admin'] });
  adminId = adminUser.id;
  const [previewUser, otherPreviewUser, plainUser] = await Promise.all([
    makePreviewUser(t.db, { email: 'thumbs-preview@example.test' }),
    makePreviewUser(t.db, { email: 'thumbs-other@example.test' }),
    makeUser(t.db, { email: 'thumbs-plain@example.test' }),
  ]);
  noAccessId = plainUser.id;
  [admin, preview, otherPreview, noAccess] = await Promise.all([
    signedInClient(t, adminUser),
    signedInClient(t, previewUser),
    signedInClient(t, otherPreviewUser),
    signedInClient(t, plainUser),
  ]);
});
afterAll(() => t.close());

describe('cover thumbnails', () => {
  let songId: string;
  let thumbnail: { small: string; large: string };

  test('an uploaded cover is stored as two square WebP thumbnails of the card sizes, linked to the song', async () => {
    const res = await admin.sendForm('POST', '/api/admin/songs', songForm('porch-light-thumbs', await landscapeCover()));
    expect(res.status, res.text).toBe(201);
    const [row] = await t.db.select().from(songs).where(eq(songs.id, res.body.id));
    songId = row!.id;
    expect(row!.imageThumbFileId).toBeTruthy();
    expect(row!.imageThumb2xFileId).toBeTruthy();
    for (const [fileId, size] of [
      [row!.imageThumbFileId!, SONG_THUMB_SIZES.small],
      [row!.imageThumb2xFileId!, SONG_THUMB_SIZES.large],
    ] as const) {
      const { file, bytes } = await storedBytes(fileId);
      expect(file.contentType).toBe('image/webp');
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: size, height: size });
    }
  });

  test('the catalogue lists the song with its length and thumbnail links that serve those WebPs, kept by the browser', async () => {
    // Its length comes from the analysis of its audio, which runs after the upload.
    await runAnalyses(t);
    const list = await preview.get('/api/songs');
    expect(list.status).toBe(200);
    const card = list.body.rows.find((r: { id: string }) => r.id === songId);
    expect(card.durationSeconds).toBeGreaterThan(1.9);
    expect(card.durationSeconds).toBeLessThan(2.2);
    expect(card.tags).toEqual(['love', 'mid-tempo']);
    thumbnail = card.thumbnail;
    // The same links on the next read: the browser's copy is used, not fetched again.
    expect((await preview.get('/api/songs')).body.rows.find((r: { id: string }) => r.id === songId).thumbnail).toEqual(thumbnail);

    for (const [url, size] of [
      [thumbnail.small, SONG_THUMB_SIZES.small],
      [thumbnail.large, SONG_THUMB_SIZES.large],
    ] as const) {
      const res = await preview.get(url);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(await sharp(res.bytes).metadata()).toMatchObject({ format: 'webp', width: size, height: size });
      const cacheControl = String(res.headers['cache-control']);
      expect(cacheControl).toMatch(/^private, max-age=\d+, immutable$/);
      const maxAge = Number(/max-age=(\d+)/.exec(cacheControl)![1]);
      expect(maxAge).toBeGreaterThan(24 * 3600);
      expect(maxAge).toBeLessThanOrEqual(48 * 3600);
    }
  });

  test('no one else may fetch them: not with a link made out to another user, nor a user without preview access', async () => {
    expect((await otherPreview.get(thumbnail.small)).status).toBe(403);
    expect((await t.client().get(thumbnail.small)).status).toBe(401);
    // A signed-in user without preview access, even with a link made out to them.
    const [row] = await t.db.select().from(songs).where(eq(songs.id, songId));
    const ownLink = `/api/files/${signFileToken(t.config.authSecret, { fileId: row!.imageThumbFileId!, subject: noAccessId }, 3600)}`;
    const refused = await noAccess.get(ownLink);
    expect(refused.status).toBe(403);
    expect(refused.headers['content-type']).not.toBe('image/webp');
    expect((await noAccess.get('/api/songs')).status).toBe(403);
  });

  test('a song taken down takes its thumbnails with it for preview users', async () => {
    expect((await admin.patch(`/api/admin/songs/${songId}/active`, { isActive: false })).status).toBe(200);
    const res = await preview.get(thumbnail.small);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).not.toBe('image/webp');
    expect((await admin.patch(`/api/admin/songs/${songId}/active`, { isActive: true })).status).toBe(200);
    expect((await preview.get(thumbnail.large)).status).toBe(200);
  });

  test('a new cover replaces the thumbnails, and the old ones are removed', async () => {
    const [before] = await t.db.select().from(songs).where(eq(songs.id, songId));
    const form = songForm(
      'porch-light-thumbs',
      await sharp({ create: { width: 500, height: 700, channels: 3, background: '#1e3a8a' } })
        .jpeg()
        .toBuffer(),
    );
    form.delete('audio');
    const res = await admin.sendForm('PUT', `/api/admin/songs/${songId}`, form);
    expect(res.status, res.text).toBe(200);
    const [after] = await t.db.select().from(songs).where(eq(songs.id, songId));
    expect(after!.imageThumbFileId).not.toBe(before!.imageThumbFileId);
    const old = await t.db
      .select()
      .from(storedFiles)
      .where(inArray(storedFiles.id, [before!.imageThumbFileId!, before!.imageThumb2xFileId!]));
    expect(old).toHaveLength(0);
    expect(await sharp((await storedBytes(after!.imageThumb2xFileId!)).bytes).metadata()).toMatchObject({ width: 320, height: 320 });
  });

  test('a song without a cover lists no thumbnail', async () => {
    const plain = await makeSong(t.db, t.storage, adminId, { title: 'No Cover Here', orderIndex: 3 });
    // A page size of its own: a list read a moment ago is not cached for it (the song was stored directly).
    const card = (await preview.get('/api/songs?pageSize=98')).body.rows.find((r: { id: string }) => r.id === plain.id);
    expect(card.thumbnail).toBeNull();
    expect(card.durationSeconds).toBeGreaterThan(2.9);
  });
});
