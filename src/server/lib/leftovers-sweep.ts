import { readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Logger } from './logger';
import { startPeriodicJob, type PeriodicJob } from './periodic-job';

/** Older than this, a temporary file or folder belongs to no upload, backup or restore still under way. */
export const LEFTOVER_AGE_MS = 6 * 60 * 60 * 1000;

/**
 * Where a crash leaves work behind, each with the names it gives: upload parts under the system's temp folder
 * (lib/multipart.ts, the S3 adapter), the disk store's half-written files (`files/.tmp`, renamed into place when
 * whole), and the staging folders of a backup or restore in the data folder.
 */
function places(dataDir: string, tmpRoot: string): { folder: string; matches: (name: string) => boolean }[] {
  return [
    { folder: tmpRoot, matches: (name) => name.startsWith('pitchroom-upload-') },
    { folder: path.join(dataDir, 'files', '.tmp'), matches: (name) => name.endsWith('.tmp') },
    { folder: dataDir, matches: (name) => name.startsWith('.backup-') || name.startsWith('.restore-') },
  ];
}

/** Removes what a crash left behind that was last changed more than `maxAgeMs` ago; answers the paths removed. */
export async function sweepLeftovers({
  dataDir,
  tmpRoot = tmpdir(),
  now = new Date(),
  maxAgeMs = LEFTOVER_AGE_MS,
}: {
  dataDir: string;
  tmpRoot?: string;
  now?: Date;
  maxAgeMs?: number;
}): Promise<string[]> {
  const removed: string[] = [];
  for (const { folder, matches } of places(dataDir, tmpRoot)) {
    const names = await readdir(folder).catch(() => [] as string[]);
    for (const name of names.filter(matches)) {
      const entry = path.join(folder, name);
      const changed = await stat(entry).then(
        (s) => s.mtimeMs,
        () => undefined,
      );
      if (changed === undefined || now.getTime() - changed <= maxAgeMs) continue;
      await rm(entry, { recursive: true, force: true });
      removed.push(entry);
    }
  }
  return removed;
}

/** The sweep at start and every hour after. */
export function startLeftoversSweep({ dataDir, logger }: { dataDir: string; logger: Logger }): PeriodicJob {
  return startPeriodicJob({
    intervalMs: 60 * 60 * 1000,
    async run() {
      const removed = await sweepLeftovers({ dataDir });
      if (removed.length > 0) logger.info({ removed }, 'removed what an interrupted upload, backup or restore left behind');
    },
    onError: (error) => logger.error({ err: error }, 'sweeping temporary files failed'),
  });
}
