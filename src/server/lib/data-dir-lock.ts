import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no lock between processes, and two servers writing one data folder would corrupt it.
 * Take an exclusive lock file holding our pid; a stale file (its process gone) is taken over.
 */
/** Lock files this process holds: a second server inside one process (tests) is refused too. */
const held = new Set<string>();

export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      held.add(file);
      return () => {
        held.delete(file);
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(file, 'utf8').trim());
      const ours = pid === process.pid;
      if ((ours && held.has(file)) || (!ours && Number.isInteger(pid) && pid > 0 && isRunning(pid))) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is in use by another server (pid ${pid}). Stop it first, or start this one with another DATA_DIR.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}.`);
}
