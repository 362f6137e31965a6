import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { COMMENTER_DISPLAYS, SITE_SETTINGS } from '../../../common/constants';
import { users } from './auth';
import { oneOf } from './helpers';

/**
 * The site's settings, one row at most (its key is always true). Until an admin saves them the defaults hold
 * (features/settings), so a new installation needs none.
 */
export const siteSettings = pgTable(
  'site_settings',
  {
    singleton: boolean('singleton').primaryKey().default(true),
    companyLegalName: text('company_legal_name').notNull(),
    companyAddress: text('company_address').notNull(),
    contactEmail: text('contact_email').notNull(),
    governingLaw: text('governing_law').notNull(),
    commenterDisplay: text('commenter_display', { enum: COMMENTER_DISPLAYS }).notNull().default(SITE_SETTINGS.defaultCommenterDisplay),
    /** The faster review (decision 0095): its price per song and its turnaround; both null while it is not offered. */
    fastReviewPriceCents: integer('fast_review_price_cents'),
    fastReviewBusinessDays: integer('fast_review_business_days'),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('site_settings_singleton_check', sql`${t.singleton}`),
    check('site_settings_commenter_display_check', oneOf(t.commenterDisplay, COMMENTER_DISPLAYS)),
    check('site_settings_fast_review_check', sql`(${t.fastReviewPriceCents} is null) = (${t.fastReviewBusinessDays} is null)`),
  ],
);
