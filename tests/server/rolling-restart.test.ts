import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEFAULT_SHUTDOWN_DRAIN_MS } from '../../src/server/config';
import { createTestDatabaseUrl } from '../setup/database';
import { freePort } from '../setup/free-port';
import { startOwnPostgres, type OwnPostgres } from '../setup/own-postgres';
import { startKeepAliveProxy, type KeepAliveProxy } from './keep-alive-proxy';
import { startServerProcess, type ServerProcess } from './server-process';

/**
 * A rolling restart no user notices: two server processes (the bundle `npm start` runs) on one PostgreSQL
 * database behind a proxy keeping connections alive to both, a steady stream of reads and writes through it,
 * and each instance stopped in turn with SIGTERM as an orchestrator stops it, with a 30 s grace period before
 * SIGKILL, then started again. Every request is answered as it would be without the restart, and each
 * instance leaves on its own within the grace period. Runs on the PostgreSQL of DATABASE_URL when it is set,
 * else on one of its own (two processes cannot share PGlite).
 */
const GRACE_PERIOD_MS = 30_000;
/** The proxy's idle limit for a kept-alive connection: below the drain, as the README's nginx settings are. */
const PROXY_IDLE_MS = 4_000;
/** How often the proxy asks each instance's readiness: below the drain, as the README's readiness probe. */
const CHECK_EVERY_MS = 2_000;
/** Requests in flight at once through the proxy. */
const CLIENTS = 4;
const PUBLIC_URL = 'http://localhost:3000';

let ownPostgres: OwnPostgres | undefined;
let database: { url: string; dispose(): Promise<void> };
let proxy: KeepAliveProxy;
const ports: number[] = [];
const dataDirs: string[] = [];
const instances: ServerProcess[] = [];

const startInstance = (i: number) =>
  startServerProcess(
    {
      DATA_DIR: dataDirs[i]!,
      PORT: String(ports[i]),
      PUBLIC_URL,
      DATABASE_URL: database.url,
      AUTH_SECRET: 'shared-secret-of-both-instances-is-long',
      // The proxy's address: each client is the address it connects from, as behind nginx.
      TRUSTED_PROXIES: '127.0.0.1/32',
      SHUTDOWN_DRAIN_MS: String(DEFAULT_SHUTDOWN_DRAIN_MS),
    },
    180_000,
  );

beforeAll(async () => {
  if (process.env.DATABASE_URL) database = await createTestDatabaseUrl(process.env.DATABASE_URL);
  else {
    ownPostgres = await startOwnPostgres();
    database = { url: ownPostgres.url, dispose: async () => {} };
  }
  for (let i = 0; i < 2; i++) {
    ports.push(await freePort());
    dataDirs.push(mkdtempSync(path.join(tmpdir(), 'pitchroom-rolling-')));
  }
  // One at a time: the first migrates the empty database.
  for (let i = 0; i < 2; i++) instances.push(await startInstance(i));
  proxy = await startKeepAliveProxy(ports, { idleTimeoutMs: PROXY_IDLE_MS, checkEveryMs: CHECK_EVERY_MS });
}, 400_000);

afterAll(async () => {
  await proxy?.close();
  for (const instance of instances) {
    instance.child.kill('SIGKILL');
    await instance.exited;
  }
  await database?.dispose();
  ownPostgres?.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}, 60_000);

interface Load {
  gets: number;
  posts: number;
  /** Contact messages answered 201. */
  accepted: number;
  /** Resolves once `count` more requests have been answered. */
  served(count: number): Promise<void>;
  /** Each answer that was not the one expected, or a request that failed. */
  errors: string[];
  stop(): Promise<void>;
}

