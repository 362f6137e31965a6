import { Hono } from 'hono';
import { responds } from '../../lib/respond';
import { OkSchema } from '../../../common/responses/common';
import { ReadinessSchema } from '../../../common/responses/health';
import type { AppEnv } from '../../lib/hono-env';
import { createReadiness, type ReadinessChecks } from './health.service';
import { endpoint } from '../../middleware/endpoint';

/**
 * /api/health: liveness, answered by the process alone (what a load balancer polls often).
 * /api/health/ready: readiness, each dependency's state; 503 when the database or the file store is down.
 */
export function healthRoutes(checks: ReadinessChecks) {
  const readiness = createReadiness(checks);
  return new Hono<AppEnv>()
    .get('/', endpoint({ access: 'public', summary: 'Liveness: the process answers' }), responds(OkSchema), (c) =>
      c.var.reply({ ok: true }),
    )
    .get(
      '/ready',
      endpoint({ access: 'public', summary: 'Readiness: each dependency (database, file store, mail relay) and its state' }),
      responds(ReadinessSchema),
      async (c) => {
        const found = await readiness();
        return c.var.reply(found, found.ok ? 200 : 503);
      },
    );
}
