import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PITCH_AGREEMENT_STATUSES } from '../../../common/constants';
import { users } from './auth';
import { createdAt, id, oneOf, updatedAt } from './helpers';
import { songReviews } from './reviews';

/**
 * An admin's offer to pitch a reviewed song, and the songwriter's answer. Once accepted, the row is the
 * signed record: its terms, the text's hash and the signature are never changed (a trigger refuses it).
 */
export const pitchAgreements = pgTable(
  'pitch_agreements',
  {
    id: id(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => songReviews.id, { onDelete: 'cascade' }),
    songwriterId: text('songwriter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    offeredBy: text('offered_by').references(() => users.id, { onDelete: 'set null' }),
    commissionPercent: integer('commission_percent').notNull(),
    termMonths: integer('term_months').notNull(),
    note: text('note'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: PITCH_AGREEMENT_STATUSES }).notNull().default('offered'),
    textVersion: text('text_version').notNull(),
    /** The agreement exactly as the songwriter reads it, rendered once when offered; what a signature covers. */
    agreementText: text('agreement_text').notNull(),
    declineReason: text('decline_reason'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    signedName: text('signed_name'),
    textSha256: text('text_sha256'),
    signedIp: text('signed_ip'),
    signedUserAgent: text('signed_user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One open or accepted agreement per song at a time; declined, withdrawn and expired ones stay as history.
    uniqueIndex('pitch_agreements_one_live_per_review')
      .on(t.reviewId)
      .where(sql`${t.status} in ('offered', 'accepted')`),
    index('pitch_agreements_songwriter_created_idx').on(t.songwriterId, t.createdAt.desc()),
    check('pitch_agreements_status_check', oneOf(t.status, PITCH_AGREEMENT_STATUSES)),
    // The ranges of PITCH_AGREEMENT (src/common/constants.ts).
    check('pitch_agreements_commission_check', sql`${t.commissionPercent} between 1 and 50`),
    check('pitch_agreements_term_check', sql`${t.termMonths} between 1 and 60`),
    check(
      'pitch_agreements_signed_check',
      sql`(${t.status} = 'accepted') = (${t.signedName} is not null and ${t.textSha256} is not null and ${t.answeredAt} is not null)`,
    ),
  ],
);
