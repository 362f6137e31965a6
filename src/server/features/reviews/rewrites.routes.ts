import { Hono } from 'hono';
import { LIMITS } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import { SentRewriteSchema } from '../../../common/responses/reviews';
import { UuidParamSchema } from '../../../common/schemas/admin';
import { RewriteSchema } from '../../../common/schemas/rewrites';
import type { Storage } from '../../adapters/storage/storage';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { readMultipart } from '../../lib/multipart';
import { consumeRateLimit, RATE_RULES } from '../../lib/rate-limit';
import { responds } from '../../lib/respond';
import { validate } from '../../lib/validate';
import { actorOf } from '../../middleware/require-user';
import type { ReviewMail } from './reviews.service';
import { assertRewriteAllowed, sendRewrite } from './rewrites.service';
import { endpoint } from '../../middleware/endpoint';

const REWRITE_FILES = { audio: { maxBytes: LIMITS.submissionAudioMaxBytes, tooLarge: MESSAGES.reviews.audioTooLarge } };

/** POST /api/reviews/:id/rewrite: the song's one rewrite (multipart: `data` JSON, optional `audio`). */
export function songwriterRewriteRoutes({ db, storage, mail }: { db: Db; storage: Storage; mail: ReviewMail }) {
  return new Hono<AppEnv>().post(
    '/:id/rewrite',
    endpoint({
      access: 'songwriter',
      summary: 'Send the one free rewrite of a song whose review suggested one',
      multipart: {
        data: RewriteSchema,
        files: { audio: { description: 'MP3, WAV or M4A, checked by content', maxBytes: REWRITE_FILES.audio.maxBytes } },
      },
    }),
    validate('param', UuidParamSchema),
    responds(SentRewriteSchema, 201),
    async (c) => {
      const actor = actorOf(c);
      const reviewId = c.req.valid('param').id;
      // An upload like a submission's, counted with them; refused before a byte of audio is stored.
      const { values, files, cleanup } = await readMultipart(c, RewriteSchema, REWRITE_FILES, {
        beforeFiles: async () => {
          await consumeRateLimit(db, `submission:${actor.id}`, RATE_RULES.submission);
          await assertRewriteAllowed({ db, actor, reviewId });
        },
      });
      try {
        return c.var.reply(await sendRewrite({ db, storage, actor, reviewId, values, audio: files.audio, mail }));
      } finally {
        await cleanup();
      }
    },
  );
}
