import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MIGRATIONS_FOLDER, type Db } from '../../src/server/db/client';
import {
  auditEvents,
  listenerLastPlays,
  pitchLinks,
  rowCounts,
  songPlayDays,
  songPlays,
  songs,
  songWriters,
  users,
} from '../../src/server/db/schema';
import { makeUser } from '../../src/server/db/seed/factories';
import { createTestDatabase, type TestDatabase } from '../setup/database';

/**
 * What the database keeps by itself: songs.search_text (a generated column); songs.writer_names, song_play_days,
 * listener_last_plays, row_counts and songs.published_at (triggers).
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

describe('songs.published_at is when the song first entered the catalogue', () => {
  const publishedAt = async (id: string) => (await db.select({ at: songs.publishedAt }).from(songs).where(eq(songs.id, id)))[0]!.at;

  test('stamped the first time the song is active, however it is written, and kept through unpublishing', async () => {
    const [draft] = await db
      .insert(songs)
      .values({ slug: 'draft-song', title: 'Draft', description: 'd', lyrics: 'l', isActive: false })
      .returning();
    expect(draft!.publishedAt).toBeNull();
    await db.update(songs).set({ isActive: true }).where(eq(songs.id, draft!.id));
    const first = await publishedAt(draft!.id);
    expect(first).toBeInstanceOf(Date);
    await db.update(songs).set({ isActive: false }).where(eq(songs.id, draft!.id));
    await db.update(songs).set({ isActive: true, title: 'Draft again' }).where(eq(songs.id, draft!.id));
    expect(await publishedAt(draft!.id)).toEqual(first);

    const [listed] = await db.insert(songs).values({ slug: 'listed-song', title: 'Listed', description: 'd', lyrics: 'l' }).returning();
    expect(listed!.publishedAt).toBeInstanceOf(Date);
  });

  test("the migration's backfill takes the earliest recorded publishing, else an active song's creation", async () => {
    const made = new Date('2029-03-01T00:00:00Z');
    const rows = await db
      .insert(songs)
      .values(
        ['switched', 'formed', 'never-logged', 'unpublished', 'never-published'].map((slug) => ({
          slug: `backfill-${slug}`,
          title: slug,
          description: 'd',
          lyrics: 'l',
          isActive: slug !== 'unpublished' && slug !== 'never-published',
          createdAt: made,
        })),
      )
      .returning({ id: songs.id, slug: songs.slug });
    const idOf = (slug: string) => rows.find((r) => r.slug === `backfill-${slug}`)!.id;
    const logged = (slug: string, action: 'song.publish' | 'song.update' | 'song.unpublish', at: string, changes = {}) => ({
      actorEmail: 'admin@example.test',
      action,
      subjectKind: 'song' as const,
      subjectId: idOf(slug),
      summary: action,
      changes,
      createdAt: new Date(at),
    });
    await db
      .insert(auditEvents)
      .values([
        logged('switched', 'song.publish', '2029-05-01T00:00:00Z'),
        logged('switched', 'song.publish', '2029-07-01T00:00:00Z'),
        logged('formed', 'song.update', '2029-04-01T00:00:00Z', { title: { before: 'a', after: 'b' } }),
        logged('formed', 'song.update', '2029-06-01T00:00:00Z', { isActive: { before: false, after: true } }),
        logged('unpublished', 'song.publish', '2029-08-01T00:00:00Z'),
        logged('unpublished', 'song.unpublish', '2029-09-01T00:00:00Z'),
      ]);
    const migration = readFileSync(path.join(MIGRATIONS_FOLDER, '0045_song_published_at.sql'), 'utf8');
    const update = migration.slice(migration.indexOf('UPDATE "songs"'));
    const backfill = update.split('--> statement-breakpoint')[0]!;
    // As the column was when the migration ran: empty.
    await db.transaction(async (tx) => {
      await tx.execute(sql`alter table songs disable trigger songs_stamp_published`);
      await tx.update(songs).set({ publishedAt: null });
      await tx.execute(sql.raw(backfill));
      await tx.execute(sql`alter table songs enable trigger songs_stamp_published`);
    });
    expect(await publishedAt(idOf('switched'))).toEqual(new Date('2029-05-01T00:00:00Z'));
    expect(await publishedAt(idOf('formed'))).toEqual(new Date('2029-06-01T00:00:00Z'));
    expect(await publishedAt(idOf('never-logged'))).toEqual(made);
    expect(await publishedAt(idOf('unpublished'))).toEqual(new Date('2029-08-01T00:00:00Z'));
    expect(await publishedAt(idOf('never-published'))).toBeNull();
  });
});
