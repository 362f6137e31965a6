import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { songPlayDays, songPlays, songs } from '../../src/server/db/schema';
import { makeUser } from '../../src/server/db/seed/factories';
import { createTestDatabase, type TestDatabase } from '../setup/database';

/** What the database keeps by itself: songs.search_text (a generated column) and song_play_days (triggers). */
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

    const [first] = await db.select().from(songPlays).where(eq(songPlays.playedAt, new Date(`${day2}T12:00:00Z`)));
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
    const [updated] = await db.update(songs).set({ tags: ['uptempo'] }).where(eq(songs.id, song!.id)).returning();
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
