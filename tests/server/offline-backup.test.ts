import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { createDiskStorage } from '../../src/server/adapters/storage/disk-storage';
import { loadConfig } from '../../src/server/config';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { makePaidOrder, makeSongwriter, makeUser } from '../../src/server/db/seed/factories';
import { auditEvents, mailOutbox, mailOutboxHold, songReviews, storedFiles } from '../../src/server/db/schema';
import { startServer, type RunningServer } from '../../src/server/server';
import { signedInClient } from '../api/helpers';
import { createTestDatabaseUrl } from '../setup/database';
import { freePort } from '../setup/free-port';
import { TestClient } from '../setup/http-client';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The mail worker is driven by hand (tick): its own loop claims only at start. */
const NO_POLLING = 3_600_000;

function runScript(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise<{ code: number | null; output: string }>((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

const folders: string[] = [];
const databases: { dispose(): Promise<void> }[] = [];
let running: RunningServer | undefined;
const folder = (name: string) => {
  const made = mkdtempSync(path.join(tmpdir(), `pitchroom-${name}-`));
  folders.push(made);
  return made;
};

afterEach(async () => {
  await running?.stop();
  running = undefined;
});
afterAll(async () => {
  for (const database of databases) await database.dispose();
  for (const made of folders) rmSync(made, { recursive: true, force: true });
});

type Place = 'PGlite' | 'PostgreSQL';
const placeEnv = async (place: Place): Promise<Record<string, string>> => {
  if (place === 'PGlite') return {};
  const database = await createTestDatabaseUrl(process.env.DATABASE_URL!);
  databases.push(database);
  return { DATABASE_URL: database.url };
};

async function start(env: Record<string, string>) {
  const port = await freePort();
  const full = { ...env, PORT: String(port), PUBLIC_URL: `http://localhost:${port}` };
  running = await startServer(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', SEED_DEMO: 'off', ...full }), {
    webRoot: folder('no-web'),
    mailPollMs: NO_POLLING,
  });
  const client = () => new TestClient(`http://127.0.0.1:${port}`, full.PUBLIC_URL);
  return { server: running, client };
}

const contact = (client: TestClient, email: string) =>
  client.post('/api/contact', { name: 'A writer', email, subject: 'Hello', message: 'A message for the office.' });

const mailFiles = (dataDir: string) => (existsSync(path.join(dataDir, 'mail')) ? readdirSync(path.join(dataDir, 'mail')).sort() : []);

/**
 * A site with a song sent in (a file) and mail not yet sent, stopped; then `npm run backup` with no server
 * running. Answers the archive and what the site held.
 */
async function stoppedSiteBackedUp(place: Place) {
  const sourceEnv = { DATA_DIR: folder('source'), ...(await placeEnv(place)) };
  const { server, client } = await start(sourceEnv);
  const writer = await makeSongwriter(server.database.db);
  const order = await makePaidOrder(server.database.db, writer.id, 1);
  const writerClient = await signedInClient({ client } as never, writer);
  const audio = synthesizeMp3({ seconds: 1, seed: 7 });
  const form = new FormData();
  form.set(
    'data',
    JSON.stringify({
      orderId: order.id,
      title: 'Backed up while stopped',
      lyricsText: 'Words',
      storyArc: 'A song kept in a backup.',
      aiUsage: 'No AI was used.',
      additionalNotes: '',
      agreed: true,
    }),
  );
  form.set('audio', new Blob([new Uint8Array(audio)]), 'song.mp3');
  const submitted = await writerClient.sendForm('POST', '/api/submissions', form);
  expect(submitted.status, submitted.text).toBe(201);
  expect((await contact(client(), 'before-backup@example.test')).status).toBe(201);
  const pending = await server.database.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, 'pending'))
    .orderBy(asc(mailOutbox.id));
  expect(pending.length).toBeGreaterThan(0);
  await server.stop();
  running = undefined;

  const backups = folder('backups');
  const backup = await runScript('backup', ['--out', backups], sourceEnv);
  expect(backup.code, backup.output).toBe(0);
  expect(backup.output).toContain('no server was running');
  const [archive] = readdirSync(backups);
  expect(archive).toMatch(/^pitchroom-backup-.*\.tar\.gz$/);
  // The data folder is free again: a server starts on it.
  await start(sourceEnv);
  await running!.stop();
  running = undefined;
  return { archive: path.join(backups, archive!), reviewId: submitted.body.id as string, audio, pending: pending.map((p) => p.id) };
}

