import { Hono } from 'hono';
import { AuditPageSchema } from '../../../common/responses/audit';
import { AuditQuerySchema } from '../../../common/schemas/audit';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { responds } from '../../lib/respond';
import { validate } from '../../lib/validate';
import { listAuditEvents } from './audit.service';
import { endpoint } from '../../middleware/endpoint';

/** /api/admin/audit: read only. No route writes the trail; the services that act write it (recordAudit). */
export function adminAuditRoutes(db: Db) {
  return new Hono<AppEnv>().get(
    '/',
    endpoint({ access: 'admin', summary: 'The audit trail of admin actions, newest first (read only)' }),
    validate('query', AuditQuerySchema),
    responds(AuditPageSchema),
    async (c) => c.var.reply(await listAuditEvents({ db, query: c.req.valid('query') })),
  );
}
