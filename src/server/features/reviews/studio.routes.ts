import { Hono } from 'hono';
import { ReviewNoteSchema, ReviewStudioSchema } from '../../../common/responses/review-notes';
import { UuidParamSchema } from '../../../common/schemas/admin';
import { NewReviewNoteSchema, ReviewNoteChangeSchema, ReviewNoteParamSchema } from '../../../common/schemas/review-notes';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { responds } from '../../lib/respond';
import { validate } from '../../lib/validate';
import { actorOf } from '../../middleware/require-user';
import { addReviewNote, changeReviewNote, deleteReviewNote, getAdminStudio, getSongwriterStudio } from './studio.service';
import { endpoint } from '../../middleware/endpoint';

/** /api/reviews/:id/studio: the songwriter's waveform and, once the review is sent, its notes. */
export function songwriterStudioRoutes(db: Db) {
  return new Hono<AppEnv>().get(
    '/:id/studio',
    endpoint({ access: 'songwriter', summary: "The submission's waveform, and the reviewer's time-coded notes once the review is sent" }),
    validate('param', UuidParamSchema),
    responds(ReviewStudioSchema),
    async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.var.reply(await getSongwriterStudio({ db, actor: actorOf(c), reviewId: c.req.valid('param').id }));
    },
  );
}

/** /api/admin/reviews/:id/studio and its notes: mounted under the admin router. */
export function adminStudioRoutes(db: Db) {
  return new Hono<AppEnv>()
    .get(
      '/:id/studio',
      endpoint({ access: 'admin', summary: "The submission's waveform and the review's time-coded notes" }),
      validate('param', UuidParamSchema),
      responds(ReviewStudioSchema),
      async (c) => {
        c.header('Cache-Control', 'private, no-store');
        return c.var.reply(await getAdminStudio({ db, actor: actorOf(c), reviewId: c.req.valid('param').id }));
      },
    )
    .post(
      '/:id/notes',
      endpoint({ access: 'admin', summary: 'Add a time-coded note to a review not yet sent' }),
      validate('param', UuidParamSchema),
      validate('json', NewReviewNoteSchema),
      responds(ReviewNoteSchema, 201),
      async (c) => c.var.reply(await addReviewNote({ db, actor: actorOf(c), reviewId: c.req.valid('param').id, ...c.req.valid('json') })),
    )
    .patch(
      '/:id/notes/:noteId',
      endpoint({ access: 'admin', summary: "Change a note's text or moment until the review is sent" }),
      validate('param', ReviewNoteParamSchema),
      validate('json', ReviewNoteChangeSchema),
      responds(ReviewNoteSchema),
      async (c) => {
        const { id, noteId } = c.req.valid('param');
        return c.var.reply(await changeReviewNote({ db, actor: actorOf(c), reviewId: id, noteId, change: c.req.valid('json') }));
      },
    )
    .delete(
      '/:id/notes/:noteId',
      endpoint({ access: 'admin', summary: 'Delete a note until the review is sent', status: 204 }),
      validate('param', ReviewNoteParamSchema),
      async (c) => {
        const { id, noteId } = c.req.valid('param');
        await deleteReviewNote({ db, actor: actorOf(c), reviewId: id, noteId });
        return c.body(null, 204);
      },
    );
}
