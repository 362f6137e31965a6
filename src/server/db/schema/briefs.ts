import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { BRIEF_LIMITS, BRIEF_STATES, BRIEF_VERDICTS, BRIEF_VOCALS, LIMITS } from '../../../common/constants';
import { MUSICAL_KEYS } from '../../../common/musical-keys';
import { users } from './auth';
import { createdAt, id, oneOf, updatedAt } from './helpers';
import { playlists } from './playlists';
import { songReviews } from './reviews';
import { songs } from './songs';

/**
 * What a buyer (a preview user) or an admin is looking for, answered by songwriters. Writers never see the owner
 * unless `showBuyer` is set; `artistShown` is the artist or project as the owner chose to name it.
 */
export const briefs = pgTable(
  'briefs',
  {
    id: id(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state', { enum: BRIEF_STATES }).notNull().default('awaiting_approval'),
    title: text('title').notNull(),
    /** What is wanted, in the owner's words. */
    description: text('description').notNull(),
    genre: text('genre'),
    tempoMin: integer('tempo_min'),
    tempoMax: integer('tempo_max'),
    /** One of MUSICAL_KEYS, or null for any key. */
    musicalKey: text('musical_key'),
    /** One of BRIEF_VOCALS, or null for any vocal. */
    vocal: text('vocal', { enum: BRIEF_VOCALS }),
    moods: text('moods')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    oneStopRequired: boolean('one_stop_required').notNull().default(false),
    /** The artist or project as shown to writers: a name, or a phrase such as "a major-label artist". */
    artistShown: text('artist_shown').notNull(),
    /** Whether writers are told who the owner is (name and company). */
    showBuyer: boolean('show_buyer').notNull().default(false),
    /** The last day (America/Chicago) answers are taken. */
    deadlineOn: date('deadline_on', { mode: 'string' }).notNull(),
    /** The owner's playlist the shortlist fills; null until the first song is shortlisted, or once it is deleted. */
    shortlistPlaylistId: uuid('shortlist_playlist_id').references(() => playlists.id, { onDelete: 'set null' }),
    approvedBy: text('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('briefs_state_created_idx').on(t.state, t.createdAt.desc()),
    index('briefs_owner_created_idx').on(t.ownerId, t.createdAt.desc()),
    check('briefs_state_check', oneOf(t.state, BRIEF_STATES)),
    check('briefs_title_check', sql`char_length(${t.title}) between 1 and ${sql.raw(String(BRIEF_LIMITS.titleMax))}`),
    check('briefs_description_check', sql`char_length(${t.description}) between 1 and ${sql.raw(String(BRIEF_LIMITS.descriptionMax))}`),
    check('briefs_genre_check', sql`${t.genre} is null or char_length(${t.genre}) between 1 and ${sql.raw(String(LIMITS.genreMax))}`),
    check(
      'briefs_tempo_check',
      sql`(${t.tempoMin} is null or ${t.tempoMin} between 1 and 300) and (${t.tempoMax} is null or ${t.tempoMax} between 1 and 300) and (${t.tempoMin} is null or ${t.tempoMax} is null or ${t.tempoMin} <= ${t.tempoMax})`,
    ),
    check('briefs_musical_key_check', sql`${t.musicalKey} is null or ${oneOf(t.musicalKey, MUSICAL_KEYS)}`),
    check('briefs_vocal_check', sql`${t.vocal} is null or ${oneOf(t.vocal, BRIEF_VOCALS)}`),
    check('briefs_moods_check', sql`cardinality(${t.moods}) <= ${sql.raw(String(BRIEF_LIMITS.moodsMax))}`),
    check('briefs_artist_shown_check', sql`char_length(${t.artistShown}) between 1 and ${sql.raw(String(BRIEF_LIMITS.artistShownMax))}`),
    // Open and filled briefs were approved (an admin's own at once); ended ones carry when they ended.
    check('briefs_approved_check', sql`${t.state} not in ('open', 'filled') or ${t.approvedAt} is not null`),
    check('briefs_closed_check', sql`(${t.state} in ('closed', 'filled')) = (${t.closedAt} is not null)`),
  ],
);

/** The catalogue songs a brief names as references, in the owner's order. */
export const briefReferences = pgTable(
  'brief_references',
  {
    briefId: uuid('brief_id')
      .notNull()
      .references(() => briefs.id, { onDelete: 'cascade' }),
    songId: uuid('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.briefId, t.songId] }),
    index('brief_references_song_idx').on(t.songId),
    check('brief_references_position_check', sql`${t.position} between 0 and ${sql.raw(String(BRIEF_LIMITS.referencesMax - 1))}`),
  ],
);

/**
 * A songwriter's answer to a brief: a new song sent for review against it (`submissionId`), or one of their songs
 * already signed into the catalogue (`songId`); exactly one of the two. The screening verdict and the shortlist
 * are set later by the reviewer and the shortlist's filling.
 */
export const briefAnswers = pgTable(
  'brief_answers',
  {
    id: id(),
    briefId: uuid('brief_id')
      .notNull()
      .references(() => briefs.id, { onDelete: 'cascade' }),
    songwriterId: text('songwriter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    submissionId: uuid('submission_id').references(() => songReviews.id, { onDelete: 'cascade' }),
    songId: uuid('song_id').references(() => songs.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** The reviewer's screening: does the song fit the brief? Null until screened. */
    verdict: text('verdict', { enum: BRIEF_VERDICTS }),
    /** The reviewer's one-line reason, shown to the buyer beside a shortlisted song. */
    verdictReason: text('verdict_reason'),
    verdictBy: text('verdict_by').references(() => users.id, { onDelete: 'set null' }),
    verdictAt: timestamp('verdict_at', { withTimezone: true }),
    /** When the song went onto the brief's shortlist (only after a "fits" verdict). */
    shortlistedAt: timestamp('shortlisted_at', { withTimezone: true }),
  },
  (t) => [
    // One answer per catalogue song per brief; a submission answers one brief.
    unique('brief_answers_brief_song_unique').on(t.briefId, t.songId),
    unique('brief_answers_submission_unique').on(t.submissionId),
    index('brief_answers_brief_created_idx').on(t.briefId, t.createdAt.desc()),
    index('brief_answers_songwriter_created_idx').on(t.songwriterId, t.createdAt.desc()),
    index('brief_answers_song_idx').on(t.songId),
    check('brief_answers_song_check', sql`num_nonnulls(${t.submissionId}, ${t.songId}) = 1`),
    check('brief_answers_verdict_check', sql`${t.verdict} is null or ${oneOf(t.verdict, BRIEF_VERDICTS)}`),
    // A verdict comes with its reason and its time, all or none.
    check(
      'brief_answers_verdict_fields_check',
      sql`(${t.verdict} is null) = (${t.verdictAt} is null) and (${t.verdict} is null) = (${t.verdictReason} is null)`,
    ),
    check(
      'brief_answers_verdict_reason_check',
      sql`${t.verdictReason} is null or (${t.verdictReason} ~ '[^[:space:]]' and char_length(${t.verdictReason}) <= ${sql.raw(String(BRIEF_LIMITS.verdictReasonMax))})`,
    ),
    check('brief_answers_shortlist_check', sql`${t.shortlistedAt} is null or coalesce(${t.verdict} = 'fits', false)`),
  ],
);
