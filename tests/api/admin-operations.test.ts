import { eq, getTableName, inArray, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { makePaidOrder, makePreviewUser, makeSongwriter, makeUser } from '../../src/server/db/seed/factories';
import { makeSong } from '../../src/server/db/seed/song-factories';
import * as schema from '../../src/server/db/schema';
import {
  listenerLastPlays,
  orders,
  reviewMessages,
  songComments,
  songPlays,
  songs,
  songReviews,
  songwriterProfiles,
  songwriterQuestionnaires,
  storedFiles,
  userRoles,
  users,
} from '../../src/server/db/schema';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

let t: TestApp;
let admin: TestClient;
let adminEmail: string;
let paidNotFull: Awaited<ReturnType<typeof makeSongwriter>>;
let fullAndReviewed: Awaited<ReturnType<typeof makeSongwriter>>;

async function submitOne(writer: { email: string; password: string }, orderId: string, title: string) {
  const client = await signedInClient(t, writer);
  const form = new FormData();
  form.set(
    'data',
    JSON.stringify({ orderId, title, storyArc: 'A story about the song.', aiUsage: 'No AI was used at all.', agreed: true }),
  );
  form.set('audio', new Blob([new Uint8Array(synthesizeMp3({ seconds: 1 }))]), 'song.mp3');
  form.set('lyricsFile', new Blob([new TextEncoder().encode('Verse\nChorus')]), 'lyrics.txt');
  const res = await client.sendForm('POST', '/api/submissions', form);
  expect(res.status, res.text).toBe(201);
  return { client, reviewId: res.body.id as string };
}

beforeAll(async () => {
  t = await createTestApp();
  const adminUser = await makeUser(t.db, { roles: ['admin'], name: 'Admin' });
  adminEmail = adminUser.email;
  admin = await signedInClient(t, adminUser);

  // Catalogue: two active songs, one inactive; one approved and one pending comment.
  const song = await makeSong(t.db, t.storage, adminUser.id, { title: 'Card Song One' });
  await makeSong(t.db, t.storage, adminUser.id, { title: 'Card Song Two' });
  await makeSong(t.db, t.storage, adminUser.id, { title: 'Card Song Off', isActive: false });
  await t.db.insert(songComments).values([
    { songId: song.id, commenterName: 'A', commenterEmail: 'a@example.test', commentText: 'Approved', isApproved: true },
    { songId: song.id, commenterName: 'B', commenterEmail: 'b@example.test', commentText: 'Pending' },
  ]);

  // Preview users: one played today, one only 8 days ago.
  const recent = await makePreviewUser(t.db);
  const stale = await makePreviewUser(t.db);
  await t.db.insert(songPlays).values([
    { userId: recent.id, songId: song.id, durationSeconds: 10 },
    { userId: stale.id, songId: song.id, durationSeconds: 10, playedAt: sql`now() - interval '8 days'` },
  ]);

  // Songwriters: one with a paid order not full (needs service), one whose order is full and reviewed,
  // one with only a pending (unpaid) order (not a customer).
  paidNotFull = await makeSongwriter(t.db, { username: 'needs-service' });
  await makePaidOrder(t.db, paidNotFull.id, 2);
  fullAndReviewed = await makeSongwriter(t.db, { username: 'all-done' });
  const done = await makePaidOrder(t.db, fullAndReviewed.id, 1);
  const { reviewId } = await submitOne(fullAndReviewed, done.id, 'Done Song');
  await t.db.update(songReviews).set({ status: 'reviewed' }).where(eq(songReviews.id, reviewId));
  const browsing = await makeSongwriter(t.db, { username: 'just-browsing' });
  await t.db.insert(orders).values({ songwriterId: browsing.id, packageSize: 1, paymentProvider: 'test' });

  // An unverified account, and a verified account without any role or profile.
  await t.db.insert(users).values({ id: 'unverified-user', email: 'unverified@example.test', emailVerified: false });
  await makeUser(t.db, { email: 'no-profile@example.test' });
});
afterAll(() => t.close());

describe('dashboard', () => {
  test('each card counts what its definition says', async () => {
    const res = await admin.get('/api/admin/dashboard');
    expect(res.status).toBe(200);
    const userCount = (await t.db.select().from(users)).length;
    expect(res.body.stats).toEqual({
      totalUsers: userCount,
      totalSongs: 3,
      activeSongs: 2,
      totalCustomers: 2,
      needService: 1,
      previewUsers: 2,
      activeThisWeek: 1,
      pendingComments: 1,
      // The one pending review was submitted today: due in 10 business days.
      overdueReviews: 0,
      // Counted in tests/api/pitch-replies.test.ts; none here (every preview request was approved at once).
      pendingPreviewRequests: 0,
      unreadPitchReplies: 0,
      // Counted in tests/api/turnaround-guarantee.test.ts; no review here was sent late.
      lateReviewsCreditedThisMonth: 0,
      // Counted in tests/api/briefs.test.ts; no brief here.
      briefsAwaitingApproval: 0,
      overdueScreenings: 0,
    });
    expect(res.body.playsPerDay).toHaveLength(30);
    expect(res.body.playsPerDay.at(-1).plays).toBe(1);
    expect(res.body.playsPerDay.reduce((n: number, d: { plays: number }) => n + d.plays, 0)).toBe(2);
  });

  test("a deleted song's plays leave Active This Week, as they leave the chart; other plays of its listeners stay", async () => {
    const adminUser = (await t.db.select({ id: users.id }).from(users).where(eq(users.email, adminEmail)))[0]!;
    const doomed = await makeSong(t.db, t.storage, adminUser.id, { title: 'Played Then Deleted' });
    const kept = await makeSong(t.db, t.storage, adminUser.id, { title: 'Played Long Ago' });
    const onlyDoomed = await makePreviewUser(t.db);
    const both = await makePreviewUser(t.db);
    const before = (await admin.get('/api/admin/dashboard')).body.stats.activeThisWeek as number;
    await t.db.insert(songPlays).values([
      { userId: onlyDoomed.id, songId: doomed.id, durationSeconds: 10 },
      { userId: both.id, songId: doomed.id, durationSeconds: 10 },
      { userId: both.id, songId: kept.id, durationSeconds: 10, playedAt: sql`now() - interval '20 days'` },
    ]);
    expect((await admin.get('/api/admin/dashboard')).body.stats.activeThisWeek).toBe(before + 2);

    const deleted = await admin.delete(`/api/admin/songs/${doomed.id}`);
    expect(deleted.status, deleted.text).toBe(204);
    expect((await admin.get('/api/admin/dashboard')).body.stats.activeThisWeek).toBe(before);
    const lastPlays = await t.db
      .select()
      .from(listenerLastPlays)
      .where(sql`${listenerLastPlays.userId} in (${onlyDoomed.id}, ${both.id})`);
    expect(lastPlays.map((row) => [row.userId, Math.round((Date.now() - row.lastPlayedAt.getTime()) / 86_400_000)])).toEqual([
      [both.id, 20],
    ]);
    // Leave the shared fixtures as they were for the tests that count them.
    await t.db.delete(songs).where(eq(songs.id, kept.id));
    await t.db.delete(users).where(sql`${users.id} in (${onlyDoomed.id}, ${both.id})`);
  });

  test('a pending review makes its songwriter need service, and shows among the newest pending reviews', async () => {
    const writer = await makeSongwriter(t.db, { username: 'pending-review' });
    const order = await makePaidOrder(t.db, writer.id, 1);
    await submitOne(writer, order.id, 'Waiting Song');
    const res = await admin.get('/api/admin/dashboard');
    expect(res.body.stats.needService).toBe(2);
    expect(res.body.stats.totalCustomers).toBe(3);
    expect(res.body.pendingReviews[0]).toMatchObject({ songTitle: 'Waiting Song', songwriterEmail: writer.email });
  });
});

describe('all users', () => {
  test("badges follow the user list's rule", async () => {
    const res = await admin.get('/api/admin/users?pageSize=100');
    const byEmail = new Map(res.body.rows.map((r: { email: string }) => [r.email, r]));
    expect(byEmail.get('unverified@example.test')).toMatchObject({ badge: 'email-not-confirmed', label: 'Email Not Confirmed' });
    expect(byEmail.get('no-profile@example.test')).toMatchObject({ badge: 'no-profile', label: 'No Profile', roles: [] });
    expect(byEmail.get(paidNotFull.email)).toMatchObject({
      badge: 'purchased',
      label: 'Purchased (1)',
      totalSpentCents: 5000,
      roles: ['songwriter'],
    });
    const browsing = res.body.rows.find((r: { username: string }) => r.username === 'just-browsing');
    expect(browsing).toMatchObject({ badge: 'profile-only', label: 'Profile Only', orderCount: 0 });
    expect(byEmail.get(adminEmail)).toMatchObject({ roles: ['admin'], name: 'Admin' });
    expect((byEmail.get(adminEmail) as { lastSignInAt: string }).lastSignInAt).toBeTruthy();
  });

  test('a preview user and an admin, who have no songwriter profile, are listed with their account name', async () => {
    const rows = (await admin.get('/api/admin/users?role=preview')).body.rows as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toMatchObject({ name: 'Preview User', firstName: null, roles: ['preview'] });
  });

  test('the last sign-in survives signing out', async () => {
    const user = await makeUser(t.db, { email: 'signs-out@example.test' });
    const client = await signedInClient(t, user);
    expect((await client.post('/api/auth/sign-out', {})).status).toBe(200);
    const row = (await admin.get('/api/admin/users?q=signs-out')).body.rows[0];
    expect(row.lastSignInAt).toBeTruthy();
  });

  test('search, role and badge filters, and paging, run on the server', async () => {
    expect((await admin.get('/api/admin/users?q=needs-serv')).body.rows.map((r: { username: string }) => r.username)).toEqual([
      'needs-service',
    ]);
    const previews = await admin.get('/api/admin/users?role=preview');
    expect(previews.body.total).toBe(2);
    expect((await admin.get('/api/admin/users?badge=email-not-confirmed')).body.rows.map((r: { email: string }) => r.email)).toEqual([
      'unverified@example.test',
    ]);
    const page = await admin.get('/api/admin/users?pageSize=2&page=2');
    expect(page.body.rows).toHaveLength(2);
    expect(page.body.total).toBeGreaterThan(4);
  });
});

describe('customers', () => {
  test('songwriters with paid orders, with totals and the needs-service flag, filtered on the server', async () => {
    const all = await admin.get('/api/admin/customers');
    const byUser = new Map(all.body.rows.map((r: { username: string }) => [r.username, r]));
    expect(byUser.get('needs-service')).toMatchObject({ orderCount: 1, totalSpentCents: 5000, songsOwed: 2, needsService: true });
    expect(byUser.get('all-done')).toMatchObject({ orderCount: 1, totalSpentCents: 2500, songsOwed: 0, needsService: false });
    expect(byUser.has('just-browsing')).toBe(false);
    const needing = await admin.get('/api/admin/customers?needsService=true');
    expect(needing.body.rows.every((r: { needsService: boolean }) => r.needsService)).toBe(true);
    expect((await admin.get('/api/admin/customers?packageSize=2')).body.rows.map((r: { username: string }) => r.username)).toEqual([
      'needs-service',
    ]);
    expect((await admin.get('/api/admin/customers?from=2000-01-01&to=2000-01-02')).body.total).toBe(0);
    const orderList = await admin.get(`/api/admin/customers/${paidNotFull.id}/orders`);
    expect(orderList.body).toMatchObject([{ packageSize: 2, songsSubmitted: 0, amountPaidCents: 5000 }]);
  });

  test('pages follow the latest order, and the total is the same whether a filter on the person is given or not', async () => {
    const all = await admin.get('/api/admin/customers');
    const newestFirst = [...all.body.rows].sort((a, b) => b.lastOrderAt.localeCompare(a.lastOrderAt) || a.userId.localeCompare(b.userId));
    expect(all.body.rows).toEqual(newestFirst);
    const pages = await Promise.all(
      all.body.rows.map((_: unknown, i: number) => admin.get(`/api/admin/customers?pageSize=1&page=${i + 1}`)),
    );
    expect(pages.map((p) => p.body.rows[0].userId)).toEqual(all.body.rows.map((r: { userId: string }) => r.userId));
    expect(pages.every((p) => p.body.total === all.body.total)).toBe(true);
    const searched = await admin.get('/api/admin/customers?q=NEEDS-SERV&pageSize=1');
    expect(searched.body).toMatchObject({ total: 1, rows: [{ username: 'needs-service', needsService: true }] });
    // A profile's full name is searched across the space between first and last name.
    expect((await admin.get('/api/admin/customers?q=m%20wri')).body.total).toBe(all.body.total);
    const upToDate = await admin.get('/api/admin/customers?needsService=false');
    expect(upToDate.body.rows.map((r: { username: string }) => r.username)).toContain('all-done');
    expect(upToDate.body.rows.some((r: { needsService: boolean }) => r.needsService)).toBe(false);
    expect(upToDate.body.total + (await admin.get('/api/admin/customers?needsService=true')).body.total).toBe(all.body.total);
  });
});

/** Every row of every table, as `table {json}` lines; counts kept by triggers (row_counts) are left out, being no one's. */
async function everyRow(): Promise<Set<string>> {
  const rows = new Set<string>();
  for (const table of Object.values(schema as Record<string, unknown>).filter((value): value is PgTable => is(value, PgTable))) {
    // Counters the database keeps for every write, whoever's.
    if (['row_counts', 'catalogue_version'].includes(getTableName(table))) continue;
    for (const row of await t.db.select().from(table)) rows.add(`${getTableName(table)} ${JSON.stringify(row)}`);
  }
  return rows;
}

describe('reset songwriter', () => {
  test('removes exactly what section 7 lists, nothing of another user, and reports matching counts', async () => {
    const target = await makeSongwriter(t.db, { username: 'reset-me', firstName: 'Rita' });
    const order = await makePaidOrder(t.db, target.id, 2);
    const { client, reviewId } = await submitOne(target, order.id, 'Reset Song');
    await client.post(`/api/reviews/${reviewId}/messages`, { message: 'Hello?' });
    await admin.post(`/api/admin/reviews/${reviewId}/messages`, { message: 'Hi!' });
    // A neighbour with a row of their own in every table the reset deletes from.
    const neighbour = await makeSongwriter(t.db, { username: 'next-door' });
    const neighbourOrder = await makePaidOrder(t.db, neighbour.id, 2);
    const mine = await submitOne(neighbour, neighbourOrder.id, 'Neighbour Song');
    expect((await mine.client.post(`/api/reviews/${mine.reviewId}/messages`, { message: 'Mine' })).status).toBe(201);
    const othersBefore = {
      reviews: (await t.db.select().from(songReviews).where(eq(songReviews.songwriterId, fullAndReviewed.id))).length,
      profile: (await t.db.select().from(songwriterProfiles).where(eq(songwriterProfiles.userId, fullAndReviewed.id))).length,
      files: (await t.db.select().from(storedFiles)).length,
    };
    const [review] = await t.db.select().from(songReviews).where(eq(songReviews.id, reviewId));
    const [audioFile] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, review!.audioFileId!));
    await t.storage.head({ bucket: audioFile!.bucket, key: audioFile!.key });

    // Asked first, before the admin confirms: who it is and what would go; nothing changes yet.
    const rowsBefore = await everyRow();
    const preview = await admin.get(`/api/admin/reset-songwriter?email=${encodeURIComponent(` ${target.email.toUpperCase()} `)}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({ email: target.email, name: 'Rita', reviews: 1, messages: 2, orders: 1 });
    expect(await everyRow()).toEqual(rowsBefore);
    const res = await admin.post('/api/admin/reset-songwriter', { email: target.email.toUpperCase() });
    expect(res.status).toBe(200);
    // Nothing of anyone else, in any table: every row that went or changed names the songwriter, their order,
    // their review or one of their files.
    const rowsAfter = await everyRow();
    const theirs = [target.id, order.id, reviewId, review!.audioFileId!];
    const touched = [...[...rowsBefore].filter((row) => !rowsAfter.has(row)), ...[...rowsAfter].filter((row) => !rowsBefore.has(row))];
    expect(touched.filter((row) => !theirs.some((id) => row.includes(id)))).toEqual([]);
    expect(touched.length).toBeGreaterThan(0);
    expect(res.body).toMatchObject({
      deleted: true,
      email: target.email,
      userId: target.id,
      orders_unlinked: 1,
      review_messages_deleted: 2,
      song_reviews_deleted: 1,
      profiles_deleted: 1,
      questionnaires_deleted: 1,
      roles_deleted: 1,
    });
    expect(await t.db.select().from(songReviews).where(eq(songReviews.songwriterId, target.id))).toHaveLength(0);
    expect(await t.db.select().from(reviewMessages).where(eq(reviewMessages.reviewId, reviewId))).toHaveLength(0);
    expect(await t.db.select().from(songwriterProfiles).where(eq(songwriterProfiles.userId, target.id))).toHaveLength(0);
    expect(await t.db.select().from(songwriterQuestionnaires).where(eq(songwriterQuestionnaires.userId, target.id))).toHaveLength(0);
    expect(await t.db.select().from(userRoles).where(eq(userRoles.userId, target.id))).toHaveLength(0);
    expect((await t.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.songwriterId).toBeNull();
    expect(await t.db.select().from(storedFiles).where(eq(storedFiles.id, review!.audioFileId!))).toHaveLength(0);
    await expect(t.storage.head({ bucket: audioFile!.bucket, key: audioFile!.key })).rejects.toThrow(/No stored object/);

    expect((await t.db.select().from(songReviews).where(eq(songReviews.songwriterId, fullAndReviewed.id))).length).toBe(
      othersBefore.reviews,
    );
    expect((await t.db.select().from(songwriterProfiles).where(eq(songwriterProfiles.userId, fullAndReviewed.id))).length).toBe(
      othersBefore.profile,
    );
    expect((await t.db.select().from(storedFiles)).length).toBe(othersBefore.files - 2);
    expect(await t.db.select().from(users).where(eq(users.id, target.id))).toHaveLength(1);
  });

  test('a reset the database fails at its last step changes none of their rows and removes none of their files', async () => {
    const target = await makeSongwriter(t.db, { username: 'reset-fails' });
    const order = await makePaidOrder(t.db, target.id, 2);
    const { reviewId } = await submitOne(target, order.id, 'Kept Song');
    const [review] = await t.db.select().from(songReviews).where(eq(songReviews.id, reviewId));
    const fileIds = [review!.audioFileId!, review!.lyricsFileId!];
    const files = await t.db.select().from(storedFiles).where(inArray(storedFiles.id, fileIds));
    expect(files).toHaveLength(2);
    // The orders are unlinked last: every delete before it has run when the database refuses it.
    await t.db.execute(
      sql.raw(`create function refuse_unlinking() returns trigger language plpgsql as $$
      begin raise exception 'simulated storage failure'; end $$`),
    );
    await t.db.execute(
      sql.raw(`create trigger refuse_unlinking before update of songwriter_id on orders
      for each row when (new.songwriter_id is null) execute function refuse_unlinking()`),
    );
    const theirs = [target.id, order.id, reviewId, ...fileIds];
    const rowsBefore = await everyRow();
    try {
      const res = await admin.post('/api/admin/reset-songwriter', { email: target.email });
      expect(res.status).toBe(500);
      expect(res.body.error.code).toBe('INTERNAL');
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_unlinking on orders'));
      await t.db.execute(sql.raw('drop function refuse_unlinking()'));
    }
    const rowsAfter = await everyRow();
    const touched = [...[...rowsBefore].filter((row) => !rowsAfter.has(row)), ...[...rowsAfter].filter((row) => !rowsBefore.has(row))];
    expect(touched.filter((row) => theirs.some((id) => row.includes(id)))).toEqual([]);
    for (const file of files) await t.storage.head({ bucket: file.bucket, key: file.key });
    // With the database well again, the same reset goes through.
    expect((await admin.post('/api/admin/reset-songwriter', { email: target.email })).body).toMatchObject({
      deleted: true,
      song_reviews_deleted: 1,
      files_deleted: 2,
    });
  });

  test('a songwriter who also has preview access keeps it; signed in again, they choose a username and start over', async () => {
    const target = await makeSongwriter(t.db, { username: 'writes-and-listens' });
    await t.db.insert(userRoles).values({ userId: target.id, role: 'preview' });
    const res = await admin.post('/api/admin/reset-songwriter', { email: target.email });
    expect(res.body).toMatchObject({ deleted: true, roles_deleted: 1, profiles_deleted: 1 });
    const rolesOf = async () => (await t.db.select().from(userRoles).where(eq(userRoles.userId, target.id))).map((r) => r.role).sort();
    expect(await rolesOf()).toEqual(['preview']);

    const client = await signedInClient(t, target);
    expect((await client.get('/api/songwriters/me')).status).toBe(403);
    // The old username is free again; a taken one is said plainly.
    expect((await client.post('/api/songwriters/join', { username: 'all-done', password: target.password })).status).toBe(409);
    const joined = await client.post('/api/songwriters/join', { username: 'writes-and-listens', password: target.password });
    expect(joined.status, joined.text).toBe(200);
    expect(await rolesOf()).toEqual(['preview', 'songwriter']);
    // At once on the next request: the kept session does not outlive the change.
    const onboarding = await client.get('/api/songwriters/me');
    expect(onboarding.status).toBe(200);
    expect(onboarding.body).toMatchObject({ username: 'writes-and-listens', nextStep: 'profile' });
    expect((await client.get('/api/songs')).status).toBe(200);
  });

  test('joining as a songwriter: a preview user may, an admin may not, a signed-out caller is asked to sign in', async () => {
    const listener = await makePreviewUser(t.db);
    const client = await signedInClient(t, listener);
    expect((await client.post('/api/songwriters/join', { username: 'x', password: listener.password })).body.error.fields.username).toEqual(
      [MESSAGES.songwriters.usernameMin],
    );
    expect((await client.post('/api/songwriters/join', { username: 'listener-writes', password: listener.password })).status).toBe(200);
    expect((await client.get('/api/songwriters/me')).body.username).toBe('listener-writes');
    expect((await admin.post('/api/songwriters/join', { username: 'admin-writes', password: 'whatever-it-is' })).body.error.message).toBe(
      MESSAGES.songwriters.joinRefusesAdmin,
    );
    expect((await t.client().post('/api/songwriters/join', { username: 'nobody-writes', password: 'whatever-it-is' })).status).toBe(401);
    expect(
      await t.db
        .select()
        .from(songwriterProfiles)
        .where(sql`username in ('admin-writes', 'nobody-writes')`),
    ).toEqual([]);
  });

  test('asked before confirming, an address with nobody to reset is refused on the e-mail field, in the words of the reset', async () => {
    const ask = (email: string) => admin.get(`/api/admin/reset-songwriter?email=${encodeURIComponent(email)}`);
    const listener = await makePreviewUser(t.db);
    for (const [email, status, message] of [
      ['ghost@example.test', 404, MESSAGES.admin.resetNoUser],
      [listener.email, 409, MESSAGES.admin.resetNotSongwriter],
      [adminEmail, 403, MESSAGES.admin.resetRefusesAdmin],
    ] as const) {
      const res = await ask(email);
      expect(res.status, email).toBe(status);
      expect(res.body.error.fields, email).toEqual({ email: [message] });
    }
    expect((await ask('')).body.error.fields.email).toEqual([MESSAGES.admin.resetEmailRequired]);
  });

  test('no user found is an answer, not an error; an admin is refused; the e-mail is required', async () => {
    expect((await admin.post('/api/admin/reset-songwriter', { email: 'ghost@example.test' })).body).toMatchObject({
      deleted: false,
      message: MESSAGES.admin.resetNoUser,
    });
    const refused = await admin.post('/api/admin/reset-songwriter', { email: adminEmail });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(MESSAGES.admin.resetRefusesAdmin);
    expect((await t.db.select().from(userRoles).where(eq(userRoles.role, 'admin'))).length).toBe(1);
    expect((await admin.post('/api/admin/reset-songwriter', { email: '' })).body.error.message).toBe(MESSAGES.admin.resetEmailRequired);
  });

  test('an account that is not a songwriter is said to be one with nothing to reset, and keeps its roles', async () => {
    const listener = await makePreviewUser(t.db);
    const reply = await admin.post('/api/admin/reset-songwriter', { email: listener.email.toUpperCase() });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toEqual({ deleted: false, message: MESSAGES.admin.resetNotSongwriter, email: listener.email });
    expect(
      (await t.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, listener.id))).map((r) => r.role),
    ).toEqual(['preview']);

    // A songwriter reset once has nothing left the second time.
    const writer = await makeSongwriter(t.db);
    expect((await admin.post('/api/admin/reset-songwriter', { email: writer.email })).body).toMatchObject({
      deleted: true,
      profiles_deleted: 1,
      roles_deleted: 1,
    });
    expect((await admin.post('/api/admin/reset-songwriter', { email: writer.email })).body).toMatchObject({
      deleted: false,
      message: MESSAGES.admin.resetNotSongwriter,
    });
  });

  test('every endpoint here refuses songwriters (403) and anonymous (401)', async () => {
    const writer = await signedInClient(t, await makeSongwriter(t.db));
    for (const [method, path, body] of [
      ['GET', '/api/admin/dashboard'],
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/customers'],
      ['GET', `/api/admin/customers/${paidNotFull.id}/orders`],
      ['POST', '/api/admin/reset-songwriter', { email: paidNotFull.email }],
    ] as [string, string, unknown?][]) {
      expect((await writer.request(method, path, body)).status, `${method} ${path}`).toBe(403);
      expect((await t.client().request(method, path, body)).status, `${method} ${path}`).toBe(401);
    }
    expect(await t.db.select().from(songwriterProfiles).where(eq(songwriterProfiles.userId, paidNotFull.id))).toHaveLength(1);
  });
});
