import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { LIMITS } from '../../../common/constants';
import { users } from './auth';
import { createdAt, id, updatedAt } from './helpers';
import { songs } from './songs';

/** A listener's own list of catalogue songs, private to them (admins may read it in Preview Activity). */
export const playlists = pgTable(
  'playlists',
  {
    id: id(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('playlists_owner_idx').on(t.ownerId, t.updatedAt.desc()),
    check('playlists_name_check', sql`char_length(${t.name}) between 1 and ${sql.raw(String(LIMITS.playlistNameMax))}`),
    check(
      'playlists_description_check',
      sql`${t.description} is null or char_length(${t.description}) <= ${sql.raw(String(LIMITS.playlistDescriptionMax))}`,
    ),
  ],
);

/**
 * The songs of a playlist, each once, in the listener's order. Positions are not unique: a reorder rewrites
 * them all in one statement, which a unique rule checked row by row would refuse halfway.
 */
export const playlistSongs = pgTable(
  'playlist_songs',
  {
    playlistId: uuid('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    songId: uuid('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.playlistId, t.songId] }),
    index('playlist_songs_order_idx').on(t.playlistId, t.position),
    index('playlist_songs_song_idx').on(t.songId),
    check('playlist_songs_position_check', sql`${t.position} >= 0`),
  ],
);
