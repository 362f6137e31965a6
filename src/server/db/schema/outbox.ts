import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
