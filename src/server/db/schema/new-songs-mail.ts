import { date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** Buyers who turned the weekly e-mail of new songs off (on their account page, or by its unsubscribe link). */
export const newSongsMailOptOuts = pgTable('new_songs_mail_opt_outs', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  optedOutAt: timestamp('opted_out_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each weekly e-mail of new songs queued, one a buyer a week (the key makes a rerun, or a second server, send
 * nothing more). `coveredTo` is where the songs it listed end: the next e-mail lists those added after it.
 */
export const newSongsMails = pgTable(
  'new_songs_mails',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    coveredTo: timestamp('covered_to', { withTimezone: true }).notNull(),
    songCount: integer('song_count').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.weekStart] })],
);
