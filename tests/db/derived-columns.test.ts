import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { listenerLastPlays, pitchLinks, rowCounts, songPlayDays, songPlays, songs, songWriters, users } from '../../src/server/db/schema';
import { makeUser } from '../../src/server/db/seed/factories';
import { createTestDatabase, type TestDatabase } from '../setup/database';

/**
 * What the database keeps by itself: songs.search_text (a generated column); songs.writer_names, song_play_days,
 * listener_last_plays and row_counts (triggers).
 */
let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.dispose());

async function playsOn(day: string): Promise<number> {
  const [row] = await db.select().from(songPlayDays).where(eq(songPlayDays.day, day));
  return row?.plays ?? 0;
}

describe('song_play_days counts song_plays per UTC day, whatever writes them', () => {
  test('single and bulk inserts add to their days; deletes (cascades included) take away', async () => {
    const listener = await makeUser(db);
    const [song] = await db.insert(songs).values({ slug: 'counted-song', title: 'Counted', description: 'd', lyrics: 'l' }).returning();
    const day1 = '2001-02-03';
    const day2 = '2001-02-04';
    await db.insert(songPlays).values({ userId: listener.id, songId: song!.id, playedAt: new Date(`${day1}T23:59:00Z`) });
    await db.insert(songPlays).values([
      { userId: listener.id, songId: song!.id, playedAt: new Date(`${day1}T00:00:00Z`) },
      { userId: listener.id, songId: song!.id, playedAt: new Date(`${day2}T00:00:01Z`) },
      { userId: listener.id, songId: song!.id, playedAt: new Date(`${day2}T12:00:00Z`) },
      { userId: listener.id, songId: song!.id, playedAt: new Date(`${day2}T23:00:00Z`) },
    ]);
    expect([await playsOn(day1), await playsOn(day2)]).toEqual([2, 3]);

    const [first] = await db
      .select()
      .from(songPlays)
      .where(eq(songPlays.playedAt, new Date(`${day2}T12:00:00Z`)));
    await db.delete(songPlays).where(inArray(songPlays.id, [first!.id]));
    expect(await playsOn(day2)).toBe(2);

    // Deleting the song cascades to its plays, and the counts follow.
    await db.delete(songs).where(eq(songs.id, song!.id));
    expect([await playsOn(day1), await playsOn(day2)]).toEqual([0, 0]);
  });
});

describe('songs.search_text is title, lyrics and tags, recomputed on every write', () => {
  test('it follows an update, and the trigram index answers a contains-search', async () => {
    const [song] = await db
      .insert(songs)
      .values({ slug: 'searchable-song', title: 'Gravel Road', description: 'd', lyrics: 'the whiskey rain', tags: ['Heartbreak', 'duet'] })
      .returning();
    expect(song!.searchText).toBe('Gravel Road\nthe whiskey rain\nHeartbreak\nduet');
    const [updated] = await db
      .update(songs)
      .set({ tags: ['uptempo'] })
      .where(eq(songs.id, song!.id))
      .returning();
    expect(updated!.searchText).toBe('Gravel Road\nthe whiskey rain\nuptempo');

    // A 1-row table is seq-scanned by choice; forbid that to see that the index can answer.
    await db.execute(sql`set enable_seqscan = off`);
    const forced = (await db.execute(sql`explain (format json) select id from songs where search_text ilike '%whiskey%'`)) as unknown as {
      rows: { 'QUERY PLAN': unknown }[];
    };
    await db.execute(sql`set enable_seqscan = on`);
    expect(JSON.stringify(forced.rows[0]!['QUERY PLAN'])).toContain('songs_search_text_trgm_idx');
  });
});

