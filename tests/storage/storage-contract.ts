import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFile } from '../../src/server/adapters/storage/serve-file';
import {
  InvalidStorageKey,
  newObjectKey,
  RangeNotSatisfiable,
  StorageNotFound,
  type Storage,
  type StorageBucket,
} from '../../src/server/adapters/storage/storage';
import { AppError } from '../../src/server/lib/app-error';

/** The behaviour every storage driver must share; each driver's test file runs it against a real store. */

export interface StorageUnderTest {
  storage: Storage;
  close(): Promise<void>;
}

/** Byte i is i % 251, so any slice can be checked against `pattern.subarray(...)`. */
export const pattern = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

export async function readAll(body: Readable): Promise<Buffer> {
  return Buffer.concat(await body.toArray());
}

export function fileApp(storage: Storage) {
  const app = new Hono();
  app.get('/files/:bucket/:key{.+}', (c) =>
    serveFile({
      storage,
      bucket: c.req.param('bucket') as StorageBucket,
      key: c.req.param('key'),
      method: c.req.method,
      range: c.req.header('range'),
      filename: c.req.query('name'),
    }),
  );
  app.onError((error, c) =>
    error instanceof AppError ? c.json({ error: { code: error.code } }, error.status) : c.text(String(error), 500),
  );
  return app;
}

