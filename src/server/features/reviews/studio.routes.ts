import { Hono } from 'hono';
import { ReviewNoteSchema, ReviewStudioSchema } from '../../../common/responses/review-notes';
import { UuidParamSchema } from '../../../common/schemas/admin';
import { NewReviewNoteSchema, ReviewNoteChangeSchema, ReviewNoteParamSchema } from '../../../common/schemas/review-notes';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { responds } from '../../lib/respond';
import { validate } from '../../lib/validate';
import { actorOf, requireRole } from '../../middleware/require-user';
import { addReviewNote, changeReviewNote, deleteReviewNote, getAdminStudio, getSongwriterStudio } from './studio.service';

/** /api/reviews/:id/studio: the songwriter's waveform and, once the review is sent, its notes. */
export function songwriterStudioRoutes(db: Db) {
  return new Hono<AppEnv>()
    .use('*', requireRole('songwriter'))
    .get('/:id/studio', validate('param', UuidParamSchema), responds(ReviewStudioSchema), async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.var.reply(await getSongwriterStudio({ db, actor: actorOf(c), reviewId: c.req.valid('param').id }));
    });
}

/** /api/admin/reviews/:id/studio and its notes: mounted under the admin router. */
export function adminStudioRoutes(db: Db) {
  return new Hono<AppEnv>()
    .get('/:id/studio', validate('param', UuidParamSchema), responds(ReviewStudioSchema), async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.var.reply(await getAdminStudio({ db, actor: actorOf(c), reviewId: c.req.valid('param').id }));
    })
    .post(
      '/:id/notes',
      validate('param', UuidParamSchema),
      validate('json', NewReviewNoteSchema),
      responds(ReviewNoteSchema, 201),
      async (c) => c.var.reply(await addReviewNote({ db, actor: actorOf(c), reviewId: c.req.valid('param').id, ...c.req.valid('json') })),
    )
    .patch(
      '/:id/notes/:noteId',
      validate('param', ReviewNoteParamSchema),
      validate('json', ReviewNoteChangeSchema),
      responds(ReviewNoteSchema),
      async (c) => {
        const { id, noteId } = c.req.valid('param');
        return c.var.reply(await changeReviewNote({ db, actor: actorOf(c), reviewId: id, noteId, change: c.req.valid('json') }));
      },
    )
    .delete('/:id/notes/:noteId', validate('param', ReviewNoteParamSchema), async (c) => {
      const { id, noteId } = c.req.valid('param');
      await deleteReviewNote({ db, actor: actorOf(c), reviewId: id, noteId });
      return c.body(null, 204);
    });
}
