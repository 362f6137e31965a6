import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import Piscina from 'piscina';

/** Why a job did not finish: past its time limit, past its memory limit, or it threw (the file is not one it can read). */
export type JobFailure = 'time' | 'memory' | 'error';

/** A job that did not finish; the pool and the other jobs go on. */
export class JobFailedError extends Error {
  constructor(
    readonly failure: JobFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'JobFailedError';
  }
}

export interface WorkerPoolOptions {
  /**
   * The worker's module beside the caller as the sources hold it (`new URL('./x-worker.ts', import.meta.url)`),
   * whose default export runs one job. The server bundle builds it as an entry of the same name
   * (scripts/build-server.mjs), so there it is `x-worker.js` beside the bundle.
   */
  source: URL;
  /**
   * How long one job may take from the moment it is handed to the pool, a wait for a thread and the thread's
   * start included; past it, its thread is ended and the job fails. Each pool has threads of its own, so one
   * feature's long jobs never use up another's time.
   */
  timeoutMs: number;
  /** The heap one thread may grow to; past it, the thread is ended and its job fails. */
  maxHeapMb: number;
  /** Jobs waiting for a thread; past it, run() fails at once rather than queueing without end. */
  maxQueue?: number;
}

export interface WorkerPool<Task, Result> {
  /** Runs one job in a thread of the pool; rejects with JobFailedError when the job fails. */
  run(task: Task): Promise<Result>;
  /** Ends its threads (a job under way fails); the next job starts new ones. */
  close(): Promise<void>;
  /** The threads it holds now. */
  threadCount(): number;
}

/** A thread left without a job this long ends: uploads come now and then, and an idle thread holds its heap. */
const IDLE_MS = 30_000;

/** Every pool made in this process, for the server's stop to close (closeWorkerPools). */
const pools = new Set<WorkerPool<never, unknown>>();

/**
 * Worker threads for work that can block (parsing an uploaded file, decoding audio): each job runs off the
 * request thread with a time and a memory limit, so a bad file fails its job and never stalls the server.
 * At most one thread fewer than the cores, so requests always keep one; none until the first job. A closed pool
 * opens again at its next job (the pools are the features' own, kept for the process's life).
 */
export function createWorkerPool<Task, Result>(options: WorkerPoolOptions): WorkerPool<Task, Result> {
  let piscina: Piscina<Task, Result> | undefined;
  const open = () =>
    (piscina ??= new Piscina<Task, Result>({
      ...workerModule(options.source),
      minThreads: 0,
      maxThreads: Math.max(1, availableParallelism() - 1),
      idleTimeout: IDLE_MS,
      maxQueue: options.maxQueue ?? 100,
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb, maxYoungGenerationSizeMb: 16 },
    }));
  const pool: WorkerPool<Task, Result> = {
    async run(task) {
      const signal = AbortSignal.timeout(options.timeoutMs);
      try {
        return await open().run(task, { signal });
      } catch (error) {
        throw jobFailure(error, signal, options);
      }
    },
    async close() {
      const closing = piscina;
      piscina = undefined;
      await closing?.destroy();
    },
    threadCount: () => piscina?.threads.length ?? 0,
  };
  pools.add(pool as WorkerPool<never, unknown>);
  return pool;
}

/** Ends the threads of every pool, jobs under way failing: the server's stop, so none outlives it. */
export async function closeWorkerPools(): Promise<void> {
  await Promise.all([...pools].map((pool) => pool.close()));
}

/** The threads every pool of this process holds now. */
export const workerThreadCount = () => [...pools].reduce((sum, pool) => sum + pool.threadCount(), 0);

function jobFailure(error: unknown, signal: AbortSignal, options: WorkerPoolOptions): JobFailedError {
  if (signal.aborted) return new JobFailedError('time', `the job took longer than ${options.timeoutMs} ms`, { cause: error });
  if ((error as { code?: string } | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY')
    return new JobFailedError('memory', `the job needed more than ${options.maxHeapMb} MB`, { cause: error });
  return new JobFailedError('error', error instanceof Error ? error.message : String(error), { cause: error });
}

/**
 * The module a thread loads: the bundle's JavaScript entry, or, run from the sources (development, tests),
 * worker-from-sources.mjs, which registers tsx's loader in the new thread before it imports the TypeScript
 * module (Node 20 does not take `--import` for a worker).
 */
function workerModule(source: URL): { filename: string; workerData?: { source: string } } {
  if (!import.meta.url.endsWith('.ts')) {
    const name = source.pathname.slice(source.pathname.lastIndexOf('/') + 1).replace(/\.ts$/, '.js');
    return { filename: fileURLToPath(new URL(`./${name}`, import.meta.url)) };
  }
  return { filename: fileURLToPath(new URL('./worker-from-sources.mjs', import.meta.url)), workerData: { source: source.href } };
}
