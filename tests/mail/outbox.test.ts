import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { enqueueMail, listUnsubscribeHeaders } from '../../src/server/adapters/mail/outbox';
import { createFileTransport, createSmtpTransport, type MailTransport } from '../../src/server/adapters/mail/transport';
import { createMailWorker, retryDelayMs, type MailWorker, type MailWorkerOptions } from '../../src/server/adapters/mail/worker';
import { mailOutbox } from '../../src/server/db/schema';
import { makeUser } from '../../src/server/db/seed/factories';
import { createLogger } from '../../src/server/lib/logger';
import { signedInClient } from '../api/helpers';
import { createTestApp, type TestApp } from '../setup/test-app';
import { parseHeaders, SmtpSink } from './smtp-sink';

const FROM = 'Pitchroom <no-reply@pitchroom.test>';
const DOMAIN = 'pitchroom.test';
const BASE_DELAY_MS = 60_000;

let t: TestApp;
const transports: MailTransport[] = [];
const sinks: SmtpSink[] = [];

beforeAll(async () => {
  t = await createTestApp({ ADMIN_NOTIFY_EMAIL: 'desk@pitchroom.test' });
});
afterAll(() => t.close());
// The worker takes every due row of the table, so each test starts from an empty outbox.
beforeEach(async () => {
  await t.db.delete(mailOutbox);
});
afterEach(async () => {
  for (const transport of transports.splice(0)) transport.close();
  for (const sink of sinks.splice(0)) await sink.stop();
});

async function startSink(): Promise<SmtpSink> {
  const sink = await new SmtpSink().start();
  sinks.push(sink);
  return sink;
}

function worker(transport: MailTransport, options: Partial<MailWorkerOptions> = {}): MailWorker {
  transports.push(transport);
  return createMailWorker({
    db: t.db,
    transport,
    from: FROM,
    messageIdDomain: DOMAIN,
    logger: createLogger('silent'),
    // Retries far in the future: a test makes them due (makeDue) instead of waiting for them.
    baseDelayMs: BASE_DELAY_MS,
    maxDelayMs: 4 * BASE_DELAY_MS,
    ...options,
  });
}

async function enqueue(n: number, prefix = 'mail') {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    ids.push(
      await enqueueMail(t.db, {
        to: `${prefix}-${i}@example.test`,
        kind: 'test',
        subject: `${prefix} number ${i}`,
        text: `Body of ${prefix} ${i}.`,
        html: `<p>Body of ${prefix} ${i}.</p>`,
      }),
    );
  }
  return ids;
}

const outboxRows = () => t.db.select().from(mailOutbox).orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.toAddress));

/** The database's clock, in ms: the worker schedules retries by it. */
async function dbNow(): Promise<number> {
  const result = await t.db.execute(sql`select (extract(epoch from now()) * 1000)::float8 as ms`);
  return Number((result as unknown as { rows: { ms: number }[] }).rows[0]!.ms);
}

/** As if every retry delay had run out: each pending e-mail is due now, by the database's clock. */
async function makeDue() {
  await t.db.execute(sql`update mail_outbox set next_attempt_at = now() where status = 'pending'`);
}

const messageIdOf = (rowId: string) => `<${rowId}@${DOMAIN}>`;

test('retry delays double per attempt from the base and stop at the maximum', () => {
  expect([1, 2, 3, 4, 5].map((a) => retryDelayMs(a, 20, 200))).toEqual([20, 40, 80, 160, 200]);
  expect(retryDelayMs(30, 5_000, 3_600_000)).toBe(3_600_000);
});

