import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CATALOGUE_COUNT_CAP, CATALOGUE_SORTS } from '../../src/common/constants';
import * as MESSAGES from '../../src/common/messages';
import type { CataloguePage } from '../../src/common/responses';
import { queryRows } from '../../src/server/db/client';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { makePreviewUser, makeUser } from '../../src/server/db/seed/factories';
import { songResponses, songs } from '../../src/server/db/schema';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

let t: TestApp;
let me: TestClient;
let admin: TestClient;

/**
 * 30 active songs where every sort has ties, several deep: three titles the same but for case, tempos and
 * lengths repeating (and some missing), four songs to each moment of adding (with microseconds, which a
 * JavaScript date would lose), order numbers repeating, and holds by others in three counts.
 */
const SONG_COUNT = 30;

beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(songs).values(
    Array.from({ length: SONG_COUNT }, (_, i) => ({
      slug: `tie-${i}`,
      title: ['Apple Creek', 'apple creek', 'Banjo Nights'][i % 3]!,
      description: 'A song with ties.',
      lyrics: i % 2 === 0 ? 'Dust on the dashboard' : 'Rain on the river',
      genre: ['Country', 'Pop'][i % 2]!,
      bpm: i % 4 === 0 ? null : 90 + (i % 3) * 10,
      audioDurationSeconds: i % 5 === 0 ? null : [150.5, 180.25][i % 2]!,
      orderIndex: i % 7,
    })),
  );
  await t.db.execute(sql`
    update songs s set created_at = timestamptz '2026-01-01 00:00:00.123456+00' + (n.k / 4) * interval '1.000001 second'
    from (select id, (row_number() over (order by slug))::int as k from songs) n where n.id = s.id`);
  await t.db.insert(songs).values({ slug: 'tie-hidden', title: 'Apple Creek', description: '', lyrics: 'Dust', isActive: false });
  const user = await makePreviewUser(t.db);
  me = await signedInClient(t, user);
  const adminUser = await makeUser(t.db, { roles: ['admin'] });
  admin = await signedInClient(t, adminUser);
  const others = await Promise.all([0, 1].map((i) => makePreviewUser(t.db, { email: `holder${i}@search.example` })));
  const all = await t.db.select({ id: songs.id, slug: songs.slug }).from(songs);
  const holds = all
    .filter((s) => s.slug !== 'tie-hidden')
    .flatMap((s) => {
      const n = Number(s.slug.slice(4));
      return others.slice(0, n % 3).map((o) => ({ songId: s.id, userId: o.id, response: 'hold' as const }));
    });
  await t.db.insert(songResponses).values(holds);
});
afterAll(() => t.close());

