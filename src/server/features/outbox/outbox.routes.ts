import { Hono } from 'hono';
import { responds } from '../../lib/respond';
import { OutboxHoldSchema, OutboxMessageSchema, OutboxPageSchema, OutboxReleaseResultSchema } from '../../../common/responses/outbox';
import { OutboxQuerySchema, OutboxReleaseSchema, UuidParamSchema } from '../../../common/schemas/admin';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { validate } from '../../lib/validate';
import { actorOf } from '../../middleware/require-user';
import { getOutboxHold, getOutboxMessage, listOutbox, releaseOutbox } from './outbox.service';

/** Mounted under /api/admin, which requires the admin role. */
export function outboxRoutes(db: Db) {
  return new Hono<AppEnv>()
    .get('/', validate('query', OutboxQuerySchema), responds(OutboxPageSchema), async (c) =>
      c.var.reply(await listOutbox({ db, ...c.req.valid('query') })),
    )
    .get('/:id', validate('param', UuidParamSchema), responds(OutboxMessageSchema), async (c) =>
      c.var.reply(await getOutboxMessage({ db, admin: actorOf(c), id: c.req.valid('param').id })),
    );
}

/** Mounted under /api/admin/outbox-hold: a restore's pause, and its release. */
export function outboxHoldRoutes(db: Db) {
  return new Hono<AppEnv>()
    .get('/', responds(OutboxHoldSchema), async (c) => c.var.reply(await getOutboxHold({ db })))
    .post('/release', validate('json', OutboxReleaseSchema), responds(OutboxReleaseResultSchema), async (c) =>
      c.var.reply(await releaseOutbox({ db, admin: actorOf(c), held: c.req.valid('json').held })),
    );
}
