import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { LEFTOVER_AGE_MS, sweepLeftovers } from '../../src/server/lib/leftovers-sweep';

const made: string[] = [];
afterEach(() => {
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const NOW = new Date('2026-11-28T12:00:00Z');
const OLD = new Date(NOW.getTime() - LEFTOVER_AGE_MS - 60_000);
const RECENT = new Date(NOW.getTime() - 60_000);

function folder(prefix: string): string {
  const created = mkdtempSync(path.join(tmpdir(), prefix));
  made.push(created);
  return created;
}

/** A file or folder as a crash leaves it, last changed at `when`. */
function leftover(at: string, when: Date, kind: 'file' | 'folder' = 'folder'): string {
  mkdirSync(path.dirname(at), { recursive: true });
  if (kind === 'folder') {
    mkdirSync(at);
    writeFileSync(path.join(at, 'part'), 'bytes');
  } else writeFileSync(at, 'bytes');
  utimesSync(at, when, when);
  return at;
}

test('what an interrupted upload, backup or restore left behind goes once older than the sweep age; the rest stays', async () => {
  const dataDir = folder('pitchroom-sweep-data-');
  const tmpRoot = folder('pitchroom-sweep-tmp-');
  const gone = [
    leftover(path.join(tmpRoot, 'pitchroom-upload-old'), OLD),
    leftover(path.join(dataDir, 'files', '.tmp', 'half-written.tmp'), OLD, 'file'),
    leftover(path.join(dataDir, '.backup-old'), OLD),
    leftover(path.join(dataDir, '.restore-old'), OLD),
  ];
  const kept = [
    // Work that may still be under way.
    leftover(path.join(tmpRoot, 'pitchroom-upload-recent'), RECENT),
    leftover(path.join(dataDir, 'files', '.tmp', 'being-written.tmp'), RECENT, 'file'),
    leftover(path.join(dataDir, '.backup-recent'), RECENT),
    // Not ours, however old.
    leftover(path.join(tmpRoot, 'someone-else'), OLD),
    leftover(path.join(dataDir, 'files', 'songs-audio-file'), OLD, 'file'),
    leftover(path.join(dataDir, 'db'), OLD),
  ];

  const removed = await sweepLeftovers({ dataDir, tmpRoot, now: NOW });

  expect(removed.sort()).toEqual([...gone].sort());
  expect(gone.filter((p) => existsSync(p))).toEqual([]);
  expect(kept.filter((p) => !existsSync(p))).toEqual([]);
});

test('a data folder with nothing left behind, or no files folder at all, sweeps to nothing', async () => {
  expect(await sweepLeftovers({ dataDir: folder('pitchroom-sweep-empty-'), tmpRoot: folder('pitchroom-sweep-tmp-'), now: NOW })).toEqual(
    [],
  );
});
