import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOpenFiles, type OpenFile } from '../../src/server/adapters/storage/open-files';

let dir: string;
const fileNamed = (name: string) => path.join(dir, name);

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'pitchroom-open-files-'));
  for (const name of ['a', 'b', 'c']) await writeFile(fileNamed(name), `contents of ${name}`);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function readWhole({ handle, size }: OpenFile): Promise<string> {
  const buffer = Buffer.alloc(size);
  await handle.read(buffer, 0, size, 0);
  return buffer.toString();
}

describe('files kept open between reads', () => {
  it('opens a file once for a run of reads, concurrent or not, with its size', async () => {
    const files = createOpenFiles();
    const handles = new Set<OpenFile['handle']>();
    const texts = await Promise.all(
      Array.from({ length: 10 }, () =>
        files.use(fileNamed('a'), async (file) => {
          handles.add(file.handle);
          expect(file).toMatchObject({ size: 'contents of a'.length, isFile: true });
          return readWhole(file);
        }),
      ),
    );
    expect(new Set(texts)).toEqual(new Set(['contents of a']));
    await files.use(fileNamed('a'), async (file) => handles.add(file.handle));
    expect(handles.size).toBe(1);
  });

  it('keeps at most `max` files, closing the least recently used idle one', async () => {
    const files = createOpenFiles({ max: 2 });
    const handleOf = (name: string) => files.use(fileNamed(name), async (file) => file.handle);
    const a = await handleOf('a');
    const b = await handleOf('b');
    await handleOf('a'); // a is now the more recently used: b goes first
    expect(await files.use(fileNamed('c'), readWhole)).toBe('contents of c');
    await expect.poll(() => b.fd).toBe(-1);
    expect(a.fd).toBeGreaterThan(0);
    // b opens again when asked for again.
    expect(await files.use(fileNamed('b'), readWhole)).toBe('contents of b');
  });

  it('never closes a file a read is using, even the least recently used one', async () => {
    const files = createOpenFiles({ max: 2 });
    await files.use(fileNamed('a'), async (busyA) => {
      // a, the oldest, is in use; b is idle: opening c closes b, not a.
      const b = await files.use(fileNamed('b'), async (file) => file.handle);
      expect(await files.use(fileNamed('c'), readWhole)).toBe('contents of c');
      await expect.poll(() => b.fd).toBe(-1);
      expect(busyA.handle.fd).toBeGreaterThan(0);
      expect(await readWhole(busyA)).toBe('contents of a');
    });
  });

  it('lets a forgotten file go once its last read is done, and opens it afresh next time', async () => {
    const files = createOpenFiles();
    const first = await files.use(fileNamed('b'), async (file) => {
      files.forget(fileNamed('b'));
      // Still readable by the read that holds it.
      expect(await readWhole(file)).toBe('contents of b');
      return file.handle;
    });
    await expect.poll(() => first.fd).toBe(-1);
    await writeFile(fileNamed('b'), 'new contents of b');
    expect(await files.use(fileNamed('b'), readWhole)).toBe('new contents of b');
  });

  it('closes every file when the server stops: idle ones at once, one in use once its read is done', async () => {
    const files = createOpenFiles();
    const idle = await files.use(fileNamed('c'), async (file) => file.handle);
    const busy = await files.use(fileNamed('a'), async (file) => {
      files.closeAll();
      expect(await readWhole(file)).toBe('contents of a');
      return file.handle;
    });
    await expect.poll(() => [idle.fd, busy.fd]).toEqual([-1, -1]);
  });

  it('closes files left idle, and keeps no failed open', async () => {
    // The idle sweep's interval and clock are faked, so idleness is what the test says, not how busy the machine is.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    let handle: OpenFile['handle'];
    try {
      const files = createOpenFiles({ idleMs: 10_000 });
      handle = await files.use(fileNamed('c'), async (file) => file.handle);
      // Used again within the idle time: still the same open file.
      vi.advanceTimersByTime(10_000);
      expect(await files.use(fileNamed('c'), async (file) => file.handle)).toBe(handle);
      // Then left alone for longer than that: the next sweep closes it.
      vi.advanceTimersByTime(20_001);
    } finally {
      vi.useRealTimers();
    }
    await expect.poll(() => handle.fd, { timeout: 5_000 }).toBe(-1);
    const files = createOpenFiles();
    await expect(files.use(fileNamed('missing'), readWhole)).rejects.toMatchObject({ code: 'ENOENT' });
    await writeFile(fileNamed('missing'), 'here now');
    expect(await files.use(fileNamed('missing'), readWhole)).toBe('here now');
  });
});
