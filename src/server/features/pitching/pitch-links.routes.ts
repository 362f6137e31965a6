import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { UuidParamSchema } from '../../../common/schemas/admin';
import { PitchLinkSchema, SongResponseSchema } from '../../../common/schemas/pitching';
import { NewPlaySchema, PlayReportSchema } from '../../../common/schemas/songs';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { consumeRateLimit, type RateRule } from '../../lib/rate-limit';
import { validate } from '../../lib/validate';
import { actorOf } from '../../middleware/require-user';
import { createPitchLink, getPitchLink, listPitchLinks, revokePitchLink } from './pitch-links.service';
import { findLivePitchLink, openPitchPage, startPitchPlay, updatePitchPlay, type LivePitchLink } from './pitch-page.service';
import { clearSongResponse, setSongResponse, type MailSettings } from './responses.service';

/** Per client address, over every public pitch route: a player reports every 15 s, so this is generous for listening and stingy for guessing. */
export const PITCH_RATE_LIMIT: RateRule = { window: 60, max: 120 };

type PitchEnv = { Variables: AppEnv['Variables'] & { pitchLink: LivePitchLink } };

/**
 * /api/pitch/:token: a pitch link's recipient, without an account. The token is checked (after the rate
 * limit) before any input is, so an unknown, revoked or expired link is always the same 404.
 */
export function pitchRoutes({ db, secret, mail }: { db: Db; secret: string; mail: MailSettings }) {
  const loadLink = createMiddleware<PitchEnv>(async (c, next) => {
    await consumeRateLimit(db, `pitch:${c.get('clientIp')}`, PITCH_RATE_LIMIT);
    c.set('pitchLink', await findLivePitchLink(db, c.req.param('token') ?? ''));
    await next();
  });
  const listener = (link: LivePitchLink) => ({ kind: 'pitch' as const, pitchLinkId: link.id });

  return (
    new Hono<PitchEnv>()
      // '/:token/*' matches '/:token' itself too.
      .use('/:token/*', loadLink)
      .get('/:token', async (c) => {
        c.header('Cache-Control', 'private, no-store');
        return c.json(await openPitchPage({ db, link: c.get('pitchLink'), secret }));
      })
      .post('/:token/plays', validate('json', NewPlaySchema), async (c) => {
        const { songId, ...report } = c.req.valid('json');
        return c.json(await startPitchPlay({ db, link: c.get('pitchLink'), songId, report }), 201);
      })
      .patch('/:token/plays/:id', validate('param', UuidParamSchema), validate('json', PlayReportSchema), async (c) => {
        await updatePitchPlay({ db, link: c.get('pitchLink'), id: c.req.valid('param').id, report: c.req.valid('json') });
        return c.json({ ok: true });
      })
      .put('/:token/responses/:id', validate('param', UuidParamSchema), validate('json', SongResponseSchema), async (c) =>
        c.json(
          await setSongResponse({
            db,
            listener: listener(c.get('pitchLink')),
            songId: c.req.valid('param').id,
            values: c.req.valid('json'),
            mail,
          }),
        ),
      )
      .delete('/:token/responses/:id', validate('param', UuidParamSchema), async (c) => {
        await clearSongResponse({ db, listener: listener(c.get('pitchLink')), songId: c.req.valid('param').id });
        return c.body(null, 204);
      })
  );
}

/** /api/admin/pitch-links: mounted under the admin router. */
export function adminPitchLinkRoutes({ db, mail }: { db: Db; mail: MailSettings }) {
  return new Hono<AppEnv>()
    .get('/', async (c) => c.json(await listPitchLinks({ db })))
    .post('/', validate('json', PitchLinkSchema), async (c) =>
      c.json(await createPitchLink({ db, actor: actorOf(c), values: c.req.valid('json'), mail }), 201),
    )
    .get('/:id', validate('param', UuidParamSchema), async (c) => c.json(await getPitchLink({ db, id: c.req.valid('param').id })))
    .post('/:id/revoke', validate('param', UuidParamSchema), async (c) =>
      c.json(await revokePitchLink({ db, id: c.req.valid('param').id })),
    );
}
