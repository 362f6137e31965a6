import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { mailOutbox, userRoles, users } from '../../src/server/db/schema';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed/seed';
import { startServer, type RunningServer } from '../../src/server/server';
import { createTestDatabaseUrl } from '../setup/database';
import { TestClient } from '../setup/http-client';

/** Two server processes' worth of app on one PostgreSQL: no state may live in either. PGlite is single-process by design. */
describe.runIf(process.env.DATABASE_URL)('two instances on one PostgreSQL database', () => {
  let pg: Awaited<ReturnType<typeof createTestDatabaseUrl>>;
  const dirs: string[] = [];
  let a: RunningServer;
  let b: RunningServer;
  const start = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pitchroom-instance-'));
    dirs.push(dir);
    return startServer(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, PORT: '0', LOG_LEVEL: 'silent', DATABASE_URL: pg.url, AUTH_SECRET: 'shared-secret-of-both-instances-is-long', SEED_DEMO: 'on' }),
      { mailPollMs: 30 },
    );
  };

  beforeAll(async () => {
    pg = await createTestDatabaseUrl(process.env.DATABASE_URL!);
    // Both start at once: migrations take an advisory lock, so they run once.
    [a, b] = await Promise.all([start(), start()]);
  }, 180_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await pg?.dispose();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  test('a session made on one instance works on the other', async () => {
    const onA = new TestClient(a.url, 'http://localhost:3000');
    expect((await onA.post('/api/auth/sign-in/email', DEMO_ACCOUNTS.admin)).status).toBe(200);
    const onB = new TestClient(b.url, 'http://localhost:3000', onA.localAddress);
    for (const [k, v] of onA.cookies) onB.cookies.set(k, v);
    expect((await onB.get('/api/me')).body).toMatchObject({ isAdmin: true });
  });

  test('what one instance changes about a session, the other stops honouring at once (not after its 2 s keep)', async () => {
    const onA = new TestClient(a.url, 'http://localhost:3000');
    expect((await onA.post('/api/auth/sign-in/email', DEMO_ACCOUNTS.preview)).status).toBe(200);
    const onB = new TestClient(b.url, 'http://localhost:3000', onA.localAddress);
    for (const [k, v] of onA.cookies) onB.cookies.set(k, v);
    const catalogueOnB = async () => (await onB.get('/api/songs')).status;
    expect(await catalogueOnB()).toBe(200); // B now keeps this session for 2 s

    // The role goes (written through A's database connection); B hears of it from PostgreSQL.
    const [user] = await a.database.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.preview.email));
    const removedAt = Date.now();
    await a.database.db.delete(userRoles).where(eq(userRoles.userId, user!.id));
    await expect.poll(catalogueOnB, { timeout: 1_500, interval: 20 }).toBe(403);
    expect(Date.now() - removedAt).toBeLessThan(1_500);
    await a.database.db.insert(userRoles).values({ userId: user!.id, role: 'preview' });
    await expect.poll(catalogueOnB, { timeout: 1_500, interval: 20 }).toBe(200);

    // Signing out on A ends the session on B.
    expect((await onA.post('/api/auth/sign-out', {})).status).toBe(200);
    await expect.poll(async () => (await onB.get('/api/me')).body.user, { timeout: 1_500, interval: 20 }).toBeNull();
  });

  test('rate limits are shared: three failed sign-ins on one, the fourth on the other is refused', async () => {
    const onA = new TestClient(a.url, 'http://localhost:3000');
    const onB = new TestClient(b.url, 'http://localhost:3000', onA.localAddress);
    for (let i = 0; i < 3; i++) expect((await onA.post('/api/auth/sign-in/email', { email: 'x@example.test', password: 'wrong-password' })).status).toBe(401);
    expect((await onB.post('/api/auth/sign-in/email', { email: 'x@example.test', password: 'wrong-password' })).status).toBe(429);
  });

  test('every e-mail queued through either instance is delivered exactly once', async () => {
    for (let i = 0; i < 20; i++) {
      const server = i % 2 === 0 ? a : b;
      const client = new TestClient(server.url, 'http://localhost:3000');
      expect((await client.post('/api/contact', { name: `Sender ${i}`, email: `s${i}@example.test`, subject: `Note ${i}`, message: 'Hello there' })).status).toBe(201);
    }
    const deadline = Date.now() + 30_000;
    let pending = Infinity;
    while (Date.now() < deadline && pending > 0) {
      pending = (await a.database.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'pending'))).length;
      if (pending > 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(pending).toBe(0);
    const files = dirs.flatMap((dir) => {
      try {
        return readdirSync(path.join(dir, 'mail')).filter((f) => f.endsWith('.eml'));
      } catch {
        return [];
      }
    });
    const contactMails = await a.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'contact'));
    expect(contactMails).toHaveLength(20);
    // One .eml per outbox row, named by its Message-ID, across both instances' folders.
    const ids = new Set(contactMails.map((m) => m.id));
    const delivered = files.filter((f) => [...ids].some((id) => f.includes(id)));
    expect(delivered).toHaveLength(20);
    expect(new Set(delivered).size).toBe(20);
  });
});
