import { spawn } from 'node:child_process';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { enqueueMail } from '../../src/server/adapters/mail/outbox';
import { createSmtpTransport } from '../../src/server/adapters/mail/transport';
import { createMailWorker } from '../../src/server/adapters/mail/worker';
import { openDatabase, type Database } from '../../src/server/db/client';
import { mailOutbox } from '../../src/server/db/schema';
import { createLogger } from '../../src/server/lib/logger';
import { createTestDatabaseUrl } from '../setup/database';
import { SmtpSink } from './smtp-sink';

/**
 * Nothing queued is lost and nothing is sent twice but for the one e-mail a killed worker was sending:
 * a relay down for a minute (on the worker's clock), and a worker process killed with SIGKILL in the middle of a batch. The worker
 * runs in a process of its own, which needs a database other processes can reach: PostgreSQL only.
 */
describe.runIf(process.env.DATABASE_URL)('the outbox through outages and kills (PostgreSQL)', () => {
  let pg: Awaited<ReturnType<typeof createTestDatabaseUrl>>;
  let database: Database;
  const sinks: SmtpSink[] = [];

  beforeAll(async () => {
    pg = await createTestDatabaseUrl(process.env.DATABASE_URL!);
    database = await openDatabase({ url: pg.url, poolSize: 3 });
    await database.migrate();
  });
  afterAll(async () => {
    for (const sink of sinks) await sink.stop();
    await database?.close();
    await pg?.dispose();
  });
  beforeEach(async () => {
    await database.db.delete(mailOutbox);
  });

  async function enqueue(n: number, prefix: string): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      ids.push(
        await enqueueMail(database.db, {
          to: `${prefix}-${i}@example.test`,
          kind: 'test',
          subject: `${prefix} ${i}`,
          text: `Body ${i}.`,
          html: `<p>Body ${i}.</p>`,
        }),
      );
    }
    return ids;
  }

  async function countSent(): Promise<number> {
    const [row] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'sent'));
    return Number(row!.n);
  }

  async function waitForSent(n: number, deadlineMs: number) {
    const deadline = Date.now() + deadlineMs;
    while ((await countSent()) < n) {
      if (Date.now() > deadline) throw new Error(`only ${await countSent()} of ${n} e-mails sent after ${deadlineMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  const messageIdOf = (rowId: string) => `<${rowId}@pitchroom.test>`;

  test('with the relay down for a minute while 100 e-mails wait, all 100 arrive once it is back, each exactly once', async () => {
    const sink = await new SmtpSink().start();
    sinks.push(sink);
    await sink.stop();
    const ids = await enqueue(100, 'outage');
    // Pooled connections (an SMTP_URL option), two e-mails at a time, as a busy site would send: smtp-server holds each new one for 100 ms.
    const transport = createSmtpTransport(`${sink.url}?pool=true&maxConnections=2`);
    // The worker's clock is the test's: the minute passes a second at a time, without waiting for it.
    let clock = Date.now();
    const worker = createMailWorker({
      db: database.db,
      transport,
      from: 'Pitchroom <no-reply@pitchroom.test>',
      messageIdDomain: 'pitchroom.test',
      logger: createLogger('silent'),
      concurrency: 2,
      baseDelayMs: 1_000,
      maxDelayMs: 10_000,
      pollMs: 200,
      now: () => new Date(clock),
    });
    try {
      for (let second = 1; second <= 60; second++) {
        clock += 1_000;
        // Batches of 50: two take every e-mail due.
        await worker.tick();
        await worker.tick();
      }
      expect(sink.received).toHaveLength(0);
      // Retries back off from 1 s to at most 10 s: tried at 1, 2, 4, 8, 16, 26, 36, 46 and 56 s, under the
      // twelve tries before an e-mail is dead.
      const [tried] = await database.db
        .select({ least: sql<number>`min(attempts)::int`, most: sql<number>`max(attempts)::int` })
        .from(mailOutbox);
      expect([Number(tried!.least), Number(tried!.most)]).toEqual([9, 9]);

      await sink.start();
      clock += 10_000;
      worker.start();
      await waitForSent(100, 30_000);
    } finally {
      await worker.stop();
      transport.close();
    }
    const counts = sink.countsByMessageId();
    expect([...counts.keys()].sort()).toEqual(ids.map(messageIdOf).sort());
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  }, 120_000);

  test('a worker process killed with SIGKILL in the middle of a batch: the next one delivers the rest, one e-mail twice at most', async () => {
    const sink = await new SmtpSink().start();
    sinks.push(sink);
    const ids = await enqueue(30, 'killed');
    const startWorker = () =>
      spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'mail-worker-process.ts')], {
        env: { PATH: process.env.PATH ?? '', DATABASE_URL: pg.url, SMTP_URL: sink.url, LEASE_MS: '2000' },
        stdio: 'ignore',
      });

    // Killed as the fifth e-mail of its first batch (of ten) has arrived but before the relay has said so:
    // the worst moment, as the worker cannot know that e-mail was delivered.
    const first = startWorker();
    const firstGone = new Promise<string | null>((resolve) => first.once('exit', (_code, signal) => resolve(signal)));
    let inFlight: string | undefined;
    sink.onReceived = (mail) => {
      if (sink.received.length === 5) {
        inFlight = mail.messageId;
        first.kill('SIGKILL');
      }
    };
    expect(await firstGone).toBe('SIGKILL');
    sink.onReceived = undefined;
    expect(sink.received).toHaveLength(5);
    expect(await countSent()).toBe(4);

    // The killed worker's lease runs out after 2 s and the next worker takes its batch over.
    const second = startWorker();
    try {
      await waitForSent(30, 30_000);
    } finally {
      second.kill('SIGTERM');
    }
    const counts = sink.countsByMessageId();
    expect([...counts.keys()].sort()).toEqual(ids.map(messageIdOf).sort());
    const twice = [...counts].filter(([, n]) => n > 1);
    expect(twice).toEqual([[inFlight, 2]]);
    expect(sink.received).toHaveLength(31);
  }, 60_000);
});