describe('delivery by SMTP', () => {
  test('a backlog goes out batch after batch without waiting to poll, several e-mails at once over kept connections', async () => {
    const sink = await startSink();
    const ids = await enqueue(30, 'backlog');
    let counted = 0;
    // Polling once an hour: only a worker that goes on after a full batch sends the second and third.
    const w = worker(createSmtpTransport(sink.url, 4), { batchSize: 10, concurrency: 4, pollMs: 3_600_000, onSent: () => counted++ });
    w.start();
    try {
      await expect.poll(() => sink.received.length, { timeout: 30_000 }).toBe(ids.length);
    } finally {
      await w.stop();
    }
    expect((await outboxRows()).map((r) => r.status)).toEqual(ids.map(() => 'sent'));
    expect(counted).toBe(ids.length);
    expect(sink.mostSessionsAtOnce).toBeGreaterThan(1);
    expect(sink.mostSessionsAtOnce).toBeLessThanOrEqual(4);
  });

  test('while the relay is down nothing is lost; when it comes back on the same port each e-mail arrives exactly once', async () => {
    const sink = await startSink();
    const port = sink.port;
    await sink.stop();

    const ids = await enqueue(5, 'outage');
    const w = worker(createSmtpTransport(sink.url));

    const firstTried = await dbNow();
    expect(await w.tick()).toBe(0);
    const afterFirst = await outboxRows();
    const firstDone = await dbNow();
    for (const row of afterFirst) {
      expect(row.status).toBe('pending');
      expect(row.attempts).toBe(1);
      expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(row.lockedUntil).toBeNull();
      expect(row.sentAt).toBeNull();
      // Retried after the base delay.
      expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(firstTried + BASE_DELAY_MS - 1);
      expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(firstDone + BASE_DELAY_MS + 1);
    }
    // Not before: a tick now finds nothing due and tries nothing.
    expect(await w.tick()).toBe(0);
    expect((await outboxRows()).map((row) => row.attempts)).toEqual(afterFirst.map(() => 1));

    await makeDue();
    const secondTried = await dbNow();
    expect(await w.tick()).toBe(0);
    const afterSecond = await outboxRows();
    const secondDone = await dbNow();
    for (const row of afterSecond) {
      expect(row.status).toBe('pending');
      expect(row.attempts).toBe(2);
      // The delay doubles.
      expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(secondTried + 2 * BASE_DELAY_MS - 1);
      expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(secondDone + 2 * BASE_DELAY_MS + 1);
    }
    expect(sink.received).toHaveLength(0);

    await sink.start();
    expect(sink.port).toBe(port);
    await makeDue();
    // One batch takes all five.
    expect(await w.tick()).toBe(ids.length);
    // Extra ticks find nothing left to send.
    expect(await w.tick()).toBe(0);

    const counts = sink.countsByMessageId();
    expect([...counts.keys()].sort()).toEqual(ids.map(messageIdOf).sort());
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    for (const row of await outboxRows()) {
      expect(row.status).toBe('sent');
      expect(row.sentAt).toBeInstanceOf(Date);
      expect(row.lastError).toBeNull();
      expect(row.lockedUntil).toBeNull();
      expect(row.attempts).toBe(3);
    }
    const delivered = sink.received.find((m) => m.messageId === messageIdOf(ids[2]!))!;
    expect(delivered.envelopeTo).toEqual(['outage-2@example.test']);
    const headers = parseHeaders(delivered.raw);
    expect(headers.get('subject')).toBe('outage number 2');
    expect(headers.get('from')).toBe(FROM);
    expect(delivered.raw).toContain('Body of outage 2.');
  });

  test('two workers ticking at once deliver each of 30 e-mails exactly once', async () => {
    const sink = await startSink();
    const ids = await enqueue(30, 'busy');
    // Pooled connections (an SMTP_URL option) keep this quick: smtp-server holds each new connection for 100 ms.
    const smtpUrl = `${sink.url}?pool=true&maxConnections=1`;
    const workers = [worker(createSmtpTransport(smtpUrl), { batchSize: 4 }), worker(createSmtpTransport(smtpUrl), { batchSize: 4 })];

    let sent = 0;
    const perWorker = [0, 0];
    const deadline = Date.now() + 20_000;
    while (sent < ids.length && Date.now() < deadline) {
      const results = await Promise.all(workers.map((w) => w.tick()));
      results.forEach((n, i) => (perWorker[i]! += n));
      sent += results[0]! + results[1]!;
    }

    expect(sent).toBe(30);
    expect(sink.received).toHaveLength(30);
    const counts = sink.countsByMessageId();
    expect([...counts.keys()].sort()).toEqual(ids.map(messageIdOf).sort());
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    // Both took part: neither waited for the other to finish everything.
    expect(perWorker[0]).toBeGreaterThan(0);
    expect(perWorker[1]).toBeGreaterThan(0);
    const rows = await outboxRows();
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  test('after maxAttempts failures an e-mail is marked dead and no longer tried', async () => {
    const sink = await startSink();
    await sink.stop();
    const [id] = await enqueue(1, 'doomed');
    const w = worker(createSmtpTransport(sink.url), { maxAttempts: 3 });

    for (let attempt = 1; attempt <= 3; attempt++) {
      await makeDue();
      expect(await w.tick()).toBe(0);
      const [row] = await outboxRows();
      expect(row!.attempts).toBe(attempt);
      expect(row!.status).toBe(attempt < 3 ? 'pending' : 'dead');
    }
    const [dead] = await outboxRows();
    expect(dead).toMatchObject({ id, status: 'dead', attempts: 3, sentAt: null });
    expect(dead!.lastError).toBeTruthy();

    // Even when its retry time has long passed and the relay is back, a dead e-mail is not picked up again.
    await t.db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() - 3_600_000) });
    await sink.start();
    expect(await w.tick()).toBe(0);
    expect(sink.received).toHaveLength(0);
    expect((await outboxRows())[0]).toMatchObject({ status: 'dead', attempts: 3 });
  });
});

