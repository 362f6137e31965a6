import { Hono } from 'hono';
import { responds } from '../../lib/respond';
import { OutboxMessageSchema, OutboxPageSchema } from '../../../common/responses/outbox';
import { OutboxQuerySchema, UuidParamSchema } from '../../../common/schemas/admin';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { validate } from '../../lib/validate';
import { actorOf } from '../../middleware/require-user';
import { getOutboxMessage, listOutbox } from './outbox.service';
import { endpoint } from '../../middleware/endpoint';

/** Mounted under /api/admin, which requires the admin role. */
export function outboxRoutes(db: Db) {
  return new Hono<AppEnv>()
    .get(
      '/',
      endpoint({ access: 'admin', summary: 'Queued and sent e-mails' }),
      validate('query', OutboxQuerySchema),
      responds(OutboxPageSchema),
      async (c) => c.var.reply(await listOutbox({ db, ...c.req.valid('query') })),
    )
    .get(
      '/:id',
      endpoint({ access: 'admin', summary: 'One e-mail' }),
      validate('param', UuidParamSchema),
      responds(OutboxMessageSchema),
      async (c) => c.var.reply(await getOutboxMessage({ db, admin: actorOf(c), id: c.req.valid('param').id })),
    );
}
