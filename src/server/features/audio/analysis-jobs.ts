import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import { ANALYSIS_MAX_ATTEMPTS } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import type { Storage } from '../../adapters/storage/storage';
import type { Db, DbOrTx } from '../../db/client';
import { analysisJobs, songs, storedFiles } from '../../db/schema';
import type { Logger } from '../../lib/logger';
import { createWorkerPool, JobFailedError, type WorkerPool } from '../../lib/worker-pool';
import { ANALYSABLE_TYPES, canDrawWaveform, type FileAnalysis } from './analyse-file';
import type { AnalysisOutcome, AnalysisTask } from './analysis-worker';
import { measuredFactColumns } from './song-facts';
import { SOUND_PROFILE_VERSION } from './sound-profile';

/**
 * One job's time (the copy's decoding and every analyser) and its thread's heap. Decoding streams, and the
 * analysis signal stays under 20 MB whatever the file (analysis-signal.ts), so the longest upload fits both.
 */
export const ANALYSIS_LIMITS = { timeoutMs: 120_000, maxHeapMb: 256 } as const;

let pool: WorkerPool<AnalysisTask, AnalysisOutcome> | undefined;

/** The analysis threads, made at the first job; idle threads end on their own. */
function analysisPool(): WorkerPool<AnalysisTask, AnalysisOutcome> {
  pool ??= createWorkerPool<AnalysisTask, AnalysisOutcome>({
    source: new URL('./analysis-worker.ts', import.meta.url),
    ...ANALYSIS_LIMITS,
  });
  return pool;
}

/**
 * Queues the analysis of a stored audio file, in the transaction that writes the file's row; nothing for a kind
 * that does not decode here (M4A). A file is queued once: a second call changes nothing.
 */
export async function enqueueAnalysis(tx: DbOrTx, file: { id: string; contentType: string }): Promise<void> {
  if (!canDrawWaveform(file.contentType)) return;
  await tx.insert(analysisJobs).values({ fileId: file.id, kind: 'audio' }).onConflictDoNothing();
}

/**
 * Queues every stored song audio and submitted audio of a decodable kind that has no waveform and never had a
 * job (files stored before the pipeline, or by a version that analysed them elsewhere); returns how many. A file
 * whose job failed is not queued again: its retry is the admin's.
 */
export async function enqueueUnanalysed(db: Db): Promise<number> {
  const files = await db
    .select({ fileId: storedFiles.id })
    .from(storedFiles)
    .where(
      and(
        inArray(storedFiles.bucket, ['song-audio', 'song-submissions']),
        inArray(storedFiles.contentType, ANALYSABLE_TYPES),
        isNull(storedFiles.audioPeaks),
        notExists(db.select({ id: analysisJobs.id }).from(analysisJobs).where(eq(analysisJobs.fileId, storedFiles.id))),
      ),
    );
  let queued = 0;
  for (let at = 0; at < files.length; at += 500) {
    const rows = files.slice(at, at + 500).map(({ fileId }) => ({ fileId, kind: 'audio' as const }));
    queued += (await db.insert(analysisJobs).values(rows).onConflictDoNothing().returning({ id: analysisJobs.id })).length;
  }
  return queued;
}

/**
 * Queues again every analysed catalogue audio whose sound profile is missing or of another version than
 * SOUND_PROFILE_VERSION (its features changed), so "more like this" catches up in the background; returns how
 * many. A job that is done is queued again with its tries reset; a failed one stays the admin's to retry.
 */
export async function enqueueStaleProfiles(db: Db): Promise<number> {
  const stale = and(
    eq(storedFiles.bucket, 'song-audio'),
    inArray(storedFiles.contentType, ANALYSABLE_TYPES),
    isNotNull(storedFiles.audioPeaks),
    or(isNull(storedFiles.soundProfileVersion), ne(storedFiles.soundProfileVersion, SOUND_PROFILE_VERSION)),
  );
  const requeued = await db
    .update(analysisJobs)
    .set({ state: 'queued', attempts: 0, lastError: null, finishedAt: null, updatedAt: sql`now()` })
    .where(
      and(eq(analysisJobs.state, 'done'), inArray(analysisJobs.fileId, db.select({ id: storedFiles.id }).from(storedFiles).where(stale))),
    )
    .returning({ id: analysisJobs.id });
  const files = await db
    .select({ fileId: storedFiles.id })
    .from(storedFiles)
    .where(and(stale, notExists(db.select({ id: analysisJobs.id }).from(analysisJobs).where(eq(analysisJobs.fileId, storedFiles.id)))));
  let queued = requeued.length;
  for (let at = 0; at < files.length; at += 500) {
    const rows = files.slice(at, at + 500).map(({ fileId }) => ({ fileId, kind: 'audio' as const }));
    queued += (await db.insert(analysisJobs).values(rows).onConflictDoNothing().returning({ id: analysisJobs.id })).length;
  }
  return queued;
}

type Job = typeof analysisJobs.$inferSelect;
type StoredFileRow = typeof storedFiles.$inferSelect;

