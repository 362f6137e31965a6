import { Hono } from 'hono';
import {
  AdminBriefsSchema,
  BriefAnswerMadeSchema,
  BriefAnswersSchema,
  MySignedSongsSchema,
  OwnBriefSchema,
  OwnBriefsSchema,
  WriterBriefsSchema,
} from '../../../common/responses/briefs';
import { UuidParamSchema } from '../../../common/schemas/admin';
import { AdminBriefsQuerySchema, BriefCatalogueAnswerSchema, BriefCloseSchema, BriefCreateSchema } from '../../../common/schemas/briefs';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { responds } from '../../lib/respond';
import { validate } from '../../lib/validate';
import { endpoint } from '../../middleware/endpoint';
import { actorOf } from '../../middleware/require-user';
import { approveBrief, closeBrief, listAdminBriefs } from './admin-briefs.service';
import { answerWithCatalogueSong, createBrief, listBriefAnswers, listMyBriefs, listMySignedSongs, listOpenBriefs } from './briefs.service';

/**
 * /api/briefs: buyers (preview users) and admins write briefs and read their answers; songwriters read the open
 * ones and answer them. `now` is the clock deadlines are read against (tests pass their own).
 */
export function briefRoutes(db: Db, now: () => Date = () => new Date()) {
  return new Hono<AppEnv>()
    .get('/mine', endpoint({ access: 'catalogue', summary: "The caller's own briefs" }), responds(OwnBriefsSchema), async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.var.reply(await listMyBriefs({ db, actor: actorOf(c), now: now() }));
    })
    .post(
      '/',
      endpoint({ access: 'catalogue', summary: "Write a brief (a buyer's waits for an admin's approval)" }),
      validate('json', BriefCreateSchema),
      responds(OwnBriefSchema, 201),
      async (c) => c.var.reply(await createBrief({ db, actor: actorOf(c), values: c.req.valid('json'), now: now() }), 201),
    )
    .get(
      '/answers/:id',
      endpoint({ access: 'catalogue', summary: "A brief's answers, for its owner and admins" }),
      validate('param', UuidParamSchema),
      responds(BriefAnswersSchema),
      async (c) => {
        c.header('Cache-Control', 'private, no-store');
        return c.var.reply(await listBriefAnswers({ db, actor: actorOf(c), briefId: c.req.valid('param').id }));
      },
    )
    .get('/open', endpoint({ access: 'songwriter', summary: 'The briefs taking answers' }), responds(WriterBriefsSchema), async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.var.reply(await listOpenBriefs({ db, actor: actorOf(c), now: now() }));
    })
    .get(
      '/my-songs',
      endpoint({ access: 'songwriter', summary: "The songwriter's songs signed into the catalogue, to answer briefs with" }),
      responds(MySignedSongsSchema),
      async (c) => c.var.reply(await listMySignedSongs({ db, actor: actorOf(c) })),
    )
    .post(
      '/:id/answers',
      endpoint({ access: 'songwriter', summary: 'Answer a brief with a song signed into the catalogue' }),
      validate('param', UuidParamSchema),
      validate('json', BriefCatalogueAnswerSchema),
      responds(BriefAnswerMadeSchema, 201),
      async (c) =>
        c.var.reply(
          await answerWithCatalogueSong({
            db,
            actor: actorOf(c),
            briefId: c.req.valid('param').id,
            songId: c.req.valid('json').songId,
            now: now(),
          }),
          201,
        ),
    );
}

/** /api/admin/briefs: every brief by state, approving and ending them. */
export function adminBriefRoutes(db: Db, now: () => Date = () => new Date()) {
  return new Hono<AppEnv>()
    .get(
      '/',
      endpoint({ access: 'admin', summary: "One state's briefs, with answer counts, and the count of each state" }),
      validate('query', AdminBriefsQuerySchema),
      responds(AdminBriefsSchema),
      async (c) => c.var.reply(await listAdminBriefs({ db, state: c.req.valid('query').state, now: now() })),
    )
    .post(
      '/:id/approve',
      endpoint({ access: 'admin', summary: "Approve a buyer's brief: writers see it", status: 204 }),
      validate('param', UuidParamSchema),
      async (c) => {
        await approveBrief({ db, actor: actorOf(c), id: c.req.valid('param').id, now: now() });
        return c.body(null, 204);
      },
    )
    .post(
      '/:id/close',
      endpoint({ access: 'admin', summary: 'Close a brief, or mark it filled', status: 204 }),
      validate('param', UuidParamSchema),
      validate('json', BriefCloseSchema),
      async (c) => {
        await closeBrief({ db, actor: actorOf(c), id: c.req.valid('param').id, state: c.req.valid('json').state, now: now() });
        return c.body(null, 204);
      },
    );
}