export function storageContract(name: string, open: () => Promise<StorageUnderTest>) {
  describe(`${name} storage contract`, () => {
    let target: StorageUnderTest;
    let storage: Storage;
    const bucket: StorageBucket = 'song-audio';
    const key = newObjectKey('user_1', 'Demo Song.MP3');

    beforeAll(async () => {
      target = await open();
      storage = target.storage;
      await storage.put({ bucket, key, body: pattern, contentType: 'audio/mpeg' });
    });
    afterAll(async () => {
      await target?.close();
    });

    it('round-trips bytes, size and type', async () => {
      const got = await storage.get({ bucket, key });
      expect(got).toMatchObject({ sizeBytes: 1000, contentLength: 1000, contentType: 'audio/mpeg' });
      expect(got.range).toBeUndefined();
      expect((await readAll(got.body)).equals(pattern)).toBe(true);
      expect(await storage.head({ bucket, key })).toEqual({ sizeBytes: 1000, contentType: 'audio/mpeg' });
    });

    it('stores a stream of unknown length and reports its size', async () => {
      const data = randomBytes(1024 * 1024 + 7);
      const chunks = [data.subarray(0, 1000), data.subarray(1000, 500_000), data.subarray(500_000)];
      const streamKey = newObjectKey('user_1', 'big.wav');
      expect(await storage.put({ bucket, key: streamKey, body: Readable.from(chunks), contentType: 'audio/wav' })).toEqual({
        sizeBytes: data.length,
      });
      expect((await readAll((await storage.get({ bucket, key: streamKey })).body)).equals(data)).toBe(true);
      const tail = await storage.get({ bucket, key: streamKey, range: { start: data.length - 10 } });
      expect((await readAll(tail.body)).equals(data.subarray(-10))).toBe(true);
    });

    it('stores an empty object', async () => {
      const emptyKey = newObjectKey('user_1', 'empty.txt');
      expect(await storage.put({ bucket, key: emptyKey, body: Buffer.alloc(0), contentType: 'text/plain' })).toEqual({ sizeBytes: 0 });
      const got = await storage.get({ bucket, key: emptyKey });
      expect(got).toMatchObject({ sizeBytes: 0, contentLength: 0 });
      expect((await readAll(got.body)).length).toBe(0);
    });

    it('replaces an object put twice under one key', async () => {
      const k = newObjectKey('user_1', 'a.txt');
      await storage.put({ bucket, key: k, body: Buffer.from('first'), contentType: 'text/plain' });
      // Read first, as a player would: a driver that keeps files open for reads must let this one go.
      expect((await readAll((await storage.get({ bucket, key: k, range: { start: 0 } })).body)).toString()).toBe('first');
      await storage.put({ bucket, key: k, body: Buffer.from('second!'), contentType: 'text/markdown' });
      const got = await storage.get({ bucket, key: k });
      expect(got.contentType).toBe('text/markdown');
      expect((await readAll(got.body)).toString()).toBe('second!');
    });

    it.each([
      ['first bytes', { start: 0, end: 9 }, 0, 9],
      ['the middle', { start: 100, end: 199 }, 100, 199],
      ['an open end', { start: 990 }, 990, 999],
      ['an end past the size (clamped)', { start: 995, end: 5000 }, 995, 999],
      ['a suffix', { suffix: 16 }, 984, 999],
      ['a suffix longer than the object', { suffix: 5000 }, 0, 999],
      ['the last byte', { start: 999, end: 999 }, 999, 999],
    ])('reads a range: %s', async (_label, range, start, end) => {
      const got = await storage.get({ bucket, key, range });
      expect(got.range).toEqual({ start, end });
      expect(got.sizeBytes).toBe(1000);
      expect(got.contentLength).toBe(end - start + 1);
      expect((await readAll(got.body)).equals(pattern.subarray(start, end + 1))).toBe(true);
    });

    it.each([
      ['a start at the size', { start: 1000 }],
      ['a start beyond the size', { start: 5000, end: 6000 }],
      ['an empty suffix', { suffix: 0 }],
      ['an end before the start', { start: 10, end: 5 }],
    ])('refuses %s with RangeNotSatisfiable carrying the size', async (_label, range) => {
      const error = await storage.get({ bucket, key, range }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RangeNotSatisfiable);
      expect((error as RangeNotSatisfiable).sizeBytes).toBe(1000);
    });

    it('throws StorageNotFound for a missing object, and deletes idempotently', async () => {
      const k = newObjectKey('user_1', 'gone.mp3');
      await expect(storage.get({ bucket, key: k })).rejects.toBeInstanceOf(StorageNotFound);
      await expect(storage.head({ bucket, key: k })).rejects.toBeInstanceOf(StorageNotFound);
      await expect(storage.get({ bucket, key: k, range: { suffix: 4 } })).rejects.toBeInstanceOf(StorageNotFound);
      await storage.put({ bucket, key: k, body: Buffer.from('x'), contentType: 'audio/mpeg' });
      expect((await storage.get({ bucket, key: k, range: { suffix: 1 } })).contentLength).toBe(1);
      await storage.delete({ bucket, key: k });
      await storage.delete({ bucket, key: k });
      await expect(storage.get({ bucket, key: k })).rejects.toBeInstanceOf(StorageNotFound);
    });

    it('keeps logical buckets apart', async () => {
      await expect(storage.get({ bucket: 'song-images', key })).rejects.toBeInstanceOf(StorageNotFound);
    });

    it.each(['../escape.txt', 'a/../../escape.txt', '/etc/passwd', 'a\\..\\b', '', 'a//b', './a', 'a/.', 'C:/x', 'a\u0000b'])(
      'refuses the key %j',
      async (bad) => {
        await expect(storage.put({ bucket, key: bad, body: Buffer.from('x'), contentType: 'text/plain' })).rejects.toBeInstanceOf(
          InvalidStorageKey,
        );
        await expect(storage.get({ bucket, key: bad })).rejects.toBeInstanceOf(InvalidStorageKey);
        await expect(storage.delete({ bucket, key: bad })).rejects.toBeInstanceOf(InvalidStorageKey);
      },
    );

    it('refuses an unknown bucket', async () => {
      const put = storage.put({ bucket: '../x' as StorageBucket, key: 'a.txt', body: Buffer.from('x'), contentType: 'text/plain' });
      await expect(put).rejects.toBeInstanceOf(InvalidStorageKey);
    });

    describe('served through serveFile', () => {
      const url = () => `/files/${bucket}/${key}?name=${encodeURIComponent('Demo Song.mp3')}`;

      it('answers 200 with the whole file and safe headers', async () => {
        const res = await fileApp(storage).request(url());
        expect(res.status).toBe(200);
        expect(Object.fromEntries(res.headers)).toMatchObject({
          'content-type': 'audio/mpeg',
          'content-length': '1000',
          'accept-ranges': 'bytes',
          'cache-control': 'private, max-age=3600',
          'x-content-type-options': 'nosniff',
          'content-security-policy': "sandbox; default-src 'none'",
          'content-disposition': `attachment; filename="Demo Song.mp3"; filename*=UTF-8''Demo%20Song.mp3`,
        });
        expect(res.headers.get('content-range')).toBeNull();
        expect(Buffer.from(await res.arrayBuffer()).equals(pattern)).toBe(true);
      });

      it.each([
        ['bytes=0-99', 0, 99],
        ['bytes=500-', 500, 999],
        ['bytes=-10', 990, 999],
        ['bytes=900-2000', 900, 999],
      ])('answers %s with 206 and Content-Range', async (range, start, end) => {
        const res = await fileApp(storage).request(url(), { headers: { range } });
        expect(res.status).toBe(206);
        expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/1000`);
        expect(res.headers.get('content-length')).toBe(String(end - start + 1));
        expect(res.headers.get('accept-ranges')).toBe('bytes');
        expect(Buffer.from(await res.arrayBuffer()).equals(pattern.subarray(start, end + 1))).toBe(true);
      });

      it.each(['bytes=1000-', 'bytes=5000-6000', 'bytes=-0'])('answers %s with 416 and bytes */size', async (range) => {
        const res = await fileApp(storage).request(url(), { headers: { range } });
        expect(res.status).toBe(416);
        expect(res.headers.get('content-range')).toBe('bytes */1000');
      });

      it.each(['items=0-5', 'bytes=5-2', 'bytes=0-1,5-6', 'bytes=-'])(
        'ignores the unusable header %j and sends everything',
        async (range) => {
          const res = await fileApp(storage).request(url(), { headers: { range } });
          expect(res.status).toBe(200);
          expect(res.headers.get('content-length')).toBe('1000');
          await res.arrayBuffer();
        },
      );

      it('answers HEAD with the size and no body', async () => {
        const res = await fileApp(storage).request(url(), { method: 'HEAD' });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-length')).toBe('1000');
        expect(res.headers.get('content-type')).toBe('audio/mpeg');
        expect(await res.text()).toBe('');
      });

      it('answers 404 for a missing object', async () => {
        const res = await fileApp(storage).request(`/files/${bucket}/nobody/missing.mp3`);
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ error: { code: 'NOT_FOUND' } });
      });

      it('sends documents as attachments', async () => {
        const docKey = newObjectKey('user_1', 'lyrics.pdf');
        await storage.put({ bucket: 'lyric-submissions', key: docKey, body: Buffer.from('%PDF-1.4\n'), contentType: 'application/pdf' });
        const res = await fileApp(storage).request(`/files/lyric-submissions/${docKey}?name=${encodeURIComponent('Mes "paroles"/é.pdf')}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-disposition')).toBe(`attachment; filename="_.pdf"; filename*=UTF-8''%C3%A9.pdf`);
        await res.arrayBuffer();
      });
    });
  });
}
