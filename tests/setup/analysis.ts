import { createAnalysisWorker } from '../../src/server/features/audio/analysis-jobs';
import { createLogger } from '../../src/server/lib/logger';
import type { TestApp } from './test-app';

/**
 * Runs the analysis jobs an app's uploads queued, as the server's analysis worker does in the background: ticks
 * until a tick ends none. Answers how many ended.
 */
export async function runAnalyses(t: TestApp): Promise<number> {
  const worker = createAnalysisWorker({
    db: t.db,
    storage: t.storage,
    logger: createLogger('silent'),
    batchSize: 8,
    onSongsMeasured: t.catalogueChanged,
  });
  let ended = 0;
  for (let n = await worker.tick(); n > 0; n = await worker.tick()) ended += n;
  return ended;
}
