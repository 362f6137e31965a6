import { sql } from 'drizzle-orm';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { enqueueMail } from '../../src/server/adapters/mail/outbox';
import { loadConfig } from '../../src/server/config';
import { mailOutbox } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../setup/test-app';

const TOKEN = 'metrics-token-for-the-test-suite-0123';

interface Sample {
  value?: string;
  labels?: Record<string, string>;
}
interface Family {
  name: string;
  type: string;
  metrics: Sample[];
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(() => t.close());

let lastScrape = '';
async function scrape(): Promise<Map<string, Family>> {
  const res = await t.client().get('/metrics', { authorization: `Bearer ${TOKEN}` });
  lastScrape = res.text;
  expect(res.status, res.text).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  const families = parsePrometheusTextFormat(res.text) as Family[];
  return new Map(families.map((f) => [f.name, f]));
}

const sample = (family: Family | undefined, labels: Record<string, string> = {}) =>
  family?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));

describe('/metrics', () => {
  test('is refused without the token, or with another', async () => {
    const none = await t.client().get('/metrics');
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(none.text).not.toContain('http_requests_total');
    const wrong = await t.client().get('/metrics', { authorization: `Bearer ${TOKEN.replace('0', '1')}` });
    expect(wrong.status).toBe(401);
  });

  test('counts requests by route pattern and status, with their latency', async () => {
    const before = Number(sample((await scrape()).get('http_requests_total'), { route: '/api/health', status: '200' })?.value ?? 0);
    for (let i = 0; i < 3; i++) expect((await t.client().get('/api/health')).status).toBe(200);
    expect((await t.client().get('/api/songs/no-such-song')).status).toBe(401);

    const metrics = await scrape();
    const requests = metrics.get('http_requests_total')!;
    expect(requests.type).toBe('COUNTER');
    expect(Number(sample(requests, { method: 'GET', route: '/api/health', status: '200' })!.value)).toBe(before + 3);
    // A path with an id is counted under its pattern, never under the path itself.
    expect(requests.metrics.some((m) => m.labels?.route?.includes('no-such-song'))).toBe(false);
    expect(requests.metrics.some((m) => m.labels?.status === '401')).toBe(true);

    // The parser folds a labelled histogram's series into one set of buckets; its per-route count is read as written.
    expect(metrics.get('http_request_duration_seconds')!.type).toBe('HISTOGRAM');
    const count = /^http_request_duration_seconds_count\{method="GET",route="\/api\/health"\} (\d+)$/m.exec(lastScrape)?.[1];
    expect(Number(count)).toBe(before + 3);
  });

  test("reports the outbox's backlog and its oldest e-mail's age, the pool and uploads under way", async () => {
    await t.db.delete(mailOutbox);
    for (const to of ['a@example.test', 'b@example.test']) {
      await enqueueMail(t.db, { to, kind: 'test', subject: 'Waiting', text: 'Waiting.', html: '<p>Waiting.</p>' });
    }
    await t.db.update(mailOutbox).set({ createdAt: sql`now() - interval '10 minutes'` });
    await enqueueMail(t.db, { to: 'c@example.test', kind: 'test', subject: 'Dead', text: 'Dead.', html: '<p>Dead.</p>' });
    await t.db
      .update(mailOutbox)
      .set({ status: 'dead' })
      .where(sql`${mailOutbox.toAddress} = 'c@example.test'`);

    const metrics = await scrape();
    expect(Number(sample(metrics.get('mail_outbox_pending'))!.value)).toBe(2);
    expect(Number(sample(metrics.get('mail_outbox_dead'))!.value)).toBe(1);
    const age = Number(sample(metrics.get('mail_outbox_oldest_pending_age_seconds'))!.value);
    expect(age).toBeGreaterThanOrEqual(600);
    expect(age).toBeLessThan(900);
    expect(Number(sample(metrics.get('uploads_in_progress'))!.value)).toBe(0);
    const pool = metrics.get('db_pool_connections')!;
    expect(Number(sample(pool, { state: 'size' })!.value)).toBeGreaterThanOrEqual(1);
    expect(pool.metrics.map((m) => m.labels?.state).sort()).toEqual(['idle', 'open', 'size', 'waiting']);
    expect(metrics.has('process_resident_memory_bytes')).toBe(true);

    await t.db.delete(mailOutbox);
    expect(Number(sample((await scrape()).get('mail_outbox_oldest_pending_age_seconds'))!.value)).toBe(0);
  });
});

test('without METRICS_TOKEN the endpoint is off', async () => {
  const off = await createTestApp();
  try {
    expect((await off.client().get('/metrics', { authorization: `Bearer ${TOKEN}` })).status).toBe(404);
  } finally {
    await off.close();
  }
});

test('a short METRICS_TOKEN stops the start with the setting named', () => {
  expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: t.config.dataDir, METRICS_TOKEN: 'short' })).toThrow(
    /METRICS_TOKEN must be at least 24/,
  );
});
