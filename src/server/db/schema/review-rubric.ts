import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { RUBRIC_CATEGORIES } from '../../../common/constants';
import { users } from './auth';
import { createdAt, oneOf } from './helpers';
import { songReviews } from './reviews';

/**
 * A review's rubric: one row per category. A draft may hold a category without its score or reason;
 * sending needs all six, each with both.
 */
export const reviewScores = pgTable(
  'review_scores',
  {
    reviewId: uuid('review_id')
      .notNull()
      .references(() => songReviews.id, { onDelete: 'cascade' }),
    category: text('category', { enum: RUBRIC_CATEGORIES }).notNull(),
    score: smallint('score'),
    reason: text('reason'),
  },
  (t) => [
    primaryKey({ columns: [t.reviewId, t.category] }),
    check('review_scores_category_check', oneOf(t.category, RUBRIC_CATEGORIES)),
    check('review_scores_score_check', sql`${t.score} between 1 and 5`),
  ],
);

/** The songwriter's rating of a sent review: one per review, never changed. */
export const reviewRatings = pgTable(
  'review_ratings',
  {
    reviewId: uuid('review_id')
      .primaryKey()
      .references(() => songReviews.id, { onDelete: 'cascade' }),
    songwriterId: text('songwriter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [check('review_ratings_rating_check', sql`${t.rating} between 1 and 5`)],
);
