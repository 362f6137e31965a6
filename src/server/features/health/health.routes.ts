import { Hono } from 'hono';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { checkReadiness } from './health.service';

/**
 * /api/health: liveness, answered by the process alone (what a load balancer polls often).
 * /api/health/ready: readiness, which also needs the database to answer.
 */
export function healthRoutes(db: Db) {
  return new Hono<AppEnv>().get('/', (c) => c.json({ ok: true })).get('/ready', async (c) => c.json(await checkReadiness(db)));
}
