import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { STORAGE_BUCKETS } from '../../../common/constants';
import { MIGRATIONS_FOLDER } from '../../db/client';

/** What a backup archive holds, at its top level. */
export const ARCHIVE = {
  manifest: 'manifest.json',
  /** One file per table: `<table>.ndjson`, each line a JSON string of the row as PostgreSQL writes the row's text. */
  tables: 'db',
  /** Sequences' positions. */
  sequences: 'db-sequences.json',
  /** Every stored_files object: bucket, key, content type, size, and whether its bytes are in files/. */
  objects: 'objects.json',
  /** The bytes: files/<bucket>/<key>. */
  files: 'files',
  /** The session secret the server made in its data folder (none when AUTH_SECRET is set). */
  authSecret: 'auth-secret',
} as const;

export const FORMAT = 'pitchroom-backup';

/** The archive's file name: when its snapshot was taken. */
export const archiveName = (createdAt: string) => `pitchroom-backup-${createdAt.replace(/[:.]/g, '-')}.tar.gz`;
export const FORMAT_VERSION = 1;

export const ManifestSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(FORMAT_VERSION),
  /** When the database snapshot was taken: every write acknowledged before it is in the archive. */
  createdAt: z.iso.datetime(),
  database: z.enum(['pglite', 'postgres']),
  /** The migrations applied to the backed-up database: their count and the last one's journal time. */
  migration: z.object({ count: z.number().int().min(0), lastWhen: z.number().int() }),
  storage: z.object({ kind: z.enum(['disk', 's3']), bucket: z.string().optional(), bytesIncluded: z.boolean() }),
  tables: z.array(z.object({ name: z.string(), rows: z.number().int().min(0) })),
  objects: z.object({ count: z.number().int().min(0), included: z.number().int().min(0), missing: z.number().int().min(0) }),
});
export type Manifest = z.infer<typeof ManifestSchema>;

export const ObjectEntrySchema = z.object({
  bucket: z.enum(STORAGE_BUCKETS),
  key: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int().min(0),
  included: z.boolean(),
});
export type ObjectEntry = z.infer<typeof ObjectEntrySchema>;

export const SequenceSchema = z.object({ name: z.string(), lastValue: z.string(), isCalled: z.boolean() });

/** The migrations journal drizzle-kit writes: the order and time of each migration. */
export function migrationJournal(): { idx: number; when: number; tag: string }[] {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; when: number; tag: string }[];
  };
  return journal.entries;
}

/**
 * The bearer token GET /backup asks for: derived from the session secret, so a machine holding the server's
 * configuration (the script beside it) can ask, and nothing new needs setting.
 */
export function backupToken(authSecret: string): string {
  return createHmac('sha256', authSecret).update('pitchroom backup').digest('base64url');
}

export function isBackupToken(given: string, authSecret: string): boolean {
  const expected = Buffer.from(backupToken(authSecret));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
