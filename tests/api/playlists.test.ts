import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import type { PlaylistDetail, PreviewActivity } from '../../src/common/responses';
import { makePreviewUser, makeSongwriter, makeUser } from '../../src/server/db/seed/factories';
import { makeSong } from '../../src/server/db/seed/song-factories';
import { playlists, playlistSongs } from '../../src/server/db/schema';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

let t: TestApp;
let admin: TestClient;
let dana: TestClient;
let eli: TestClient;
let writer: TestClient;
let danaId: string;
/** Five active songs and one taken out of the catalogue, made once for the file. */
let song: { id: string; title: string; slug: string }[];
let hidden: { id: string; title: string };

beforeAll(async () => {
  t = await createTestApp();
  const adminUser = await makeUser(t.db, { roles: ['admin'] });
  const danaUser = await makePreviewUser(t.db, { name: 'Dana Preview', company: 'Big Machine Publishing' });
  const eliUser = await makePreviewUser(t.db, { name: 'Eli Listener', company: 'Row Songs' });
  const writerUser = await makeSongwriter(t.db);
  danaId = danaUser.id;
  [admin, dana, eli, writer] = await Promise.all([
    signedInClient(t, adminUser),
    signedInClient(t, danaUser),
    signedInClient(t, eliUser),
    signedInClient(t, writerUser),
  ]);
  const titles = ['Gravel Road', 'Porch Light', 'Neon Rain', 'Tin Roof', 'Last Call'];
  song = [];
  for (const [i, title] of titles.entries()) {
    const made = await makeSong(t.db, t.storage, adminUser.id, { title, slug: `pl-${i}`, seconds: 1 });
    song.push({ id: made.id, title, slug: made.slug });
  }
  const off = await makeSong(t.db, t.storage, adminUser.id, { title: 'Draft Song', slug: 'pl-draft', seconds: 1, isActive: false });
  hidden = { id: off.id, title: 'Draft Song' };
});
afterAll(() => t.close());

const titlesOf = (body: PlaylistDetail) => body.songs.map((s) => s.title);
const storedOrder = async (playlistId: string) =>
  (
    await t.db
      .select({ songId: playlistSongs.songId })
      .from(playlistSongs)
      .where(eq(playlistSongs.playlistId, playlistId))
      .orderBy(asc(playlistSongs.position))
  ).map((r) => r.songId);

async function newPlaylist(client: TestClient, name: string, songIds: string[] = []): Promise<PlaylistDetail> {
  const res = await client.post('/api/playlists', { name, songIds });
  expect(res.status, res.text).toBe(201);
  return res.body as PlaylistDetail;
}