async function page(client: TestClient, query: string): Promise<CataloguePage> {
  const res = await client.get(`/api/songs?${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body as CataloguePage;
}

/** Every page of the query from the first, each asked for with the cursor the one before gave. */
async function followCursor(query: string, pageSize: number): Promise<string[]> {
  const slugs: string[] = [];
  let after: string | null = null;
  for (let n = 0; n < 100; n++) {
    const p = await page(me, `${query}&pageSize=${pageSize}${after ? `&after=${after}` : ''}`);
    slugs.push(...p.rows.map((r) => r.slug));
    after = p.nextCursor;
    if (!after) return slugs;
    expect(p.rows).toHaveLength(pageSize);
  }
  throw new Error('the cursor never reached the end');
}

describe('keyset pages', () => {
  test.each(CATALOGUE_SORTS.flatMap((sort) => ['', '&q=dashboard'].map((filter) => [sort, filter] as const)))(
    'sorted by %s%s, cursor pages hold every song once, in the one-page order',
    async (sort, filter) => {
      const query = `sort=${sort}${filter}`;
      const whole = (await page(me, `${query}&pageSize=100`)).rows.map((r) => r.slug);
      expect(whole).toHaveLength(filter ? SONG_COUNT / 2 : SONG_COUNT);
      for (const size of [1, 4, 7]) expect(await followCursor(query, size), `pages of ${size}`).toEqual(whole);
    },
  );

  test('a song added while paging neither repeats nor hides the songs still to come', async () => {
    const first = await page(me, 'sort=newest&pageSize=5');
    await t.db.insert(songs).values({ slug: 'tie-late', title: 'Late', description: '', lyrics: 'l', genre: 'Country' });
    const rest = await followCursorFrom('sort=newest', 5, first.nextCursor!);
    const whole = (await page(me, 'sort=newest&pageSize=100')).rows.map((r) => r.slug);
    // The newest page came before the song did: the pages hold everything else, once, in order.
    expect([...first.rows.map((r) => r.slug), ...rest]).toEqual(whole.filter((s) => s !== 'tie-late'));
    await t.db.execute(sql`delete from songs where slug = 'tie-late'`);
  });

  test('a cursor that is not one, or is of another sort, is refused with a clear message', async () => {
    const newest = await page(me, 'sort=newest&pageSize=2');
    for (const after of [
      'not-a-cursor',
      Buffer.from('["newest", 1, "x"]').toString('base64url'),
      Buffer.from('["newest", "yesterday", "00000000-0000-4000-8000-000000000001"]').toString('base64url'),
      Buffer.from('["newest", "2026-13-45T99:99:99Z", "00000000-0000-4000-8000-000000000001"]').toString('base64url'),
      Buffer.from('["newest", "2026-02-30T10:00:00Z", "00000000-0000-4000-8000-000000000001"]').toString('base64url'),
    ]) {
      const res = await me.get(`/api/songs?sort=newest&after=${after}`);
      expect(res.status, after).toBe(400);
      expect(res.body.error.message).toBe(MESSAGES.songs.staleCursor);
    }
    for (const tempo of [3.5, 1e300]) {
      const after = Buffer.from(JSON.stringify(['tempo', tempo, '00000000-0000-4000-8000-000000000001'])).toString('base64url');
      const odd = await me.get(`/api/songs?sort=tempo&after=${after}`);
      expect(odd.status, String(tempo)).toBe(400);
    }
    const res = await me.get(`/api/songs?sort=title&after=${newest.nextCursor}`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(MESSAGES.songs.staleCursor);
  });
});

async function followCursorFrom(query: string, pageSize: number, from: string): Promise<string[]> {
  const slugs: string[] = [];
  let after: string | null = from;
  while (after) {
    const p: CataloguePage = await page(me, `${query}&pageSize=${pageSize}&after=${after}`);
    slugs.push(...p.rows.map((r) => r.slug));
    after = p.nextCursor;
  }
  return slugs;
}

describe('the count', () => {
  test('is exact up to the cap, and past it says "more than"', async () => {
    expect(await page(me, 'q=dashboard')).toMatchObject({ total: SONG_COUNT / 2, totalCapped: false });
    await t.db.execute(sql`
      insert into songs (slug, title, description, lyrics, genre, order_index)
      select 'many-' || g, 'Many ' || g, 'd', 'Plenty of songs', 'Bulk', 100 from generate_series(1, ${CATALOGUE_COUNT_CAP}) g`);
    const all = await page(me, 'pageSize=5');
    expect(all).toMatchObject({ total: CATALOGUE_COUNT_CAP, totalCapped: true });
    expect(all.rows).toHaveLength(5);
    expect(all.nextCursor).not.toBeNull();
    // Exactly the cap is still exact.
    expect(await page(me, 'q=plenty')).toMatchObject({ total: CATALOGUE_COUNT_CAP, totalCapped: false });
    await t.db.execute(sql`delete from songs where slug like 'many-%'`);
    expect(await page(me, '')).toMatchObject({ total: SONG_COUNT, totalCapped: false });
  });
});

describe('the count, kept per query and catalogue version', () => {
  /** The matches as a fresh count of the songs gives them. */
  const freshCount = async (words: string, genre: string) =>
    (
      await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from songs where is_active and search_text ilike ${`%${words}%`} and lower(genre) = lower(${genre})`,
      )
    )[0]!.n;
  const version = async () => Number((await queryRows<{ v: string }>(t.db, sql`select version::text as v from catalogue_version`))[0]!.v);
  /** A page read again after a write, past the page cache (which an admin's write clears), as the next listener gets it. */
  const pageAfterWrite = (query: string) => {
    t.catalogueChanged();
    return page(me, query);
  };

  test('is right after every kind of write, made anywhere, and never outlives one', async () => {
    const query = 'q=dashboard&genre=country';
    expect((await page(me, query)).total).toBe(await freshCount('dashboard', 'country'));
    const before = await freshCount('dashboard', 'country');
    const steps = [
      sql`insert into songs (slug, title, description, lyrics, genre) values ('kept-1', 'Kept One', 'd', 'Dust on the dashboard', 'Country')`,
      sql`update songs set lyrics = 'Nothing here' where slug = 'kept-1'`,
      sql`update songs set lyrics = 'Dust on the dashboard' where slug = 'kept-1'`,
      sql`update songs set is_active = false where slug = 'kept-1'`,
      sql`update songs set is_active = true, genre = 'pop' where slug = 'kept-1'`,
      sql`update songs set genre = 'COUNTRY' where slug = 'kept-1'`,
      sql`delete from songs where slug = 'kept-1'`,
    ];
    const seen: number[] = [];
    for (const step of steps) {
      const at = await version();
      await t.db.execute(step);
      expect(await version()).toBeGreaterThan(at);
      const shown = await pageAfterWrite(query);
      expect(shown.total).toBe(await freshCount('dashboard', 'country'));
      seen.push(shown.total);
    }
    // The song came, went with its words, came back, hid, changed genre, came back in capitals, and left.
    expect(seen).toEqual([before + 1, before, before + 1, before, before, before + 1, before]);
  });

  test('a new matching song added through the admin changes it', async () => {
    const query = 'q=dashboard&sort=title';
    const before = (await page(me, query)).total;
    const f = new FormData();
    const data = {
      title: 'Dashboard Lights',
      slug: 'dashboard-lights',
      description: 'd',
      lyrics: 'La',
      genre: 'Pop',
      tags: [],
      orderIndex: 9,
      isActive: true,
    };
    f.set('data', JSON.stringify(data));
    f.set('audio', new Blob([new Uint8Array(synthesizeMp3({ seconds: 1 }))]), 'song.mp3');
    const created = await admin.sendForm('POST', '/api/admin/songs', f);
    expect(created.status, created.text).toBe(201);
    expect((await page(me, query)).total).toBe(before + 1);
    expect((await admin.delete(`/api/admin/songs/${created.body.id as string}`)).status).toBe(204);
    expect((await page(me, query)).total).toBe(before);
  });

  test('is counted once and then kept while the catalogue’s version stays', async () => {
    const query = 'q=dashboard&sort=newest';
    const counted = (await page(me, query)).total;
    // A write the version does not see (its trigger off): the page shows the song, the kept count does not,
    // which is what tells that the count was kept rather than made again.
    await t.db.execute(sql`alter table songs disable trigger songs_catalogue_version`);
    try {
      await t.db.execute(sql`insert into songs (slug, title, description, lyrics) values ('unseen', 'Unseen', 'd', 'dashboard')`);
    } finally {
      await t.db.execute(sql`alter table songs enable trigger songs_catalogue_version`);
    }
    const kept = await pageAfterWrite(query);
    expect(kept.rows.map((r) => r.slug)).toContain('unseen');
    expect(kept.total).toBe(counted);
    // The next write moves the version, and the count is made again.
    await t.db.execute(sql`delete from songs where slug = 'unseen'`);
    await t.db.execute(sql`insert into songs (slug, title, description, lyrics) values ('seen', 'Seen', 'd', 'dashboard')`);
    expect((await pageAfterWrite(query)).total).toBe(counted + 1);
    await t.db.execute(sql`delete from songs where slug = 'seen'`);
    expect((await pageAfterWrite(query)).total).toBe(counted);
  });
});