describe("songs.writer_names and the search text follow the song's writers, whatever writes them", () => {
  test('inserts, renames, reorders and deletes reach the search text; a share alone rewrites no song; the index answers', async () => {
    const [song] = await db
      .insert(songs)
      .values({ slug: 'co-write', title: 'Co-Write', description: 'd', lyrics: 'two hearts', tags: ['duet'], musicalKey: 'E minor' })
      .returning();
    const searchTextOf = async () => (await db.select().from(songs).where(eq(songs.id, song!.id)))[0]!;
    expect(song!.searchText).toBe('Co-Write\ntwo hearts\nduet\nE minor');

    await db.insert(songWriters).values([
      { songId: song!.id, position: 1, name: 'Jo Lane', pro: 'BMI', share: 40 },
      { songId: song!.id, position: 0, name: 'Casey Rivers', pro: 'ASCAP', share: 60 },
    ]);
    expect(await searchTextOf()).toMatchObject({
      writerNames: 'Casey Rivers\nJo Lane',
      searchText: 'Co-Write\ntwo hearts\nduet\nE minor\nCasey Rivers\nJo Lane',
    });

    // A new share leaves the names as they were: the song row is not rewritten.
    const before = (await db.execute(sql`select xmin::text as version from songs where id = ${song!.id}`)) as unknown as {
      rows: { version: string }[];
    };
    await db.update(songWriters).set({ share: 50 }).where(eq(songWriters.songId, song!.id));
    const after = (await db.execute(sql`select xmin::text as version from songs where id = ${song!.id}`)) as unknown as {
      rows: { version: string }[];
    };
    expect(after.rows[0]!.version).toBe(before.rows[0]!.version);

    await db.update(songWriters).set({ name: 'Jo Lane-Price' }).where(eq(songWriters.name, 'Jo Lane'));
    expect((await searchTextOf()).writerNames).toBe('Casey Rivers\nJo Lane-Price');
    await db.delete(songWriters).where(eq(songWriters.name, 'Casey Rivers'));
    expect((await searchTextOf()).writerNames).toBe('Jo Lane-Price');
    await db.delete(songWriters).where(eq(songWriters.songId, song!.id));
    expect(await searchTextOf()).toMatchObject({ writerNames: '', searchText: 'Co-Write\ntwo hearts\nduet\nE minor' });

    // Deleting a song takes its writers with it, and the trigger that follows finds no song to rewrite.
    await db.insert(songWriters).values({ songId: song!.id, position: 0, name: 'Jo Lane', pro: 'BMI', share: 100 });
    await db.delete(songs).where(eq(songs.id, song!.id));
    expect(await db.select().from(songWriters).where(eq(songWriters.songId, song!.id))).toEqual([]);

    await db.execute(sql`set enable_seqscan = off`);
    const forced = (await db.execute(
      sql`explain (format json) select id from songs where search_text ilike '%lane-price%'`,
    )) as unknown as {
      rows: { 'QUERY PLAN': unknown }[];
    };
    await db.execute(sql`set enable_seqscan = on`);
    expect(JSON.stringify(forced.rows[0]!['QUERY PLAN'])).toContain('songs_search_text_trgm_idx');
  });
});

describe("listener_last_plays holds each signed-in listener's latest play, whatever writes it", () => {
  test('single and bulk inserts keep the latest time, pitch plays are not listeners, and a deleted user goes', async () => {
    const listener = await makeUser(db);
    const other = await makeUser(db);
    const admin = await makeUser(db);
    const [song] = await db.insert(songs).values({ slug: 'last-played', title: 'Last Played', description: 'd', lyrics: 'l' }).returning();
    const lastOf = async (userId: string) =>
      (await db.select().from(listenerLastPlays).where(eq(listenerLastPlays.userId, userId)))[0]?.lastPlayedAt.toISOString();

    await db.insert(songPlays).values({ userId: listener.id, songId: song!.id, playedAt: new Date('2030-01-02T10:00:00Z') });
    expect(await lastOf(listener.id)).toBe('2030-01-02T10:00:00.000Z');
    // An older play does not move it back; the newest of a bulk insert wins, per listener.
    await db.insert(songPlays).values([
      { userId: listener.id, songId: song!.id, playedAt: new Date('2030-01-01T10:00:00Z') },
      { userId: other.id, songId: song!.id, playedAt: new Date('2030-01-03T08:00:00Z') },
      { userId: other.id, songId: song!.id, playedAt: new Date('2030-01-03T09:00:00Z') },
    ]);
    expect(await lastOf(listener.id)).toBe('2030-01-02T10:00:00.000Z');
    expect(await lastOf(other.id)).toBe('2030-01-03T09:00:00.000Z');

    const listeners = async () => (await db.select().from(listenerLastPlays)).length;
    const before = await listeners();
    const [link] = await db
      .insert(pitchLinks)
      .values({
        tokenHash: 'a'.repeat(64),
        recipientName: 'R',
        recipientEmail: 'r@example.test',
        createdBy: admin.id,
        expiresAt: new Date('2031-01-01T00:00:00Z'),
      })
      .returning();
    await db.insert(songPlays).values({ pitchLinkId: link!.id, songId: song!.id, playedAt: new Date('2030-01-04T00:00:00Z') });
    expect(await listeners()).toBe(before);

    await db.delete(users).where(eq(users.id, other.id));
    expect(await lastOf(other.id)).toBeUndefined();
  });
});

describe('row_counts.users is the exact number of users, whatever writes them', () => {
  test('single and bulk inserts add, deletes take away, a rolled-back insert leaves it', async () => {
    const counted = async () => (await db.select().from(rowCounts).where(eq(rowCounts.tableName, 'users')))[0]?.rows;
    const actual = async () => Number((await db.select({ n: sql<number>`count(*)` }).from(users))[0]!.n);
    expect(await counted()).toBe(await actual());
    const before = await actual();

    await makeUser(db);
    await db.insert(users).values([1, 2, 3].map((i) => ({ id: `counted-${i}`, email: `counted-${i}@example.test`, name: `Counted ${i}` })));
    expect(await counted()).toBe(before + 4);
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(users).values({ id: 'rolled-back', email: 'rolled-back@example.test', name: 'Rolled back' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await db.delete(users).where(inArray(users.id, ['counted-1', 'counted-2']));
    expect(await counted()).toBe(before + 2);
    expect(await counted()).toBe(await actual());
  });
});
