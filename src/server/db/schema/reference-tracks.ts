import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { storedFiles } from './files';
import { createdAt, id } from './helpers';

/**
 * A buyer's reference track for "sounds like": an MP3 they uploaded (stored in the reference-tracks bucket and
 * measured by the analysis pipeline like any upload), private to them, never a catalogue song. Removed with its
 * file once `expiresAt` passes (REFERENCE_TRACK_HOURS after the upload).
 */
export const referenceTracks = pgTable(
  'reference_tracks',
  {
    id: id(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('reference_tracks_file_unique').on(t.fileId),
    index('reference_tracks_owner_idx').on(t.ownerId),
    index('reference_tracks_expires_idx').on(t.expiresAt),
  ],
);
