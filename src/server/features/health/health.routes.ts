import { Hono } from 'hono';
import { pingDatabase, type Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';

export function healthRoutes(db: Db) {
  return new Hono<AppEnv>().get('/', async (c) => {
    await pingDatabase(db);
    return c.json({ ok: true });
  });
}
