import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CATALOGUE_VISIT_GAP_MS } from '../../src/common/constants';
import * as MESSAGES from '../../src/common/messages';
import { CatalogueListItemSchema, type CataloguePage, type PlaylistDetail } from '../../src/common/responses';
import { makePreviewUser } from '../../src/server/db/seed/factories';
import { catalogueVisits, playlists, playlistSongs, songResponses, songs } from '../../src/server/db/schema';
import { recordCatalogueVisit } from '../../src/server/features/songs/catalogue-visits';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

const DAY = 24 * 3600_000;
const NOW = Date.now();
const daysAgo = (days: number) => new Date(NOW - days * DAY);
const idOf = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

/**
 * Five active songs made so that every sort has a tie, broken by a rule the test knows: two titles the same but
 * for case, two songs added the same moment, two at 90 BPM, two of 150 seconds, two held by two others. Ids are
 * fixed, so the last tie-breaker (the id) is known too.
 */
const SONGS = {
  A: { id: idOf(1), title: 'Apple Creek', bpm: 90, audioDurationSeconds: 180, createdAt: daysAgo(10), orderIndex: 3 },
  B: { id: idOf(2), title: 'banjo Nights', bpm: 120, audioDurationSeconds: 200, createdAt: daysAgo(5), orderIndex: 1 },
  C: { id: idOf(3), title: 'Cedar Porch', bpm: 90, audioDurationSeconds: 150, createdAt: daysAgo(5), orderIndex: 0 },
  D: { id: idOf(4), title: 'apple creek', bpm: null, audioDurationSeconds: null, createdAt: daysAgo(1), orderIndex: 2 },
  E: { id: idOf(5), title: 'Dust Devil', bpm: 140, audioDurationSeconds: 150, createdAt: daysAgo(2), orderIndex: 4 },
} as const;
type Name = keyof typeof SONGS;
const nameOf = new Map(Object.entries(SONGS).map(([name, s]) => [s.id as string, name]));

let t: TestApp;
let me: TestClient;
let meId: string;
let others: { id: string; email: string; name: string }[];

beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(songs).values(
    Object.values(SONGS).map((s) => ({
      ...s,
      slug: s.title.toLowerCase().replace(/ /g, '-') + s.id.slice(-1),
      description: `${s.title}.`,
      lyrics: 'Verse',
      writerInfo: 'Jo Lane',
    })),
  );
  // Newer than all of them, but hidden: never listed, never counted.
  await t.db.insert(songs).values({ title: 'Hidden', slug: 'hidden', description: '', lyrics: '', isActive: false, createdAt: daysAgo(0) });
  const user = await makePreviewUser(t.db, { name: 'Me Myself' });
  meId = user.id;
  me = await signedInClient(t, user);
  others = await Promise.all(
    ['Olive Other', 'Otto Other', 'Oona Other'].map(async (name, i) => ({
      ...(await makePreviewUser(t.db, { name, email: `other${i}@held.example` })),
      name,
    })),
  );
  const [o1, o2, o3] = others.map((o) => o.id);
  await t.db.insert(songResponses).values([
    { songId: SONGS.B.id, userId: o1, response: 'hold', note: 'For Olive’s artist' },
    { songId: SONGS.B.id, userId: o2, response: 'hold' },
    { songId: SONGS.E.id, userId: o1, response: 'hold' },
    { songId: SONGS.E.id, userId: o2, response: 'hold' },
    { songId: SONGS.E.id, userId: meId, response: 'hold' },
    { songId: SONGS.A.id, userId: o3, response: 'hold' },
    { songId: SONGS.C.id, userId: o3, response: 'pass' },
    { songId: SONGS.D.id, userId: meId, response: 'hold' },
  ]);
});
afterAll(() => t.close());

