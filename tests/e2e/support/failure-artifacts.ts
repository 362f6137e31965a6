import path from 'node:path';

/** Where a failed journey's screenshots and traces go (gitignored; emptied at the start of each run). */
export const FAILURE_ARTIFACTS = path.resolve('test-results/e2e');
