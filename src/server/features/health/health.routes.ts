import { Hono } from 'hono';
import { pingDatabase, type Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';

/**
 * /api/health: liveness, answered by the process alone (what a load balancer polls often).
 * /api/health/ready: readiness, which also needs the database to answer.
 */
export function healthRoutes(db: Db) {
  return new Hono<AppEnv>()
    .get('/', (c) => c.json({ ok: true }))
    .get('/ready', async (c) => {
      await pingDatabase(db);
      return c.json({ ok: true, database: 'ok' });
    });
}
