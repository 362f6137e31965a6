import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { OutboxRelease, OutboxStatus } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import type { Db, DbOrTx } from '../../db/client';
import { mailOutbox, mailOutboxHold } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { withoutLinkTokens } from '../../lib/token-redaction';
import type { Actor } from '../accounts';
import { recordAudit } from '../audit';

/**
 * E-mails whose link lets its holder into the recipient's account (a new password, orders moved to it): the
 * Outbox shows them with the token hidden, so reading the Outbox is not signing in as anyone. The e-mail
 * itself, and its .eml file, keep the whole link.
 */
const KINDS_WITH_HIDDEN_LINKS: ReadonlySet<string> = new Set(['reset-password', 'claim-orders', 'sign-in-locked']);

export async function listOutbox({ db, page, pageSize, status }: { db: Db; page: number; pageSize: number; status?: OutboxStatus }) {
  const where = status ? eq(mailOutbox.status, status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: mailOutbox.id,
        to: mailOutbox.toAddress,
        subject: mailOutbox.subject,
        kind: mailOutbox.kind,
        status: mailOutbox.status,
        attempts: mailOutbox.attempts,
        lastError: mailOutbox.lastError,
        createdAt: mailOutbox.createdAt,
        sentAt: mailOutbox.sentAt,
      })
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(mailOutbox).where(where),
  ]);
  return { rows, total: total?.total ?? 0, page, pageSize };
}

/** One e-mail, whole: an admin reading someone's mail is kept in the audit trail (the list shows only headers). */
export async function getOutboxMessage({ db, admin, id }: { db: Db; admin: Actor; id: string }) {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'That e-mail does not exist.');
  await recordAudit(db, {
    actor: admin,
    action: 'outbox_message.read',
    subject: { kind: 'outbox_message', id: row.id },
    summary: `Opened “${row.subject}” to ${row.toAddress}`,
  });
  return {
    id: row.id,
    to: row.toAddress,
    replyTo: row.replyTo,
    subject: row.subject,
    kind: row.kind,
    status: row.status,
    text: KINDS_WITH_HIDDEN_LINKS.has(row.kind) ? withoutLinkTokens(row.textBody) : row.textBody,
    attachments: (row.attachments ?? []).map((file) => file.filename),
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt,
    sentAt: row.sentAt,
  };
}

/** Pending e-mails created before `at` (the backup's) and from it on (written since the restore). */
async function waitingAround(db: DbOrTx, at: Date) {
  const [row] = await db
    .select({
      before: sql<number>`count(*) filter (where ${lt(mailOutbox.createdAt, at)})`.mapWith(Number),
      since: sql<number>`count(*) filter (where ${gte(mailOutbox.createdAt, at)})`.mapWith(Number),
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, 'pending'));
  return { before: row?.before ?? 0, since: row?.since ?? 0 };
}

/** Whether a restore paused sending, and how many e-mails wait. */
export async function getOutboxHold({ db }: { db: Db }) {
  const [hold] = await db.select().from(mailOutboxHold);
  if (!hold) return { hold: null };
  const waiting = await waitingAround(db, hold.heldAt);
  return {
    hold: {
      heldAt: hold.heldAt,
      backupCreatedAt: hold.backupCreatedAt,
      pendingInBackup: hold.pendingInBackup,
      waitingFromBackup: waiting.before,
      waitingSinceRestore: waiting.since,
    },
  };
}

/**
 * Ends the pause a restore left: the backup's pending e-mails are sent, or marked discarded (the old site may
 * have sent them after the backup); e-mails written since the restore are sent either way.
 */
export async function releaseOutbox({ db, admin, held }: { db: Db; admin: Actor; held: OutboxRelease }) {
  return db.transaction(async (tx) => {
    const [hold] = await tx.delete(mailOutboxHold).returning();
    if (!hold) throw new AppError('CONFLICT', MESSAGES.outbox.notHeld);
    const waiting = await waitingAround(tx, hold.heldAt);
    let discarded = 0;
    if (held === 'discard') {
      const rows = await tx
        .update(mailOutbox)
        .set({ status: 'discarded', lockedUntil: null })
        .where(and(eq(mailOutbox.status, 'pending'), lt(mailOutbox.createdAt, hold.heldAt)))
        .returning({ id: mailOutbox.id });
      discarded = rows.length;
    }
    const released = waiting.before + waiting.since - discarded;
    await recordAudit(tx, {
      actor: admin,
      action: 'outbox.release',
      subject: { kind: 'outbox', id: 'outbox' },
      summary:
        held === 'send'
          ? `Sent the ${waiting.before} emails held since the restore of the backup of ${hold.backupCreatedAt.toISOString()}`
          : `Discarded the ${discarded} emails held since the restore of the backup of ${hold.backupCreatedAt.toISOString()}`,
      changes: { paused: { before: true, after: false }, ...(discarded > 0 && { discarded: { before: 0, after: discarded } }) },
    });
    return { released, discarded };
  });
}
