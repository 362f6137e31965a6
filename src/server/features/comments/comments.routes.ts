import { Hono } from 'hono';
import { responds } from '../../lib/respond';
import { OkSchema } from '../../../common/responses/common';
import { AdminCommentPageSchema, PostedCommentSchema } from '../../../common/responses/songs';
import { UuidParamSchema } from '../../../common/schemas/admin';
import { AdminCommentListQuerySchema, CommentModerationSchema, CommentSchema, SlugParamSchema } from '../../../common/schemas/songs';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { consumeRateLimit, RATE_RULES } from '../../lib/rate-limit';
import { validate } from '../../lib/validate';
import { actorOf } from '../../middleware/require-user';
import { addComment, approveComment, deleteComment, listComments } from './comments.service';
import { endpoint } from '../../middleware/endpoint';

/** POST /api/songs/:slug/comments, for preview users and admins. */
export function songCommentRoutes(db: Db) {
  return new Hono<AppEnv>().post(
    '/:slug/comments',
    endpoint({ access: 'catalogue', summary: 'Comment on a song (held for moderation)' }),
    validate('param', SlugParamSchema),
    validate('json', CommentSchema),
    responds(PostedCommentSchema, 201),
    async (c) => {
      const actor = actorOf(c);
      await consumeRateLimit(db, `comment:${actor.id}`, RATE_RULES.comment);
      return c.var.reply(await addComment({ db, actor, slug: c.req.valid('param').slug, input: c.req.valid('json') }));
    },
  );
}

/** /api/admin/comments: moderation. */
export function adminCommentRoutes(db: Db) {
  return new Hono<AppEnv>()
    .get(
      '/',
      endpoint({ access: 'admin', summary: 'Comments for moderation' }),
      validate('query', AdminCommentListQuerySchema),
      responds(AdminCommentPageSchema),
      async (c) => {
        const { status, page, pageSize } = c.req.valid('query');
        return c.var.reply(await listComments({ db, filter: status, page, pageSize }));
      },
    )
    .patch(
      '/:id',
      endpoint({ access: 'admin', summary: 'Approve a comment' }),
      validate('param', UuidParamSchema),
      validate('json', CommentModerationSchema),
      responds(OkSchema),
      async (c) => {
        await approveComment({ db, actor: actorOf(c), id: c.req.valid('param').id });
        return c.var.reply({ ok: true });
      },
    )
    .delete(
      '/:id',
      endpoint({ access: 'admin', summary: 'Delete a comment', status: 204 }),
      validate('param', UuidParamSchema),
      async (c) => {
        await deleteComment({ db, actor: actorOf(c), id: c.req.valid('param').id });
        return c.body(null, 204);
      },
    );
}
