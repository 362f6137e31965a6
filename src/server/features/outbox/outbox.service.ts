import { count, desc, eq } from 'drizzle-orm';
import type { OutboxStatus } from '../../../common/constants';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
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
