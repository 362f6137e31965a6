import { sql } from 'drizzle-orm';
import { check, index, pgTable, real, text, uuid } from 'drizzle-orm/pg-core';
import { REVIEW_NOTE_LIMITS } from '../../../common/constants';
import { users } from './auth';
import { createdAt, id, updatedAt } from './helpers';
import { songReviews } from './reviews';

/** A reviewer's note at a moment of the submitted audio ("0:47 the chorus lift comes too late"). */
export const reviewNotes = pgTable(
  'review_notes',
  {
    id: id(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => songReviews.id, { onDelete: 'cascade' }),
    atSeconds: real('at_seconds').notNull(),
    text: text('text').notNull(),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('review_notes_review_at_idx').on(t.reviewId, t.atSeconds),
    check('review_notes_at_seconds_check', sql`${t.atSeconds} between 0 and ${sql.raw(String(REVIEW_NOTE_LIMITS.atSecondsMax))}`),
    check('review_notes_text_check', sql`${t.text} ~ '[^[:space:]]'`),
  ],
);
