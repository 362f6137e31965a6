import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { createDiskStorage } from '../../src/server/adapters/storage/disk-storage';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { makePaidOrder, makeSongwriter } from '../../src/server/db/seed/factories';
import { mailOutbox, songReviews, storedFiles } from '../../src/server/db/schema';
import { ManifestSchema } from '../../src/server/features/backup/backup-archive';
import { startServer, type RunningServer } from '../../src/server/server';
import { signedInClient } from '../api/helpers';
import { createTestDatabaseUrl } from '../setup/database';
import { freePort } from '../setup/free-port';
import { TestClient } from '../setup/http-client';
import * as tar from 'tar';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Runs `npm run <script>`'s file as npm would, with the given environment; resolves with its exit code and output. */
function runScript(
  script: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

interface Acknowledged {
  kind: 'submission' | 'contact';
  /** The review's id, or the contact sender's address. */
  id: string;
  audio?: Buffer;
  at: number;
}

/**
 * `npm run backup` against a server taking writes, then `npm run restore` into an empty place: every write the
 * server answered before the backup's snapshot is there, rows and files alike. On PGlite the target is a
 * fresh DATA_DIR; with DATABASE_URL the same from PostgreSQL to an empty PostgreSQL database, and from PGlite to
 * PostgreSQL (the move from the embedded default).
 */
type Place = 'PGlite' | 'PostgreSQL';
const RUNS: [Place, Place][] = process.env.DATABASE_URL
  ? [
      ['PostgreSQL', 'PostgreSQL'],
      ['PGlite', 'PostgreSQL'],
    ]
  : [['PGlite', 'PGlite']];

describe.each(RUNS)('a backup taken during writes on %s, restored to an empty %s', (from, to) => {
  const folders: string[] = [];
  const databases: { dispose(): Promise<void> }[] = [];
  let running: RunningServer | undefined;
  const folder = (name: string) => {
    const made = mkdtempSync(path.join(tmpdir(), `pitchroom-${name}-`));
    folders.push(made);
    return made;
  };
  const databaseUrl = async (place: Place): Promise<{ DATABASE_URL?: string }> => {
    if (place === 'PGlite') return {};
    const database = await createTestDatabaseUrl(process.env.DATABASE_URL!);
    databases.push(database);
    return { DATABASE_URL: database.url };
  };

  afterAll(async () => {
    await running?.stop();
    for (const database of databases) await database.dispose();
    for (const made of folders) rmSync(made, { recursive: true, force: true });
  });

  test('backup during a burst of submissions and contact messages, restored to an empty place', async () => {
    const port = await freePort();
    const publicUrl = `http://localhost:${port}`;
    const sourceEnv: Record<string, string> = {
      DATA_DIR: folder('source'),
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      SEED_DEMO: 'off',
      ...(await databaseUrl(from)),
    };
    running = await startServer(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', ...sourceEnv }), { webRoot: folder('no-web') });
    const base = `http://127.0.0.1:${port}`;

    const writer = await makeSongwriter(running.database.db);
    const orders: { id: string }[] = [];
    for (let i = 0; i < 12; i++) orders.push(await makePaidOrder(running.database.db, writer.id, 4));
    const writerClient = await signedInClient({ client: () => new TestClient(base, publicUrl) } as never, writer);

    const acknowledged: Acknowledged[] = [];
    let backupDone = false;
    let submitted = 0;
    const submitSongs = async () => {
      while (!backupDone && submitted < orders.length * 4) {
        const n = submitted++;
        const audio = synthesizeMp3({ seconds: 1, seed: n + 1 });
        const form = new FormData();
        form.set(
          'data',
          JSON.stringify({
            orderId: orders[Math.floor(n / 4)]!.id,
            title: `Burst song ${n}`,
            lyricsText: 'Written while the backup ran',
            storyArc: 'A song sent in the middle of a backup.',
            aiUsage: 'No AI was used.',
            additionalNotes: '',
            agreed: true,
          }),
        );
        form.set('audio', new Blob([new Uint8Array(audio)]), `burst-${n}.mp3`);
        const res = await writerClient.sendForm('POST', '/api/submissions', form);
        expect(res.status, res.text).toBe(201);
        acknowledged.push({ kind: 'submission', id: res.body.id, audio, at: Date.now() });
      }
    };
    let sent = 0;
    const sendMessages = async () => {
      while (!backupDone) {
        const sender = `burst-${sent++}@example.test`;
        const res = await new TestClient(base, publicUrl).post('/api/contact', {
          name: 'Burst writer',
          email: sender,
          subject: 'During the backup',
          message: 'Sent while the backup ran.',
        });
        expect(res.status, res.text).toBe(201);
        acknowledged.push({ kind: 'contact', id: sender, at: Date.now() });
      }
    };

    const burst = Promise.all([submitSongs(), sendMessages(), sendMessages()]);
    // Some writes answered before the backup starts, and the burst goes on while it runs.
    while (acknowledged.filter((a) => a.kind === 'submission').length < 3) await new Promise((r) => setTimeout(r, 20));
    const backups = folder('backups');
    const backup = await runScript('backup', ['--out', backups], sourceEnv);
    backupDone = true;
    await burst;
    expect(backup.code, backup.output).toBe(0);
    await running.stop();
    running = undefined;

    const [archive] = readdirSync(backups);
    expect(archive).toMatch(/^pitchroom-backup-.*\.tar\.gz$/);
    const archiveFile = path.join(backups, archive!);
    const manifestText = await new Promise<string>((resolve, reject) => {
      let text = '';
      tar
        .t({
          file: archiveFile,
          filter: (p) => p === 'manifest.json',
          onReadEntry: (e) => e.on('data', (c: Buffer) => (text += c.toString())),
        })
        .then(() => resolve(text), reject);
    });
    const manifest = ManifestSchema.parse(JSON.parse(manifestText));
    const snapshotAt = Date.parse(manifest.createdAt);
    const before = acknowledged.filter((a) => a.at < snapshotAt);
    expect(before.filter((a) => a.kind === 'submission').length).toBeGreaterThan(0);
    expect(before.filter((a) => a.kind === 'contact').length).toBeGreaterThan(0);
    // The burst really overlapped the backup: writes were answered after the snapshot too.
    expect(acknowledged.some((a) => a.at > snapshotAt)).toBe(true);

    const targetEnv: Record<string, string> = { DATA_DIR: folder('target'), SEED_DEMO: 'off', ...(await databaseUrl(to)) };
    const restore = await runScript('restore', [archiveFile], targetEnv);
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toContain(`Restored the backup of ${manifest.createdAt}`);

    const restored = await openDatabase(
      targetEnv.DATABASE_URL ? { url: targetEnv.DATABASE_URL, poolSize: 1 } : { pgliteDir: path.join(targetEnv.DATA_DIR!, 'db') },
    );
    const files = createDiskStorage(path.join(targetEnv.DATA_DIR!, 'files'));
    try {
      const songs = before.filter((a) => a.kind === 'submission');
      const rows = await restored.db
        .select({ id: songReviews.id, bucket: storedFiles.bucket, key: storedFiles.key })
        .from(songReviews)
        .innerJoin(storedFiles, eq(storedFiles.id, songReviews.audioFileId))
        .where(
          inArray(
            songReviews.id,
            songs.map((s) => s.id),
          ),
        );
      expect(rows.map((r) => r.id).sort()).toEqual(songs.map((s) => s.id).sort());
      for (const song of songs) {
        const row = rows.find((r) => r.id === song.id)!;
        const { body } = await files.get({ bucket: row.bucket, key: row.key });
        const bytes = Buffer.concat(await body.toArray());
        expect(bytes.equals(song.audio!), `the audio of review ${song.id}`).toBe(true);
      }
      const senders = before.filter((a) => a.kind === 'contact').map((a) => a.id);
      const mails = await restored.db.select({ replyTo: mailOutbox.replyTo }).from(mailOutbox).where(inArray(mailOutbox.replyTo, senders));
      expect(new Set(mails.map((m) => m.replyTo))).toEqual(new Set(senders));
      // The session secret came along, so sessions and signed links made before the backup still hold.
      expect(readFileSync(path.join(targetEnv.DATA_DIR!, 'auth-secret'), 'utf8')).toBe(
        readFileSync(path.join(sourceEnv.DATA_DIR!, 'auth-secret'), 'utf8'),
      );
    } finally {
      files.close();
      await restored.close();
    }

    // A target holding anything is refused, with the reason: the same folder, or a fresh one on the same database.
    const again = await runScript('restore', [archiveFile], targetEnv);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/already holds (a database|files)/);
    if (targetEnv.DATABASE_URL) {
      const sameDatabase = await runScript('restore', [archiveFile], { ...targetEnv, DATA_DIR: folder('fresh') });
      expect(sameDatabase.code).toBe(1);
      expect(sameDatabase.output).toContain('The database of DATABASE_URL is not empty');
    }
  }, 300_000);
});
