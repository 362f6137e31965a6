import { Hono } from 'hono';
import { ClientErrorReportSchema } from '../../../common/schemas/client-errors';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { consumeRateLimit, RATE_RULES } from '../../lib/rate-limit';
import { requestLog } from '../../lib/request-log';
import { loggedPath } from '../../lib/token-redaction';
import { validate } from '../../lib/validate';
import { endpoint } from '../../middleware/endpoint';

/**
 * POST /api/client-errors: errors React recovered from in a visitor's browser (a hydration mismatch above all),
 * which the visitor never sees, written to the server's log so that someone does. Anyone may report; a few a
 * minute per address are kept, the rest refused.
 */
export function clientErrorRoutes(db: Db) {
  return new Hono<AppEnv>().post(
    '/',
    endpoint({
      access: 'public',
      summary: 'Report an error React recovered from in the browser (a hydration mismatch), for the server log',
      status: 204,
    }),
    validate('json', ClientErrorReportSchema),
    async (c) => {
      await consumeRateLimit(db, `client-errors:${c.get('clientIp')}`, RATE_RULES.clientErrors);
      // A pitch link's page names its token: logged as :token, as the request log does.
      const report = { ...c.req.valid('json'), page: loggedPath(c.req.valid('json').page) };
      requestLog(c).warn(
        { clientError: report, userAgent: c.req.header('user-agent') },
        `browser reported a ${report.kind} error on ${report.page}`,
      );
      return c.body(null, 204);
    },
  );
}
