import { Hono } from 'hono';
import { responds } from '../../lib/respond';
import { OkSchema } from '../../../common/responses/common';
import { SongAudioUploadSchema } from '../../../common/responses/audio-analysis';
import { SongAudioUploadFormSchema } from '../../../common/schemas/song-audio';
import {
  AdminSongVersionListSchema,
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
import { SongVersionFormSchema, SongVersionParamSchema } from '../../../common/schemas/song-versions';
import { fileLink } from '../files';
import { removeSongVersion, uploadSongVersion } from './song-versions.service';
import type { Storage } from '../../adapters/storage/storage';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import type { CatalogueCache } from './catalogue-cache';
import { createCatalogueVisits } from './catalogue-visits';
import { readMultipart } from '../../lib/multipart';
import { validate } from '../../lib/validate';
import { actorOf } from '../../middleware/require-user';
import {
  createSong,
  deleteSong,
  getAdminSong,
  catalogueListFor,
  catalogueSongFor,
  listCatalogue,
  listAdminSongs,
  reorderSongs,
  setSongActive,
  updateSong,
  uploadSongAudio,
  songAudioUpload,
} from './songs.service';
import { endpoint, type MultipartBody } from '../../middleware/endpoint';

interface SongRouteDeps {
  db: Db;
  storage: Storage;
  secret: string;
  /** The catalogue's cache; the app clears it after every admin write (clearCachesAfterAdminWrites). */
  catalogue: CatalogueCache;
}

/** /api/songs: the catalogue, for preview users and admins. */
export function catalogueRoutes({ db, secret, catalogue }: SongRouteDeps) {
  const visits = createCatalogueVisits();
  return (
    new Hono<AppEnv>()
      // Its ETag lets a revisit that would get the same page answer 304 without a body.
      .get(
        '/',
        endpoint({
          access: 'catalogue',
          summary: "The active catalogue, filtered, sorted and paged; records the caller's visit for its New badges",
        }),
        validate('query', CatalogueQuerySchema),
        responds(CataloguePageSchema),
        etag(),
        async (c) => {
          const query = c.req.valid('query');
          const userId = actorOf(c).id;
          const newSince = await visits.look(db, userId, new Date());
          // A page sorted by others' holds or filtered by the caller's last visit is theirs alone, and never kept.
          const personal = query.sort === 'held' || query.newOnly === true;
          const list = personal
            ? await listCatalogue({ db, query, viewer: { userId, newSince }, counts: catalogue.counts })
            : await catalogue.list(db, query);
          c.header('Cache-Control', 'private, no-cache');
          return c.var.reply(catalogueListFor(list, { userId, secret, newSince }));
        },
      )
      .get(
        '/:slug',
        endpoint({ access: 'catalogue', summary: 'One active song with lyrics, audio and approved comments' }),
        validate('param', SlugParamSchema),
        responds(CatalogueSongSchema),
        async (c) => {
          const found = await catalogue.song(db, c.req.valid('param').slug);
          const song = await catalogueSongFor({ db, found, actor: actorOf(c), secret });
          c.header('Cache-Control', 'private, no-store');
          return c.var.reply(song);
        },
      )
  );
}

const SONG_FILES = {
  audio: { maxBytes: LIMITS.songAudioMaxBytes, tooLarge: MESSAGES.songs.audioTooLarge },
  image: { maxBytes: LIMITS.songImageMaxBytes, tooLarge: MESSAGES.songs.imageTooLarge },
};

/** The song form's upload, as the API document describes it. */
const songForm = (creating: boolean): MultipartBody => ({
  data: SongFormSchema,
  files: {
    // A new song needs audio: this part, or an upload named in `audioUploadId` (POST /api/admin/song-audio).
    audio: { description: 'MP3 (or name an upload in audioUploadId), checked by content', maxBytes: SONG_FILES.audio.maxBytes },
    image: { description: 'JPEG, PNG or WebP cover, checked by content and pixel count', maxBytes: SONG_FILES.image.maxBytes },
  },
  ...(creating ? {} : { flags: { removeImage: "'true' removes the current cover" } }),
});

/**
 * /api/admin/song-order: the whole catalogue's order, in one write. A path of its own rather than
 * /api/admin/songs/order, which /api/admin/songs/:id would shadow (decision 0024).
 */
export function adminSongOrderRoutes(db: Db) {
  return new Hono<AppEnv>().put(
    '/',
    endpoint({ access: 'admin', summary: 'Reorder the catalogue' }),
    validate('json', SongOrderSchema),
    responds(OkSchema),
    async (c) => {
      await reorderSongs({ db, ids: c.req.valid('json').ids });
      return c.var.reply({ ok: true });
    },
  );
}

/**
 * /api/admin/song-audio: an MP3 uploaded as soon as the song form picks it, its analysis queued; the form asks
 * after it (GET /:id) for the tempo and key detected (decision 0052). A path of its own, as
 * /api/admin/songs/audio would be shadowed by /api/admin/songs/:id.
 */
export function adminSongAudioRoutes({ db, storage }: Pick<SongRouteDeps, 'db' | 'storage'>) {
  return new Hono<AppEnv>()
    .post(
      '/',
      endpoint({
        access: 'admin',
        summary: "Upload a song's MP3 ahead of saving the song; its waveform, tempo and key are measured after",
        multipart: {
          data: SongAudioUploadFormSchema,
          files: {
            audio: {
              description: 'MP3, checked by content; queued for its waveform, tempo and key',
              maxBytes: SONG_FILES.audio.maxBytes,
              required: true,
            },
          },
        },
      }),
      responds(SongAudioUploadSchema, 201),
      async (c) => {
        const { files, cleanup } = await readMultipart(c, SongAudioUploadFormSchema, { audio: SONG_FILES.audio });
        try {
          return c.var.reply(await uploadSongAudio({ db, storage, actor: actorOf(c), file: files.audio }));
        } finally {
          await cleanup();
        }
      },
    )
    .get(
      '/:id',
      endpoint({ access: 'admin', summary: "An uploaded MP3's analysis: its length, tempo and key once measured" }),
      validate('param', UuidParamSchema),
      responds(SongAudioUploadSchema),
      async (c) => c.var.reply(await songAudioUpload({ db, id: c.req.valid('param').id })),
    );
}

/** /api/admin/songs: mounted under the admin router. */
export function adminSongRoutes({ db, storage, secret }: Omit<SongRouteDeps, 'catalogue'>) {
  return new Hono<AppEnv>()
    .get('/', endpoint({ access: 'admin', summary: 'Every song, in catalogue order' }), responds(AdminSongListSchema), async (c) =>
      c.var.reply(await listAdminSongs({ db })),
    )
    .post(
      '/',
      endpoint({ access: 'admin', summary: 'Add a song', multipart: songForm(true) }),
      responds(SavedSongSchema, 201),
      async (c) => {
        const { values, files, cleanup } = await readMultipart(c, SongFormSchema, SONG_FILES);
        try {
          return c.var.reply(await createSong({ db, storage, actor: actorOf(c), values, files }));
        } finally {
          await cleanup();
        }
      },
    )
    .get(
      '/:id',
      endpoint({ access: 'admin', summary: 'One song for editing' }),
      validate('param', UuidParamSchema),
      responds(AdminSongSchema),
      async (c) => c.var.reply(await getAdminSong({ db, actor: actorOf(c), id: c.req.valid('param').id, secret })),
    )
    .put(
      '/:id',
      endpoint({ access: 'admin', summary: 'Edit a song', multipart: songForm(false) }),
      validate('param', UuidParamSchema),
      responds(SavedSongSchema),
      async (c) => {
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
          return c.var.reply(song);
        } finally {
          await cleanup();
        }
      },
    )
    .patch(
      '/:id/active',
      endpoint({ access: 'admin', summary: 'Show or hide a song' }),
      validate('param', UuidParamSchema),
      validate('json', SongActiveSchema),
      responds(SongActiveStateSchema),
      async (c) =>
        c.var.reply(await setSongActive({ db, actor: actorOf(c), id: c.req.valid('param').id, isActive: c.req.valid('json').isActive })),
    )
    .delete('/:id', endpoint({ access: 'admin', summary: 'Delete a song', status: 204 }), validate('param', UuidParamSchema), async (c) => {
      await deleteSong({ db, storage, actor: actorOf(c), id: c.req.valid('param').id });
      return c.body(null, 204);
    })
    .route('/', adminSongVersionRoutes({ db, storage, secret }));
}

