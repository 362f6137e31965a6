import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { storedFiles } from './files';
import { createdAt, id, updatedAt } from './helpers';

/** The company's own catalogue, pitched to preview users. */
export const songs = pgTable(
  'songs',
  {
    id: id(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    lyrics: text('lyrics').notNull(),
    writerInfo: text('writer_info'),
    genre: text('genre'),
    bpm: integer('bpm'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    orderIndex: integer('order_index').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    audioFileId: uuid('audio_file_id').references(() => storedFiles.id, { onDelete: 'restrict' }),
    imageFileId: uuid('image_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    imageWebFileId: uuid('image_web_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The catalogue's read: active songs by order_index.
    index('songs_active_order_idx').on(t.isActive, t.orderIndex),
    index('songs_order_idx').on(t.orderIndex),
    check('songs_bpm_check', sql`${t.bpm} is null or ${t.bpm} between 1 and 300`),
    check('songs_order_index_check', sql`${t.orderIndex} >= 0`),
    check('songs_slug_check', sql`${t.slug} ~ '^[a-z0-9-]+$'`),
  ],
);

export const songComments = pgTable(
  'song_comments',
  {
    id: id(),
    songId: uuid('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    commenterName: text('commenter_name').notNull(),
    commenterEmail: text('commenter_email').notNull(),
    commentText: text('comment_text').notNull(),
    isApproved: boolean('is_approved').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('song_comments_song_approved_idx').on(t.songId, t.isApproved, t.createdAt.desc()),
    index('song_comments_created_at_idx').on(t.createdAt.desc()),
    index('song_comments_pending_idx').on(t.createdAt).where(sql`${t.isApproved} = false`),
    check('song_comments_name_check', sql`char_length(${t.commenterName}) between 1 and 100`),
    check('song_comments_email_check', sql`char_length(${t.commenterEmail}) between 3 and 255`),
    check('song_comments_text_check', sql`char_length(${t.commentText}) between 1 and 1000`),
  ],
);

export const songPlays = pgTable(
  'song_plays',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    songId: uuid('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull().defaultNow(),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    completed: boolean('completed').notNull().default(false),
  },
  (t) => [
    index('song_plays_user_played_idx').on(t.userId, t.playedAt),
    index('song_plays_song_played_idx').on(t.songId, t.playedAt),
    index('song_plays_played_at_idx').on(t.playedAt),
    check('song_plays_duration_check', sql`${t.durationSeconds} >= 0`),
  ],
);
