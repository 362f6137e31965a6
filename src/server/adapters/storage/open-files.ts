import { open, type FileHandle } from 'node:fs/promises';

/** A file kept open, with the size it had when opened (objects are written once, under fresh keys). */
export interface OpenFile {
  handle: FileHandle;
  size: number;
  isFile: boolean;
}

interface Entry {
  opening: Promise<OpenFile>;
  /** The file once open: a read then waits for nothing before its own. */
  file?: OpenFile;
  /** Reads in progress: the handle is closed only once none is. */
  users: number;
  lastUsed: number;
  evicted: boolean;
}

/**
 * Files kept open between reads, so a player's run of small Range requests costs one read each instead of an
 * open, a stat, a read and a close (bench row P6). At most `max` files, each closed once idle for `idleMs`;
 * `forget` closes a file at once when it is replaced or deleted, so no read ever sees old bytes.
 */
export function createOpenFiles({ max = 64, idleMs = 10_000 } = {}) {
  const entries = new Map<string, Entry>();

  function close(path: string, entry: Entry) {
    entry.evicted = true;
    if (entries.get(path) === entry) entries.delete(path);
    if (entry.users === 0) void entry.opening.then((f) => f.handle.close()).catch(() => {});
  }

  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [path, entry] of entries) if (entry.users === 0 && now - entry.lastUsed > idleMs) close(path, entry);
  }, idleMs);
  sweep.unref();

  return {
    /** Runs `read` on the open file at `path` (opened if need be). Throws what `open` throws. */
    async use<T>(path: string, read: (file: OpenFile) => Promise<T>): Promise<T> {
      let entry = entries.get(path);
      if (!entry) {
        const opening = open(path, 'r').then(async (handle) => {
          try {
            const info = await handle.stat();
            return { handle, size: info.size, isFile: info.isFile() };
          } catch (error) {
            await handle.close();
            throw error;
          }
        });
        const opened: Entry = { opening, users: 0, lastUsed: Date.now(), evicted: false };
        entry = opened;
        entries.set(path, entry);
        void opening.then(
          (file) => (opened.file = file),
          () => {},
        );
        // A failed open is not kept: the next read tries again.
        opening.catch(() => entries.get(path) === entry && entries.delete(path));
        if (entries.size > max) {
          // The least recently used idle file makes room (Map order is insertion order; re-use re-inserts).
          for (const [oldPath, old] of entries) {
            if (old.users === 0 && old !== entry) {
              close(oldPath, old);
              break;
            }
          }
        }
      } else {
        entries.delete(path);
        entries.set(path, entry);
      }
      entry.users += 1;
      entry.lastUsed = Date.now();
      try {
        return await read(entry.file ?? (await entry.opening));
      } finally {
        entry.users -= 1;
        if (entry.evicted && entry.users === 0) void entry.opening.then((f) => f.handle.close()).catch(() => {});
      }
    },

    /** Closes the file at `path` (as soon as no read is using it): it is about to be replaced or deleted. */
    forget(path: string) {
      const entry = entries.get(path);
      if (entry) close(path, entry);
    },

    /** Closes every file (each in use as soon as its reads are done) and stops the idle sweep: the server stops. */
    closeAll() {
      clearInterval(sweep);
      for (const [path, entry] of entries) close(path, entry);
    },
  };
}
