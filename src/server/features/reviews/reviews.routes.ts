import { Hono } from 'hono';
import { OkSchema } from '../../../common/responses/common';
import {
  AdminReviewPageSchema,
  AdminReviewSchema,
  PostedReviewMessageSchema,
  GivenReviewRatingSchema,
  SavedReviewDraftSchema,
  SongwriterReviewSchema,
  UnreadMessageCountSchema,
} from '../../../common/responses/reviews';
import { UuidParamSchema } from '../../../common/schemas/admin';
import {
  AdminReviewListQuerySchema,
  MessageSchema,
  ReviewDraftSchema,
  ReviewRatingSchema,
  ReviewSendSchema,
} from '../../../common/schemas/reviews';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { responds } from '../../lib/respond';
import { validate } from '../../lib/validate';
import { actorOf } from '../../middleware/require-user';
import {
  countUnreadFromSongwriters,
  getAdminReview,
  getSongwriterReview,
  listAdminReviews,
  postReviewMessage,
  rateReview,
  saveReviewDraft,
  sendReview,
  type ReviewMail,
} from './reviews.service';
import { endpoint } from '../../middleware/endpoint';

/** /api/reviews/:id: the songwriter's side of a review and its conversation. */
export function songwriterReviewRoutes({ db, secret, mail }: { db: Db; secret: string; mail: ReviewMail }) {
  return new Hono<AppEnv>()
    .get(
      '/:id',
      endpoint({ access: 'songwriter', summary: "One of the songwriter's reviews with its conversation" }),
      validate('param', UuidParamSchema),
      responds(SongwriterReviewSchema),
      async (c) => {
        c.header('Cache-Control', 'private, no-store');
        return c.var.reply(await getSongwriterReview({ db, actor: actorOf(c), reviewId: c.req.valid('param').id, secret }));
      },
    )
    .post(
      '/:id/messages',
      endpoint({ access: 'songwriter', summary: 'Message the reviewer' }),
      validate('param', UuidParamSchema),
      validate('json', MessageSchema),
      responds(PostedReviewMessageSchema, 201),
      async (c) =>
        c.var.reply(
          await postReviewMessage({ db, actor: actorOf(c), reviewId: c.req.valid('param').id, message: c.req.valid('json').message, mail }),
        ),
    )
    .post(
      '/:id/rating',
      endpoint({ access: 'songwriter', summary: 'Rate a sent review, once' }),
      validate('param', UuidParamSchema),
      validate('json', ReviewRatingSchema),
      responds(GivenReviewRatingSchema, 201),
      async (c) => c.var.reply(await rateReview({ db, actor: actorOf(c), reviewId: c.req.valid('param').id, values: c.req.valid('json') })),
    );
}

/** /api/admin/unread-messages: how many songwriters' messages no admin has read, for the sidebar's badge (decision 0024). */
export function adminUnreadMessageRoutes(db: Db) {
  return new Hono<AppEnv>().get(
    '/',
    endpoint({ access: 'admin', summary: 'Unread messages from songwriters' }),
    responds(UnreadMessageCountSchema),
    async (c) => c.var.reply({ unread: await countUnreadFromSongwriters(db) }),
  );
}

/** /api/admin/reviews: mounted under the admin router. */
export function adminReviewRoutes({
  db,
  secret,
  mail,
  now = () => new Date(),
}: {
  db: Db;
  secret: string;
  mail: ReviewMail;
  /** The clock a send is measured by against its due day (tests pass their own). */
  now?: () => Date;
}) {
  return new Hono<AppEnv>()
    .get(
      '/',
      endpoint({ access: 'admin', summary: 'Reviews, pending or completed' }),
      validate('query', AdminReviewListQuerySchema),
      responds(AdminReviewPageSchema),
      async (c) => c.var.reply(await listAdminReviews({ db, ...c.req.valid('query') })),
    )
    .get(
      '/:id',
      endpoint({ access: 'admin', summary: 'One review with its submission and conversation' }),
      validate('param', UuidParamSchema),
      responds(AdminReviewSchema),
      async (c) => {
        c.header('Cache-Control', 'private, no-store');
        return c.var.reply(await getAdminReview({ db, actor: actorOf(c), id: c.req.valid('param').id, secret }));
      },
    )
    .put(
      '/:id/draft',
      endpoint({ access: 'admin', summary: 'Save a review draft' }),
      validate('param', UuidParamSchema),
      validate('json', ReviewDraftSchema),
      responds(SavedReviewDraftSchema),
      async (c) => c.var.reply(await saveReviewDraft({ db, actor: actorOf(c), id: c.req.valid('param').id, values: c.req.valid('json') })),
    )
    .post(
      '/:id/send',
      endpoint({ access: 'admin', summary: 'Send a review to the songwriter' }),
      validate('param', UuidParamSchema),
      validate('json', ReviewSendSchema),
      responds(OkSchema),
      async (c) => {
        await sendReview({ db, actor: actorOf(c), id: c.req.valid('param').id, values: c.req.valid('json'), mail, now: now() });
        return c.var.reply({ ok: true });
      },
    )
    .post(
      '/:id/messages',
      endpoint({ access: 'admin', summary: 'Message the songwriter' }),
      validate('param', UuidParamSchema),
      validate('json', MessageSchema),
      responds(PostedReviewMessageSchema, 201),
      async (c) =>
        c.var.reply(
          await postReviewMessage({ db, actor: actorOf(c), reviewId: c.req.valid('param').id, message: c.req.valid('json').message, mail }),
        ),
    );
}
