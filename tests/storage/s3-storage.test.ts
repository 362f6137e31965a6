import os from 'node:os';
import { Readable } from 'node:stream';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../../src/server/adapters/storage/s3-storage';
import { createStorage, newObjectKey, type Storage } from '../../src/server/adapters/storage/storage';
import { BUCKET, startS3 } from '../setup/s3';
import { pattern, storageContract } from './storage-contract';

storageContract('s3 (s3rver)', async () => {
  const s3 = await startS3();
  return { storage: createS3Storage(s3.options, s3.client), close: s3.close };
});

describe('s3 storage', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let client: S3Client;
  let storage: Storage;

  beforeAll(async () => {
    s3 = await startS3();
    client = s3.client;
    storage = createS3Storage(s3.options, client);
  });
  afterAll(() => s3?.close());

  it('is chosen by createStorage when S3 is configured', async () => {
    const chosen = await createStorage({ dataDir: os.tmpdir(), s3: s3.options });
    expect(chosen.kind).toBe('s3');
  });

  it('keeps every logical bucket as a key prefix in the one real bucket', async () => {
    const key = newObjectKey('u1', 'cover.png');
    await storage.put({ bucket: 'song-images', key, body: Buffer.from('png!'), contentType: 'image/png' });
    const raw = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: `song-images/${key}` }));
    expect(await raw.Body?.transformToString()).toBe('png!');
  });

  it('stores a streamed upload byte for byte (no aws-chunked framing saved as content)', async () => {
    const key = newObjectKey('u1', 'song.wav');
    const body = Readable.from([pattern, pattern]);
    expect(await storage.put({ bucket: 'song-audio', key, body, contentType: 'audio/wav' })).toEqual({ sizeBytes: 2000 });
    expect(await storage.head({ bucket: 'song-audio', key })).toEqual({ sizeBytes: 2000, contentType: 'audio/wav' });
  });

  it('presigns a GET that fetch() can follow until it expires', async () => {
    const key = newObjectKey('u1', 'demo.mp3');
    await storage.put({ bucket: 'song-audio', key, body: pattern, contentType: 'audio/mpeg' });

    const url = await storage.presignGet({ bucket: 'song-audio', key, expiresInSeconds: 3600 });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pitchroom-test\/song-audio\//);
    const ok = await fetch(url!);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await ok.arrayBuffer()).equals(pattern)).toBe(true);

    const ranged = await fetch(url!, { headers: { range: 'bytes=10-19' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(pattern.subarray(10, 20))).toBe(true);

    // No tamper check here: s3rver 3.7 does not verify SigV4 signatures (only their expiry).

    // Signed a minute ago for one second: X-Amz-Date has whole seconds, so the link has long expired.
    const signedEarlier = createS3Storage(s3.options, client, () => new Date(Date.now() - 60_000));
    const short = await signedEarlier.presignGet({ bucket: 'song-audio', key, expiresInSeconds: 1 });
    const expired = await fetch(short!);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('expired');
    // Signed at the same moment for an hour: still good, so only the lifetime made the other one fail.
    const long = await signedEarlier.presignGet({ bucket: 'song-audio', key, expiresInSeconds: 3600 });
    expect((await fetch(long!)).status).toBe(200);
  });

  it('refuses a presign lifetime S3 cannot honour', async () => {
    await expect(storage.presignGet({ bucket: 'song-audio', key: 'u1/x.mp3', expiresInSeconds: 8 * 24 * 3600 })).rejects.toThrow(
      RangeError,
    );
  });
});
