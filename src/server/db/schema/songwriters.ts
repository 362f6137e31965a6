import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PRO_AFFILIATIONS } from '../../../common/constants';
import { users } from './auth';
import { createdAt, oneOf, updatedAt } from './helpers';

/**
 * Created with the username at sign-up (step 1); the other fields arrive with the profile step (step 2),
 * which stamps completed_at.
 */
export const songwriterProfiles = pgTable(
  'songwriter_profiles',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    phone: text('phone'),
    streetAddress: text('street_address'),
    city: text('city'),
    stateProvince: text('state_province'),
    zip: text('zip'),
    country: text('country'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('songwriter_profiles_username_unique').on(sql`lower(${t.username})`),
    // The admin's "contains" search of accounts (features/admin/people-search.ts) as index scans (pg_trgm).
    index('songwriter_profiles_username_trgm_idx').using('gin', sql`${t.username} gin_trgm_ops`),
    index('songwriter_profiles_full_name_trgm_idx').using(
      'gin',
      sql`(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '')) gin_trgm_ops`,
    ),
    check('songwriter_profiles_username_check', sql`char_length(${t.username}) between 3 and 50`),
  ],
);

export const songwriterQuestionnaires = pgTable(
  'songwriter_questionnaire',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    yearsWriting: text('years_writing').notNull(),
    songsWritten: text('songs_written').notNull(),
    mostRecentSong: text('most_recent_song').notNull(),
    preferredGenre: text('preferred_genre').notNull(),
    hasPublished: boolean('has_published').notNull(),
    proAffiliation: text('pro_affiliation', { enum: PRO_AFFILIATIONS }).notNull().default('Not Affiliated'),
    howFoundUs: text('how_found_us').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('songwriter_questionnaire_pro_check', oneOf(t.proAffiliation, PRO_AFFILIATIONS))],
);
