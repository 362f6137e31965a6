import { Hono } from 'hono';
import { FailedAnalysisListSchema, OkSchema } from '../../../common/responses';
import { UuidParamSchema } from '../../../common/schemas/admin';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { responds } from '../../lib/respond';
import { validate } from '../../lib/validate';
import { endpoint } from '../../middleware/endpoint';
import { actorOf } from '../../middleware/require-user';
import { listFailedAnalyses, retryAnalysis } from './analysis-admin.service';

/** /api/admin/analysis-jobs: the analyses that failed, and their retry. Mounted under the admin router. */
export function adminAnalysisJobRoutes(db: Db) {
  return new Hono<AppEnv>()
    .get(
      '/',
      endpoint({ access: 'admin', summary: 'Audio analyses that failed, newest first, with why' }),
      responds(FailedAnalysisListSchema),
      async (c) => c.var.reply(await listFailedAnalyses({ db })),
    )
    .post(
      '/:id/retry',
      endpoint({ access: 'admin', summary: 'Queue a failed audio analysis again' }),
      validate('param', UuidParamSchema),
      responds(OkSchema),
      async (c) => c.var.reply(await retryAnalysis({ db, admin: actorOf(c), id: c.req.valid('param').id })),
    );
}