describe('the genre facet', () => {
  const genres = async () => (await page(me, '')).genres;
  /** song_genres as a fresh count of the songs would give it. */
  async function expectSummaryExact() {
    const kept = await queryRows<{ genre: string; n: number }>(t.db, sql`select genre, active_songs as n from song_genres order by genre`);
    const counted = await queryRows<{ genre: string; n: number }>(
      t.db,
      sql`select genre, count(*)::int as n from songs where is_active and genre is not null group by genre order by genre`,
    );
    expect(kept).toEqual(counted);
  }
  const form = (data: Record<string, unknown>, audio?: Buffer) => {
    const f = new FormData();
    f.set('data', JSON.stringify(data));
    if (audio) f.set('audio', new Blob([new Uint8Array(audio)]), 'song.mp3');
    return f;
  };
  const songData = (genre: string, overrides: Record<string, unknown> = {}) => ({
    title: 'Facet Song',
    slug: 'facet-song',
    description: 'A song to move the genre list.',
    lyrics: 'La la la',
    genre,
    tags: [],
    orderIndex: 50,
    isActive: true,
    ...overrides,
  });

  test('follows an admin adding, editing, hiding and removing a song', async () => {
    expect(await genres()).toEqual(['Country', 'Pop']);
    await expectSummaryExact();

    const created = await admin.sendForm('POST', '/api/admin/songs', form(songData('Zydeco'), synthesizeMp3({ seconds: 1 })));
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    expect(await genres()).toEqual(['Country', 'Pop', 'Zydeco']);

    const edited = await admin.sendForm('PUT', `/api/admin/songs/${id}`, form(songData('Americana')));
    expect(edited.status, edited.text).toBe(200);
    expect(await genres()).toEqual(['Americana', 'Country', 'Pop']);

    expect((await admin.patch(`/api/admin/songs/${id}/active`, { isActive: false })).status).toBe(200);
    expect(await genres()).toEqual(['Country', 'Pop']);
    expect((await admin.patch(`/api/admin/songs/${id}/active`, { isActive: true })).status).toBe(200);
    expect(await genres()).toEqual(['Americana', 'Country', 'Pop']);
    await expectSummaryExact();

    expect((await admin.delete(`/api/admin/songs/${id}`)).status).toBe(204);
    expect(await genres()).toEqual(['Country', 'Pop']);
    await expectSummaryExact();
  });

  test('stays exact through writes of many songs at once', async () => {
    await t.db.execute(sql`update songs set genre = 'Folk' where slug in ('tie-0', 'tie-2', 'tie-3')`);
    await t.db.execute(sql`update songs set is_active = false where slug = 'tie-4'`);
    await t.db.execute(sql`update songs set order_index = order_index + 1`);
    await expectSummaryExact();
    await t.db.execute(sql`update songs set genre = 'Country' where genre = 'Folk'`);
    await t.db.execute(sql`update songs set is_active = true where slug = 'tie-4'`);
    await expectSummaryExact();
    expect(await genres()).toEqual(['Country', 'Pop']);
  });
});
