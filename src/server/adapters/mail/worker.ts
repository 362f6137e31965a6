import { and, asc, eq, inArray, isNull, lt, lte, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox, mailOutboxHold } from '../../db/schema';
import type { Logger } from '../../lib/logger';
import type { MailTransport } from './transport';

export interface MailWorkerOptions {
  db: Db;
  transport: MailTransport;
  from: string;
  /** Host part of Message-IDs. */
  messageIdDomain: string;
  logger: Logger;
  batchSize?: number;
  /** E-mails handed to the transport at once (an SMTP transport keeps as many connections open). */
  concurrency?: number;
  /** Told of each e-mail delivered, for /metrics. */
  onSent?: () => void;
  /** How long a claimed row stays invisible to other workers while it is being sent. */
  leaseMs?: number;
  /** First retry delay; doubles per attempt up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** After this many failed attempts the row is marked dead and shown as such on the Outbox page. */
  maxAttempts?: number;
  pollMs?: number;
  /**
   * The clock that times retries and leases. Without one the database's is used, so that workers in several
   * processes agree on when a lease runs out (tests pass their own, to move through a long outage at once).
   */
  now?: () => Date;
}

export interface MailWorker {
  /** Claims and delivers one batch of due e-mails; returns how many were sent. */
  tick(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

export function retryDelayMs(attempt: number, baseDelayMs: number, maxDelayMs: number): number {
  return Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, attempt - 1));
}

/**
 * Leases due rows. SKIP LOCKED lets concurrent workers take disjoint batches. Nothing is due while a restore's
 * pause (mail_outbox_hold) stands.
 */
async function claimDue(db: Db, { batchSize, leaseMs, nowSql }: { batchSize: number; leaseMs: number; nowSql: () => SQL }) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.status, 'pending'),
          lte(mailOutbox.nextAttemptAt, nowSql()),
          or(isNull(mailOutbox.lockedUntil), lt(mailOutbox.lockedUntil, nowSql())),
          notExists(tx.select({ held: mailOutboxHold.singleton }).from(mailOutboxHold)),
        ),
      )
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailOutbox)
      .set({
        lockedUntil: sql`${nowSql()} + ${`${leaseMs} milliseconds`}::interval`,
        attempts: sql`${mailOutbox.attempts} + 1`,
      })
      .where(
        inArray(
          mailOutbox.id,
          due.map((r) => r.id),
        ),
      )
      .returning();
  });
}

export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const {
    db,
    transport,
    logger,
    batchSize = 50,
    concurrency = 1,
    leaseMs = 60_000,
    baseDelayMs = 5_000,
    maxDelayMs = 60 * 60_000,
    maxAttempts = 12,
    pollMs = 1_000,
    now,
  } = options;

  /** The moment, as SQL: the given clock's, or else the database's. */
  const nowSql = () => (now ? sql`${now().toISOString()}::timestamptz` : sql`now()`);

  const claim = () => claimDue(db, { batchSize, leaseMs, nowSql });
  type Row = Awaited<ReturnType<typeof claim>>[number];

  /** Hands one e-mail to the transport and records the outcome: sent, or due again after its back-off. */
  async function deliver(row: Row): Promise<boolean> {
    try {
      await transport.send({
        messageId: `<${row.id}@${options.messageIdDomain}>`,
        from: options.from,
        to: row.toAddress,
        replyTo: row.replyTo ?? undefined,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody ?? undefined,
        attachments: row.attachments?.map(({ filename, contentType, contentBase64 }) => ({
          filename,
          contentType,
          content: Buffer.from(contentBase64, 'base64'),
        })),
        headers: row.headers ?? undefined,
      });
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: nowSql(), lockedUntil: null, lastError: null })
        .where(eq(mailOutbox.id, row.id));
      options.onSent?.();
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const dead = row.attempts >= maxAttempts;
      const delay = retryDelayMs(row.attempts, baseDelayMs, maxDelayMs);
      await db
        .update(mailOutbox)
        .set({
          status: dead ? 'dead' : 'pending',
          lastError: message.slice(0, 1000),
          lockedUntil: null,
          nextAttemptAt: sql`${nowSql()} + ${`${delay} milliseconds`}::interval`,
        })
        .where(eq(mailOutbox.id, row.id));
      logger.warn({ outboxId: row.id, attempt: row.attempts, dead, err: message }, 'mail delivery failed');
      return false;
    }
  }

  /** Claims one batch and delivers it, `concurrency` e-mails at a time; answers how many were claimed and sent. */
  async function deliverBatch(): Promise<{ claimed: number; sent: number }> {
    const rows = await claim();
    let next = 0;
    let sent = 0;
    // A delivery whose outcome could not be written is logged and its lane goes on (the lease makes the row due
    // again): the batch settles only once none of its e-mails is still being sent, so stop() waits for them all.
    const lane = async () => {
      while (next < rows.length) {
        const row = rows[next++]!;
        if (await deliver(row).catch((error: unknown) => logger.error({ err: error, outboxId: row.id }, 'recording a delivery failed')))
          sent++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, lane));
    return { claimed: rows.length, sent };
  }

  async function tick(): Promise<number> {
    return (await deliverBatch()).sent;
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  // A full batch means more is likely due: the next is claimed at once, not after the poll interval.
  const loop = () => {
    if (stopped) return;
    let full = false;
    running = deliverBatch()
      .then(({ claimed }) => (full = claimed === batchSize))
      .catch((error: unknown) => logger.error({ err: error }, 'mail worker tick failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, full ? 0 : pollMs);
      });
  };

  return {
    tick,
    start() {
      if (!stopped) return;
      stopped = false;
      loop();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
