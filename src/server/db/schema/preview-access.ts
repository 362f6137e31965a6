import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PREVIEW_REQUEST_STATUSES, PRO_AFFILIATIONS } from '../../../common/constants';
import { users } from './auth';
import { createdAt, id, oneOf } from './helpers';

export const previewRequests = pgTable(
  'preview_requests',
  {
    id: id(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    companyName: text('company_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default('N/A'),
    proAffiliation: text('pro_affiliation', { enum: PRO_AFFILIATIONS }).notNull(),
    projectDescription: text('project_description').notNull(),
    status: text('status', { enum: PREVIEW_REQUEST_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    autoApprovedAt: timestamp('auto_approved_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: text('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    /** The admin lets this user download tagged MP3s and lyric sheets; false: stream only. */
    downloadAllowed: boolean('download_allowed').notNull().default(false),
  },
  (t) => [
    index('preview_requests_user_id_idx').on(t.userId),
    index('preview_requests_email_idx').on(sql`lower(${t.email})`),
    index('preview_requests_status_created_idx').on(t.status, t.createdAt.desc()),
    // One open request per e-mail: a repeat reuses it, even when two arrive at once.
    uniqueIndex('preview_requests_open_email_unique')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.status} in ('pending', 'approved')`),
    check('preview_requests_status_check', oneOf(t.status, PREVIEW_REQUEST_STATUSES)),
    check('preview_requests_pro_check', oneOf(t.proAffiliation, PRO_AFFILIATIONS)),
    check('preview_requests_name_check', sql`char_length(${t.name}) between 1 and 100`),
    check('preview_requests_company_check', sql`char_length(${t.companyName}) between 1 and 150`),
    check('preview_requests_description_check', sql`char_length(${t.projectDescription}) between 1 and 1000`),
  ],
);

export const blockedRequests = pgTable(
  'blocked_requests',
  {
    id: id(),
    email: text('email').notNull(),
    phone: text('phone'),
    blockedBy: text('blocked_by').references(() => users.id, { onDelete: 'set null' }),
    originalRequestId: uuid('original_request_id').references(() => previewRequests.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('blocked_requests_email_unique').on(sql`lower(${t.email})`)],
);
