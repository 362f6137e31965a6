/** Jobs for the worker pool's own test: one that ends, one that never does, one that grows without end, one that throws. */
export type TestJob = { kind: 'echo'; text: string } | { kind: 'spin' } | { kind: 'grow' } | { kind: 'throw' };

export default function runTestJob(job: TestJob): string {
  if (job.kind === 'echo') return job.text.toUpperCase();
  if (job.kind === 'throw') throw new Error('not a file this job can read');
  if (job.kind === 'spin') for (;;);
  const kept: string[][] = [];
  for (;;) kept.push(Array.from({ length: 100_000 }, (_, i) => `row ${i} of ${kept.length}`));
}
