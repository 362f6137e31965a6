import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { loadConfig } from '../../src/server/config';
import { startServer, type RunningServer } from '../../src/server/server';

/**
 * What a stop looks like from outside, on a server started in this process: while it drains, readiness
 * answers 503 and every answer closes its connection, yet each request is answered; when it stops, it stops
 * listening, answers the requests under way and closes the connections left idle at once, not after their
 * kept-alive timeout. The whole restart under load, behind a proxy, is tests/server/rolling-restart.test.ts.
 */
const PUBLIC_URL = 'http://localhost:3000';
/** Each test has a server of its own, migrating a new PGlite: on a busy machine, minutes. */
const START_WITHIN_MS = 600_000;
const dirs: string[] = [];
const servers: RunningServer[] = [];

async function start(options: { requestsDeadlineMs?: number } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pitchroom-drain-'));
  dirs.push(dataDir);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'off',
    AUTH_SECRET: 'drain-secret-that-is-long-enough-for-better-auth',
    PUBLIC_URL,
  });
  const server = await startServer(config, options);
  servers.push(server);
  return server;
}

let drained: RunningServer;
let cut: RunningServer;

beforeAll(async () => {
  [drained, cut] = await Promise.all([start(), start({ requestsDeadlineMs: 100 })]);
}, START_WITHIN_MS);

afterAll(async () => {
  for (const server of servers) await server.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}, 60_000);

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  reusedSocket: boolean;
}

function get(url: string, agent: http.Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, reusedSocket: req.reusedSocket }));
    });
    req.on('error', reject);
  });
}

/**
 * A POST whose headers the server has read (it answered `100 Continue`) and whose body is still to come:
 * a request under way. `finish` sends the body and resolves with the raw answer.
 */
async function postUnderWay(port: number, urlPath: string, body: unknown) {
  const payload = JSON.stringify(body);
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8');
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    socket.on('error', reject);
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (received.includes('100 Continue')) resolve();
    });
    socket.write(
      [
        `POST ${urlPath} HTTP/1.1`,
        'Host: localhost',
        `Origin: ${PUBLIC_URL}`,
        'Content-Type: application/json',
        `Content-Length: ${Buffer.byteLength(payload)}`,
        'Expect: 100-continue',
        '',
        '',
      ].join('\r\n'),
    );
  });
  return {
    closed,
    /** Everything the server sent after `100 Continue`, once it has closed the connection. */
    async finish() {
      socket.write(payload);
      await closed;
      return received.slice(received.indexOf('100 Continue'));
    },
  };
}

const contact = { name: 'Ann Writer', email: 'ann@example.test', subject: 'Hello', message: 'A question about reviews.' };

test('while draining, readiness answers 503, every answer closes its connection, and the request under way at the stop is answered', async () => {
  const server = drained;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const ready = await get(`${server.url}/api/health/ready`, agent);
  expect(ready.status).toBe(200);
  expect(ready.headers.connection).toBe('keep-alive');

  server.beginDraining();
  const draining = await get(`${server.url}/api/health/ready`, agent);
  // On the kept-alive connection: the server did not close it under the client.
  expect(draining.reusedSocket).toBe(true);
  expect(draining.status).toBe(503);
  expect(draining.headers['retry-after']).toBe('5');
  expect(JSON.parse(draining.body)).toEqual({ error: { code: 'UNAVAILABLE', message: MESSAGES.generic.unavailable } });
  expect(draining.headers.connection).toBe('close');

  // Every other request is still answered, on a new connection, which its answer closes too.
  const live = await get(`${server.url}/api/health`, agent);
  expect(live.reusedSocket).toBe(false);
  expect(live.status).toBe(200);
  expect(live.headers.connection).toBe('close');

  const underWay = await postUnderWay(server.port, '/api/contact', contact);
  const stopped = server.stop();
  await expect(get(`${server.url}/api/health`, new http.Agent())).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  const answer = await underWay.finish();
  expect(answer).toMatch(/^100 Continue\r\n\r\nHTTP\/1\.1 201 /);
  expect(answer).toMatch(/\r\nconnection: close\r\n/i);
  await stopped;
  agent.destroy();
}, 60_000);

test('the stop closes idle kept-alive connections at once, and cuts requests still under way at its deadline', async () => {
  const server = cut;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  expect((await get(`${server.url}/api/health`, agent)).headers.connection).toBe('keep-alive');
  const [idle] = Object.values(agent.freeSockets).flat();
  const idleClosed = new Promise<void>((resolve) => idle!.on('close', () => resolve()));

  // A body that never comes: without the deadline, the stop would wait for it as long as the client likes.
  const underWay = await postUnderWay(server.port, '/api/contact', contact);
  await server.stop();
  await idleClosed;
  await underWay.closed;
  agent.destroy();
}, 60_000);
