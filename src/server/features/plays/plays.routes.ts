import { Hono } from 'hono';
import { responds } from '../../lib/respond';
import { OkSchema } from '../../../common/responses/common';
import { StartedPlaySchema } from '../../../common/responses/songs';
import { UuidParamSchema } from '../../../common/schemas/admin';
import { NewPlaySchema, PlayReportSchema } from '../../../common/schemas/songs';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { validate } from '../../lib/validate';
import { actorOf } from '../../middleware/require-user';
import { startPlay, updatePlay } from './plays.service';
import { endpoint } from '../../middleware/endpoint';

/** /api/plays: the player's listening reports. */
export function playRoutes(db: Db) {
  return new Hono<AppEnv>()
    .post(
      '/',
      endpoint({ access: 'catalogue', summary: 'Record the start of a play' }),
      validate('json', NewPlaySchema),
      responds(StartedPlaySchema, 201),
      async (c) => c.var.reply(await startPlay({ db, actor: actorOf(c), ...c.req.valid('json') })),
    )
    .patch(
      '/:id',
      endpoint({ access: 'catalogue', summary: "Update one's own play with the time listened and the furthest point reached" }),
      validate('param', UuidParamSchema),
      validate('json', PlayReportSchema),
      responds(OkSchema),
      async (c) => {
        await updatePlay({ db, actor: actorOf(c), id: c.req.valid('param').id, ...c.req.valid('json') });
        return c.var.reply({ ok: true });
      },
    );
}
