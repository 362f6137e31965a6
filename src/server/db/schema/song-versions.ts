import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { ADDED_VERSION_KINDS, SONG_VERSION_LABEL_MAX } from '../../../common/song-versions';
import { storedFiles } from './files';
import { createdAt, id, oneOf } from './helpers';
import { songs } from './songs';

/**
 * A song's versions beside its main MP3 (the full demo): a work tape, an instrumental, an a cappella (MP3s in
 * song-audio, analysed like any upload) and its stems (a zip in song-stems, kept as uploaded). One of each kind
 * per song: a new upload of a kind replaces the one before.
 */
export const songVersions = pgTable(
  'song_versions',
  {
    id: id(),
    songId: uuid('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ADDED_VERSION_KINDS }).notNull(),
    /** The name the admin gave it ("Instrumental (TV mix)"), as listeners see it. */
    label: text('label').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    // Also the index a song's versions are read by.
    unique('song_versions_song_kind_unique').on(t.songId, t.kind),
    // File links check that a file is a version of an active song; deleting a file checks this reference.
    index('song_versions_file_idx').on(t.fileId),
    check('song_versions_kind_check', oneOf(t.kind, ADDED_VERSION_KINDS)),
    check('song_versions_label_check', sql`char_length(${t.label}) between 1 and ${sql.raw(String(SONG_VERSION_LABEL_MAX))}`),
  ],
);
