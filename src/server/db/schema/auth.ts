import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/*
 * better-auth's tables. Property names are the field names better-auth expects; columns are snake_case.
 * Ids are text because better-auth generates them.
 */

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull().default(''),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Ours, not better-auth's: sessions are deleted at sign-out, so the last sign-in is kept here. */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /**
     * Ours: when the person deleted the account (or an admin did on request). The row stays, emptied of every
     * personal field, so the orders, signed pitch agreements and placements it holds keep their owner (0047).
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // better-auth lower-cases e-mails; the unique index on lower() also guards direct inserts.
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    index('users_created_at_idx').on(t.createdAt),
    // The dashboard counts deleted accounts; there are few.
    index('users_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    // The admin's "contains" search of accounts (features/admin/people-search.ts) as index scans (pg_trgm).
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('users_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  // (user_id, created_at) also answers "last sign-in" for the admin user listing.
  (t) => [index('sessions_user_id_created_at_idx').on(t.userId, t.createdAt)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** Rate-limit counters: better-auth's, and our own routes' through lib/rate-limit. Kept in the database so every instance shares them. */
export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});
