import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { OUTBOX_STATUSES } from '../../../common/constants';
import { createdAt, id, oneOf } from './helpers';

/** An attachment as the outbox stores it: a few kilobytes, base64 in JSON. */
export interface StoredMailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

/**
 * E-mails to send. Written in the same transaction as the change that causes them; the mail worker
 * claims due rows with FOR UPDATE SKIP LOCKED and a lease, so several instances deliver each once.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    replyTo: text('reply_to'),
    /** Files sent with the e-mail (a signed agreement's PDF), kept whole so a retry sends the same bytes. */
    attachments: jsonb('attachments').$type<StoredMailAttachment[]>(),
    /** Extra header lines sent as written (List-Unsubscribe on a mailing), by name. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** Which template made it, for the admin Outbox page and tests. */
    kind: text('kind').notNull(),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('mail_outbox_created_idx').on(t.createdAt.desc()),
    check('mail_outbox_status_check', oneOf(t.status, OUTBOX_STATUSES)),
    check('mail_outbox_attempts_check', sql`${t.attempts} >= 0`),
  ],
);

/**
 * A paused outbox, one row at most (its key is always true), written by `npm run restore`: the backup's pending
 * mail may have been sent by the old site after the backup. While the row exists no mail is sent; an admin
 * sends or discards the held mail (the Outbox page) and the row goes.
 */
export const mailOutboxHold = pgTable(
  'mail_outbox_hold',
  {
    singleton: boolean('singleton').primaryKey().default(true),
    /** When the restore paused it: every row created before is the backup's. */
    heldAt: timestamp('held_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the restored backup's snapshot was taken. */
    backupCreatedAt: timestamp('backup_created_at', { withTimezone: true }).notNull(),
    /** How many e-mails the backup held pending. */
    pendingInBackup: integer('pending_in_backup').notNull(),
  },
  (t) => [
    check('mail_outbox_hold_singleton_check', sql`${t.singleton}`),
    check('mail_outbox_hold_pending_check', sql`${t.pendingInBackup} >= 0`),
  ],
);
