import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { REVIEW_STATUSES, REVIEW_VERDICTS, REWRITE } from '../../../common/constants';
import { users } from './auth';
import { storedFiles } from './files';
import { createdAt, id, oneOf, updatedAt } from './helpers';
import { orders } from './orders';

/** One submitted song of an order, and the admin's written review of it. */
export const songReviews = pgTable(
  'song_reviews',
  {
    id: id(),
    songwriterId: text('songwriter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    songNumber: integer('song_number').notNull(),
    songTitle: text('song_title').notNull(),
    audioFileId: uuid('audio_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    lyricsText: text('lyrics_text'),
    lyricsFileId: uuid('lyrics_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    storyArc: text('story_arc').notNull(),
    aiUsage: text('ai_usage').notNull(),
    additionalNotes: text('additional_notes'),
    status: text('status', { enum: REVIEW_STATUSES }).notNull().default('pending'),
    adminReview: text('admin_review'),
    /** The reviewer's verdict; null until chosen, and on reviews sent before the rubric. */
    verdict: text('verdict', { enum: REVIEW_VERDICTS }),
    /** The day (America/Chicago) the review is due: 10 business days after the song arrived (decision 0049). */
    dueOn: date('due_on', { mode: 'string' }),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /**
     * Set on a rewrite (the song's second round, decision 0050): the first review it answers. A rewrite is a
     * review of its own (status, text, rubric, notes, rating); a first review has none of these three columns.
     */
    rewriteOf: uuid('rewrite_of').references((): AnyPgColumn => songReviews.id, { onDelete: 'cascade' }),
    /** The songwriter's note on what the rewrite changed; null once an erased account's words are removed. */
    rewriteNote: text('rewrite_note'),
    /** The admin a rewrite goes to: whoever sent the first review. Null once that account is gone. */
    reviewerId: text('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    readBySongwriter: boolean('read_by_songwriter').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One first review per song of an order; its rewrite shares the order and song number.
    uniqueIndex('song_reviews_first_round_unique')
      .on(t.orderId, t.songNumber)
      .where(sql`${t.rewriteOf} is null`),
    // One rewrite per first review.
    unique('song_reviews_rewrite_of_unique').on(t.rewriteOf),
    index('song_reviews_songwriter_created_idx').on(t.songwriterId, t.createdAt.desc()),
    index('song_reviews_status_created_idx').on(t.status, t.createdAt.desc()),
    check('song_reviews_status_check', oneOf(t.status, REVIEW_STATUSES)),
    check('song_reviews_verdict_check', oneOf(t.verdict, REVIEW_VERDICTS)),
    check('song_reviews_song_number_check', sql`${t.songNumber} between 1 and 4`),
    check('song_reviews_rewrite_fields_check', sql`${t.rewriteOf} is not null or (${t.rewriteNote} is null and ${t.reviewerId} is null)`),
    check(
      'song_reviews_rewrite_note_check',
      sql`${t.rewriteNote} ~ '[^[:space:]]' and char_length(${t.rewriteNote}) <= ${sql.raw(String(REWRITE.noteMax))}`,
    ),
  ],
);

export const reviewMessages = pgTable(
  'review_messages',
  {
    id: id(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => songReviews.id, { onDelete: 'cascade' }),
    senderId: text('sender_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    read: boolean('read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('review_messages_review_created_idx').on(t.reviewId, t.createdAt),
    index('review_messages_unread_idx')
      .on(t.reviewId)
      .where(sql`${t.read} = false`),
    check('review_messages_message_check', sql`${t.message} ~ '[^[:space:]]'`),
  ],
);