describe("a buyer's own playlists", () => {
  test('create, add in bulk, rename and describe, list: the songs in the order added, a song once', async () => {
    const created = await newPlaylist(dana, '  For the spring record  ', [song[0]!.id]);
    expect(created).toMatchObject({ name: 'For the spring record', description: null, songCount: 1, mine: true });
    const added = await dana.post(`/api/playlists/${created.id}/songs`, { songIds: [song[2]!.id, song[0]!.id, song[1]!.id] });
    expect(added.status, added.text).toBe(200);
    // The song already in it stays where it was; the new ones follow in the order given.
    expect(titlesOf(added.body)).toEqual(['Gravel Road', 'Neon Rain', 'Porch Light']);
    const renamed = await dana.patch(`/api/playlists/${created.id}`, { name: 'Spring', description: 'Up-tempo, for Carly' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Spring', description: 'Up-tempo, for Carly', songCount: 3 });
    const list = await dana.get('/api/playlists');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({ id: created.id, name: 'Spring', songCount: 3, songIds: [song[0]!.id, song[2]!.id, song[1]!.id] }),
    ]);
    // Another buyer's list holds none of it.
    expect((await eli.get('/api/playlists')).body).toEqual([]);
    const removed = await dana.delete(`/api/playlists/${created.id}/songs/${song[2]!.id}`);
    expect(removed.status, removed.text).toBe(200);
    expect(titlesOf(removed.body)).toEqual(['Gravel Road', 'Porch Light']);
    expect(await dana.delete(`/api/playlists/${created.id}`)).toMatchObject({ status: 204 });
    expect(await t.db.select().from(playlists).where(eq(playlists.id, created.id))).toEqual([]);
  });

  test('a name is required and the songs given are each named once', async () => {
    const blank = await dana.post('/api/playlists', { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.text).toContain(MESSAGES.playlists.nameRequired);
    const twice = await dana.post('/api/playlists', { name: 'Twice', songIds: [song[0]!.id, song[0]!.id] });
    expect(twice.status).toBe(400);
    expect(twice.text).toContain(MESSAGES.playlists.songTwice);
  });

  test('invisible to anyone but its owner and the admin: another buyer gets 404 on every read and write', async () => {
    const mine = await newPlaylist(dana, 'Private picks', [song[0]!.id, song[1]!.id]);
    const missing = '00000000-0000-4000-8000-000000000000';
    const attempts = (id: string) => [
      eli.get(`/api/playlists/${id}`),
      eli.patch(`/api/playlists/${id}`, { name: 'Taken' }),
      eli.delete(`/api/playlists/${id}`),
      eli.post(`/api/playlists/${id}/duplicate`, {}),
      eli.post(`/api/playlists/${id}/songs`, { songIds: [song[2]!.id] }),
      eli.delete(`/api/playlists/${id}/songs/${song[0]!.id}`),
      eli.put(`/api/playlists/${id}/order`, { songIds: [song[1]!.id, song[0]!.id] }),
    ];
    const theirs = await Promise.all(attempts(mine.id));
    const nothing = await Promise.all(attempts(missing));
    for (const [i, res] of theirs.entries()) {
      expect(res.status, res.text).toBe(404);
      // The same answer as for a playlist that does not exist: nothing tells it is there.
      expect(res.body).toEqual(nothing[i]!.body);
    }
    // Nothing of it changed.
    expect(await storedOrder(mine.id)).toEqual([song[0]!.id, song[1]!.id]);
    expect((await t.db.select().from(playlists).where(eq(playlists.id, mine.id)))[0]).toMatchObject({ name: 'Private picks' });
    // The admin reads it, and cannot change it; a songwriter is no catalogue listener.
    const read = await admin.get(`/api/playlists/${mine.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ name: 'Private picks', mine: false, songCount: 2 });
    expect((await admin.patch(`/api/playlists/${mine.id}`, { name: 'Admin was here' })).status).toBe(404);
    expect((await writer.get(`/api/playlists/${mine.id}`)).status).toBe(403);
  });

  test('reorder keeps the order given, and refuses a list that is not a permutation of the playlist', async () => {
    const list = await newPlaylist(
      dana,
      'To reorder',
      song.slice(0, 4).map((s) => s.id),
    );
    const [a, b, c, d] = song.slice(0, 4).map((s) => s.id) as [string, string, string, string];
    const moved = await dana.put(`/api/playlists/${list.id}/order`, { songIds: [c, a, d, b] });
    expect(moved.status, moved.text).toBe(200);
    expect(titlesOf(moved.body)).toEqual(['Neon Rain', 'Gravel Road', 'Tin Roof', 'Porch Light']);
    expect((await dana.get(`/api/playlists/${list.id}`)).body.songs.map((s: { songId: string }) => s.songId)).toEqual([c, a, d, b]);

    const refused = [
      [c, a, d], // one missing
      [c, a, d, b, song[4]!.id], // one not in it
      [c, a, d, song[4]!.id], // one swapped for another
    ];
    for (const songIds of refused) {
      const res = await dana.put(`/api/playlists/${list.id}/order`, { songIds });
      expect(res.status, res.text).toBe(409);
      expect(res.body.error.message).toBe(MESSAGES.playlists.orderMismatch);
    }
    const twice = await dana.put(`/api/playlists/${list.id}/order`, { songIds: [c, a, d, d] });
    expect(twice.status).toBe(400);
    expect(await storedOrder(list.id)).toEqual([c, a, d, b]);
  });

  test('a song the buyer cannot see in the catalogue cannot be added, nor an unknown one; nothing of the request is added', async () => {
    const list = await newPlaylist(dana, 'Only what I see');
    for (const songIds of [[song[0]!.id, hidden.id], ['00000000-0000-4000-8000-00000000abcd']]) {
      const res = await dana.post(`/api/playlists/${list.id}/songs`, { songIds });
      expect(res.status, res.text).toBe(404);
      expect(res.body.error.message).toBe(MESSAGES.playlists.songUnavailable);
    }
    const created = await dana.post('/api/playlists', { name: 'Sneaky', songIds: [hidden.id] });
    expect(created.status).toBe(404);
    expect(await storedOrder(list.id)).toEqual([]);
    // The admin sees every song in the catalogue, so may add an inactive one to a playlist of their own.
    expect((await admin.post('/api/playlists', { name: 'Admin drafts', songIds: [hidden.id] })).status).toBe(201);
  });

  test('a song taken out of the catalogue leaves the owner’s view and its reorder; it keeps its place behind the rest', async () => {
    const list = await newPlaylist(dana, 'Shifting catalogue', [song[0]!.id, song[1]!.id]);
    await t.db.insert(playlistSongs).values({ playlistId: list.id, songId: hidden.id, position: 2 });
    const seen = await dana.get(`/api/playlists/${list.id}`);
    expect(titlesOf(seen.body)).toEqual(['Gravel Road', 'Porch Light']);
    const moved = await dana.put(`/api/playlists/${list.id}/order`, { songIds: [song[1]!.id, song[0]!.id] });
    expect(moved.status, moved.text).toBe(200);
    expect(await storedOrder(list.id)).toEqual([song[1]!.id, song[0]!.id, hidden.id]);
  });

  test('duplicate copies the description and the songs in their order, under its own name', async () => {
    const original = await newPlaylist(dana, 'Road trip', [song[3]!.id, song[0]!.id, song[2]!.id]);
    await dana.patch(`/api/playlists/${original.id}`, { description: 'Windows down' });
    const copy = await dana.post(`/api/playlists/${original.id}/duplicate`, {});
    expect(copy.status, copy.text).toBe(201);
    expect(copy.body).toMatchObject({ name: 'Road trip (copy)', description: 'Windows down', mine: true });
    expect(copy.body.id).not.toBe(original.id);
    expect(titlesOf(copy.body)).toEqual(['Tin Roof', 'Gravel Road', 'Neon Rain']);
    const named = await dana.post(`/api/playlists/${original.id}/duplicate`, { name: 'Road trip, take two' });
    expect(named.body).toMatchObject({ name: 'Road trip, take two', songCount: 3 });
    // The copy is its own: changing it leaves the original as it was.
    await dana.delete(`/api/playlists/${copy.body.id}/songs/${song[0]!.id}`);
    expect(await storedOrder(original.id)).toEqual([song[3]!.id, song[0]!.id, song[2]!.id]);
  });

  test("the admin sees buyers' playlists in Preview Activity: owner, name, song count and songs in order", async () => {
    const list = await newPlaylist(dana, 'For the admin to see', [song[4]!.id, song[1]!.id]);
    const res = await admin.get('/api/admin/preview-activity');
    expect(res.status, res.text).toBe(200);
    const activity = res.body as PreviewActivity;
    expect(activity.playlists.find((p) => p.id === list.id)).toEqual({
      id: list.id,
      name: 'For the admin to see',
      ownerId: danaId,
      ownerName: 'Dana Preview',
      ownerEmail: expect.any(String),
      songCount: 2,
      songs: [
        { songId: song[4]!.id, title: 'Last Call', slug: song[4]!.slug },
        { songId: song[1]!.id, title: 'Porch Light', slug: song[1]!.slug },
      ],
      updatedAt: expect.any(String),
    });
    // An admin's own lists are not a buyer's activity.
    expect(activity.playlists.map((p) => p.name)).not.toContain('Admin drafts');
    expect((await dana.get('/api/admin/preview-activity')).status).toBe(403);
  });
});
