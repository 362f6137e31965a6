import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createS3Storage } from '../../src/server/adapters/storage/s3-storage';
import { makePreviewUser, makeSongwriter, makeUser } from '../../src/server/db/seed/factories';
import { makeSong } from '../../src/server/db/seed/song-factories';
import { songs, storedFiles } from '../../src/server/db/schema';
import { fileLink, insertFile, putFile } from '../../src/server/features/files/files.service';
import type { TestClient } from '../setup/http-client';
import { BUCKET, startS3 } from '../setup/s3';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

/*
 * Files kept in S3 (s3rver here) are not streamed by the app: once the caller's access is checked, the
 * browser is sent on to a presigned link of the store (decision 0020).
 */
let s3: Awaited<ReturnType<typeof startS3>>;
let t: TestApp;
let preview: TestClient;
let writer: TestClient;
let adminClient: TestClient;
let writerId: string;
let song: typeof songs.$inferSelect;

beforeAll(async () => {
  s3 = await startS3();
  t = await createTestApp({}, { storage: createS3Storage(s3.options, s3.client) });
  const admin = await makeUser(t.db, { roles: ['admin'] });
  const previewUser = await makePreviewUser(t.db);
  const writerUser = await makeSongwriter(t.db);
  writerId = writerUser.id;
  [preview, writer, adminClient] = await Promise.all([
    signedInClient(t, previewUser),
    signedInClient(t, writerUser),
    signedInClient(t, admin),
  ]);
  song = await makeSong(t.db, t.storage, admin.id, { title: 'Porch Light Static', seconds: 3, cover: ['#1e3a8a', '#fbbf24'] });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

/** Where a file link sends its caller, and for how long the browser may keep that answer. */
async function redirectOf(client: TestClient, url: string) {
  const res = await client.get(url, { range: 'bytes=100-199' });
  expect(res.status, res.text).toBe(302);
  expect(res.bytes.length).toBe(0);
  return { location: new URL(String(res.headers.location)), cacheControl: String(res.headers['cache-control']) };
}

describe('files kept in S3', () => {
  test('a preview user is sent to a presigned link of the store, which answers the Range with the stored bytes', async () => {
    const { audioUrl } = (await preview.get(`/api/songs/${song.slug}`)).body;
    const { location, cacheControl } = await redirectOf(preview, audioUrl);
    expect(location.origin).toBe(s3.options.endpoint);
    expect(location.pathname).toMatch(new RegExp(`^/${BUCKET}/song-audio/`));
    // As long as the app's own link lives (3600 s at most), and no longer.
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(cacheControl)?.[1]);
    expect(maxAge).toBeGreaterThan(3500);
    expect(maxAge).toBeLessThanOrEqual(3600);
    expect(Number(location.searchParams.get('X-Amz-Expires'))).toBe(maxAge);

    const part = await fetch(location, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-type')).toBe('audio/mpeg');
    expect(part.headers.get('cache-control')).toBe(cacheControl);
    const [file] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, song.audioFileId!));
    const stored = await t.storage.get({ bucket: 'song-audio', key: file!.key, range: { start: 100, end: 199 } });
    expect(Buffer.from(await part.arrayBuffer()).equals(stored.bytes ?? Buffer.concat(await stored.body.toArray()))).toBe(true);
  });

  test('the redirect is one the OpenAPI document announces for a file link, with its Location', async () => {
    const { audioUrl } = (await preview.get(`/api/songs/${song.slug}`)).body;
    await redirectOf(preview, audioUrl);
    const doc = (await preview.get('/api/openapi.json')).body;
    expect(doc.paths['/api/files/{token}'].get.responses['302'].headers.Location.schema).toMatchObject({ type: 'string' });
  });

  test('the cover goes the same way, and HEAD is answered by the app itself', async () => {
    const { imageUrl } = (await preview.get(`/api/songs/${song.slug}`)).body;
    const { location } = await redirectOf(preview, imageUrl);
    const image = await fetch(location);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    const head = await preview.request('HEAD', imageUrl);
    expect(head.status).toBe(200);
    expect(head.headers.location).toBeUndefined();
    expect(Number(head.headers['content-length'])).toBe((await image.arrayBuffer()).byteLength);
  });

  test('access is checked before any link is given: another user, or a song taken down, gets none', async () => {
    const { audioUrl } = (await preview.get(`/api/songs/${song.slug}`)).body;
    const stranger = await writer.get(audioUrl);
    expect(stranger.status).toBe(403);
    expect(stranger.headers.location).toBeUndefined();

    const setActive = (isActive: boolean) => adminClient.patch(`/api/admin/songs/${song.id}/active`, { isActive });
    expect((await setActive(false)).status).toBe(200);
    try {
      const takenDown = await preview.get(audioUrl);
      expect(takenDown.status).toBe(404);
      expect(takenDown.headers.location).toBeUndefined();
    } finally {
      expect((await setActive(true)).status).toBe(200);
    }
  });

  test("a songwriter's private upload is saved as an attachment under its own name and type", async () => {
    const file = await insertFile(
      t.db,
      await putFile({
        storage: t.storage,
        bucket: 'lyric-submissions',
        ownerId: writerId,
        body: Buffer.from('Verse one\n'),
        contentType: 'text/plain',
        extension: 'txt',
        originalName: 'my lyrics.txt',
      }),
    );
    const { location } = await redirectOf(writer, fileLink(t.config.authSecret, file.id, writerId));
    const res = await fetch(location);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="my lyrics.txt"; filename*=UTF-8''my%20lyrics.txt`);
    expect(await res.text()).toBe('Verse one\n');
  });

  test("pages allow the store's origin for pictures and audio, and for nothing else", async () => {
    // A page's policy (this app serves no built pages: a page path's 404 carries the same headers).
    const csp = String((await preview.get('/songs')).headers['content-security-policy']);
    const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));
    expect(directive('media-src')).toBe(`media-src 'self' blob: ${s3.options.endpoint}`);
    expect(directive('img-src')).toBe(`img-src 'self' data: blob: ${s3.options.endpoint}`);
    expect(directive('default-src')).toBe("default-src 'self'");
    expect(directive('connect-src')).toBe("connect-src 'self'");
  });
});