function send(url: string, method: string, body: string | undefined, localAddress?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = body
      ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: PUBLIC_URL }
      : {};
    const request = http.request(url, { method, headers, agent: false, localAddress }, (answer) => {
      answer.resume();
      answer.on('end', () => resolve(answer.statusCode ?? 0));
      answer.on('error', reject);
    });
    request.setTimeout(60_000, () => request.destroy(new Error('no answer within 60 s')));
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * CLIENTS visitors, each asking who they are (a read of the database) and sending a contact message in turn, every message from an
 * address of its own (the form's rate limit is per address).
 */
function startLoad(url: string): Load {
  const waiting: { target: number; resolve: () => void }[] = [];
  const answered = () => {
    for (const w of waiting.filter((w) => load.gets + load.posts >= w.target)) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve();
    }
  };
  const load: Load = {
    gets: 0,
    posts: 0,
    accepted: 0,
    errors: [],
    served: (count) => new Promise((resolve) => waiting.push({ target: load.gets + load.posts + count, resolve })),
    stop: async () => {},
  };
  let stopping = false;
  let address = 0;
  const visitor = async () => {
    while (!stopping) {
      const n = address++;
      const from = `127.1.${(n >> 8) & 255}.${n & 255}`;
      const contact = JSON.stringify({ name: 'Ann Writer', email: 'ann@example.test', subject: 'Hello', message: `Message ${n}.` });
      for (const [method, route, body, expected] of [
        ['GET', '/api/me', undefined, 200],
        ['POST', '/api/contact', contact, 201],
      ] as const) {
        try {
          const status = await send(`${url}${route}`, method, body, from);
          if (method === 'GET') load.gets++;
          else load.posts++;
          if (status !== expected) load.errors.push(`${method} ${route}: ${status}`);
          else if (method === 'POST') load.accepted++;
        } catch (error) {
          load.errors.push(`${method} ${route}: ${String(error)}`);
        }
        answered();
      }
    }
  };
  const visitors = Array.from({ length: CLIENTS }, visitor);
  load.stop = async () => {
    stopping = true;
    await Promise.all(visitors);
  };
  return load;
}

/** SIGTERM, then SIGKILL if the grace period runs out, as an orchestrator stops a container. */
async function stopAsOrchestrator(instance: ServerProcess): Promise<{ how: string; ms: number }> {
  const started = performance.now();
  let killed = false;
  const graceOver = setTimeout(() => {
    killed = true;
    instance.child.kill('SIGKILL');
  }, GRACE_PERIOD_MS);
  instance.child.kill('SIGTERM');
  const how = await instance.exited;
  clearTimeout(graceOver);
  return { how: killed ? 'killed after the grace period' : how, ms: Math.round(performance.now() - started) };
}

test('a rolling restart under load: no request fails, and each instance leaves within the grace period', async () => {
  const load = startLoad(proxy.url);
  const exits: { instance: number; how: string; ms: number; answeredWhileDraining: number }[] = [];
  try {
    await load.served(20);
    for (let i = 0; i < 2; i++) {
      const closingBefore = proxy.answered.get(ports[i]!)!.closing;
      const exit = await stopAsOrchestrator(instances[i]!);
      exits.push({ instance: i, ...exit, answeredWhileDraining: proxy.answered.get(ports[i]!)!.closing - closingBefore });
      instances[i] = await startInstance(i);
      await proxy.sendingTo(ports[i]!);
      await load.served(20);
    }
  } finally {
    await load.stop();
  }

  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const stored = await client
    .query<{ n: string }>(`select count(*) as n from mail_outbox where kind = 'contact'`)
    .finally(() => client.end());
  console.log(
    JSON.stringify({
      requests: load.gets + load.posts,
      gets: load.gets,
      posts: load.posts,
      errors: load.errors.length,
      contactMessagesStored: Number(stored.rows[0]!.n),
      refusedAndSentToTheOther: proxy.retriedOnRefusal,
      exits,
    }),
  );

  expect({ errors: load.errors, failures: proxy.failures }).toEqual({ errors: [], failures: [] });
  // Each instance left on its own, before the grace period ran out, having answered during its drain.
  for (const exit of exits) {
    expect(exit.how).toBe('exit 0');
    expect(exit.answeredWhileDraining).toBeGreaterThan(0);
  }
  // Every message a visitor saw accepted is stored, once.
  expect(Number(stored.rows[0]!.n)).toBe(load.accepted);
}, 900_000);
