import { Hono } from 'hono';
import { responds } from '../../lib/respond';
import { OkSchema } from '../../../common/responses/common';
import { ReadinessSchema } from '../../../common/responses/health';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { checkReadiness } from './health.service';
import { endpoint } from '../../middleware/endpoint';

/**
 * /api/health: liveness, answered by the process alone (what a load balancer polls often).
 * /api/health/ready: readiness, which also needs the database to answer.
 */
export function healthRoutes(db: Db) {
  return new Hono<AppEnv>()
    .get('/', endpoint({ access: 'public', summary: 'Liveness: the process answers' }), responds(OkSchema), (c) =>
      c.var.reply({ ok: true }),
    )
    .get(
      '/ready',
      endpoint({ access: 'public', summary: 'Readiness: the process and its database answer' }),
      responds(ReadinessSchema),
      async (c) => c.var.reply(await checkReadiness(db)),
    );
}
