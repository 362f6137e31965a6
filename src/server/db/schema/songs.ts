import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { AGREEMENT_MEDIA_PROBLEMS, SONG_WRITERS, WAVEFORM_MAX_PEAKS, WRITER_PROS } from '../../../common/constants';
import { MUSICAL_KEYS } from '../../../common/musical-keys';
import { users } from './auth';
import { storedFiles } from './files';
import { createdAt, id, oneOf, updatedAt } from './helpers';
import { pitchAgreements } from './agreements';
import { pitchLinks } from './pitching';

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
    /** One of MUSICAL_KEYS ("A minor"), as written there. */
    musicalKey: text('musical_key'),
    /** All rights (master and publishing) cleared by one party. */
    isOneStop: boolean('is_one_stop').notNull().default(false),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    orderIndex: integer('order_index').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    audioFileId: uuid('audio_file_id').references(() => storedFiles.id, { onDelete: 'restrict' }),
    imageFileId: uuid('image_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    imageWebFileId: uuid('image_web_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    /** The cover's square WebP thumbnails for catalogue cards (SONG_THUMB_SIZES small and large), made at upload. */
    imageThumbFileId: uuid('image_thumb_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    imageThumb2xFileId: uuid('image_thumb_2x_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    /** The signed pitch agreement this song came in under (a songwriter's reviewed song); null for the company's own. */
    pitchAgreementId: uuid('pitch_agreement_id')
      .unique()
      .references((): AnyPgColumn => pitchAgreements.id, { onDelete: 'set null' }),
    /**
     * Media still to come: an agreement song whose audio and lyrics are still to be taken from the submission
     * (after the signing commits, or at the next start); false once that step has run, whatever it could use.
     * Listeners see a song with it and without audio as "Processing".
     */
    mediaPending: boolean('media_pending').notNull().default(false),
    /**
     * Tries of an agreement song's media step so far, counted as each begins (so one a crash cut short counts
     * too); at AGREEMENT_MEDIA_MAX_TRIES the step is given up, not tried again at every start.
     */
    mediaTries: integer('media_tries').notNull().default(0),
    /** Why the media step could not take all of the submission (AGREEMENT_MEDIA_PROBLEMS), for the admin; null when it could. */
    mediaProblem: text('media_problem', { enum: AGREEMENT_MEDIA_PROBLEMS }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * When the song entered the catalogue: set by a trigger (migration 0044) the first time it is active, and
     * kept through later unpublishing, so "new songs" means new to listeners, not new rows (an agreement or
     * imported song is made long before it is published). Null for a song never published.
     */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** The audio's waveform: at most WAVEFORM_MAX_PEAKS values of 0-255, computed at upload. */
    audioPeaks: smallint('audio_peaks').array(),
    /** The audio's length in seconds, decoded at upload; the drop-off chart's x axis. */
    audioDurationSeconds: real('audio_duration_seconds'),
    /**
     * The song's writers' names, one per line in credit order: kept by triggers on song_writers (migration 0024)
     * for the search below, since a generated column cannot read another table. Never written by the app.
     */
    writerNames: text('writer_names').notNull().default(''),
    /**
     * What the catalogue search matches (title, lyrics, tags, key and writers' names): song_search_text() of
     * migration 0021.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`song_search_text(title, lyrics, tags, musical_key, writer_names)`),
  },
  (t) => [
    // The catalogue's read: active songs by order_index.
    index('songs_active_order_idx').on(t.isActive, t.orderIndex),
    // The catalogue's other sorts (newest, title, tempo, length), each ending in the id that breaks ties, so a
    // page of the first 24 active songs is read from an index instead of sorting every song.
    index('songs_active_newest_idx')
      .on(t.createdAt.desc(), t.id)
      .where(sql`${t.isActive}`),
    // The weekly e-mail's read: active songs that entered the catalogue in a window.
    index('songs_active_published_idx')
      .on(t.publishedAt, t.id)
      .where(sql`${t.isActive}`),
    index('songs_active_title_idx')
      .on(sql`lower(${t.title})`, t.id)
      .where(sql`${t.isActive}`),
    index('songs_active_tempo_idx')
      .on(t.bpm.asc().nullsLast(), t.id)
      .where(sql`${t.isActive}`),
    index('songs_active_length_idx')
      .on(t.audioDurationSeconds.asc().nullsLast(), t.id)
      .where(sql`${t.isActive}`),
    index('songs_order_idx').on(t.orderIndex),
    // A key filter sorted by title walks only that key's songs, however many songs the other keys hold.
    index('songs_active_key_title_idx')
      .on(t.musicalKey, sql`lower(${t.title})`, t.id)
      .where(sql`${t.isActive}`),
    // The genre filter's list: a few index probes (a loose index scan), not a scan of every song.
    index('songs_active_genre_idx')
      .on(t.genre)
      .where(sql`${t.isActive} and ${t.genre} is not null`),
    // "Contains" search as an index scan (pg_trgm).
    index('songs_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // File links check that a file belongs to an active song; deleting a file checks these references.
    index('songs_audio_file_idx').on(t.audioFileId),
    index('songs_image_file_idx').on(t.imageFileId),
    index('songs_image_web_file_idx').on(t.imageWebFileId),
    index('songs_image_thumb_file_idx').on(t.imageThumbFileId),
    index('songs_image_thumb_2x_file_idx').on(t.imageThumb2xFileId),
    check('songs_bpm_check', sql`${t.bpm} is null or ${t.bpm} between 1 and 300`),
    check('songs_order_index_check', sql`${t.orderIndex} >= 0`),
    check('songs_slug_check', sql`${t.slug} ~ '^[a-z0-9-]+$'`),
    check('songs_musical_key_check', sql`${t.musicalKey} is null or ${oneOf(t.musicalKey, MUSICAL_KEYS)}`),
    check('songs_media_problem_check', sql`${t.mediaProblem} is null or ${oneOf(t.mediaProblem, AGREEMENT_MEDIA_PROBLEMS)}`),
    check(
      'songs_audio_peaks_check',
      sql`${t.audioPeaks} is null or cardinality(${t.audioPeaks}) <= ${sql.raw(String(WAVEFORM_MAX_PEAKS))}`,
    ),
  ],
);

/**
 * The catalogue's genre facet: active songs per genre (as written), kept by statement triggers on songs in the
 * same transaction as each write (migration of decision 0090), so the filter's list is read from a few rows
 * instead of the songs table. Never written by the app.
 */
export const songGenres = pgTable('song_genres', {
  genre: text('genre').primaryKey(),
  activeSongs: integer('active_songs').notNull(),
});

/**
 * One row: a number that moves with every write to songs (and to the measured facts the catalogue filters on),
 * in the same transaction, kept by statement triggers (the migration of decision 0101). A catalogue count read at
 * one version holds until the version moves. Never written by the app.
 */
export const catalogueVersion = pgTable(
  'catalogue_version',
  {
    id: boolean('id').primaryKey().default(true),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('catalogue_version_one_row', sql`${t.id}`)],
);

/** A song's writers and their shares (the splits), in the order the song credits them (position 0 first). */
export const songWriters = pgTable(
  'song_writers',
  {
    id: id(),
    songId: uuid('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    /** One of WRITER_PROS. */
    pro: text('pro').notNull(),
    /** The writer's IPI/CAE number: 9 to 11 digits. */
    ipi: text('ipi'),
    publisher: text('publisher'),
    /** The writer's share of the song in percent, to the hundredth; a song's shares add up to 100. */
    share: numeric('share', { precision: 5, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [
    // Also the index a song's writers are read by.
    unique('song_writers_song_position_unique').on(t.songId, t.position),
    check('song_writers_position_check', sql`${t.position} >= 0`),
    check('song_writers_name_check', sql`char_length(${t.name}) between 1 and ${sql.raw(String(SONG_WRITERS.nameMax))}`),
    check('song_writers_pro_check', oneOf(t.pro, WRITER_PROS)),
    check('song_writers_ipi_check', sql`${t.ipi} is null or ${t.ipi} ~ '^[0-9]{9,11}$'`),
    check(
      'song_writers_publisher_check',
      sql`${t.publisher} is null or char_length(${t.publisher}) between 1 and ${sql.raw(String(SONG_WRITERS.publisherMax))}`,
    ),
    check('song_writers_share_check', sql`${t.share} > 0 and ${t.share} <= 100`),
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
    index('song_comments_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.isApproved} = false`),
    check('song_comments_name_check', sql`char_length(${t.commenterName}) between 1 and 100`),
    check('song_comments_email_check', sql`char_length(${t.commenterEmail}) between 3 and 255`),
    check('song_comments_text_check', sql`char_length(${t.commentText}) between 1 and 1000`),
  ],
);

export const songPlays = pgTable(
  'song_plays',
  {
    id: id(),
    /** The listener: a signed-in user, or a pitch link's recipient (exactly one of the two). */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    pitchLinkId: uuid('pitch_link_id').references((): AnyPgColumn => pitchLinks.id, { onDelete: 'cascade' }),
    songId: uuid('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull().defaultNow(),
    /** Seconds actually listened (time playing, not the position). */
    durationSeconds: integer('duration_seconds').notNull().default(0),
    /** The furthest point of the song reached, in seconds (listen depth). */
    furthestSeconds: real('furthest_seconds').notNull().default(0),
    completed: boolean('completed').notNull().default(false),
  },
  (t) => [
    index('song_plays_user_played_idx').on(t.userId, t.playedAt),
    index('song_plays_song_played_idx').on(t.songId, t.playedAt),
    // Plays in a time range with their listener, read from the index alone.
    index('song_plays_played_at_user_idx').on(t.playedAt, t.userId),
    check('song_plays_duration_check', sql`${t.durationSeconds} >= 0`),
    check('song_plays_furthest_check', sql`${t.furthestSeconds} >= 0`),
    check('song_plays_listener_check', sql`num_nonnulls(${t.userId}, ${t.pitchLinkId}) = 1`),
    index('song_plays_pitch_link_idx').on(t.pitchLinkId),
  ],
);

/**
 * song_plays rows per UTC day, kept by statement triggers on song_plays (migration 0004), so the
 * dashboard's 30-day chart reads 30 rows instead of counting every play (bench row P5).
 */
export const songPlayDays = pgTable(
  'song_play_days',
  {
    day: date('day', { mode: 'string' }).primaryKey(),
    plays: integer('plays').notNull().default(0),
  },
  (t) => [check('song_play_days_plays_check', sql`${t.plays} >= 0`)],
);

/**
 * Each signed-in listener's latest play still stored, kept by statement triggers on song_plays (migrations
 * 0008 and 0010), so "Active This Week" counts a few thousand listeners instead of a week of plays (bench row
 * P5). Plays deleted with their song are forgotten here too, as the dashboard's plays-per-day chart forgets them.
 */
export const listenerLastPlays = pgTable(
  'listener_last_plays',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastPlayedAt: timestamp('last_played_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('listener_last_plays_at_idx').on(t.lastPlayedAt)],
);

/**
 * A listener's visits to the catalogue, for its "New" badges: `lastSeenAt` is their latest look at the list, and
 * `newSince` where their current visit's "new" starts (the end of the visit before). A look after a gap of
 * CATALOGUE_VISIT_GAP_MS begins a new visit, so the badges stay put while they browse and filter.
 */
export const catalogueVisits = pgTable('catalogue_visits', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  newSince: timestamp('new_since', { withTimezone: true }).notNull(),
});
