import { Hono } from 'hono';
import { PlaylistDetailSchema, PlaylistSummariesSchema } from '../../../common/responses/playlists';
import { UuidParamSchema } from '../../../common/schemas/admin';
import {
  PlaylistAddSongsSchema,
  PlaylistCreateSchema,
  PlaylistDuplicateSchema,
  PlaylistOrderSchema,
  PlaylistSongParamSchema,
  PlaylistUpdateSchema,
} from '../../../common/schemas/playlists';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { responds } from '../../lib/respond';
import { validate } from '../../lib/validate';
import { endpoint } from '../../middleware/endpoint';
import { actorOf } from '../../middleware/require-user';
import {
  addPlaylistSongs,
  createPlaylist,
  deletePlaylist,
  duplicatePlaylist,
  getPlaylist,
  listMyPlaylists,
  removePlaylistSong,
  reorderPlaylist,
  updatePlaylist,
} from './playlists.service';

/**
 * /api/playlists: a listener's own playlists of catalogue songs. Only the owner reads or changes one (anyone
 * else is told it does not exist); an admin may read any, and sees them all in Preview Activity.
 */
export function playlistRoutes(db: Db, secret: string) {
  return new Hono<AppEnv>()
    .get('/', endpoint({ access: 'catalogue', summary: "The caller's playlists" }), responds(PlaylistSummariesSchema), async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.var.reply(await listMyPlaylists({ db, actor: actorOf(c) }));
    })
    .post(
      '/',
      endpoint({ access: 'catalogue', summary: 'Make a playlist, with the songs to start it with' }),
      validate('json', PlaylistCreateSchema),
      responds(PlaylistDetailSchema, 201),
      async (c) => c.var.reply(await createPlaylist({ db, actor: actorOf(c), values: c.req.valid('json'), secret }), 201),
    )
    .get(
      '/:id',
      endpoint({ access: 'catalogue', summary: 'One playlist and its songs, in order' }),
      validate('param', UuidParamSchema),
      responds(PlaylistDetailSchema),
      async (c) => {
        c.header('Cache-Control', 'private, no-store');
        return c.var.reply(await getPlaylist({ db, actor: actorOf(c), id: c.req.valid('param').id, secret }));
      },
    )
    .patch(
      '/:id',
      endpoint({ access: 'catalogue', summary: 'Rename or describe a playlist' }),
      validate('param', UuidParamSchema),
      validate('json', PlaylistUpdateSchema),
      responds(PlaylistDetailSchema),
      async (c) =>
        c.var.reply(await updatePlaylist({ db, actor: actorOf(c), id: c.req.valid('param').id, values: c.req.valid('json'), secret })),
    )
    .delete(
      '/:id',
      endpoint({ access: 'catalogue', summary: 'Delete a playlist', status: 204 }),
      validate('param', UuidParamSchema),
      async (c) => {
        await deletePlaylist({ db, actor: actorOf(c), id: c.req.valid('param').id });
        return c.body(null, 204);
      },
    )
    .post(
      '/:id/duplicate',
      endpoint({ access: 'catalogue', summary: 'Copy a playlist with its songs in order' }),
      validate('param', UuidParamSchema),
      validate('json', PlaylistDuplicateSchema),
      responds(PlaylistDetailSchema, 201),
      async (c) => {
        const { id } = c.req.valid('param');
        return c.var.reply(await duplicatePlaylist({ db, actor: actorOf(c), id, name: c.req.valid('json').name, secret }), 201);
      },
    )
    .post(
      '/:id/songs',
      endpoint({ access: 'catalogue', summary: 'Add songs at the end of a playlist' }),
      validate('param', UuidParamSchema),
      validate('json', PlaylistAddSongsSchema),
      responds(PlaylistDetailSchema),
      async (c) => {
        const { id } = c.req.valid('param');
        return c.var.reply(await addPlaylistSongs({ db, actor: actorOf(c), id, songIds: c.req.valid('json').songIds, secret }));
      },
    )
    .delete(
      '/:id/songs/:songId',
      endpoint({ access: 'catalogue', summary: 'Take a song out of a playlist' }),
      validate('param', PlaylistSongParamSchema),
      responds(PlaylistDetailSchema),
      async (c) => {
        const { id, songId } = c.req.valid('param');
        return c.var.reply(await removePlaylistSong({ db, actor: actorOf(c), id, songId, secret }));
      },
    )
    .put(
      '/:id/order',
      endpoint({ access: 'catalogue', summary: "Reorder a playlist's songs: every song, each once" }),
      validate('param', UuidParamSchema),
      validate('json', PlaylistOrderSchema),
      responds(PlaylistDetailSchema),
      async (c) => {
        const { id } = c.req.valid('param');
        return c.var.reply(await reorderPlaylist({ db, actor: actorOf(c), id, songIds: c.req.valid('json').songIds, secret }));
      },
    );
}
