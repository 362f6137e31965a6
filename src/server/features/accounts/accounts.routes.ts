import { Hono } from 'hono';
import { responds } from '../../lib/respond';
import { MeResponseSchema } from '../../../common/responses/accounts';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { getMe } from './accounts.service';

export function meRoutes(db: Db) {
  return new Hono<AppEnv>().get('/', responds(MeResponseSchema), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.var.reply(await getMe({ db, actor: c.get('actor') }));
  });
}
