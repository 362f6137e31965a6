import { Hono } from 'hono';
import { responds } from '../../lib/respond';
import { OutboxHoldSchema, OutboxMessageSchema, OutboxPageSchema, OutboxReleaseResultSchema } from '../../../common/responses/outbox';
import { OutboxQuerySchema, OutboxReleaseSchema, UuidParamSchema } from '../../../common/schemas/admin';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { validate } from '../../lib/validate';
import { actorOf } from '../../middleware/require-user';
import { getOutboxHold, getOutboxMessage, listOutbox, releaseOutbox } from './outbox.service';
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

/** Mounted under /api/admin/outbox-hold: a restore's pause, and its release. */
export function outboxHoldRoutes(db: Db) {
  return new Hono<AppEnv>()
    .get(
      '/',
      endpoint({ access: 'admin', summary: 'Whether a restore paused sending, and how many e-mails wait' }),
      responds(OutboxHoldSchema),
      async (c) => c.var.reply(await getOutboxHold({ db })),
    )
    .post(
      '/release',
      endpoint({ access: 'admin', summary: "End a restore's pause: send the backup's e-mails, or discard them" }),
      validate('json', OutboxReleaseSchema),
      responds(OutboxReleaseResultSchema),
      async (c) => c.var.reply(await releaseOutbox({ db, admin: actorOf(c), held: c.req.valid('json').held })),
    );
}
