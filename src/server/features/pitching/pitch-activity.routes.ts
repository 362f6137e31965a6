import { Hono } from 'hono';
import { responds } from '../../lib/respond';
import { PitchActivityPageSchema } from '../../../common/responses/pitching';
import { PitchActivityQuerySchema } from '../../../common/schemas/pitching';
import type { Db } from '../../db/client';
import { csvResponse, datedFileName } from '../../lib/csv';
import type { AppEnv } from '../../lib/hono-env';
import { validate } from '../../lib/validate';
import { listPitchActivity, PITCH_ACTIVITY_CSV_COLUMNS, pitchActivityCsvRows } from './pitch-activity.service';
import { download, endpoint } from '../../middleware/endpoint';

/** /api/admin/pitch-activity: mounted under the admin router. */
export function adminPitchActivityRoutes(db: Db) {
  return new Hono<AppEnv>().get(
    '/',
    endpoint({
      access: 'admin',
      summary: 'Latest holds, passes, link opens and plays, newest first, by song and listener, paged by cursor',
    }),
    validate('query', PitchActivityQuerySchema),
    responds(PitchActivityPageSchema),
    async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.var.reply(await listPitchActivity({ db, query: c.req.valid('query') }));
    },
  );
}

/** /api/admin/pitch-activity-export: the activity, with the page's filters, as a CSV download. */
export function adminPitchActivityExportRoutes(db: Db) {
  return new Hono<AppEnv>().get(
    '/',
    endpoint({
      access: 'admin',
      summary: 'The pitch activity, with the same filters, as a CSV download (text/csv)',
      answers: download('text/csv', 'One row per hold, pass, link open or play, UTF-8 with a byte-order mark'),
    }),
    validate('query', PitchActivityQuerySchema),
    async (c) =>
      csvResponse(
        datedFileName('pitch-activity'),
        PITCH_ACTIVITY_CSV_COLUMNS,
        await pitchActivityCsvRows({ db, query: c.req.valid('query') }),
      ),
  );
}
