import { Hono } from 'hono';
import { responds } from '../../lib/respond';
import { MeResponseSchema } from '../../../common/responses/accounts';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { getMe } from './accounts.service';
import { endpoint } from '../../middleware/endpoint';

export function meRoutes(db: Db) {
  return new Hono<AppEnv>().get(
    '/',
    endpoint({ access: 'public', summary: 'The signed-in user and roles, or null' }),
    responds(MeResponseSchema),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.var.reply(await getMe({ db, actor: c.get('actor') }));
    },
  );
}
