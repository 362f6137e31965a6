import { Hono } from 'hono';
import { HoldCompanyShownStateSchema, PitchReportSchema } from '../../../common/responses';
import { UuidParamSchema } from '../../../common/schemas/admin';
import { HoldCompanyShownSchema } from '../../../common/schemas/pitch-report';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { responds } from '../../lib/respond';
import { validate } from '../../lib/validate';
import { actorOf } from '../../middleware/require-user';
import { setHoldCompanyShown } from './hold-company.service';
import { pitchReport } from './pitch-report.service';
import { endpoint } from '../../middleware/endpoint';

/** /api/pitch-report: the songwriter's own pitched songs, as their listeners met them. */
export function songwriterPitchReportRoutes(db: Db) {
  return new Hono<AppEnv>().get(
    '/',
    endpoint({
      access: 'songwriter',
      summary: "The songwriter's pitched songs: listeners, plays, average listen depth, holds and passes (no listener named)",
    }),
    responds(PitchReportSchema),
    async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.var.reply(await pitchReport({ db, songwriterId: actorOf(c).id }));
    },
  );
}

/** /api/admin/song-responses/:id: mounted under the admin router, beside the holds and passes list. */
export function adminHoldCompanyRoutes(db: Db) {
  return new Hono<AppEnv>().patch(
    '/:id',
    endpoint({ access: 'admin', summary: "Show or hide a hold's listener company in the writer's pitch report" }),
    validate('param', UuidParamSchema),
    validate('json', HoldCompanyShownSchema),
    responds(HoldCompanyShownStateSchema),
    async (c) =>
      c.var.reply(
        await setHoldCompanyShown({
          db,
          actor: actorOf(c),
          id: c.req.valid('param').id,
          companyShownToWriter: c.req.valid('json').companyShownToWriter,
        }),
      ),
  );
}
