import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
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
  /** How long a claimed row stays invisible to other workers while it is being sent. */
  leaseMs?: number;
  /** First retry delay; doubles per attempt up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** After this many failed attempts the row is marked dead and shown as such on the Outbox page. */
  maxAttempts?: number;
  pollMs?: number;
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

export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const {
    db,
    transport,
    logger,
    batchSize = 10,
    leaseMs = 60_000,
    baseDelayMs = 5_000,
    maxDelayMs = 60 * 60_000,
    maxAttempts = 12,
    pollMs = 1_000,
  } = options;

  /** Leases due rows. SKIP LOCKED lets concurrent workers take disjoint batches. */
  async function claim() {
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.status, 'pending'),
            lte(mailOutbox.nextAttemptAt, sql`now()`),
            or(isNull(mailOutbox.lockedUntil), lt(mailOutbox.lockedUntil, sql`now()`)),
          ),
        )
        .orderBy(asc(mailOutbox.nextAttemptAt))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(mailOutbox)
        .set({
          lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
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

  async function tick(): Promise<number> {
    const rows = await claim();
    let sent = 0;
    for (const row of rows) {
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
        });
        await db
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null, lastError: null })
          .where(eq(mailOutbox.id, row.id));
        sent++;
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
            nextAttemptAt: sql`now() + ${`${delay} milliseconds`}::interval`,
          })
          .where(eq(mailOutbox.id, row.id));
        logger.warn({ outboxId: row.id, attempt: row.attempts, dead, err: message }, 'mail delivery failed');
      }
    }
    return sent;
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  const loop = () => {
    if (stopped) return;
    running = tick()
      .catch((error: unknown) => logger.error({ err: error }, 'mail worker tick failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, pollMs);
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
