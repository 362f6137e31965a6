import { Hono } from 'hono';
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
import { validate } from '../../lib/validate';
import { actorOf, requireRole } from '../../middleware/require-user';
import {
  createSong,
  deleteSong,
  getAdminSong,
  catalogueSongFor,
  listAdminSongs,
  reorderSongs,
  setSongActive,
  updateSong,
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
      .get('/', validate('query', CatalogueQuerySchema), etag(), async (c) => {
        c.header('Cache-Control', 'private, no-cache');
        return c.json(await catalogue.list(db, c.req.valid('query')));
      })
      .get('/:slug', validate('param', SlugParamSchema), async (c) => {
        const song = catalogueSongFor(await catalogue.song(db, c.req.valid('param').slug), actorOf(c), secret);
        c.header('Cache-Control', 'private, no-store');
        return c.json(song);
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
  return new Hono<AppEnv>().put('/', validate('json', SongOrderSchema), async (c) => {
    await reorderSongs({ db, ids: c.req.valid('json').ids });
    return c.json({ ok: true });
  });
}

/** /api/admin/songs: mounted under the admin router. */
export function adminSongRoutes({ db, storage, secret }: Omit<SongRouteDeps, 'catalogue'>) {
  return new Hono<AppEnv>()
    .get('/', async (c) => c.json(await listAdminSongs({ db })))
    .post('/', async (c) => {
      const { values, files, cleanup } = await readMultipart(c, SongFormSchema, SONG_FILES);
      try {
        return c.json(await createSong({ db, storage, actor: actorOf(c), values, files }), 201);
      } finally {
        await cleanup();
      }
    })
    .get('/:id', validate('param', UuidParamSchema), async (c) =>
      c.json(await getAdminSong({ db, actor: actorOf(c), id: c.req.valid('param').id, secret })),
    )
    .put('/:id', validate('param', UuidParamSchema), async (c) => {
      const { values, files, flags, cleanup } = await readMultipart(c, SongFormSchema, SONG_FILES);
      try {
        const song = await updateSong({
          db,
          storage,
          actor: actorOf(c),
          id: c.req.valid('param').id,
          values,
          files: { ...files, removeImage: flags.removeImage === 'true' },
        });
        return c.json(song);
      } finally {
        await cleanup();
      }
    })
    .patch('/:id/active', validate('param', UuidParamSchema), validate('json', SongActiveSchema), async (c) =>
      c.json(await setSongActive({ db, id: c.req.valid('param').id, isActive: c.req.valid('json').isActive })),
    )
    .delete('/:id', validate('param', UuidParamSchema), async (c) => {
      await deleteSong({ db, storage, id: c.req.valid('param').id });
      return c.body(null, 204);
    });
}
