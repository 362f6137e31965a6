import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { songComments, songs } from '../../src/server/db/schema';
import { makePreviewUser, makeUser } from '../../src/server/db/seed/factories';
import { makeSong } from '../../src/server/db/seed/song-factories';
import { createCatalogueCache } from '../../src/server/features/songs/catalogue-cache';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

/** Catalogue pages are cached (decision 0039): never past an admin's change, never long past another's. */
let t: TestApp;
let admin: TestClient;
let preview: TestClient;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  const adminUser = await makeUser(t.db, { roles: ['admin'] });
  adminId = adminUser.id;
  [admin, preview] = await Promise.all([signedInClient(t, adminUser), signedInClient(t, await makePreviewUser(t.db))]);
});
afterAll(() => t.close());

const cachedTitles = async (page: Promise<{ rows: { title: string }[] }>) => (await page).rows.map((s) => s.title);
const titles = async (query = '') => ((await preview.get(`/api/songs${query}`)).body.rows as { title: string }[]).map((s) => s.title);

describe('the catalogue list as the app serves it', () => {
  test('every admin change shows on the very next ask: add, hide, show, reorder, edit, delete', async () => {
    const first = await makeSong(t.db, t.storage, adminId, { title: 'Cached First', orderIndex: 0 });
    const second = await makeSong(t.db, t.storage, adminId, { title: 'Cached Second', orderIndex: 1 });
    // Written straight to the database, as by a seed: the first ask reads it.
    expect(await titles()).toEqual(['Cached First', 'Cached Second']);

    expect((await admin.patch(`/api/admin/songs/${second.id}/active`, { isActive: false })).status).toBe(200);
    expect(await titles()).toEqual(['Cached First']);
    expect((await admin.patch(`/api/admin/songs/${second.id}/active`, { isActive: true })).status).toBe(200);
    expect(await titles()).toEqual(['Cached First', 'Cached Second']);
    expect((await admin.put('/api/admin/song-order', { ids: [second.id, first.id] })).status).toBe(200);
    expect(await titles()).toEqual(['Cached Second', 'Cached First']);

    const form = new FormData();
    form.set('data', JSON.stringify({ title: 'Cached Second, Renamed', slug: second.slug, description: 'd', lyrics: 'l', tags: [] }));
    expect((await admin.sendForm('PUT', `/api/admin/songs/${second.id}`, form)).status).toBe(200);
    expect(await titles()).toEqual(['Cached Second, Renamed', 'Cached First']);
    expect((await admin.delete(`/api/admin/songs/${first.id}`)).status).toBe(204);
    expect(await titles()).toEqual(['Cached Second, Renamed']);
  });

  test("a song's page is cached too, never past an admin's change: an approved comment, an edit, a song taken down", async () => {
    const song = await makeSong(t.db, t.storage, adminId, { title: 'Cached Page', orderIndex: 5 });
    const page = async () => (await preview.get(`/api/songs/${song.slug}`)).body;
    // The approved comments, which every listener shares (the commenter also sees their own while it waits).
    const commentTexts = async () =>
      ((await page()).comments as { text: string; awaitingApproval: boolean }[]).filter((c) => !c.awaitingApproval).map((c) => c.text);
    expect(await commentTexts()).toEqual([]);

    expect(
      (await preview.post(`/api/songs/${song.slug}/comments`, { name: 'Ann', email: 'ann@example.test', comment: 'Love the bridge' }))
        .status,
    ).toBe(201);
    const [pending] = await t.db.select().from(songComments).where(eq(songComments.songId, song.id));
    expect(await commentTexts()).toEqual([]);
    expect((await admin.patch(`/api/admin/comments/${pending!.id}`, { isApproved: true })).status).toBe(200);
    expect(await commentTexts()).toEqual(['Love the bridge']);

    // Each listener's file links are still their own, made on each ask.
    const other = await signedInClient(t, await makePreviewUser(t.db));
    const [mine, theirs] = [await page(), (await other.get(`/api/songs/${song.slug}`)).body];
    expect(theirs.title).toBe(mine.title);
    expect(theirs.audioUrl).not.toBe(mine.audioUrl);
    expect((await other.get(mine.audioUrl, { range: 'bytes=0-1' })).status).toBe(403);

    expect((await admin.patch(`/api/admin/songs/${song.id}/active`, { isActive: false })).status).toBe(200);
    expect((await preview.get(`/api/songs/${song.slug}`)).status).toBe(404);
  });

  test('a revisit with the ETag it holds gets 304 and no body, until the list changes', async () => {
    const first = await preview.get('/api/songs');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{40}"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const again = await preview.get('/api/songs', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.etag).toBe(etag);
    // Any of several tags held, weak or strong, is a match; another list's tag is not.
    expect((await preview.get('/api/songs', { 'If-None-Match': `"other", W/${etag}` })).status).toBe(304);
    expect((await preview.get('/api/songs?page=2', { 'If-None-Match': etag })).status).toBe(200);

    // Written straight to the database; an admin's write is what makes this process clear its cache.
    const third = await makeSong(t.db, t.storage, adminId, { title: 'Cached Third', orderIndex: 2 });
    expect((await admin.patch(`/api/admin/songs/${third.id}/active`, { isActive: true })).status).toBe(200);
    const changed = await preview.get('/api/songs', { 'If-None-Match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });
});

describe('the cache itself', () => {
  test('concurrent reads share one query; a change made elsewhere shows once the TTL has passed', async () => {
    let now = 1_000;
    const cache = createCatalogueCache({ ttlMs: 2_000, perf: { now: () => now } });
    const query = { page: 1, pageSize: 24 } as const;
    const [a, b] = await Promise.all([cache.list(t.db, query), cache.list(t.db, query)]);
    expect(a).toBe(b);
    const before = await cachedTitles(Promise.resolve(a));

    // Another instance (here: a write straight to the database) changes a title.
    const [song] = await t.db.select().from(songs).limit(1);
    await t.db.update(songs).set({ title: 'Changed Elsewhere' }).where(eq(songs.id, song!.id));
    now = 2_999;
    expect(await cachedTitles(cache.list(t.db, query))).toEqual(before);
    now = 3_001;
    expect(await cachedTitles(cache.list(t.db, query))).toContain('Changed Elsewhere');

    // A different query is a different page; clear() empties the cache.
    expect(await cache.list(t.db, { ...query, page: 2 })).not.toBe(await cache.list(t.db, query));
    const cached = await cache.list(t.db, query);
    expect(await cache.list(t.db, query)).toBe(cached);
    cache.clear();
    expect(await cache.list(t.db, query)).not.toBe(cached);
  });

  test('a read under way when the cache is cleared still answers its request, with the page as it is now', async () => {
    const cache = createCatalogueCache({ ttlMs: 60_000 });
    const query = { page: 1, pageSize: 24, q: 'Cleared While Reading' } as const;
    const song = await makeSong(t.db, t.storage, adminId, { title: 'Cleared While Reading', orderIndex: 9 });
    const reading = cache.list(t.db, query);
    cache.clear();
    expect(await cachedTitles(reading)).toEqual(['Cleared While Reading']);
    const pageReading = cache.song(t.db, song.slug);
    cache.clear();
    expect((await pageReading)?.song.title).toBe('Cleared While Reading');
  });

  test('a TTL of 0 caches nothing', async () => {
    const cache = createCatalogueCache({ ttlMs: 0 });
    const query = { page: 1, pageSize: 24 } as const;
    expect(await cache.list(t.db, query)).not.toBe(await cache.list(t.db, query));
  });
});
