import { Hono } from 'hono';
import { NewSongsMailSettingResponseSchema } from '../../../common/responses/new-songs-mail';
import { NewSongsMailSettingSchema, NewSongsOneClickSchema, NewSongsUnsubscribeSchema } from '../../../common/schemas/new-songs-mail';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { responds } from '../../lib/respond';
import { validate } from '../../lib/validate';
import { endpoint } from '../../middleware/endpoint';
import { actorOf } from '../../middleware/require-user';
import { getNewSongsMailSetting, setNewSongsMailSetting, unsubscribeByToken } from './new-songs-mail.service';

/**
 * /api/new-songs-mail: the buyer's weekly e-mail of new songs, on or off (their account page), and the e-mail's
 * unsubscribe link, which needs no sign-in: its signed token names the buyer. The e-mail's List-Unsubscribe header
 * points at the one-click route, which a mail service posts to without cookies or an Origin (RFC 8058).
 */
export function newSongsMailRoutes(db: Db, secret: string) {
  return new Hono<AppEnv>()
    .get(
      '/',
      endpoint({ access: 'catalogue', summary: 'Whether the caller gets the weekly e-mail of new songs' }),
      responds(NewSongsMailSettingResponseSchema),
      async (c) => {
        c.header('Cache-Control', 'private, no-store');
        return c.var.reply(await getNewSongsMailSetting(db, actorOf(c).id));
      },
    )
    .put(
      '/',
      endpoint({ access: 'catalogue', summary: 'Turn the weekly e-mail of new songs on or off' }),
      validate('json', NewSongsMailSettingSchema),
      responds(NewSongsMailSettingResponseSchema),
      async (c) => c.var.reply(await setNewSongsMailSetting(db, actorOf(c).id, c.req.valid('json').weekly)),
    )
    .post(
      '/unsubscribe',
      // Public: the token, checked by the handler, is the proof; a forged or altered one is refused with a 400.
      endpoint({ access: 'public', summary: "Turn the weekly e-mail of new songs off from its link's signed token" }),
      validate('json', NewSongsUnsubscribeSchema),
      responds(NewSongsMailSettingResponseSchema),
      async (c) => c.var.reply(await unsubscribeByToken(db, secret, c.req.valid('json').token)),
    )
    .post(
      '/unsubscribe/one-click',
      // Public as the link above; the form body only says it is the one-click request a mail service sends.
      endpoint({ access: 'public', summary: "Turn the weekly e-mail of new songs off by a mail service's one-click request" }),
      validate('query', NewSongsUnsubscribeSchema),
      validate('form', NewSongsOneClickSchema),
      responds(NewSongsMailSettingResponseSchema),
      async (c) => c.var.reply(await unsubscribeByToken(db, secret, c.req.valid('query').token)),
    );
}
