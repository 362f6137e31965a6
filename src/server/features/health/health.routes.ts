import { Hono } from 'hono';
import { responds } from '../../lib/respond';
import { OkSchema } from '../../../common/responses/common';
import { ReadinessSchema } from '../../../common/responses/health';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { checkReadiness } from './health.service';

/**
 * /api/health: liveness, answered by the process alone (what a load balancer polls often).
 * /api/health/ready: readiness, which also needs the database to answer.
 */
export function healthRoutes(db: Db) {
  return new Hono<AppEnv>()
    .get('/', responds(OkSchema), (c) => c.var.reply({ ok: true }))
    .get('/ready', responds(ReadinessSchema), async (c) => c.var.reply(await checkReadiness(db)));
}
