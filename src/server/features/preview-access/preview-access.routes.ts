import { Hono } from 'hono';
import { z } from 'zod';
import { UserIdParamSchema, UuidParamSchema } from '../../../common/schemas/admin';
import { CreatePreviewAccountSchema, PreviewRequestListQuerySchema, PreviewRequestSchema } from '../../../common/schemas/preview-access';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { consumeRateLimit } from '../../lib/rate-limit';
import { validate } from '../../lib/validate';
import { actorOf, requireUser } from '../../middleware/require-user';
import { getSongListenDepth } from './listen-depth.service';
import { listPreviewUsers, listSongListening, listUserPlays } from './preview-activity.service';
import {
  approvePreviewRequest,
  createPreviewAccount,
  createPreviewRequest,
  getMyPreviewRequest,
  listPreviewRequests,
  rejectPreviewRequest,
  revokePreviewAccess,
  type MailSettings,
} from './preview-access.service';

/** /api/preview-requests: asking for access (anyone) and reading one's own request. */
export function previewRequestRoutes(db: Db, mail: MailSettings) {
  return new Hono<AppEnv>()
    .post('/', validate('json', PreviewRequestSchema), async (c) => {
      await consumeRateLimit(db, `preview-request:${c.get('clientIp')}`, { window: 3600, max: 5 });
      const result = await createPreviewRequest({ db, actor: c.get('actor'), input: c.req.valid('json'), mail });
      return c.json(result, result.created ? 201 : 200);
    })
    .get('/mine', requireUser, async (c) => c.json({ request: await getMyPreviewRequest({ db, actor: actorOf(c) }) }));
}

/** /api/admin/preview-requests, /api/admin/preview-accounts and /api/admin/preview-activity. */
export function adminPreviewRoutes(db: Db, mail: MailSettings) {
  const requests = new Hono<AppEnv>()
    .get('/', validate('query', PreviewRequestListQuerySchema), async (c) =>
      c.json(await listPreviewRequests({ db, query: c.req.valid('query') })),
    )
    .post('/:id/approve', validate('param', UuidParamSchema), async (c) => {
      await approvePreviewRequest({ db, actor: actorOf(c), id: c.req.valid('param').id, mail });
      return c.json({ ok: true });
    })
    .post('/:id/reject', validate('param', UuidParamSchema), async (c) => {
      await rejectPreviewRequest({ db, actor: actorOf(c), id: c.req.valid('param').id });
      return c.json({ ok: true });
    })
    .post('/:id/revoke', validate('param', UuidParamSchema), async (c) => {
      await revokePreviewAccess({ db, actor: actorOf(c), id: c.req.valid('param').id });
      return c.json({ ok: true });
    });

  const accounts = new Hono<AppEnv>().post('/', validate('json', CreatePreviewAccountSchema), async (c) => {
    const user = await createPreviewAccount({ db, actor: actorOf(c), input: c.req.valid('json'), mail });
    return c.json(user, 201);
  });

  const activity = new Hono<AppEnv>()
    .get('/', async (c) => c.json({ users: await listPreviewUsers({ db }), songs: await listSongListening({ db }) }))
    .get('/songs/:songId', validate('param', z.object({ songId: z.uuid() })), async (c) =>
      c.json(await getSongListenDepth({ db, songId: c.req.valid('param').songId })),
    )
    .get('/users/:userId/plays', validate('param', UserIdParamSchema), async (c) =>
      c.json(await listUserPlays({ db, userId: c.req.valid('param').userId })),
    );

  return { requests, accounts, activity };
}
