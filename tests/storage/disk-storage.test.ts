import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from '../../src/server/adapters/storage/disk-storage';
import { createStorage, RangeNotSatisfiable, type Storage } from '../../src/server/adapters/storage/storage';
import { storageContract } from './storage-contract';

storageContract('disk', async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'pitchroom-disk-'));
  return { storage: createDiskStorage(root), close: () => rm(root, { recursive: true, force: true }) };
});

describe('disk storage', () => {
  let dataDir: string;
  let storage: Storage;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'pitchroom-disk-'));
    storage = await createStorage({ dataDir, s3: undefined });
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('is the default and keeps files under DATA_DIR/files/<bucket>/<key>', async () => {
    expect(storage.kind).toBe('disk');
    await storage.put({ bucket: 'song-images', key: 'u1/cover.png', body: Buffer.from('png!'), contentType: 'image/png' });
    expect(await readFile(path.join(dataDir, 'files', 'song-images', 'u1', 'cover.png'), 'utf8')).toBe('png!');
    expect(await readdir(path.join(dataDir, 'files', '.tmp'))).toEqual([]);
  });

  it('cannot presign: the app serves disk files itself', async () => {
    expect(await storage.presignGet({ bucket: 'song-images', key: 'u1/cover.png', expiresInSeconds: 60 })).toBeUndefined();
  });

  it('leaves neither object nor temp file when the upload stream fails', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1000));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.put({ bucket: 'song-audio', key: 'u1/broken.mp3', body: failing, contentType: 'audio/mpeg' })).rejects.toThrow(
      'client went away',
    );
    await expect(storage.head({ bucket: 'song-audio', key: 'u1/broken.mp3' })).rejects.toThrow();
    expect(await readdir(path.join(dataDir, 'files', '.tmp'))).toEqual([]);
  });

  it('refuses any range of an empty object (RFC 9110: no byte to select)', async () => {
    await storage.put({ bucket: 'song-audio', key: 'u1/empty.mp3', body: Buffer.alloc(0), contentType: 'audio/mpeg' });
    await expect(storage.get({ bucket: 'song-audio', key: 'u1/empty.mp3', range: { start: 0 } })).rejects.toBeInstanceOf(
      RangeNotSatisfiable,
    );
  });

  it('never writes outside its folder for a traversal key', async () => {
    await expect(
      storage.put({ bucket: 'song-audio', key: '../../escaped.txt', body: Buffer.from('x'), contentType: 'text/plain' }),
    ).rejects.toThrow();
    expect(await readdir(dataDir)).toEqual(['files']);
  });
});
