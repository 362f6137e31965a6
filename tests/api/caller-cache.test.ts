import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeUser } from '../../src/server/db/seed/factories';
import { createActorReader } from '../../src/server/features/accounts/actor-reader';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

/** The cache of callers in front of better-auth's session read (decision 0040), on its own clock. */
let t: TestApp;
let client: TestClient;
let userId: string;
// lru-cache takes a start time of 0 for no start at all, so the clock starts later.
let now = 1_000;
const clock = { now: () => now };

const cookieHeaders = (c: TestClient) => new Headers({ cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') });

beforeAll(async () => {
  t = await createTestApp();
  const user = await makeUser(t.db);
  userId = user.id;
  client = await signedInClient(t, user);
});
afterAll(() => t.close());

test('a caller read is reused for its TTL, then read again', async () => {
  const reader = createActorReader(t.auth, t.db, { ttlMs: 2_000, perf: clock });
  const headers = cookieHeaders(client);
  now = 1_000;
  const first = await reader(headers);
  expect(first.actor?.id).toBe(userId);
  now = 2_999;
  expect(await reader(headers)).toBe(first);
  now = 3_001;
  const again = await reader(headers);
  expect(again).not.toBe(first);
  expect(again.actor?.id).toBe(userId);
});

test('forget and clear drop what was cached; a read under way meanwhile answers but is not cached', async () => {
  const reader = createActorReader(t.auth, t.db, { ttlMs: 60_000, perf: clock });
  const headers = cookieHeaders(client);
  const cached = await reader(headers);
  reader.forget(headers);
  const afterForget = await reader(headers);
  expect(afterForget).not.toBe(cached);
  reader.clear();
  const reading = reader(headers);
  reader.clear();
  const overlapped = await reading;
  expect(overlapped.actor?.id).toBe(userId);
  const next = await reader(headers);
  expect(next).not.toBe(overlapped);
  expect(await reader(headers)).toBe(next);
});

test('a cookie better-auth does not accept is neither honoured nor cached, and no cookie reads nothing', async () => {
  const reader = createActorReader(t.auth, t.db, { ttlMs: 60_000, perf: clock });
  const [name, value] = [...client.cookies].find(([k]) => k.endsWith('session_token'))!;
  const forged = new Headers({ cookie: `${name}=${value.slice(0, -4)}AAAA` });
  expect((await reader(forged)).actor).toBeNull();
  expect((await reader(new Headers())).actor).toBeNull();
  // The genuine cookie still reads its user: the forged one left nothing behind.
  expect((await reader(cookieHeaders(client))).actor?.id).toBe(userId);
});