test('an e-mail queued in a transaction that rolls back is never sent', async () => {
  const sink = await startSink();
  await expect(
    t.db.transaction(async (tx) => {
      await enqueueMail(tx, { to: 'never@example.test', kind: 'test', subject: 'Never', text: 'Never sent.', html: '<p>Never sent.</p>' });
      throw new Error('the change failed after queuing its e-mail');
    }),
  ).rejects.toThrow('the change failed');
  const kept = await enqueue(1, 'kept');
  const w = worker(createSmtpTransport(sink.url));
  expect(await w.tick()).toBe(1);
  expect(await w.tick()).toBe(0);
  expect(sink.received.map((m) => m.messageId)).toEqual([messageIdOf(kept[0]!)]);
  expect((await outboxRows()).map((r) => r.toAddress)).toEqual(['kept-0@example.test']);
});

test("a mailing's unsubscribe headers reach the relay as written, a long signed link whole", async () => {
  const sink = await startSink();
  const link = `https://pitchroom.test/api/new-songs-mail/unsubscribe/one-click?token=${'a'.repeat(180)}.${'b'.repeat(43)}`;
  await enqueueMail(t.db, {
    to: 'dana@example.test',
    kind: 'test',
    subject: 'New songs',
    text: 'Two new songs.',
    html: '<p>Two new songs.</p>',
    headers: listUnsubscribeHeaders(link),
  });
  expect(await worker(createSmtpTransport(sink.url)).tick()).toBe(1);
  const headers = parseHeaders(sink.received[0]!.raw);
  // Folded lines are unfolded with a space: a link split across lines would not match.
  expect(headers.get('list-unsubscribe')).toBe(`<${link}>`);
  expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
});

test('an attachment reaches the relay byte for byte, and the Outbox names it without serving it', async () => {
  const sink = await startSink();
  const pdf = Buffer.concat([Buffer.from('%PDF-1.3\n'), Buffer.from(Array.from({ length: 600 }, (_, i) => i % 256))]);
  const id = await enqueueMail(t.db, {
    to: 'casey@example.test',
    kind: 'test',
    subject: 'Signed',
    text: 'The signed agreement is attached.',
    html: '<p>The signed agreement is attached.</p>',
    attachments: [{ filename: 'pitch-agreement.pdf', contentType: 'application/pdf', content: pdf }],
  });
  expect(await worker(createSmtpTransport(sink.url)).tick()).toBe(1);
  const raw = sink.received[0]!.raw;
  expect(parseHeaders(raw).get('content-type')).toMatch(/^multipart\/mixed/);
  const part = /Content-Type: application\/pdf; name=pitch-agreement\.pdf\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(raw);
  expect(part, raw.slice(0, 2000)).not.toBeNull();
  expect(Buffer.from(part![1]!.replace(/\s/g, ''), 'base64').equals(pdf)).toBe(true);

  const admin = await signedInClient(t, await makeUser(t.db, { roles: ['admin'] }));
  const res = await admin.get(`/api/admin/outbox/${id}`);
  expect(res.body).toMatchObject({ attachments: ['pitch-agreement.pdf'] });
  expect(res.text).not.toContain(pdf.toString('base64').slice(0, 40));
});

