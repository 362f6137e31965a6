import { Hono } from 'hono';
import { responds } from '../../lib/respond';
import { PitchActivityPageSchema } from '../../../common/responses/pitching';
import { PitchActivityQuerySchema } from '../../../common/schemas/pitching';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { validate } from '../../lib/validate';
import { listPitchActivity } from './pitch-activity.service';

/** /api/admin/pitch-activity: mounted under the admin router. */
export function adminPitchActivityRoutes(db: Db) {
  return new Hono<AppEnv>().get('/', validate('query', PitchActivityQuerySchema), responds(PitchActivityPageSchema), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.var.reply(await listPitchActivity({ db, query: c.req.valid('query') }));
  });
}
