import { Hono } from 'hono';
import { responds } from '../../lib/respond';
import { OkSchema } from '../../../common/responses/common';
import {
  AdminPreviewRequestPageSchema,
  CreatedPreviewAccountSchema,
  MyPreviewRequestSchema,
  PreviewActivitySchema,
  PreviewDownloadsSchema,
  PreviewRequestReceiptSchema,
  SongListenDepthSchema,
  UserPlaysSchema,
} from '../../../common/responses/preview-access';
import { z } from 'zod';
import { UserIdParamSchema, UuidParamSchema } from '../../../common/schemas/admin';
import { CreatePreviewAccountSchema, PreviewRequestListQuerySchema, PreviewRequestSchema } from '../../../common/schemas/preview-access';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { consumeRateLimit, RATE_RULES } from '../../lib/rate-limit';
import { validate } from '../../lib/validate';
import { actorOf } from '../../middleware/require-user';
import { getSongListenDepth } from './listen-depth.service';
import { listPreviewDownloads, listPreviewUsers, listSongListening, listUserPlays } from './preview-activity.service';
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
import { endpoint } from '../../middleware/endpoint';
import { listPlaylistsForActivity } from '../playlists';

/** /api/preview-requests: asking for access (anyone) and reading one's own request. */
export function previewRequestRoutes(db: Db, mail: MailSettings) {
  return new Hono<AppEnv>()
    .post(
      '/',
      endpoint({ access: 'public', summary: 'Request preview access' }),
      validate('json', PreviewRequestSchema),
      responds(PreviewRequestReceiptSchema, 201),
      async (c) => {
        await consumeRateLimit(db, `preview-request:${c.get('clientIp')}`, RATE_RULES.previewRequest);
        const result = await createPreviewRequest({ db, actor: c.get('actor'), input: c.req.valid('json'), mail });
        return c.var.reply(result, result.created ? 201 : 200);
      },
    )
    .get(
      '/mine',
      endpoint({ access: 'user', summary: "The signed-in user's preview request" }),
      responds(MyPreviewRequestSchema),
      async (c) => c.var.reply({ request: await getMyPreviewRequest({ db, actor: actorOf(c) }) }),
    );
}

/** /api/admin/preview-requests, /api/admin/preview-accounts and /api/admin/preview-activity. */
export function adminPreviewRoutes(db: Db, mail: MailSettings) {
  const requests = new Hono<AppEnv>()
    .get(
      '/',
      endpoint({ access: 'admin', summary: 'Preview access requests' }),
      validate('query', PreviewRequestListQuerySchema),
      responds(AdminPreviewRequestPageSchema),
      async (c) => c.var.reply(await listPreviewRequests({ db, query: c.req.valid('query') })),
    )
    .post(
      '/:id/approve',
      endpoint({ access: 'admin', summary: 'Approve a request' }),
      validate('param', UuidParamSchema),
      responds(OkSchema),
      async (c) => {
        await approvePreviewRequest({ db, actor: actorOf(c), id: c.req.valid('param').id, mail });
        return c.var.reply({ ok: true });
      },
    )
    .post(
      '/:id/reject',
      endpoint({ access: 'admin', summary: 'Reject a request' }),
      validate('param', UuidParamSchema),
      responds(OkSchema),
      async (c) => {
        await rejectPreviewRequest({ db, actor: actorOf(c), id: c.req.valid('param').id });
        return c.var.reply({ ok: true });
      },
    )
    .post(
      '/:id/revoke',
      endpoint({ access: 'admin', summary: "Revoke a request's access" }),
      validate('param', UuidParamSchema),
      responds(OkSchema),
      async (c) => {
        await revokePreviewAccess({ db, actor: actorOf(c), id: c.req.valid('param').id });
        return c.var.reply({ ok: true });
      },
    );

  const accounts = new Hono<AppEnv>().post(
    '/',
    endpoint({ access: 'admin', summary: 'Create a preview account' }),
    validate('json', CreatePreviewAccountSchema),
    responds(CreatedPreviewAccountSchema, 201),
    async (c) => {
      const user = await createPreviewAccount({ db, actor: actorOf(c), input: c.req.valid('json'), mail });
      return c.var.reply(user);
    },
  );

  const activity = new Hono<AppEnv>()
    .get('/', endpoint({ access: 'admin', summary: 'Preview users and song listening' }), responds(PreviewActivitySchema), async (c) =>
      c.var.reply({
        users: await listPreviewUsers({ db }),
        songs: await listSongListening({ db }),
        downloads: await listPreviewDownloads({ db }),
        playlists: await listPlaylistsForActivity({ db }),
      }),
    )
    .get(
      '/songs/:songId',
      endpoint({ access: 'admin', summary: "One song's drop-off chart and its listeners with how far each got" }),
      validate('param', z.object({ songId: z.uuid() })),
      responds(SongListenDepthSchema),
      async (c) => c.var.reply(await getSongListenDepth({ db, songId: c.req.valid('param').songId })),
    )
    .get(
      '/users/:userId/plays',
      endpoint({ access: 'admin', summary: "One preview user's plays" }),
      validate('param', UserIdParamSchema),
      responds(UserPlaysSchema),
      async (c) => c.var.reply(await listUserPlays({ db, userId: c.req.valid('param').userId })),
    )
    .get(
      '/users/:userId/downloads',
      endpoint({ access: 'admin', summary: "One preview user's downloads" }),
      validate('param', UserIdParamSchema),
      responds(PreviewDownloadsSchema),
      async (c) => c.var.reply(await listPreviewDownloads({ db, userId: c.req.valid('param').userId })),
    );

  return { requests, accounts, activity };
}