interface ClaimOptions {
  batchSize: number;
  leaseMs: number;
  maxAttempts: number;
  nowSql: () => SQL;
}

/**
 * Leases queued jobs, and running ones whose lease ran out (their worker or its process stopped), counting a
 * try for each. SKIP LOCKED lets workers in every instance take disjoint jobs without waiting on each other.
 */
export async function claimAnalysisJobs(db: Db, { batchSize, leaseMs, maxAttempts, nowSql }: ClaimOptions): Promise<Job[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: analysisJobs.id })
      .from(analysisJobs)
      .where(
        and(
          or(eq(analysisJobs.state, 'queued'), and(eq(analysisJobs.state, 'running'), lt(analysisJobs.lockedUntil, nowSql()))),
          lt(analysisJobs.attempts, maxAttempts),
        ),
      )
      .orderBy(asc(analysisJobs.createdAt))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(analysisJobs)
      .set({
        state: 'running',
        attempts: sql`${analysisJobs.attempts} + 1`,
        lockedUntil: sql`${nowSql()} + ${`${leaseMs} milliseconds`}::interval`,
        updatedAt: nowSql(),
      })
      .where(
        inArray(
          analysisJobs.id,
          due.map((r) => r.id),
        ),
      )
      .returning();
  });
}

/** Running jobs whose lease ran out with no try left: they stopped midway every time, and fail. */
async function giveUpStalled(db: Db, { maxAttempts, nowSql }: Pick<ClaimOptions, 'maxAttempts' | 'nowSql'>): Promise<void> {
  await db
    .update(analysisJobs)
    .set({
      state: 'failed',
      lastError: MESSAGES.audioAnalysis.jobFailed.stoppedMidway(maxAttempts),
      lockedUntil: null,
      finishedAt: nowSql(),
      updatedAt: nowSql(),
    })
    .where(and(eq(analysisJobs.state, 'running'), lt(analysisJobs.lockedUntil, nowSql()), gte(analysisJobs.attempts, maxAttempts)));
}

/** The job as this worker claimed it: a later claim (its lease ran out) makes this worker's outcome moot. */
const stillOurs = (job: Job) =>
  and(eq(analysisJobs.id, job.id), eq(analysisJobs.state, 'running'), eq(analysisJobs.attempts, job.attempts));

/**
 * Writes what a job measured: the waveform, length, tempo, key, loudness and sections on the file's row, the waveform and length on
 * any song whose audio it is, and every fact on the job. The file's row is written first: a song form taking
 * the same upload locks that row, so whichever commits second sees the other's write.
 */
async function recordAnalysis(db: Db, job: Job, { waveform, facts }: FileAnalysis, nowSql: () => SQL): Promise<void> {
  await db.transaction(async (tx) => {
    const measured = { audioPeaks: waveform.peaks, audioDurationSeconds: waveform.durationSeconds };
    await tx
      .update(storedFiles)
      .set({ ...measured, ...measuredFactColumns(facts) })
      .where(eq(storedFiles.id, job.fileId));
    await tx.update(songs).set(measured).where(eq(songs.audioFileId, job.fileId));
    await tx
      .update(analysisJobs)
      .set({
        state: 'done',
        result: { ...facts, durationSeconds: waveform.durationSeconds },
        lastError: null,
        lockedUntil: null,
        finishedAt: nowSql(),
        updatedAt: nowSql(),
      })
      .where(stillOurs(job));
  });
}

/** A try that failed: queued again while tries are left (and the failure may pass), else failed with its reason. */
async function recordFailure(
  db: Db,
  job: Job,
  reason: string,
  { final, maxAttempts, nowSql }: { final: boolean; maxAttempts: number; nowSql: () => SQL },
) {
  const failed = final || job.attempts >= maxAttempts;
  await db
    .update(analysisJobs)
    .set({
      state: failed ? 'failed' : 'queued',
      lastError: reason.slice(0, 1000),
      lockedUntil: null,
      finishedAt: failed ? nowSql() : null,
      updatedAt: nowSql(),
    })
    .where(stillOurs(job));
  return failed;
}

/** Why a try failed, for the admin; `final` when no retry can change it (the bytes are not audio). */
type TryOutcome = { ok: true; analysis: FileAnalysis } | { ok: false; reason: string; final: boolean };

/**
 * One try: copies the stored file to a temporary folder (the store may be S3) and analyses the copy in a
 * thread of the pool, under its time and memory limit. Never throws.
 */