/** Restores the archive into an empty place and starts a server there, with an admin signed in. */
async function restored(archive: string, place: Place) {
  const targetEnv = { DATA_DIR: folder('target'), ...(await placeEnv(place)) };
  const restore = await runScript('restore', [archive], targetEnv);
  expect(restore.code, restore.output).toBe(0);
  const { server, client } = await start(targetEnv);
  const admin = await makeUser(server.database.db, { roles: ['admin'] });
  const adminClient = await signedInClient({ client } as never, admin);
  return { targetEnv, restore, server, client, adminClient };
}

const PLACES: Place[] = process.env.DATABASE_URL ? ['PGlite', 'PostgreSQL'] : ['PGlite'];

describe.each(PLACES)('an offline backup of a stopped site on %s', (place) => {
  test('restores whole, and the restored site sends no mail until an admin sends it', async () => {
    const site = await stoppedSiteBackedUp(place);
    const { targetEnv, restore, server, adminClient } = await restored(site.archive, place);
    const { db } = server.database;
    const n = site.pending.length;
    expect(restore.output).toContain(`Sending email is paused: the backup held ${n} unsent`);

    // Rows and files: the song sent in, with its audio's bytes.
    const [row] = await db
      .select({ bucket: storedFiles.bucket, key: storedFiles.key })
      .from(songReviews)
      .innerJoin(storedFiles, eq(storedFiles.id, songReviews.audioFileId))
      .where(eq(songReviews.id, site.reviewId));
    const files = createDiskStorage(path.join(targetEnv.DATA_DIR, 'files'));
    try {
      const { body } = await files.get(row!);
      expect(Buffer.concat(await body.toArray()).equals(site.audio)).toBe(true);
    } finally {
      files.close();
    }

    // Paused: the worker (which claimed once at start) sends nothing, and the admin is told what waits.
    expect(await server.mailWorker.tick()).toBe(0);
    expect(mailFiles(targetEnv.DATA_DIR)).toEqual([]);
    const hold = await adminClient.get('/api/admin/outbox-hold');
    expect(hold.status, hold.text).toBe(200);
    expect(hold.body.hold).toMatchObject({ pendingInBackup: n, waitingFromBackup: n, waitingSinceRestore: 0 });

    const released = await adminClient.post('/api/admin/outbox-hold/release', { held: 'send' });
    expect(released.status, released.text).toBe(200);
    expect(released.body).toEqual({ released: n, discarded: 0 });
    expect(await server.mailWorker.tick()).toBe(n);
    const sent = await db.select({ id: mailOutbox.id, status: mailOutbox.status }).from(mailOutbox).orderBy(asc(mailOutbox.id));
    expect(sent).toEqual(site.pending.map((id) => ({ id, status: 'sent' })));
    expect(mailFiles(targetEnv.DATA_DIR)).toEqual(site.pending.map((id) => `${id}@localhost.eml`).sort());
    expect((await adminClient.get('/api/admin/outbox-hold')).body).toEqual({ hold: null });
    const again = await adminClient.post('/api/admin/outbox-hold/release', { held: 'send' });
    expect(again.status).toBe(409);
    const [audit] = await db.select().from(auditEvents).where(eq(auditEvents.action, 'outbox.release'));
    expect(audit).toMatchObject({ subjectKind: 'outbox', changes: { paused: { before: true, after: false } } });
  }, 240_000);
});

test("discarding the backup's mail marks it discarded and sends only what the restored site wrote since", async () => {
  const site = await stoppedSiteBackedUp('PGlite');
  const { targetEnv, server, client, adminClient } = await restored(site.archive, 'PGlite');
  const { db } = server.database;
  expect((await contact(client(), 'after-restore@example.test')).status).toBe(201);
  const since = (await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.status, 'pending'))).filter(
    ({ id }) => !site.pending.includes(id),
  );
  expect(since.length).toBeGreaterThan(0);
  expect(await server.mailWorker.tick()).toBe(0);
  const hold = await adminClient.get('/api/admin/outbox-hold');
  expect(hold.body.hold).toMatchObject({ waitingFromBackup: site.pending.length, waitingSinceRestore: since.length });

  const released = await adminClient.post('/api/admin/outbox-hold/release', { held: 'discard' });
  expect(released.status, released.text).toBe(200);
  expect(released.body).toEqual({ released: since.length, discarded: site.pending.length });
  expect(await db.select().from(mailOutboxHold)).toEqual([]);
  expect(await server.mailWorker.tick()).toBe(since.length);
  const rows = await db.select({ id: mailOutbox.id, status: mailOutbox.status }).from(mailOutbox);
  for (const id of site.pending) expect(rows.find((r) => r.id === id)?.status).toBe('discarded');
  for (const { id } of since) expect(rows.find((r) => r.id === id)?.status).toBe('sent');
  expect(mailFiles(targetEnv.DATA_DIR)).toEqual(since.map(({ id }) => `${id}@localhost.eml`).sort());
}, 240_000);
