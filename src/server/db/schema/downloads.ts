import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { DOWNLOAD_KINDS, DOWNLOAD_PATHS } from '../../../common/constants';
import { users } from './auth';
import { id, oneOf } from './helpers';
import { pitchLinks } from './pitching';
import { songs } from './songs';

/** A song's tagged MP3 or lyric sheet taken away (or its stored MP3 fetched through a stream link) by a preview user or a pitch link's recipient (exactly one). */
export const songDownloads = pgTable(
  'song_downloads',
  {
    id: id(),
    songId: uuid('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    pitchLinkId: uuid('pitch_link_id').references(() => pitchLinks.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: DOWNLOAD_KINDS }).notNull(),
    /** A permitted download, or a stream link's fetch from the start: reports count only the first as a download. */
    via: text('via', { enum: DOWNLOAD_PATHS }).notNull().default('download'),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('song_downloads_song_idx').on(t.songId, t.downloadedAt),
    index('song_downloads_user_idx').on(t.userId, t.downloadedAt),
    index('song_downloads_pitch_link_idx').on(t.pitchLinkId),
    check('song_downloads_kind_check', oneOf(t.kind, DOWNLOAD_KINDS)),
    check('song_downloads_via_check', oneOf(t.via, DOWNLOAD_PATHS)),
    check('song_downloads_listener_check', sql`num_nonnulls(${t.userId}, ${t.pitchLinkId}) = 1`),
  ],
);
