import { Hono } from 'hono';
import { LIMITS } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import { AddedLikeThisSchema, ReferenceTrackSchema, SoundsLikeSchema } from '../../../common/responses/reference-search';
import { UuidParamSchema } from '../../../common/schemas/admin';
import {
  ReferenceUploadFormSchema,
  SongsLikeThisSchema,
  SongsLikeThisSuggestSchema,
  SoundsLikeQuerySchema,
} from '../../../common/schemas/reference-search';
import type { Storage } from '../../adapters/storage/storage';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { readMultipart } from '../../lib/multipart';
import { consumeRateLimit, RATE_RULES } from '../../lib/rate-limit';
import { responds } from '../../lib/respond';
import { validate } from '../../lib/validate';
import { endpoint } from '../../middleware/endpoint';
import { actorOf } from '../../middleware/require-user';
import { referenceOf, soundsLike, uploadReference } from './reference.service';
import { addSongsLikeThis, reviewSoundsLike, suggestSongsLikeThis } from './staff.service';

const REFERENCE_FILES = { audio: { maxBytes: LIMITS.songAudioMaxBytes, tooLarge: MESSAGES.songs.audioTooLarge } };

interface ReferenceRouteDeps {
  db: Db;
  storage: Storage;
  /** The clock a reference's day is counted on (tests pass their own). */
  now?: () => Date;
}

const noStore = (c: { header: (name: string, value: string) => void }) => c.header('Cache-Control', 'private, no-store');

/** /api/references: a buyer's own reference tracks (an MP3 uploaded for "sounds like"), kept a day. */
export function referenceRoutes({ db, storage, now = () => new Date() }: ReferenceRouteDeps) {
  return new Hono<AppEnv>()
    .post(
      '/',
      endpoint({
        access: 'catalogue',
        summary: 'Upload a reference MP3 to search the catalogue by its sound; kept for the caller alone for a day',
        multipart: {
          data: ReferenceUploadFormSchema,
          files: {
            audio: {
              description: 'MP3, checked by content; analysed in the background',
              maxBytes: LIMITS.songAudioMaxBytes,
              required: true,
            },
          },
        },
      }),
      responds(ReferenceTrackSchema, 201),
      async (c) => {
        const actor = actorOf(c);
        const { files, cleanup } = await readMultipart(c, ReferenceUploadFormSchema, REFERENCE_FILES, {
          beforeFiles: () => consumeRateLimit(db, `reference:${actor.id}`, RATE_RULES.referenceUpload),
        });
        try {
          return c.var.reply(await uploadReference({ db, storage, actor, file: files.audio, now: now() }));
        } finally {
          await cleanup();
        }
      },
    )
    .get(
      '/:id',
      endpoint({ access: 'catalogue', summary: "The caller's reference track and where its analysis stands" }),
      validate('param', UuidParamSchema),
      responds(ReferenceTrackSchema),
      async (c) => {
        noStore(c);
        return c.var.reply(await referenceOf({ db, actor: actorOf(c), id: c.req.valid('param').id, now: now() }));
      },
    );
}

/** /api/sounds-like: the catalogue ranked by closeness to a reference track or a catalogue song, with its filters. */
export function soundsLikeRoutes({ db, now = () => new Date() }: Omit<ReferenceRouteDeps, 'storage'>) {
  return new Hono<AppEnv>().get(
    '/',
    endpoint({
      access: 'catalogue',
      summary:
        "Catalogue songs closest in sound to the caller's reference track or to a catalogue song, narrowed by the catalogue's filters",
    }),
    validate('query', SoundsLikeQuerySchema),
    responds(SoundsLikeSchema),
    async (c) => {
      noStore(c);
      return c.var.reply(await soundsLike({ db, actor: actorOf(c), query: c.req.valid('query'), now: now() }));
    },
  );
}

/** /api/playlists/:id/songs-like-this: "add songs like this one" on the caller's own playlist. */
export function playlistLikeThisRoutes({ db, secret }: { db: Db; secret: string }) {
  return new Hono<AppEnv>().post(
    '/:id/songs-like-this',
    endpoint({ access: 'catalogue', summary: 'Add the songs closest in sound to one of a playlist, not yet in it, at its end' }),
    validate('param', UuidParamSchema),
    validate('json', SongsLikeThisSchema),
    responds(AddedLikeThisSchema),
    async (c) =>
      c.var.reply(
        await addSongsLikeThis({ db, actor: actorOf(c), playlistId: c.req.valid('param').id, songId: c.req.valid('json').songId, secret }),
      ),
  );
}

/** Mounted under the admin router: a submission's closest catalogue songs, and songs like one for a pitch link's form. */
export function adminSoundsLikeRoutes(db: Db) {
  return {
    reviews: new Hono<AppEnv>().get(
      '/:id/sounds-like',
      endpoint({ access: 'admin', summary: 'The three catalogue songs a submission sounds closest to' }),
      validate('param', UuidParamSchema),
      responds(SoundsLikeSchema),
      async (c) => {
        noStore(c);
        return c.var.reply(await reviewSoundsLike({ db, reviewId: c.req.valid('param').id }));
      },
    ),
    songsLikeThis: new Hono<AppEnv>().post(
      '/',
      endpoint({ access: 'admin', summary: "Songs closest in sound to one of a pitch link's, not among those it holds" }),
      validate('json', SongsLikeThisSuggestSchema),
      responds(SoundsLikeSchema),
      async (c) => c.var.reply(await suggestSongsLikeThis({ db, ...c.req.valid('json') })),
    ),
  };
}
