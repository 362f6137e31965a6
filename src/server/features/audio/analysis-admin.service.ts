import { and, desc, eq } from 'drizzle-orm';
import type { AnalysisJobState } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import type { Db, DbOrTx } from '../../db/client';
import { analysisJobs, songReviews, songs, storedFiles } from '../../db/schema';
import type { Actor } from '../accounts';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit';

/** Where a file's analysis stands: `done` for a file analysed before it had a job (its row has a waveform). */
export interface AnalysisState {
  state: AnalysisJobState | 'none';
  reason: string | null;
}

/** The analysis state of one stored file, for the page that uploaded it. */
export async function analysisStateOf(db: DbOrTx, fileId: string): Promise<AnalysisState> {
  const [row] = await db
    .select({ state: analysisJobs.state, reason: analysisJobs.lastError, peaks: storedFiles.audioPeaks })
    .from(storedFiles)
    .leftJoin(analysisJobs, and(eq(analysisJobs.fileId, storedFiles.id), eq(analysisJobs.kind, 'audio')))
    .where(eq(storedFiles.id, fileId));
  if (!row) return { state: 'none', reason: null };
  if (row.state) return { state: row.state, reason: row.state === 'failed' ? row.reason : null };
  return { state: row.peaks ? 'done' : 'none', reason: null };
}

/** Failed analyses shown at most: the admin fixes a few at a time. */
const FAILED_SHOWN = 50;

/**
 * The analyses that failed, newest first: the file, what it belongs to (a catalogue song, a submitted song, or an
 * upload no song has taken yet), how many tries were made and why the last one failed.
 */
export async function listFailedAnalyses({ db }: { db: Db }) {
  const rows = await db
    .select({
      id: analysisJobs.id,
      attempts: analysisJobs.attempts,
      reason: analysisJobs.lastError,
      failedAt: analysisJobs.updatedAt,
      fileName: storedFiles.originalName,
      songId: songs.id,
      songTitle: songs.title,
      reviewId: songReviews.id,
      reviewSongTitle: songReviews.songTitle,
    })
    .from(analysisJobs)
    .innerJoin(storedFiles, eq(storedFiles.id, analysisJobs.fileId))
    .leftJoin(songs, eq(songs.audioFileId, analysisJobs.fileId))
    .leftJoin(songReviews, eq(songReviews.audioFileId, analysisJobs.fileId))
    .where(eq(analysisJobs.state, 'failed'))
    .orderBy(desc(analysisJobs.updatedAt))
    .limit(FAILED_SHOWN);
  return rows.map((r) => ({
    id: r.id,
    attempts: r.attempts,
    reason: r.reason ?? MESSAGES.audioAnalysis.jobFailed.error('no reason was recorded'),
    failedAt: r.failedAt,
    fileName: r.fileName,
    subject: r.songId
      ? { kind: 'song' as const, id: r.songId, title: r.songTitle! }
      : r.reviewId
        ? { kind: 'submission' as const, id: r.reviewId, title: r.reviewSongTitle! }
        : { kind: 'upload' as const, id: null, title: null },
  }));
}

/** Queues a failed analysis again, with its tries counted afresh (the admin fixed the cause, or wants to see). */
export async function retryAnalysis({ db, admin, id }: { db: Db; admin: Actor; id: string }) {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .update(analysisJobs)
      .set({ state: 'queued', attempts: 0, lastError: null, lockedUntil: null, finishedAt: null })
      .where(and(eq(analysisJobs.id, id), eq(analysisJobs.state, 'failed')))
      .returning({ id: analysisJobs.id, fileId: analysisJobs.fileId });
    if (!job) {
      const [exists] = await tx.select({ id: analysisJobs.id }).from(analysisJobs).where(eq(analysisJobs.id, id));
      throw exists
        ? new AppError('CONFLICT', MESSAGES.audioAnalysis.notFailed)
        : new AppError('NOT_FOUND', MESSAGES.audioAnalysis.jobNotFound);
    }
    await recordAudit(tx, {
      actor: admin,
      action: 'analysis_job.retry',
      subject: { kind: 'analysis_job', id: job.id },
      summary: 'Queued a failed audio analysis again',
      changes: { state: { before: 'failed', after: 'queued' } },
    });
    return { ok: true as const };
  });
}
