import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { LIMITS, PITCH_LINK_KINDS, SONG_RESPONSES } from '../../../common/constants';
import { users } from './auth';
import { createdAt, id, oneOf, updatedAt } from './helpers';
import { playlists } from './playlists';
import { songs } from './songs';

/**
 * A shortlist of songs sent to one named recipient who listens without an account. The link's
 * token is never stored: only its SHA-256, so a database leak does not open any link. An admin's link is a
 * `pitch`; a buyer's (a preview user sharing a playlist or a song onward) is a `share`, made by `createdBy`,
 * with the same page, tracking and rules (decision 0084).
 */
export const pitchLinks = pgTable(
  'pitch_links',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    recipientCompany: text('recipient_company'),
    message: text('message'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
    /** The recipient may download tagged MP3s and lyric sheets; false: stream only. */
    downloadAllowed: boolean('download_allowed').notNull().default(false),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: PITCH_LINK_KINDS }).notNull().default('pitch'),
    /** A share of a playlist: which one (its songs were copied onto the link when shared). */
    playlistId: uuid('playlist_id').references(() => playlists.id, { onDelete: 'set null' }),
    /** An optional password's Argon2id hash; the recipient enters it before the page opens. */
    passwordHash: text('password_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    index('pitch_links_created_at_idx').on(t.createdAt.desc()),
    index('pitch_links_created_by_idx').on(t.createdBy, t.createdAt.desc()),
    check('pitch_links_kind_check', oneOf(t.kind, PITCH_LINK_KINDS)),
    check('pitch_links_recipient_name_check', sql`char_length(${t.recipientName}) between 1 and ${sql.raw(String(LIMITS.nameMax))}`),
    check('pitch_links_recipient_email_check', sql`char_length(${t.recipientEmail}) between 3 and ${sql.raw(String(LIMITS.emailMax))}`),
    check(
      'pitch_links_message_check',
      sql`${t.message} is null or char_length(${t.message}) <= ${sql.raw(String(LIMITS.pitchMessageMax))}`,
    ),
  ],
);

/** The songs of a pitch link, in the order the admin chose. */
export const pitchLinkSongs = pgTable(
  'pitch_link_songs',
  {
    pitchLinkId: uuid('pitch_link_id')
      .notNull()
      .references(() => pitchLinks.id, { onDelete: 'cascade' }),
    songId: uuid('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.pitchLinkId, t.songId] }),
    index('pitch_link_songs_song_idx').on(t.songId),
    check('pitch_link_songs_position_check', sql`${t.position} >= 0`),
  ],
);

/**
 * A listener's hold or pass on a song: a preview user's, or a pitch link recipient's. One answer per
 * listener and song; changing one's mind updates it.
 */
export const songResponses = pgTable(
  'song_responses',
  {
    id: id(),
    songId: uuid('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    pitchLinkId: uuid('pitch_link_id').references(() => pitchLinks.id, { onDelete: 'cascade' }),
    response: text('response', { enum: SONG_RESPONSES }).notNull(),
    /** For a hold: the artist or project it is held for. */
    note: text('note'),
    /** For a hold on a songwriter's pitched song: the admin chose to show the listener's company in the writer's pitch report. */
    companyShownToWriter: boolean('company_shown_to_writer').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('song_responses_song_user_unique').on(t.songId, t.userId),
    unique('song_responses_song_pitch_link_unique').on(t.songId, t.pitchLinkId),
    index('song_responses_user_idx').on(t.userId, t.updatedAt.desc()),
    index('song_responses_pitch_link_idx').on(t.pitchLinkId),
    // The catalogue's "most held by others" sort counts each song's holds by signed-in listeners.
    index('song_responses_user_holds_idx')
      .on(t.songId, t.userId)
      .where(sql`${t.response} = 'hold' and ${t.userId} is not null`),
    check('song_responses_response_check', oneOf(t.response, SONG_RESPONSES)),
    check('song_responses_listener_check', sql`num_nonnulls(${t.userId}, ${t.pitchLinkId}) = 1`),
    check('song_responses_note_check', sql`${t.note} is null or char_length(${t.note}) <= ${sql.raw(String(LIMITS.holdNoteMax))}`),
  ],
);

/**
 * A pitch link recipient's message back to the admin who sent the link, from the link's page. It is e-mailed
 * to that admin too; `readAt` is set when an admin opens the link's detail page, and the sidebar counts the rest.
 */
export const pitchLinkReplies = pgTable(
  'pitch_link_replies',
  {
    id: id(),
    pitchLinkId: uuid('pitch_link_id')
      .notNull()
      .references(() => pitchLinks.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('pitch_link_replies_link_idx').on(t.pitchLinkId, t.createdAt),
    index('pitch_link_replies_unread_idx')
      .on(t.pitchLinkId)
      .where(sql`${t.readAt} is null`),
    check('pitch_link_replies_message_check', sql`char_length(${t.message}) between 1 and ${sql.raw(String(LIMITS.pitchReplyMax))}`),
  ],
);
