import { asc, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { makeUser } from '../../src/server/db/seed/factories';
import { makeSong } from '../../src/server/db/seed/song-factories';
import { songs } from '../../src/server/db/schema';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

/**
 * A failure no rule of ours foresees, made real: the database itself refuses a row in the middle of a write
 * (a trigger raising an error, as a full disk or a lost connection would), with nothing of ours mocked.
 */
let t: TestApp;
let admin: TestClient;
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  const logger = pino({ level: 'info', base: undefined }, { write: (line: string) => void logLines.push(JSON.parse(line)) });
  t = await createTestApp({}, { logger });
  const adminUser = await makeUser(t.db, { roles: ['admin'] });
  admin = await signedInClient(t, adminUser);
  for (let i = 0; i < 6; i++) await makeSong(t.db, t.storage, adminUser.id, { title: `Song ${i + 1}`, orderIndex: i });
});
afterAll(() => t.close());

const orderInDatabase = async () =>
  (await t.db.select({ id: songs.id, orderIndex: songs.orderIndex }).from(songs).orderBy(asc(songs.orderIndex))).map(
    (s) => `${s.orderIndex}:${s.id}`,
  );

test('a reorder the database fails halfway changes no song, answers 500 with a reference and no details, and logs it', async () => {
  const before = await orderInDatabase();
  const ids = before.map((entry) => entry.split(':')[1]!).reverse();
  // The last position is written last: every song before it has its new place when the database refuses it.
  await t.db.execute(
    sql.raw(`create function refuse_last_position() returns trigger language plpgsql as $$
    begin raise exception 'simulated storage failure'; end $$`),
  );
  await t.db.execute(
    sql.raw(`create trigger refuse_last_position before update of order_index on songs
    for each row when (new.order_index = ${ids.length - 1}) execute function refuse_last_position()`),
  );
  try {
    const res = await admin.put('/api/admin/song-order', { ids });

    expect(res.status).toBe(500);
    const requestId = res.headers['x-request-id'];
    expect(requestId).toBeTruthy();
    expect(res.body).toEqual({ error: { code: 'INTERNAL', message: `${MESSAGES.generic.unexpected} (ref ${requestId})` } });
    expect(res.text).not.toMatch(/simulated storage failure|trigger|at \w+ \(|\.ts:\d+/);
    expect(await orderInDatabase()).toEqual(before);
    const logged = logLines.find((line) => line.msg === 'unhandled error');
    expect(logged).toMatchObject({ requestId, err: { message: expect.stringContaining('simulated storage failure') } });
  } finally {
    await t.db.execute(sql.raw('drop trigger refuse_last_position on songs'));
    await t.db.execute(sql.raw('drop function refuse_last_position()'));
  }
  // With the database well again, the same request succeeds.
  expect((await admin.put('/api/admin/song-order', { ids })).status).toBe(200);
  expect((await orderInDatabase()).map((entry) => entry.split(':')[1])).toEqual(ids);
});
