import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { mailOutbox } from '../../src/server/db/schema';
import { createTestDatabaseUrl } from '../setup/database';
import { freePort } from '../setup/free-port';
import { postJson, startServerProcess, type ServerProcess } from './server-process';

/**
 * A write the server has answered is on disk: the server process is killed with SIGKILL (no shutdown, no
 * flush) the moment each answer arrives, then started again on the same data, ten times. On PGlite the
 * data folder is the database; on PostgreSQL the database is the server's.
 */
describe('a write the server has answered survives SIGKILL', () => {
  const KILLS = 10;
  let dataDir: string;
  let pg: Awaited<ReturnType<typeof createTestDatabaseUrl>> | undefined;
  let running: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'pitchroom-durability-'));
    if (process.env.DATABASE_URL) pg = await createTestDatabaseUrl(process.env.DATABASE_URL);
  });
  afterAll(async () => {
    running?.child.kill('SIGKILL');
    await running?.exited;
    await pg?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test(`${KILLS} contact messages, each answered and then the server killed, are all in the outbox after a restart`, async () => {
    const port = await freePort();
    const publicUrl = `http://localhost:${port}`;
    const env = { DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: publicUrl, ...(pg ? { DATABASE_URL: pg.url } : {}) };
    const answered: string[] = [];

    for (let i = 0; i < KILLS; i++) {
      running = await startServerProcess(env);
      const from = `127.0.0.${20 + i}`;
      const sender = `killed-${i}@example.test`;
      const res = await postJson(
        `${running.url}/api/contact`,
        { name: `Writer ${i}`, email: sender, subject: `Kill ${i}`, message: `Written just before kill number ${i}.` },
        { from, origin: publicUrl },
      );
      running.child.kill('SIGKILL');
      expect(res.status, running.output()).toBe(201);
      answered.push(sender);
      expect(await running.exited).toBe('SIGKILL');
    }

    // The data, as the next start finds it: PGlite recovers its folder the way PostgreSQL recovers after a crash.
    running = await startServerProcess(env);
    const health = await fetch(`${running.url}/api/health/ready`);
    expect(health.status).toBe(200);
    running.child.kill('SIGTERM');
    await running.exited;
    running = undefined;

    const database = await openDatabase(pg ? { url: pg.url, poolSize: 1 } : { pgliteDir: path.join(dataDir, 'db') });
    try {
      const rows = await database.db
        .select({ replyTo: mailOutbox.replyTo, subject: mailOutbox.subject })
        .from(mailOutbox)
        .where(eq(mailOutbox.kind, 'contact'))
        .orderBy(asc(mailOutbox.createdAt));
      expect(rows.map((r) => r.replyTo)).toEqual(answered);
    } finally {
      await database.close();
    }
  }, 240_000);
});
