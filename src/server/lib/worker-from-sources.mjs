// A worker-pool thread run from the sources (development, tests): registers tsx's loader in this thread, then
// runs each job with the default export of the TypeScript module the pool names (worker-pool.ts).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { default: runJob } = await import(workerData.source);
export default runJob;
