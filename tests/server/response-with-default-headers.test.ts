import { createServer, request, type OutgoingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ResponseWithDefaultHeaders } from '../../src/server/lib/node-http';

/** A route that keeps one headers object for every answer, as a module-level constant would be. */
const keptHeaders: OutgoingHttpHeaders = { 'Content-Type': 'text/plain', 'content-security-policy': "sandbox; default-src 'none'" };
let answered = 0;
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer({ ServerResponse: ResponseWithDefaultHeaders }, (req, res) => {
    const response = res as ResponseWithDefaultHeaders;
    answered += 1;
    response.defaultHeaders = [
      ['X-Request-Id', `request-${answered}`],
      ['Content-Security-Policy', "default-src 'none'"],
      ['X-Frame-Options', 'DENY'],
    ];
    if (req.url === '/object') return response.writeHead(200, keptHeaders).end('kept');
    if (req.url === '/reason') return response.writeHead(201, 'Made', { 'x-frame-options': 'SAMEORIGIN' }).end();
    if (req.url === '/array')
      return response.writeHead(200, ['Content-Security-Policy', 'sandbox', 'Content-Type', 'text/plain']).end('array');
    // No writeHead of its own: Node calls it when the body ends.
    response.setHeader('Content-Type', 'text/plain');
    response.end('implicit');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The raw header lines, so that a name sent twice (in two cases) would show. */
function rawHeadersOf(path: string): Promise<{ status: number; message: string; lines: [string, string][] }> {
  return new Promise((resolve, reject) => {
    request(`${base}${path}`, (res) => {
      res.resume();
      const lines: [string, string][] = [];
      for (let i = 0; i < res.rawHeaders.length; i += 2) lines.push([res.rawHeaders[i]!.toLowerCase(), res.rawHeaders[i + 1]!]);
      res.on('end', () => resolve({ status: res.statusCode!, message: res.statusMessage!, lines }));
    })
      .on('error', reject)
      .end();
  });
}
const valuesOf = (lines: [string, string][], name: string) => lines.filter(([n]) => n === name).map(([, v]) => v);

test('an answer given as an object carries the defaults, its own headers winning whatever their case, each sent once', async () => {
  const first = await rawHeadersOf('/object');
  const second = await rawHeadersOf('/object');
  expect(valuesOf(first.lines, 'content-security-policy')).toEqual(["sandbox; default-src 'none'"]);
  expect(valuesOf(first.lines, 'x-frame-options')).toEqual(['DENY']);
  // Each answer has its own request id: the route's kept object was copied, not given the first one's.
  const [firstId] = valuesOf(first.lines, 'x-request-id');
  const [secondId] = valuesOf(second.lines, 'x-request-id');
  expect(firstId).toMatch(/^request-\d+$/);
  expect(secondId).toMatch(/^request-\d+$/);
  expect(secondId).not.toBe(firstId);
  expect(Object.keys(keptHeaders)).toEqual(['Content-Type', 'content-security-policy']);
});

test('a status message, a header array and an answer without writeHead of its own get them too', async () => {
  const reason = await rawHeadersOf('/reason');
  expect([reason.status, reason.message]).toEqual([201, 'Made']);
  expect(valuesOf(reason.lines, 'x-frame-options')).toEqual(['SAMEORIGIN']);
  expect(valuesOf(reason.lines, 'content-security-policy')).toEqual(["default-src 'none'"]);

  const array = await rawHeadersOf('/array');
  expect(valuesOf(array.lines, 'content-security-policy')).toEqual(['sandbox']);
  expect(valuesOf(array.lines, 'x-frame-options')).toEqual(['DENY']);
  expect(valuesOf(array.lines, 'x-request-id')).toHaveLength(1);

  const implicit = await rawHeadersOf('/implicit');
  expect(implicit.status).toBe(200);
  expect(valuesOf(implicit.lines, 'content-type')).toEqual(['text/plain']);
  expect(valuesOf(implicit.lines, 'x-frame-options')).toEqual(['DENY']);
  expect(valuesOf(implicit.lines, 'x-request-id')).toHaveLength(1);
});
