import pino from 'pino';
import { TestClient } from '../setup/http-client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../setup/test-app';

/** Errors React recovered from in a visitor's browser reach the server's log, and only what the schema allows. */
let t: TestApp;
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  const logger = pino({ level: 'info', base: undefined }, { write: (line: string) => void logLines.push(JSON.parse(line)) });
  t = await createTestApp({}, { logger });
});
afterAll(() => t.close());

const report = { kind: 'recoverable', page: '/about', message: 'Minified React error #418', componentStack: '\n    at h1 (<anonymous>)' };

test('a browser report of a recovered error is logged as a warning with its request id, the page and the message', async () => {
  const res = await t.client().post('/api/client-errors', report);
  expect(res.status).toBe(204);
  const logged = logLines.find((line) => line.msg === 'browser reported a recoverable error on /about');
  expect(logged).toMatchObject({
    level: 40,
    requestId: res.headers['x-request-id'],
    clientError: { ...report, componentStack: report.componentStack.trim() },
  });
});

test('a report from a pitch page is logged with its token as :token', async () => {
  const token = 'Zq3pitchTokenOfTheRecipientQ9';
  const res = await t.client().post('/api/client-errors', { ...report, page: `/p/${token}` });
  expect(res.status).toBe(204);
  expect(logLines.find((line) => line.requestId === res.headers['x-request-id'])).toMatchObject({ clientError: { page: '/p/:token' } });
  expect(JSON.stringify(logLines)).not.toContain(token);
});

test('a report off the schema is refused and logs nothing', async () => {
  const before = logLines.length;
  const client = t.client();
  for (const body of [
    { ...report, page: 'about' },
    { ...report, kind: 'uncaught' },
    { ...report, message: 'x'.repeat(2001) },
    { ...report, page: '/about\u0000' },
    {},
  ]) {
    const res = await client.post('/api/client-errors', body);
    expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
  }
  expect(logLines.slice(before).filter((line) => String(line.msg).startsWith('browser reported'))).toEqual([]);
});

test('one address may report 10 a minute; the 11th is refused', async () => {
  const client = new TestClient(t.url, t.config.publicUrl, '127.0.0.7');
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) statuses.push((await client.post('/api/client-errors', report)).status);
  expect(statuses).toEqual([...Array(10).fill(204), 429]);
});
