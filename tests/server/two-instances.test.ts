import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import { mailOutbox, userRoles, users } from '../../src/server/db/schema';
import { DEMO_ACCOUNTS, seedIfEmpty } from '../../src/server/db/seed/seed';
import { createDiskStorage } from '../../src/server/adapters/storage/disk-storage';
import { SmtpSink } from '../mail/smtp-sink';
import { createTestDatabaseUrl } from '../setup/database';
import { TestClient } from '../setup/http-client';
import { startServerProcess, type ServerProcess } from './server-process';

/**
 * Two server processes (the bundle `npm start` runs) on one PostgreSQL database, each with its own data folder
 * and its own mail worker delivering to an SMTP sink of its own: no state may live in either process. PGlite is
 * single-process by design, so this runs on PostgreSQL only.
 */
describe.runIf(process.env.DATABASE_URL)('two server processes on one PostgreSQL database', () => {
  const PUBLIC_URL = 'http://localhost:3000';
  let pg: Awaited<ReturnType<typeof createTestDatabaseUrl>>;
  /** The test's own connection, to look at and change what both processes share. */
  let database: Database;
  const dirs: string[] = [];
  const sinks: SmtpSink[] = [];
  const servers: ServerProcess[] = [];
  let a: ServerProcess;
  let b: ServerProcess;
  let sinkA: SmtpSink;
  let sinkB: SmtpSink;

  const start = (sink: SmtpSink) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pitchroom-instance-'));
    dirs.push(dir);
    return startServerProcess(
      {
        DATA_DIR: dir,
        PORT: '0',
        PUBLIC_URL,
        DATABASE_URL: pg.url,
        AUTH_SECRET: 'shared-secret-of-both-instances-is-long',
        SMTP_URL: sink.url,
      },
      120_000,
    );
  };

  beforeAll(async () => {
    pg = await createTestDatabaseUrl(process.env.DATABASE_URL!);
    [sinkA, sinkB] = await Promise.all([new SmtpSink().start(), new SmtpSink().start()]);
    sinks.push(sinkA, sinkB);
    // Both start at once on an empty database: migrations take an advisory lock, so they run once.
    const started = await Promise.allSettled([start(sinkA), start(sinkB)]);
    for (const s of started) if (s.status === 'fulfilled') servers.push(s.value);
    for (const s of started) if (s.status === 'rejected') throw s.reason;
    [a, b] = servers as [ServerProcess, ServerProcess];
    expect(a.child.pid).not.toBe(b.child.pid);
    database = await openDatabase({ url: pg.url, poolSize: 2 });
    // The demo accounts the tests sign in with, seeded as `npm start` does.
    const seedDir = mkdtempSync(path.join(tmpdir(), 'pitchroom-instance-seed-'));
    dirs.push(seedDir);
    await seedIfEmpty(database.db, createDiskStorage(path.join(seedDir, 'files')), { admin: undefined, dataDir: seedDir, audio: 'short' });
  }, 240_000);

  afterAll(async () => {
    for (const server of servers) {
      server.child.kill('SIGTERM');
      const stopped = await Promise.race([server.exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (!stopped) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
    }
    await database?.close();
    for (const sink of sinks) await sink.stop();
    await pg?.dispose();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** A client of `server` from the same address as `other`, carrying its cookies: one browser behind a load balancer. */
  const sameBrowserOn = (server: ServerProcess, other: TestClient) => {
    const client = new TestClient(server.url, PUBLIC_URL, other.localAddress);
    for (const [k, v] of other.cookies) client.cookies.set(k, v);
    return client;
  };

  test('a session made on one process works on the other', async () => {
    const onA = new TestClient(a.url, PUBLIC_URL);
    expect((await onA.post('/api/auth/sign-in/email', DEMO_ACCOUNTS.admin)).status, a.output()).toBe(200);
    expect(onA.cookies.size).toBeGreaterThan(0);
    // Without the cookie B knows no one; with it, B knows the admin A signed in.
    expect((await new TestClient(b.url, PUBLIC_URL, onA.localAddress).get('/api/me')).body).toMatchObject({ user: null });
    expect((await sameBrowserOn(b, onA).get('/api/me')).body, b.output()).toMatchObject({
      isAdmin: true,
      user: { email: DEMO_ACCOUNTS.admin.email },
    });
  });

  test('what changes about a session through one process or the database, the other stops honouring at once', async () => {
    const onA = new TestClient(a.url, PUBLIC_URL);
    expect((await onA.post('/api/auth/sign-in/email', DEMO_ACCOUNTS.preview)).status).toBe(200);
    const onB = sameBrowserOn(b, onA);
    const catalogueOnB = async () => (await onB.get('/api/songs')).status;
    expect(await catalogueOnB()).toBe(200); // B now caches this caller for 2 s

    // The role goes, written by a third connection; B hears of it from PostgreSQL.
    const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.preview.email));
    const removedAt = Date.now();
    await database.db.delete(userRoles).where(eq(userRoles.userId, user!.id));
    await expect.poll(catalogueOnB, { timeout: 1_500, interval: 20 }).toBe(403);
    expect(Date.now() - removedAt).toBeLessThan(1_500);
    await database.db.insert(userRoles).values({ userId: user!.id, role: 'preview' });
    await expect.poll(catalogueOnB, { timeout: 1_500, interval: 20 }).toBe(200);

    // Signing out on A ends the session on B.
    expect((await onA.post('/api/auth/sign-out', {})).status).toBe(200);
    await expect.poll(async () => (await onB.get('/api/me')).body.user, { timeout: 1_500, interval: 20 }).toBeNull();
  });

  test('the sign-in rate limit is shared: three failed sign-ins on one process, the fourth on the other is refused', async () => {
    const onA = new TestClient(a.url, PUBLIC_URL);
    const onB = new TestClient(b.url, PUBLIC_URL, onA.localAddress);
    const wrong = { email: 'x@example.test', password: 'wrong-password' };
    for (let i = 0; i < 3; i++) expect((await onA.post('/api/auth/sign-in/email', wrong)).status, `attempt ${i + 1} on A`).toBe(401);
    expect((await onB.post('/api/auth/sign-in/email', wrong)).status, 'attempt 4 on B').toBe(429);
    // Another address is not affected: the limit is the caller's, not the process's.
    expect((await new TestClient(b.url, PUBLIC_URL).post('/api/auth/sign-in/email', wrong)).status).toBe(401);
  });

  test('every e-mail queued through either process is delivered exactly once, between the two mail workers', async () => {
    // More than one worker's batch (50 rows leased at a time), so that one worker cannot lease them all.
    const N = 60;
    // Whichever relay hears first answers only once the other has heard too: the first worker keeps its lease
    // while the second leases what is left, so both take part however their polls fall.
    const hears = (sink: SmtpSink) => new Promise<void>((resolve) => (sink.onReceived = () => resolve()));
    sinkA.acknowledgeAfter = hears(sinkB);
    sinkB.acknowledgeAfter = hears(sinkA);
    for (let i = 0; i < N; i++) {
      const client = new TestClient((i % 2 === 0 ? a : b).url, PUBLIC_URL);
      const res = await client.post('/api/contact', {
        name: `Sender ${i}`,
        email: `s${i}@example.test`,
        subject: `Note ${i}`,
        message: 'Hello there',
      });
      expect(res.status, res.text).toBe(201);
    }

    const queued = await database.db.select({ id: mailOutbox.id, kind: mailOutbox.kind }).from(mailOutbox);
    expect(queued.filter((m) => m.kind === 'contact')).toHaveLength(N);
    const unsent = () => database.db.select({ id: mailOutbox.id }).from(mailOutbox).where(ne(mailOutbox.status, 'sent'));
    await expect.poll(async () => (await unsent()).length, { timeout: 60_000, interval: 100 }).toBe(0);

    // Each outbox row has a stable Message-ID: <row id@host of PUBLIC_URL>.
    const messageIdOf = (id: string) => `<${id}@localhost>`;
    const expected = queued.map((m) => messageIdOf(m.id)).sort();
    const received = [...sinkA.received, ...sinkB.received].map((m) => m.messageId);
    const byA = sinkA.received.length;
    const byB = sinkB.received.length;
    const duplicates = received.length - new Set(received).size;
    console.info(
      `two processes: ${N} contact e-mails (${queued.length} queued in all) -> ${received.length} delivered, ${byA} by A's worker and ${byB} by B's, ${duplicates} duplicates`,
    );
    expect(duplicates).toBe(0);
    expect(received.sort()).toEqual(expected);
    // Both workers took part: the rows were shared out, not all sent by one process.
    expect(byA).toBeGreaterThan(0);
    expect(byB).toBeGreaterThan(0);
  }, 90_000);
});
