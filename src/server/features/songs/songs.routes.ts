import { Hono } from 'hono';
import { responds } from '../../lib/respond';
import { OkSchema } from '../../../common/responses/common';
import { SongAudioUploadSchema } from '../../../common/responses/audio-analysis';
import { SongAudioUploadFormSchema } from '../../../common/schemas/song-audio';
import {
  AdminSongListSchema,
  AdminSongSchema,
  CataloguePageSchema,
  CatalogueSongSchema,
  SavedSongSchema,
  SongActiveStateSchema,
} from '../../../common/responses/songs';
import { etag } from 'hono/etag';
import { LIMITS } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import { UuidParamSchema } from '../../../common/schemas/admin';
import { CatalogueQuerySchema } from '../../../common/schemas/catalogue';
import { SlugParamSchema, SongActiveSchema, SongFormSchema, SongOrderSchema } from '../../../common/schemas/songs';
import type { Storage } from '../../adapters/storage/storage';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import type { CatalogueCache } from './catalogue-cache';
import { readMultipart } from '../../lib/multipart';
import { requestLog } from '../../lib/request-log';
import { validate } from '../../lib/validate';
import { actorOf, requireRole } from '../../middleware/require-user';
import {
  createSong,
  deleteSong,
  getAdminSong,
  catalogueListFor,
  catalogueSongFor,
  listAdminSongs,
  reorderSongs,
  setSongActive,
  updateSong,
  uploadSongAudio,
} from './songs.service';

interface SongRouteDeps {
  db: Db;
  storage: Storage;
  secret: string;
  /** The catalogue's cache; the app clears it after every admin write (clearCachesAfterAdminWrites). */
  catalogue: CatalogueCache;
}

/** /api/songs: the catalogue, for preview users and admins. */
export function catalogueRoutes({ db, secret, catalogue }: SongRouteDeps) {
  return (
    new Hono<AppEnv>()
      .use('*', requireRole('preview', 'admin'))
      // The list is the same for every listener: its ETag lets a revisit answer 304 without a body.
      .get('/', validate('query', CatalogueQuerySchema), responds(CataloguePageSchema), etag(), async (c) => {
        c.header('Cache-Control', 'private, no-cache');
        return c.var.reply(catalogueListFor(await catalogue.list(db, c.req.valid('query')), actorOf(c).id, secret));
      })
      .get('/:slug', validate('param', SlugParamSchema), responds(CatalogueSongSchema), async (c) => {
        const found = await catalogue.song(db, c.req.valid('param').slug);
        const song = await catalogueSongFor({ db, found, actor: actorOf(c), secret });
        c.header('Cache-Control', 'private, no-store');
        return c.var.reply(song);
      })
  );
}

const SONG_FILES = {
  audio: { maxBytes: LIMITS.songAudioMaxBytes, tooLarge: MESSAGES.songs.audioTooLarge },
  image: { maxBytes: LIMITS.songImageMaxBytes, tooLarge: MESSAGES.songs.imageTooLarge },
};

/**
 * /api/admin/song-order: the whole catalogue's order, in one write. A path of its own rather than
 * /api/admin/songs/order, which /api/admin/songs/:id would shadow (decision 0024).
 */
export function adminSongOrderRoutes(db: Db) {
  return new Hono<AppEnv>().put('/', validate('json', SongOrderSchema), responds(OkSchema), async (c) => {
    await reorderSongs({ db, ids: c.req.valid('json').ids });
    return c.var.reply({ ok: true });
  });
}

/**
 * /api/admin/song-audio: an MP3 uploaded as soon as the song form picks it, answered with what was detected in
 * it (decision 0052). A path of its own, as /api/admin/songs/audio would be shadowed by /api/admin/songs/:id.
 */
export function adminSongAudioRoutes({ db, storage }: Pick<SongRouteDeps, 'db' | 'storage'>) {
  return new Hono<AppEnv>().post('/', responds(SongAudioUploadSchema, 201), async (c) => {
    const { files, cleanup } = await readMultipart(c, SongAudioUploadFormSchema, { audio: SONG_FILES.audio });
    try {
      return c.var.reply(await uploadSongAudio({ db, storage, actor: actorOf(c), file: files.audio, logger: requestLog(c) }));
    } finally {
      await cleanup();
    }
  });
}

/** /api/admin/songs: mounted under the admin router. */
export function adminSongRoutes({ db, storage, secret }: Omit<SongRouteDeps, 'catalogue'>) {
  return new Hono<AppEnv>()
    .get('/', responds(AdminSongListSchema), async (c) => c.var.reply(await listAdminSongs({ db })))
    .post('/', responds(SavedSongSchema, 201), async (c) => {
      const { values, files, cleanup } = await readMultipart(c, SongFormSchema, SONG_FILES);
      try {
        return c.var.reply(await createSong({ db, storage, actor: actorOf(c), values, files, logger: requestLog(c) }));
      } finally {
        await cleanup();
      }
    })
    .get('/:id', validate('param', UuidParamSchema), responds(AdminSongSchema), async (c) =>
      c.var.reply(await getAdminSong({ db, actor: actorOf(c), id: c.req.valid('param').id, secret })),
    )
    .put('/:id', validate('param', UuidParamSchema), responds(SavedSongSchema), async (c) => {
      const { values, files, flags, cleanup } = await readMultipart(c, SongFormSchema, SONG_FILES);
      try {
        const song = await updateSong({
          db,
          storage,
          actor: actorOf(c),
          id: c.req.valid('param').id,
          values,
          files: { ...files, removeImage: flags.removeImage === 'true' },
          logger: requestLog(c),
        });
        return c.var.reply(song);
      } finally {
        await cleanup();
      }
    })
    .patch(
      '/:id/active',
      validate('param', UuidParamSchema),
      validate('json', SongActiveSchema),
      responds(SongActiveStateSchema),
      async (c) =>
        c.var.reply(await setSongActive({ db, actor: actorOf(c), id: c.req.valid('param').id, isActive: c.req.valid('json').isActive })),
    )
    .delete('/:id', validate('param', UuidParamSchema), async (c) => {
      await deleteSong({ db, storage, actor: actorOf(c), id: c.req.valid('param').id });
      return c.body(null, 204);
    });
}
