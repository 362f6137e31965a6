/** What the admin's outbox routes answer. */
import { z } from 'zod';
import { OUTBOX_STATUSES } from '../constants';
import { paged, timestamp } from './common';

/** A row of GET /api/admin/outbox */
export const OutboxListItemSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: timestamp,
  sentAt: timestamp.nullable(),
});
export type OutboxListItem = z.output<typeof OutboxListItemSchema>;
export const OutboxPageSchema = paged(OutboxListItemSchema);
export type OutboxPage = z.output<typeof OutboxPageSchema>;

/** GET /api/admin/outbox/:id */
export const OutboxMessageSchema = OutboxListItemSchema.extend({
  replyTo: z.string().nullable(),
  text: z.string(),
  /** The file names of what is attached; the files themselves go only to the recipient. */
  attachments: z.array(z.string()),
});
export type OutboxMessage = z.output<typeof OutboxMessageSchema>;

/** GET /api/admin/outbox-hold: whether a restore paused sending, and what waits. */
export const OutboxHoldSchema = z.object({
  hold: z
    .object({
      heldAt: timestamp,
      backupCreatedAt: timestamp,
      /** Pending in the backup when it was restored. */
      pendingInBackup: z.number(),
      /** The backup's e-mails still waiting now. */
      waitingFromBackup: z.number(),
      /** E-mails the restored site wrote since, waiting behind the pause. */
      waitingSinceRestore: z.number(),
    })
    .nullable(),
});
export type OutboxHold = z.output<typeof OutboxHoldSchema>;

/** POST /api/admin/outbox-hold/release */
export const OutboxReleaseResultSchema = z.object({
  /** E-mails now due to be sent. */
  released: z.number(),
  /** The backup's e-mails marked discarded. */
  discarded: z.number(),
});
export type OutboxReleaseResult = z.output<typeof OutboxReleaseResultSchema>;
