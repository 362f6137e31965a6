import { afterAll, describe, expect, test } from 'vitest';
import { createWorkerPool, JobFailedError } from '../../src/server/lib/worker-pool';
import type { TestJob } from './worker-pool/test-jobs';

const pool = createWorkerPool<TestJob, string>({
  source: new URL('./worker-pool/test-jobs.ts', import.meta.url),
  // The limit counts from the job's taking: generous enough for a thread started afresh (loading TypeScript) on a busy machine.
  timeoutMs: 8_000,
  maxHeapMb: 32,
});
afterAll(() => pool.close());

/** How long the event loop of this thread went without a turn while `work` ran, sampled every 20 ms. */
async function worstStall<T>(work: Promise<T>): Promise<{ outcome: PromiseSettledResult<T>; stallMs: number }> {
  let worst = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
  }, 20);
  const [outcome] = await Promise.allSettled([work]);
  clearInterval(timer);
  return { outcome, stallMs: worst };
}

describe('the worker pool', () => {
  test('runs a job in a thread and answers its result', async () => {
    expect(await pool.run({ kind: 'echo', text: 'gravel road' })).toBe('GRAVEL ROAD');
  });

  test.each([
    ['never ends', { kind: 'spin' }, 'time'],
    ['grows past its heap', { kind: 'grow' }, 'memory'],
    ['throws', { kind: 'throw' }, 'error'],
  ] as const)('a job that %s fails alone, with the limit it hit, and the pool goes on', async (_name, job, failure) => {
    const { outcome, stallMs } = await worstStall(pool.run(job));
    expect(outcome.status).toBe('rejected');
    const error = (outcome as PromiseRejectedResult).reason as unknown;
    expect(error).toBeInstanceOf(JobFailedError);
    expect(error).toMatchObject({ failure });
    // The request thread kept its turns meanwhile (a generous bound: this machine runs other tests too).
    expect(stallMs).toBeLessThan(1_000);
    expect(await pool.run({ kind: 'echo', text: 'still here' })).toBe('STILL HERE');
  });
});
