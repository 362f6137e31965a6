import { Hono } from 'hono';
import {
  BriefScreeningSchema,
  BriefShortlistSchema,
  MyBriefOutcomesSchema,
  StudioBriefAnswerSchema,
} from '../../../common/responses/brief-shortlist';
import { UuidParamSchema } from '../../../common/schemas/admin';
import { BriefShortlistAddSchema, BriefVerdictSchema } from '../../../common/schemas/brief-shortlist';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { responds } from '../../lib/respond';
import { validate } from '../../lib/validate';
import { endpoint } from '../../middleware/endpoint';
import { actorOf } from '../../middleware/require-user';
import { getStudioBrief, setBriefVerdict } from './screening.service';
import { addToShortlist, getBriefShortlist, listMyBriefOutcomes } from './shortlist.service';

/** /api/briefs/shortlists/:id (beside /api/briefs/mine, a parameter first would cost Hono its fastest router): the brief's shortlist, for its owner and the admins alone (anyone else: not found). */
export function briefShortlistRoutes(db: Db) {
  return new Hono<AppEnv>().get(
    '/shortlists/:id',
    endpoint({ access: 'catalogue', summary: "A brief's shortlist, with the reviewer's reason beside each song" }),
    validate('param', UuidParamSchema),
    responds(BriefShortlistSchema),
    async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.var.reply(await getBriefShortlist({ db, actor: actorOf(c), briefId: c.req.valid('param').id }));
    },
  );
}

/** /api/brief-outcomes: the songwriter's answers to briefs and where each stands (never the buyer's note). */
export function briefOutcomeRoutes(db: Db) {
  return new Hono<AppEnv>().get(
    '/',
    endpoint({ access: 'songwriter', summary: "The writer's answers to briefs: screened, shortlisted, on hold or passed" }),
    responds(MyBriefOutcomesSchema),
    async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.var.reply(await listMyBriefOutcomes({ db, actor: actorOf(c) }));
    },
  );
}

/** Mounted under the admin router: the brief in the review studio, the screening verdict, and songs added by hand. */
export function adminScreeningRoutes(db: Db, now: () => Date = () => new Date()) {
  return new Hono<AppEnv>()
    .get(
      '/reviews/:id/brief',
      endpoint({ access: 'admin', summary: 'The brief a submission answers and its screening, or null' }),
      validate('param', UuidParamSchema),
      responds(StudioBriefAnswerSchema),
      async (c) => {
        c.header('Cache-Control', 'private, no-store');
        return c.var.reply(await getStudioBrief({ db, actor: actorOf(c), reviewId: c.req.valid('param').id }));
      },
    )
    .put(
      '/brief-answers/:id/verdict',
      endpoint({ access: 'admin', summary: 'Screen an answer: fits the brief, close or no, with a one-line reason' }),
      validate('param', UuidParamSchema),
      validate('json', BriefVerdictSchema),
      responds(BriefScreeningSchema),
      async (c) =>
        c.var.reply(
          await setBriefVerdict({ db, actor: actorOf(c), answerId: c.req.valid('param').id, values: c.req.valid('json'), now: now() }),
        ),
    )
    .post(
      '/briefs/:id/shortlist',
      endpoint({ access: 'admin', summary: "Add catalogue songs to a brief's shortlist directly" }),
      validate('param', UuidParamSchema),
      validate('json', BriefShortlistAddSchema),
      responds(BriefShortlistSchema),
      async (c) =>
        c.var.reply(
          await addToShortlist({ db, actor: actorOf(c), briefId: c.req.valid('param').id, songIds: c.req.valid('json').songIds }),
        ),
    );
}
