import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN_COUNT_CAP } from '../../src/common/constants';
import type { Paged } from '../../src/common/responses';
import { makeUser } from '../../src/server/db/seed/factories';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

let t: TestApp;
let admin: TestClient;
/** More than the cap of each: accounts, paying customers (one order each) and audit events. */
const MANY = ADMIN_COUNT_CAP + 150;
/** Of 1 to MANY, those whose digits start with a 1: what a search for "many1" or "song 1" finds. */
const STARTING_WITH_1 = Array.from({ length: MANY }, (_, i) => String(i + 1)).filter((n) => n.startsWith('1')).length;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInClient(t, await makeUser(t.db, { roles: ['admin'] }));
  await t.db.execute(sql`
    insert into users (id, email, name, email_verified, created_at)
    select 'many-' || g, 'many' || g || '@counts.test', 'Many ' || g, true, now() - (g || ' minutes')::interval
    from generate_series(1, ${MANY}) g`);
  await t.db.execute(sql`
    insert into orders (songwriter_id, package_size, amount_paid_cents, payment_status, songs_submitted, payment_provider, customer_email, created_at, paid_at)
    select 'many-' || g, 1, 2500, 'paid', 0, 'test', 'many' || g || '@counts.test', now() - (g || ' minutes')::interval, now()
    from generate_series(1, ${MANY}) g`);
  await t.db.execute(sql`
    insert into audit_events (actor_email, action, subject_kind, subject_id, summary, created_at)
    select 'many@counts.test', 'song.delete', 'song', 'song-' || g, 'Deleted song ' || g, now() - (g || ' minutes')::interval
    from generate_series(1, ${MANY}) g`);
});
afterAll(() => t.close());

async function list(path: string): Promise<Paged<unknown>> {
  const res = await admin.get(path);
  expect(res.status, res.text).toBe(200);
  return res.body as Paged<unknown>;
}

describe.each([
  ['All Users', '/api/admin/users', 'q=many1'],
  ['Customers', '/api/admin/customers', 'q=many1'],
  ['the audit trail', '/api/admin/audit', 'subject=deleted%20song%201'],
])('%s counts its matches only up to the cap', (_name, path, fewFilter) => {
  test('past the cap the first page says "more than" the cap, and holds its rows', async () => {
    const first = await list(`${path}?pageSize=25`);
    expect(first).toMatchObject({ total: ADMIN_COUNT_CAP, totalCapped: true, page: 1 });
    expect(first.rows).toHaveLength(25);
  });

  test('under the cap the count is exact', async () => {
    const few = await list(`${path}?${fewFilter}&pageSize=25`);
    expect(few).toMatchObject({ total: STARTING_WITH_1, totalCapped: false });
  });

  test('a page past the cap still knows whether another follows it, and the last says there is none', async () => {
    const pageSize = 100;
    const past = await list(`${path}?pageSize=${pageSize}&page=${ADMIN_COUNT_CAP / pageSize + 1}`);
    expect(past.rows).toHaveLength(pageSize);
    expect(past.totalCapped).toBe(true);
    const end = await list(`${path}?pageSize=${pageSize}&page=${Math.ceil(MANY / pageSize)}`);
    expect(end.rows.length).toBeLessThan(pageSize);
    expect(end.totalCapped).toBe(false);
    // Every match, the admin's own account (and its sign-in's audit event, if any) besides.
    expect(end.total).toBeGreaterThanOrEqual(MANY);
    expect(end.total).toBeLessThan(MANY + pageSize);
  });
});