async function analyseStoredFile(storage: Storage, file: Pick<StoredFileRow, 'bucket' | 'key' | 'contentType'>): Promise<TryOutcome> {
  const reasons = MESSAGES.audioAnalysis.jobFailed;
  // Named as the leftovers sweep knows upload parts, so a crash's copy is removed (lib/leftovers-sweep.ts).
  const folder = await mkdtemp(path.join(tmpdir(), 'pitchroom-upload-analysis-'));
  try {
    const copy = path.join(folder, 'audio');
    try {
      const { body } = await storage.get({ bucket: file.bucket, key: file.key, contentType: file.contentType });
      await pipeline(body, createWriteStream(copy));
    } catch (error) {
      return { ok: false, reason: reasons.unreadable(messageOf(error)), final: false };
    }
    const outcome = await analysisPool().run({ path: copy, contentType: file.contentType });
    if (outcome.ok) return outcome;
    return { ok: false, reason: reasons.undecodable(outcome.undecodable.replace(/^undecodable audio: /, '')), final: true };
  } catch (error) {
    if (!(error instanceof JobFailedError)) return { ok: false, reason: reasons.error(messageOf(error)), final: false };
    if (error.failure === 'time') return { ok: false, reason: reasons.time(ANALYSIS_LIMITS.timeoutMs / 1000), final: false };
    if (error.failure === 'memory') return { ok: false, reason: reasons.memory(ANALYSIS_LIMITS.maxHeapMb), final: false };
    return { ok: false, reason: reasons.error(error.message), final: false };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export interface AnalysisWorkerOptions {
  db: Db;
  storage: Storage;
  logger: Logger;
  /** Jobs claimed at once; each runs in a thread of its own while the pool has one. */
  batchSize?: number;
  /** How long a claimed job stays invisible to other workers: longer than a job may run. */
  leaseMs?: number;
  maxAttempts?: number;
  pollMs?: number;
  /** The clock of leases; without one the database's, which every instance shares (tests pass their own). */
  now?: () => Date;
  /** Told after an analysis is written to its songs, so this instance's catalogue pages show it at once. */
  onSongsMeasured?: () => void;
}

export interface AnalysisWorker {
  /** Claims due jobs and runs them; answers how many ended (done, or failed for good). */
  tick(): Promise<number>;
  /** Queues the files never analysed and those with an out-of-date sound profile, then polls for jobs until stopped. */
  start(): void;
  stop(): Promise<void>;
}

/** The analysis pipeline's worker: one in every instance, on one database, each job run once at a time. */
export function createAnalysisWorker(options: AnalysisWorkerOptions): AnalysisWorker {
  const { db, storage, logger, leaseMs = 5 * 60_000, maxAttempts = ANALYSIS_MAX_ATTEMPTS, pollMs = 1_000, now } = options;
  const batchSize = options.batchSize ?? Math.max(1, availableParallelism() - 1);
  const nowSql = () => (now ? sql`${now().toISOString()}::timestamptz` : sql`now()`);

  async function run(job: Job): Promise<boolean> {
    const [file] = await db.select().from(storedFiles).where(eq(storedFiles.id, job.fileId));
    // A file removed meanwhile took its job with it (ON DELETE CASCADE): nothing is left to record.
    if (!file) return false;
    const outcome = await analyseStoredFile(storage, file);
    if (outcome.ok) {
      await recordAnalysis(db, job, outcome.analysis, nowSql);
      options.onSongsMeasured?.();
      return true;
    }
    const failed = await recordFailure(db, job, outcome.reason, { final: outcome.final, maxAttempts, nowSql });
    logger.warn(
      { analysisJobId: job.id, fileId: job.fileId, attempt: job.attempts, failed, reason: outcome.reason },
      'audio analysis failed',
    );
    return failed;
  }

  async function runBatch(): Promise<{ claimed: number; ended: number }> {
    await giveUpStalled(db, { maxAttempts, nowSql });
    const jobs = await claimAnalysisJobs(db, { batchSize, leaseMs, maxAttempts, nowSql });
    const ended = await Promise.all(
      jobs.map((job) =>
        run(job).catch((error: unknown) => {
          // Recording failed (the database went away): the lease makes the job due again.
          logger.error({ err: error, analysisJobId: job.id }, 'recording an analysis failed');
          return false;
        }),
      ),
    );
    return { claimed: jobs.length, ended: ended.filter(Boolean).length };
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  const loop = () => {
    if (stopped) return;
    let full = false;
    running = runBatch()
      .then(({ claimed }) => (full = claimed === batchSize))
      .catch((error: unknown) => logger.error({ err: error }, 'analysis worker tick failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, full ? 0 : pollMs);
      });
  };

  return {
    tick: async () => (await runBatch()).ended,
    start() {
      if (!stopped) return;
      stopped = false;
      // The start goes on at once; what was never analysed is queued behind it.
      running = enqueueUnanalysed(db)
        .then((queued) => queued > 0 && logger.info({ queued }, 'queued the analysis of audio never analysed'))
        .catch((error: unknown) => logger.error({ err: error }, 'queueing audio never analysed failed'))
        .then(() => enqueueStaleProfiles(db))
        .then((queued) => queued > 0 && logger.info({ queued }, 'queued audio whose sound profile is out of date'))
        .catch((error: unknown) => logger.error({ err: error }, 'queueing out-of-date sound profiles failed'))
        .finally(loop);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      // A job under way is left to its lease rather than hold up the stop: another start takes it again.
      await Promise.race([running, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
    },
  };
}
