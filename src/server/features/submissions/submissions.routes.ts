import { Hono } from 'hono';
import { LIMITS } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import { SubmittedSongSchema } from '../../../common/responses/submissions';
import { SubmissionSchema } from '../../../common/schemas/reviews';
import type { Storage } from '../../adapters/storage/storage';
import type { Db } from '../../db/client';
import type { EmailContext } from '../../emails/layout';
import type { AppEnv } from '../../lib/hono-env';
import { readMultipart } from '../../lib/multipart';
import { consumeRateLimit, RATE_RULES } from '../../lib/rate-limit';
import { responds } from '../../lib/respond';
import { actorOf } from '../../middleware/require-user';
import { assertOrderTakesSong, submitSong } from './submissions.service';
import { endpoint } from '../../middleware/endpoint';
import { assertBriefTakesAnswers } from '../briefs';

const SUBMISSION_FILES = {
  audio: { maxBytes: LIMITS.submissionAudioMaxBytes, tooLarge: MESSAGES.reviews.audioTooLarge },
  lyricsFile: { maxBytes: LIMITS.lyricsFileMaxBytes, tooLarge: MESSAGES.reviews.lyricsTooLarge },
};

/** POST /api/submissions: one song of a paid order (multipart: `data` JSON, `audio`, optional `lyricsFile`). */
export function submissionRoutes({
  db,
  storage,
  mail,
  now = () => new Date(),
}: {
  db: Db;
  storage: Storage;
  mail: { emailCtx: EmailContext; adminEmail: string };
  /** The clock a song's arrival, and so its due day, is read from (tests pass their own). */
  now?: () => Date;
}) {
  return new Hono<AppEnv>().post(
    '/',
    endpoint({
      access: 'songwriter',
      summary: 'Submit one song of a paid order',
      multipart: {
        data: SubmissionSchema,
        files: {
          audio: { description: 'MP3, WAV or M4A, checked by content', maxBytes: SUBMISSION_FILES.audio.maxBytes, required: true },
          lyricsFile: {
            description: 'TXT, PDF, DOC, DOCX or Pages, checked by content (archives by their unpacked size)',
            maxBytes: SUBMISSION_FILES.lyricsFile.maxBytes,
          },
        },
      },
    }),
    responds(SubmittedSongSchema, 201),
    async (c) => {
      const actor = actorOf(c);
      // Counted and the order checked once `data` is read, before a byte of a file is stored.
      const { values, files, cleanup } = await readMultipart(c, SubmissionSchema, SUBMISSION_FILES, {
        beforeFiles: async ({ orderId, briefId }) => {
          await consumeRateLimit(db, `submission:${actor.id}`, RATE_RULES.submission);
          await assertOrderTakesSong(db, orderId, actor.id);
          if (briefId) await assertBriefTakesAnswers(db, briefId, now());
        },
      });
      try {
        const review = await submitSong({ db, storage, actor, values, audio: files.audio, lyricsFile: files.lyricsFile, mail, now: now() });
        return c.var.reply(review);
      } finally {
        await cleanup();
      }
    },
  );
}
