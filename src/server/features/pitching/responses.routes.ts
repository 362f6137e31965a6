import { Hono } from 'hono';
import { responds } from '../../lib/respond';
import { AdminSongResponsesSchema, MySongResponsesSchema, SavedSongResponseSchema } from '../../../common/responses/pitching';
import { UuidParamSchema } from '../../../common/schemas/admin';
import { AdminResponsesQuerySchema, SongResponseSchema } from '../../../common/schemas/pitching';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { validate } from '../../lib/validate';
import { actorOf } from '../../middleware/require-user';
import { clearSongResponse, listAdminResponses, listMyResponses, setSongResponse, type MailSettings } from './responses.service';
import { endpoint } from '../../middleware/endpoint';

/** /api/song-responses: a preview user's (or admin's) own holds and passes; :id is the song's. */
export function songResponseRoutes(db: Db, mail: MailSettings, secret: string) {
  return new Hono<AppEnv>()
    .get(
      '/',
      endpoint({ access: 'catalogue', summary: "The caller's holds and passes, newest first" }),
      responds(MySongResponsesSchema),
      async (c) => {
        c.header('Cache-Control', 'private, no-store');
        return c.var.reply(await listMyResponses({ db, actor: actorOf(c), secret }));
      },
    )
    .put(
      '/:id',
      endpoint({ access: 'catalogue', summary: 'Hold (with an optional note) or pass on a song' }),
      validate('param', UuidParamSchema),
      validate('json', SongResponseSchema),
      responds(SavedSongResponseSchema),
      async (c) => {
        const listener = { kind: 'user' as const, actor: actorOf(c) };
        return c.var.reply(await setSongResponse({ db, listener, songId: c.req.valid('param').id, values: c.req.valid('json'), mail }));
      },
    )
    .delete(
      '/:id',
      endpoint({ access: 'catalogue', summary: "Clear one's hold or pass on a song", status: 204 }),
      validate('param', UuidParamSchema),
      async (c) => {
        await clearSongResponse({ db, listener: { kind: 'user', actor: actorOf(c) }, songId: c.req.valid('param').id });
        return c.body(null, 204);
      },
    );
}

/** /api/admin/song-responses: mounted under the admin router. */
export function adminSongResponseRoutes(db: Db) {
  return new Hono<AppEnv>().get(
    '/',
    endpoint({ access: 'admin', summary: 'Holds and passes of a song or a preview user' }),
    validate('query', AdminResponsesQuerySchema),
    responds(AdminSongResponsesSchema),
    async (c) => c.var.reply(await listAdminResponses({ db, query: c.req.valid('query') })),
  );
}
