import { Hono } from 'hono';
import { LIMITS } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import { SubmissionSchema } from '../../../common/schemas/reviews';
import type { Storage } from '../../adapters/storage/storage';
import type { Db } from '../../db/client';
import type { EmailContext } from '../../emails/layout';
import type { AppEnv } from '../../lib/hono-env';
import { readMultipart } from '../../lib/multipart';
import { actorOf, requireRole } from '../../middleware/require-user';
import { submitSong } from './submissions.service';

const SUBMISSION_FILES = {
  audio: { maxBytes: LIMITS.submissionAudioMaxBytes, tooLarge: MESSAGES.reviews.audioTooLarge },
  lyricsFile: { maxBytes: LIMITS.lyricsFileMaxBytes, tooLarge: MESSAGES.reviews.lyricsTooLarge },
};

/** POST /api/submissions: one song of a paid order (multipart: `data` JSON, `audio`, optional `lyricsFile`). */
export function submissionRoutes({ db, storage, mail }: { db: Db; storage: Storage; mail: { emailCtx: EmailContext; adminEmail: string } }) {
  return new Hono<AppEnv>()
    .use('*', requireRole('songwriter'))
    .post('/', async (c) => {
      const { values, files, cleanup } = await readMultipart(c, SubmissionSchema, SUBMISSION_FILES);
      try {
        const review = await submitSong({ db, storage, actor: actorOf(c), values, audio: files.audio, lyricsFile: files.lyricsFile, mail });
        return c.json(review, 201);
      } finally {
        await cleanup();
      }
    });
}
