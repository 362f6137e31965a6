import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { LIMITS } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import type { ActivityPlaylist, PlaylistDetail, PlaylistSummary } from '../../../common/responses';
import type { PlaylistCreateValues, PlaylistUpdateValues } from '../../../common/schemas/playlists';
import type { Db, DbOrTx } from '../../db/client';
import { briefs, playlists, playlistSongs, songs, userRoles, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../accounts';
import { thumbLink } from '../files';

const m = MESSAGES.playlists;

type Playlist = typeof playlists.$inferSelect;

/** The songs a caller may open in the catalogue, as a condition on `songs`: admins every song, listeners active ones. */
const catalogueVisible = (actor: Actor): SQL | undefined => (actor.roles.has('admin') ? undefined : eq(songs.isActive, true));

/**
 * The caller's own playlist, locked for the change that follows when `lock`. Anyone else's is "not found", the
 * admin's reading aside (readablePlaylist), so a playlist's existence is never told to another listener.
 */
async function ownedPlaylist(db: DbOrTx, actor: Actor, id: string, lock = false): Promise<Playlist> {
  const query = db
    .select()
    .from(playlists)
    .where(and(eq(playlists.id, id), eq(playlists.ownerId, actor.id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', m.notFound);
  return row;
}

/** The owner reads their playlist; an admin reads anyone's. */
async function readablePlaylist(db: DbOrTx, actor: Actor, id: string): Promise<Playlist> {
  const owner = actor.roles.has('admin') ? undefined : eq(playlists.ownerId, actor.id);
  const [row] = await db
    .select()
    .from(playlists)
    .where(and(eq(playlists.id, id), owner));
  if (!row) throw new AppError('NOT_FOUND', m.notFound);
  return row;
}

/** The playlist's songs the reader may open, in order, with their cover thumbnails linked out to the reader. */
async function songsOf(db: DbOrTx, actor: Actor, playlistId: string, secret: string) {
  const rows = await db
    .select({
      songId: songs.id,
      slug: songs.slug,
      title: songs.title,
      genre: songs.genre,
      durationSeconds: songs.audioDurationSeconds,
      thumbFileId: songs.imageThumbFileId,
      thumb2xFileId: songs.imageThumb2xFileId,
      addedAt: playlistSongs.addedAt,
    })
    .from(playlistSongs)
    .innerJoin(songs, eq(songs.id, playlistSongs.songId))
    .where(and(eq(playlistSongs.playlistId, playlistId), catalogueVisible(actor)))
    .orderBy(asc(playlistSongs.position), asc(playlistSongs.addedAt));
  const now = Date.now();
  return rows.map(({ thumbFileId, thumb2xFileId, ...song }) => ({
    ...song,
    addedAt: song.addedAt.toISOString(),
    thumbnail:
      thumbFileId && thumb2xFileId
        ? { small: thumbLink(secret, thumbFileId, actor.id, now), large: thumbLink(secret, thumb2xFileId, actor.id, now) }
        : null,
  }));
}

const summaryOf = (p: Playlist, songIds: string[]): PlaylistSummary => ({
  id: p.id,
  name: p.name,
  description: p.description,
  songCount: songIds.length,
  songIds,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});

async function detailOf(db: DbOrTx, actor: Actor, playlist: Playlist, secret: string): Promise<PlaylistDetail> {
  const list = await songsOf(db, actor, playlist.id, secret);
  const [shortlistOf] = await db.select({ id: briefs.id }).from(briefs).where(eq(briefs.shortlistPlaylistId, playlist.id)).limit(1);
  return {
    ...summaryOf(
      playlist,
      list.map((s) => s.songId),
    ),
    mine: playlist.ownerId === actor.id,
    briefId: shortlistOf?.id ?? null,
    songs: list,
  };
}

/** GET /api/playlists: the caller's playlists, the latest changed first, each with the songs they may open. */
export async function listMyPlaylists({ db, actor }: { db: Db; actor: Actor }): Promise<PlaylistSummary[]> {
  const mine = await db
    .select()
    .from(playlists)
    .where(eq(playlists.ownerId, actor.id))
    .orderBy(desc(playlists.updatedAt), asc(playlists.name));
  if (mine.length === 0) return [];
  const entries = await db
    .select({ playlistId: playlistSongs.playlistId, songId: playlistSongs.songId })
    .from(playlistSongs)
    .innerJoin(songs, eq(songs.id, playlistSongs.songId))
    .where(
      and(
        inArray(
          playlistSongs.playlistId,
          mine.map((p) => p.id),
        ),
        catalogueVisible(actor),
      ),
    )
    .orderBy(asc(playlistSongs.position), asc(playlistSongs.addedAt));
  const byPlaylist = new Map<string, string[]>(mine.map((p) => [p.id, []]));
  for (const e of entries) byPlaylist.get(e.playlistId)!.push(e.songId);
  return mine.map((p) => summaryOf(p, byPlaylist.get(p.id)!));
}

/** GET /api/playlists/:id: the owner's playlist, or anyone's for an admin. */
export async function getPlaylist({ db, actor, id, secret }: { db: Db; actor: Actor; id: string; secret: string }) {
  return detailOf(db, actor, await readablePlaylist(db, actor, id), secret);
}

/** Refuses song ids the caller cannot open in the catalogue (unknown, or inactive for a listener): nothing is added. */
async function assertVisibleSongs(db: DbOrTx, actor: Actor, songIds: readonly string[]) {
  if (songIds.length === 0) return;
  const [found] = await db
    .select({ n: count() })
    .from(songs)
    .where(and(inArray(songs.id, [...songIds]), catalogueVisible(actor)));
  if ((found?.n ?? 0) !== songIds.length) throw new AppError('NOT_FOUND', m.songUnavailable);
}

/** Appends the songs not yet in the playlist after its last one; the playlist is locked by the caller. */
async function appendSongs(tx: DbOrTx, playlistId: string, songIds: readonly string[]) {
  const present = await tx
    .select({ songId: playlistSongs.songId, position: playlistSongs.position })
    .from(playlistSongs)
    .where(eq(playlistSongs.playlistId, playlistId));
  const have = new Set(present.map((r) => r.songId));
  const fresh = songIds.filter((id) => !have.has(id));
  if (fresh.length === 0) return 0;
  if (present.length + fresh.length > LIMITS.playlistSongsMax) throw new AppError('INVALID', m.tooManySongs);
  const next = present.reduce((max, r) => Math.max(max, r.position + 1), 0);
  await tx
    .insert(playlistSongs)
    .values(fresh.map((songId, i) => ({ playlistId, songId, position: next + i })))
    .onConflictDoNothing();
  return fresh.length;
}

/** Marks the playlist changed, so it comes first in its owner's list. */
const touch = (tx: DbOrTx, id: string) => tx.update(playlists).set({ updatedAt: new Date() }).where(eq(playlists.id, id)).returning();

/** Takes the owner's row lock, so two creations at once cannot pass the per-listener limit together. */
async function assertRoomForAnother(tx: DbOrTx, actor: Actor) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('update');
  const [owned] = await tx.select({ n: count() }).from(playlists).where(eq(playlists.ownerId, actor.id));
  if ((owned?.n ?? 0) >= LIMITS.playlistsPerUser) throw new AppError('CONFLICT', m.tooManyPlaylists);
}

/** POST /api/playlists: a new playlist of the caller's, with the songs to start it with. */
export async function createPlaylist({
  db,
  actor,
  values,
  secret,
}: {
  db: Db;
  actor: Actor;
  values: PlaylistCreateValues;
  secret: string;
}) {
  const songIds = values.songIds ?? [];
  await assertVisibleSongs(db, actor, songIds);
  const created = await db.transaction(async (tx) => {
    await assertRoomForAnother(tx, actor);
    const [row] = await tx
      .insert(playlists)
      .values({ ownerId: actor.id, name: values.name, description: values.description ?? null })
      .returning();
    await appendSongs(tx, row!.id, songIds);
    return row!;
  });
  return detailOf(db, actor, created, secret);
}

/** PATCH /api/playlists/:id: a new name or description; what is not sent stays. */
export async function updatePlaylist({
  db,
  actor,
  id,
  values,
  secret,
}: {
  db: Db;
  actor: Actor;
  id: string;
  values: PlaylistUpdateValues;
  secret: string;
}) {
  const patch = {
    ...(values.name !== undefined ? { name: values.name } : {}),
    ...(values.description !== undefined ? { description: values.description } : {}),
  };
  const updated = await db.transaction(async (tx) => {
    await ownedPlaylist(tx, actor, id, true);
    const [row] = await tx
      .update(playlists)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(playlists.id, id))
      .returning();
    return row!;
  });
  return detailOf(db, actor, updated, secret);
}

/** DELETE /api/playlists/:id: the playlist and its entries; the songs stay in the catalogue. */
export async function deletePlaylist({ db, actor, id }: { db: Db; actor: Actor; id: string }) {
  await db.transaction(async (tx) => {
    await ownedPlaylist(tx, actor, id, true);
    await tx.delete(playlists).where(eq(playlists.id, id));
  });
}

/** POST /api/playlists/:id/duplicate: a new playlist of the caller's with the same description and songs, in order. */
export async function duplicatePlaylist({
  db,
  actor,
  id,
  name,
  secret,
}: {
  db: Db;
  actor: Actor;
  id: string;
  name: string | undefined;
  secret: string;
}) {
  const copy = await db.transaction(async (tx) => {
    const original = await ownedPlaylist(tx, actor, id, true);
    await assertRoomForAnother(tx, actor);
    const [row] = await tx
      .insert(playlists)
      .values({
        ownerId: actor.id,
        name: name ?? m.copyName(original.name).slice(0, LIMITS.playlistNameMax),
        description: original.description,
      })
      .returning();
    // Every entry, hidden ones too: the copy is the same list, and a song back in the catalogue shows in both.
    await tx.execute(sql`
      insert into ${playlistSongs} (playlist_id, song_id, position, added_at)
      select ${row!.id}, song_id, position, added_at from ${playlistSongs} where playlist_id = ${id}`);
    return row!;
  });
  return detailOf(db, actor, copy, secret);
}

/** POST /api/playlists/:id/songs: songs added at the end, in the order given; one already there stays where it is. */
export async function addPlaylistSongs({
  db,
  actor,
  id,
  songIds,
  secret,
}: {
  db: Db;
  actor: Actor;
  id: string;
  songIds: string[];
  secret: string;
}) {
  await assertVisibleSongs(db, actor, songIds);
  const playlist = await db.transaction(async (tx) => {
    const row = await ownedPlaylist(tx, actor, id, true);
    if ((await appendSongs(tx, id, songIds)) === 0) return row;
    return (await touch(tx, id))[0]!;
  });
  return detailOf(db, actor, playlist, secret);
}

/** DELETE /api/playlists/:id/songs/:songId: the song leaves the playlist; the others keep their order. */
export async function removePlaylistSong({
  db,
  actor,
  id,
  songId,
  secret,
}: {
  db: Db;
  actor: Actor;
  id: string;
  songId: string;
  secret: string;
}) {
  const playlist = await db.transaction(async (tx) => {
    const row = await ownedPlaylist(tx, actor, id, true);
    const gone = await tx
      .delete(playlistSongs)
      .where(and(eq(playlistSongs.playlistId, id), eq(playlistSongs.songId, songId)))
      .returning({ songId: playlistSongs.songId });
    if (gone.length === 0) return row;
    return (await touch(tx, id))[0]!;
  });
  return detailOf(db, actor, playlist, secret);
}

/**
 * PUT /api/playlists/:id/order: the songs the owner sees, in their new order, each exactly once; anything else
 * (a song missing, one not in the playlist) is refused as a stale view. Songs hidden from them (taken out of
 * the catalogue) keep their order after the rest, in one statement.
 */
export async function reorderPlaylist({
  db,
  actor,
  id,
  songIds,
  secret,
}: {
  db: Db;
  actor: Actor;
  id: string;
  songIds: string[];
  secret: string;
}) {
  const playlist = await db.transaction(async (tx) => {
    await ownedPlaylist(tx, actor, id, true);
    const entries = await tx
      .select({ songId: playlistSongs.songId, visible: sql<boolean>`${catalogueVisible(actor) ?? sql`true`}` })
      .from(playlistSongs)
      .innerJoin(songs, eq(songs.id, playlistSongs.songId))
      .where(eq(playlistSongs.playlistId, id))
      .orderBy(asc(playlistSongs.position), asc(playlistSongs.addedAt));
    const visible = new Set(entries.filter((e) => e.visible).map((e) => e.songId));
    if (visible.size !== songIds.length || !songIds.every((s) => visible.has(s))) throw new AppError('CONFLICT', m.orderMismatch);
    const order = [...songIds, ...entries.filter((e) => !e.visible).map((e) => e.songId)];
    const ids = sql`array[${sql.join(
      order.map((s) => sql`${s}`),
      sql`, `,
    )}]::uuid[]`;
    await tx.execute(sql`
      update ${playlistSongs} set position = ordered.position - 1
      from unnest(${ids}) with ordinality as ordered(song_id, position)
      where ${playlistSongs.playlistId} = ${id} and ${playlistSongs.songId} = ordered.song_id`);
    return (await touch(tx, id))[0]!;
  });
  return detailOf(db, actor, playlist, secret);
}

/**
 * Preview Activity: every listener's playlists, the latest changed first, with whose each is and all its songs
 * in order (the admin sees every song, active or not). Read-only.
 */
export async function listPlaylistsForActivity({ db }: { db: Db }): Promise<ActivityPlaylist[]> {
  const rows = await db
    .select({
      id: playlists.id,
      name: playlists.name,
      ownerId: playlists.ownerId,
      ownerName: users.name,
      ownerEmail: users.email,
      updatedAt: playlists.updatedAt,
    })
    .from(playlists)
    .innerJoin(users, eq(users.id, playlists.ownerId))
    // Buyers' playlists: an admin's own lists are no activity of a listener's.
    .where(sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${playlists.ownerId} and ${userRoles.role} = 'preview')`)
    .orderBy(desc(playlists.updatedAt), asc(playlists.id));
  if (rows.length === 0) return [];
  const entries = await db
    .select({ playlistId: playlistSongs.playlistId, songId: songs.id, title: songs.title, slug: songs.slug })
    .from(playlistSongs)
    .innerJoin(songs, eq(songs.id, playlistSongs.songId))
    .orderBy(asc(playlistSongs.position), asc(playlistSongs.addedAt));
  const byPlaylist = new Map<string, ActivityPlaylist['songs']>(rows.map((r) => [r.id, []]));
  for (const { playlistId, ...song } of entries) byPlaylist.get(playlistId)?.push(song);
  return rows.map((r) => {
    const list = byPlaylist.get(r.id)!;
    return { ...r, updatedAt: r.updatedAt.toISOString(), songCount: list.length, songs: list };
  });
}
