import { Hono } from 'hono';
import {
  CreatedPitchLinkSchema,
  PitchLinkDetailSchema,
  PitchLinkListSchema,
  RevokedPitchLinkSchema,
} from '../../../common/responses/pitching';
import { UuidParamSchema } from '../../../common/schemas/admin';
import { ShareSchema } from '../../../common/schemas/pitching';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { responds } from '../../lib/respond';
import { validate } from '../../lib/validate';
import { endpoint } from '../../middleware/endpoint';
import { actorOf } from '../../middleware/require-user';
import { getPitchLink, listLinksOf, revokePitchLink } from './pitch-links.service';
import type { MailSettings } from './responses.service';
import { createShare } from './shares.service';

/**
 * /api/shares: a listener's own shares, pitch links of kind `share` (decision 0084). Each caller sees and
 * changes only the links they made; anyone else's is "not found". Admins see every link in Pitch Links.
 */
export function shareRoutes({ db, mail }: { db: Db; mail: MailSettings }) {
  const sharer = (c: Parameters<typeof actorOf>[0]) => ({ kind: 'sharer' as const, userId: actorOf(c).id });
  return new Hono<AppEnv>()
    .get(
      '/',
      endpoint({ access: 'catalogue', summary: "The caller's shares, newest first, with each recipient's activity" }),
      responds(PitchLinkListSchema),
      async (c) => {
        c.header('Cache-Control', 'private, no-store');
        return c.var.reply(await listLinksOf({ db, reader: sharer(c) }));
      },
    )
    .post(
      '/',
      endpoint({ access: 'catalogue', summary: 'Share a playlist or a song with one recipient: a link, e-mailed when asked' }),
      validate('json', ShareSchema),
      responds(CreatedPitchLinkSchema, 201),
      async (c) => c.var.reply(await createShare({ db, actor: actorOf(c), values: c.req.valid('json'), mail }), 201),
    )
    .get(
      '/:id',
      endpoint({
        access: 'catalogue',
        summary: "One of the caller's shares: per song, the recipient's plays, depth and answer; the replies",
      }),
      validate('param', UuidParamSchema),
      responds(PitchLinkDetailSchema),
      async (c) => {
        c.header('Cache-Control', 'private, no-store');
        return c.var.reply(await getPitchLink({ db, id: c.req.valid('param').id, reader: sharer(c) }));
      },
    )
    .post(
      '/:id/revoke',
      endpoint({ access: 'catalogue', summary: "Stop one of the caller's shares at once" }),
      validate('param', UuidParamSchema),
      responds(RevokedPitchLinkSchema),
      async (c) => c.var.reply(await revokePitchLink({ db, actor: actorOf(c), id: c.req.valid('param').id, reader: sharer(c) })),
    );
}
