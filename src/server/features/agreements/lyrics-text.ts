import { createWorkerPool, JobFailedError, type JobFailure, type WorkerPool } from '../../lib/worker-pool';
import type { LyricsFileJob } from './lyrics-worker';

/** How long one lyrics file may take to read, and the heap its thread may use: lyrics are a few pages. */
export const LYRICS_READ_LIMITS = { timeoutMs: 10_000, maxHeapMb: 128 } as const;

/** What reading a submitted lyrics file gave: its tidied text (empty when nothing readable is inside), or why it failed. */
export type LyricsRead = { lyrics: string } | { failure: JobFailure; reason: string };

let pool: WorkerPool<LyricsFileJob, string> | undefined;

/** The lyrics files' threads, made at the first file read; idle threads end on their own. */
function lyricsPool(): WorkerPool<LyricsFileJob, string> {
  pool ??= createWorkerPool<LyricsFileJob, string>({
    source: new URL('./lyrics-worker.ts', import.meta.url),
    ...LYRICS_READ_LIMITS,
  });
  return pool;
}

/**
 * The text of a submitted lyrics file (lyrics-worker.ts), read in a worker thread with a time and a memory
 * limit, so a file built to be slow fails only its own reading. Never throws.
 */
export async function lyricsFromFile(bytes: Buffer, contentType: string): Promise<LyricsRead> {
  try {
    return { lyrics: await lyricsPool().run({ bytes: new Uint8Array(bytes), contentType }) };
  } catch (error) {
    if (error instanceof JobFailedError) return { failure: error.failure, reason: error.message };
    return { failure: 'error', reason: String(error) };
  }
}
