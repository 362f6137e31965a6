import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makePreviewUser, makeSongwriter, makeUser } from '../../src/server/db/seed/factories';
import { ROUTE_POLICY } from '../../src/server/route-policy';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

/**
 * Property test over every API operation and every kind of caller: whatever the path parameters, query
 * string and JSON body, the answer is never a 5xx and never leaks a stack trace, and every 4xx carries
 * the error shape. (better-auth's own endpoints are left to its maintainers and our auth tests.)
 */
const RUNS_PER_OPERATION_AND_ROLE = 100;

/**
 * One shard of the operations (every `of`-th, from `shard`): the suite is split over test files so that
 * vitest's workers fuzz in parallel (tests/api/fuzz-*.test.ts).
 */
export function fuzzShard(shard: number, of: number) {
  let t: TestApp;
  let callers: Record<string, TestClient>;

  beforeAll(async () => {
    t = await createTestApp();
    callers = {
      anonymous: t.client(),
      noRole: await signedInClient(t, await makeUser(t.db)),
      preview: await signedInClient(t, await makePreviewUser(t.db)),
      songwriter: await signedInClient(t, await makeSongwriter(t.db)),
      admin: await signedInClient(t, await makeUser(t.db, { roles: ['admin'] })),
    };
  });
  afterAll(() => t.close());

  const segment = fc.oneof(
    fc.uuid(),
    fc.string({ maxLength: 40 }),
    fc.constantFrom('00000000-0000-0000-0000-000000000000', '..', '%00', 'null', '-1', '9'.repeat(30)),
  );
  const jsonValue = fc.jsonValue({ maxDepth: 3 });
  const body = fc.oneof(
    jsonValue,
    fc.dictionary(fc.constantFrom('email', 'password', 'name', 'title', 'slug', 'bpm', 'tags', 'ids', 'packageSize', 'isActive', 'message', 'text', 'orderId', 'role', 'status', 'amountPaidCents'), jsonValue),
  );
  const query = fc.dictionary(fc.constantFrom('page', 'pageSize', 'q', 'status', 'tab', 'genre', 'bpmMin', 'bpmMax', 'role', 'badge', 'from', 'to', 'packageSize', 'needsService'), fc.string({ maxLength: 20 }));

  const operations = Object.keys(ROUTE_POLICY)
    .filter((r) => !r.includes('/api/auth/'))
    .filter((_, i) => i % of === shard);

  test(`shard ${shard + 1} of ${of}: ${operations.length} operations × 5 callers × ${RUNS_PER_OPERATION_AND_ROLE} generated inputs: no 5xx, no stack trace, errors in shape`, async () => {
    let cases = 0;
    const fuzzOperation = async (operation: string) => {
      const [method, pattern] = operation.split(' ') as [string, string];
      for (const [role, client] of Object.entries(callers)) {
        await fc.assert(
          fc.asyncProperty(fc.array(segment, { minLength: 3, maxLength: 3 }), query, body, async (segments, params, payload) => {
            let i = 0;
            const path = pattern.replace(/:[a-zA-Z]+/g, () => encodeURIComponent(segments[i++] ?? 'x'));
            const search = new URLSearchParams(params).toString();
            const res = await client.request(method, `${path}${search ? `?${search}` : ''}`, method === 'GET' ? undefined : payload);
            cases++;
            const where = `${operation} as ${role}: ${res.status} ${res.text.slice(0, 200)}`;
            expect(res.status, where).toBeLessThan(500);
            expect(res.text, where).not.toMatch(/\bat .+\.(ts|js):\d+/);
            if (res.status >= 400 && res.headers['content-type']?.includes('json')) {
              expect(res.body, where).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
            }
          }),
          { numRuns: RUNS_PER_OPERATION_AND_ROLE },
        );
      }
    };
    // A few operations at a time: the database waits overlap.
    const queue = [...operations];
    await Promise.all(Array.from({ length: 4 }, async () => {
      for (let op = queue.shift(); op; op = queue.shift()) await fuzzOperation(op);
    }));
    expect(cases).toBe(operations.length * 5 * RUNS_PER_OPERATION_AND_ROLE);
  }, 600_000);
}