test('the file transport writes a parseable .eml with the subject, Message-ID and both bodies', async () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'pitchroom-mail-'));
  try {
    const id = await enqueueMail(t.db, {
      to: 'casey@example.test',
      replyTo: 'desk@pitchroom.test',
      kind: 'test',
      subject: 'Your song review is ready',
      text: 'Hello Casey,\n\nYour review of Gravel Road Goodbye is ready.',
      html: '<p>Hello Casey,</p><p>Your review of <b>Gravel Road Goodbye</b> is ready.</p>',
    });
    const w = worker(createFileTransport(folder));
    expect(await w.tick()).toBe(1);

    const files = readdirSync(folder);
    expect(files).toEqual([`${id}@${DOMAIN}.eml`]);
    const raw = readFileSync(path.join(folder, files[0]!), 'utf8');
    const headers = parseHeaders(raw);
    expect(headers.get('message-id')).toBe(messageIdOf(id));
    expect(headers.get('subject')).toBe('Your song review is ready');
    expect(headers.get('to')).toBe('casey@example.test');
    expect(headers.get('from')).toBe(FROM);
    expect(headers.get('reply-to')).toBe('desk@pitchroom.test');
    expect(headers.get('mime-version')).toBe('1.0');
    const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1];
    expect(headers.get('content-type')).toMatch(/^multipart\/alternative/);
    expect(boundary).toBeTruthy();
    const parts = raw.split(`--${boundary}`).slice(1, -1);
    expect(
      parts.map(
        (p) =>
          parseHeaders(p.replace(/^\r?\n/, ''))
            .get('content-type')
            ?.split(';')[0],
      ),
    ).toEqual(['text/plain', 'text/html']);
    expect(raw).toContain('Your review of Gravel Road Goodbye is ready.');

    const [row] = await outboxRows();
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('a contact message is queued to the admin address with the sender as Reply-To, listed by the Outbox API and delivered', async () => {
  const visitor = t.client();
  const res = await visitor.post('/api/contact', {
    name: 'Wade Writer',
    email: 'wade@example.test',
    subject: 'Co-write in March?',
    message: 'I have a hook about a porch light.',
  });
  expect(res.status).toBe(201);

  const [queued] = await t.mailsTo('desk@pitchroom.test');
  expect(queued).toMatchObject({ kind: 'contact', replyTo: 'wade@example.test', status: 'pending' });
  expect(queued!.subject).toContain('Co-write in March?');
  expect(queued!.textBody).toContain('I have a hook about a porch light.');

  const admin = await signedInClient(t, await makeUser(t.db, { roles: ['admin'] }));
  const list = await admin.get('/api/admin/outbox');
  expect(list.status).toBe(200);
  expect(list.body.total).toBe(1);
  expect(list.body.rows).toEqual([
    expect.objectContaining({ id: queued!.id, to: 'desk@pitchroom.test', kind: 'contact', status: 'pending', attempts: 0 }),
  ]);
  const detail = await admin.get(`/api/admin/outbox/${queued!.id}`);
  expect(detail.status).toBe(200);
  expect(detail.body).toMatchObject({ replyTo: 'wade@example.test', to: 'desk@pitchroom.test' });
  expect(detail.body.text).toContain('I have a hook about a porch light.');
  expect((await admin.get('/api/admin/outbox?status=pending')).body.total).toBe(1);
  expect((await admin.get('/api/admin/outbox?status=sent')).body.total).toBe(0);

  const sink = await startSink();
  expect(await worker(createSmtpTransport(sink.url)).tick()).toBe(1);
  expect(sink.received).toHaveLength(1);
  const headers = parseHeaders(sink.received[0]!.raw);
  expect(headers.get('reply-to')).toBe('wade@example.test');
  expect(headers.get('to')).toBe('desk@pitchroom.test');
  expect(sink.received[0]!.envelopeTo).toEqual(['desk@pitchroom.test']);

  const after = await admin.get('/api/admin/outbox?status=sent');
  expect(after.body.rows).toEqual([expect.objectContaining({ id: queued!.id, status: 'sent', attempts: 1 })]);
});
