import { Hono } from 'hono';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { getMe } from './accounts.service';

export function meRoutes(db: Db) {
  return new Hono<AppEnv>().get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await getMe({ db, actor: c.get('actor') }));
  });
}