async function page(client: TestClient, query: string): Promise<CataloguePage> {
  const res = await client.get(`/api/songs?${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body as CataloguePage;
}
const names = (p: CataloguePage) => p.rows.map((r) => nameOf.get(r.id));

describe('catalogue sorts', () => {
  const expected: Record<string, Name[]> = {
    // The admin's order when no sort is asked for.
    '': ['C', 'B', 'D', 'A', 'E'],
    'sort=catalogue': ['C', 'B', 'D', 'A', 'E'],
    // B and C were added the same moment: the id decides.
    'sort=newest': ['D', 'E', 'B', 'C', 'A'],
    // "Apple Creek" and "apple creek" are one title regardless of case: the id decides.
    'sort=title': ['A', 'D', 'B', 'C', 'E'],
    // Slowest first, A and C both at 90; a song without a tempo last.
    'sort=tempo': ['A', 'C', 'B', 'E', 'D'],
    // Shortest first, C and E both 150 s; a song without a length last.
    'sort=length': ['C', 'E', 'A', 'B', 'D'],
    // E and B are held by two others each (E by me too, which does not count): the newer first.
    'sort=held': ['E', 'B', 'A', 'D', 'C'],
  };
  test.each(Object.entries(expected))('%s', async (query, order) => {
    expect(names(await page(me, query))).toEqual(order);
  });

  test('pages of two follow the same order, each song once, ties included', async () => {
    for (const sort of ['newest', 'title', 'tempo', 'length', 'held']) {
      const pages = await Promise.all([1, 2, 3].map((n) => page(me, `sort=${sort}&pageSize=2&page=${n}`)));
      expect(pages.flatMap(names), sort).toEqual(expected[`sort=${sort}`]);
      expect(pages[0]!.total).toBe(5);
    }
  });

  test('a refused sort is a 400', async () => {
    expect((await me.get('/api/songs?sort=popularity')).status).toBe(400);
  });
});

describe('held by others', () => {
  test('counts other listeners’ holds only when sorted by it, and never names them', async () => {
    const held = await page(me, 'sort=held');
    expect(held.rows.map((r) => r.heldByOthers)).toEqual([2, 2, 1, 0, 0]);
    // Each row is exactly what the schema allows: no field that could carry a holder.
    for (const row of held.rows) expect(Object.keys(row).sort()).toEqual(Object.keys(CatalogueListItemSchema.shape).sort());
    const body = JSON.stringify(held);
    for (const other of others) {
      for (const trace of [other.id, other.email, other.name, 'Olive’s artist']) expect(body).not.toContain(trace);
    }
    expect((await page(me, 'sort=title')).rows.every((r) => r.heldByOthers === null)).toBe(true);
  });

  test('is counted for each listener apart: my own hold counts for the others', async () => {
    const olive = await signedInClient(t, { email: others[0]!.email, password: 'correct horse battery' });
    const held = await page(olive, 'sort=held');
    // E: Otto and me (Olive's own hold left out); B: Otto; A: Oona; D: me.
    const counts = Object.fromEntries(held.rows.map((r) => [nameOf.get(r.id), r.heldByOthers]));
    expect(counts).toEqual({ A: 1, B: 1, C: 0, D: 1, E: 2 });
  });
});

describe('new since the last visit', () => {
  test('a visit after a gap marks what came in since the last one, and the filter lists only those', async () => {
    const user = await makePreviewUser(t.db);
    // Their last look was three days ago; the visit before that began twenty days ago.
    await t.db.insert(catalogueVisits).values({ userId: user.id, lastSeenAt: daysAgo(3), newSince: daysAgo(20) });
    const client = await signedInClient(t, user);
    const all = await page(client, '');
    expect(all.rows.filter((r) => r.isNew).map((r) => nameOf.get(r.id))).toEqual(['D', 'E']);
    const fresh = await page(client, 'newOnly=true');
    expect({ total: fresh.total, rows: names(fresh) }).toEqual({ total: 2, rows: ['D', 'E'] });
    // Still the same visit a moment later: the badges do not vanish while they browse.
    expect(names(await page(client, 'newOnly=true&sort=newest'))).toEqual(['D', 'E']);
    const [row] = await t.db.select().from(catalogueVisits).where(eqUser(user.id));
    expect(row!.newSince).toEqual(daysAgo(3));
    expect(row!.lastSeenAt.getTime()).toBeGreaterThan(NOW - 1);
  });

  test('a look within the gap keeps the visit’s start', async () => {
    const user = await makePreviewUser(t.db);
    await t.db.insert(catalogueVisits).values({ userId: user.id, lastSeenAt: new Date(Date.now() - 10 * 60_000), newSince: daysAgo(6) });
    const client = await signedInClient(t, user);
    expect(names(await page(client, 'newOnly=true'))).toEqual(['C', 'B', 'D', 'E']);
  });

  test('a first visit finds nothing new', async () => {
    const client = await signedInClient(t, await makePreviewUser(t.db));
    expect((await page(client, '')).rows.some((r) => r.isNew)).toBe(false);
    expect((await page(client, 'newOnly=true')).total).toBe(0);
  });

  test('visits by an injected clock: a look within the gap keeps the start, one after it moves it', async () => {
    const user = await makePreviewUser(t.db);
    const t0 = new Date('2026-03-01T10:00:00Z');
    const at = (ms: number) => new Date(t0.getTime() + ms);
    expect(await recordCatalogueVisit(t.db, user.id, t0)).toEqual(t0);
    expect(await recordCatalogueVisit(t.db, user.id, at(30 * 60_000))).toEqual(t0);
    // Just short of the gap after the last look: the same visit.
    expect(await recordCatalogueVisit(t.db, user.id, at(30 * 60_000 + CATALOGUE_VISIT_GAP_MS - 1))).toEqual(t0);
    const lastLook = at(30 * 60_000 + CATALOGUE_VISIT_GAP_MS - 1);
    // A full gap later: a new visit, new since that last look.
    expect(await recordCatalogueVisit(t.db, user.id, at(30 * 60_000 + 2 * CATALOGUE_VISIT_GAP_MS))).toEqual(lastLook);
    // A late, out-of-order look never moves the last look back.
    await recordCatalogueVisit(t.db, user.id, t0);
    const [row] = await t.db.select().from(catalogueVisits).where(eqUser(user.id));
    expect(row!.lastSeenAt).toEqual(at(30 * 60_000 + 2 * CATALOGUE_VISIT_GAP_MS));
  });
});

describe('the selection into a playlist', () => {
  test('songs selected on a page go to a new playlist and an existing one in one request each, in order, each once', async () => {
    const [first, second, third, fourth] = (await page(me, 'sort=title')).rows.map((r) => r.id);
    const created = await me.post('/api/playlists', { name: 'For the spring record', songIds: [third, first, second] });
    expect(created.status, created.text).toBe(201);
    const id = (created.body as PlaylistDetail).id;
    // One already in the playlist is left where it is; the new ones follow in the order sent.
    const added = await me.post(`/api/playlists/${id}/songs`, { songIds: [fourth, first] });
    expect(added.status, added.text).toBe(200);
    const stored = await t.db
      .select({ songId: playlistSongs.songId })
      .from(playlistSongs)
      .where(eq(playlistSongs.playlistId, id))
      .orderBy(asc(playlistSongs.position));
    expect(stored.map((r) => r.songId)).toEqual([third, first, second, fourth]);
    expect((added.body as PlaylistDetail).songs.map((s) => s.songId)).toEqual([third, first, second, fourth]);
  });

  test('a selection with a song the buyer cannot see is refused whole', async () => {
    const [hidden] = await t.db.select({ id: songs.id }).from(songs).where(eq(songs.slug, 'hidden'));
    const refusedNew = await me.post('/api/playlists', { name: 'Sneaky', songIds: [SONGS.A.id, hidden!.id] });
    expect(refusedNew.status).toBe(404);
    expect(refusedNew.body.error.message).toBe(MESSAGES.playlists.songUnavailable);
    const list = await me.post('/api/playlists', { name: 'Only what I see', songIds: [SONGS.B.id] });
    const id = (list.body as PlaylistDetail).id;
    const refused = await me.post(`/api/playlists/${id}/songs`, { songIds: [SONGS.C.id, hidden!.id] });
    expect(refused.status).toBe(404);
    const stored = await t.db.select({ songId: playlistSongs.songId }).from(playlistSongs).where(eq(playlistSongs.playlistId, id));
    expect(stored.map((r) => r.songId)).toEqual([SONGS.B.id]);
    expect(await t.db.select().from(playlists).where(eq(playlists.name, 'Sneaky'))).toEqual([]);
  });
});

const eqUser = (userId: string) => eq(catalogueVisits.userId, userId);