/** The largest file a version may be: the stems zip's (an audio version is held to the MP3's limit after). */
const VERSION_FILE = { file: { maxBytes: LIMITS.songStemsMaxBytes, tooLarge: MESSAGES.songVersions.stemsTooLarge } };

/** /api/admin/songs/:id/versions: a song's work tape, instrumental, a cappella and stems, added beside its main MP3. */
function adminSongVersionRoutes({ db, storage, secret }: Omit<SongRouteDeps, 'catalogue'>) {
  return new Hono<AppEnv>()
    .post(
      '/:id/versions',
      endpoint({
        access: 'admin',
        summary: 'Add (or replace) a version of a song: a work tape, instrumental or a cappella MP3, or its stems as a zip',
        multipart: {
          data: SongVersionFormSchema,
          files: {
            file: {
              description: 'An MP3 (audio versions, queued for analysis) or a zip (the stems, stored as uploaded), checked by content',
              maxBytes: VERSION_FILE.file.maxBytes,
              required: true,
            },
          },
        },
      }),
      validate('param', UuidParamSchema),
      responds(AdminSongVersionListSchema, 201),
      async (c) => {
        const { values, files, cleanup } = await readMultipart(c, SongVersionFormSchema, VERSION_FILE);
        const actor = actorOf(c);
        try {
          const versions = await uploadSongVersion({
            db,
            storage,
            actor,
            songId: c.req.valid('param').id,
            values,
            file: files.file,
            link: (fileId) => fileLink(secret, fileId, actor.id),
          });
          return c.var.reply(versions, 201);
        } finally {
          await cleanup();
        }
      },
    )
    .delete(
      '/:id/versions/:kind',
      endpoint({ access: 'admin', summary: 'Remove a version of a song, and its file' }),
      validate('param', SongVersionParamSchema),
      responds(AdminSongVersionListSchema),
      async (c) => {
        const { id, kind } = c.req.valid('param');
        const actor = actorOf(c);
        const link = (fileId: string) => fileLink(secret, fileId, actor.id);
        return c.var.reply(await removeSongVersion({ db, storage, actor, songId: id, kind, link }));
      },
    );
}
