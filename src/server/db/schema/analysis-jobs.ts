import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { ANALYSIS_JOB_KINDS, ANALYSIS_JOB_STATES } from '../../../common/constants';
import { storedFiles } from './files';
import { createdAt, id, oneOf, updatedAt } from './helpers';

/**
 * The analysis pipeline's queue: one job per stored audio file and kind (a catalogue song's MP3, a submitted MP3
 * or WAV). Written with the file's row; a worker in any instance claims queued jobs, and running ones whose lease
 * ran out, with FOR UPDATE SKIP LOCKED, and writes what it measured on the file's row (and its song's).
 */
export const analysisJobs = pgTable(
  'analysis_jobs',
  {
    id: id(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ANALYSIS_JOB_KINDS }).notNull(),
    state: text('state', { enum: ANALYSIS_JOB_STATES }).notNull().default('queued'),
    /** Tries so far, counted as each begins, so one a crash cut short counts too. */
    attempts: integer('attempts').notNull().default(0),
    /** Why the last try failed, in words an admin can act on; null once it succeeds. */
    lastError: text('last_error'),
    /** While running: the moment another worker may take the job (its worker stopped, or its process did). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Every fact the analysers measured, by name, as the last successful run found them. */
    result: jsonb('result').$type<Record<string, unknown>>(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('analysis_jobs_file_kind_unique').on(t.fileId, t.kind),
    index('analysis_jobs_due_idx')
      .on(t.createdAt)
      .where(sql`${t.state} in ('queued', 'running')`),
    index('analysis_jobs_failed_idx')
      .on(t.updatedAt)
      .where(sql`${t.state} = 'failed'`),
    check('analysis_jobs_kind_check', oneOf(t.kind, ANALYSIS_JOB_KINDS)),
    check('analysis_jobs_state_check', oneOf(t.state, ANALYSIS_JOB_STATES)),
    check('analysis_jobs_attempts_check', sql`${t.attempts} >= 0`),
  ],
);
