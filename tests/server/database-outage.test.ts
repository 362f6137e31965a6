import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { loadConfig } from '../../src/server/config';
import { startServer, type RunningServer } from '../../src/server/server';
import { freePort } from '../setup/free-port';
import { TestClient } from '../setup/http-client';

/**
 * A PostgreSQL of the test's own. Not yet started when the server starts: the server listens, answers 503
 * naming the database, and becomes ready once the database comes up. Then frozen with SIGSTOP (every process of
 * it, as a hung host or a stuck disk would leave it) while the server serves: each request is answered within
 * the statement timeout and a margin, as an outage (503, Retry-After), and normally again as soon as the
 * database is back.
 */
const PG_BIN = path.join('/usr/lib/postgresql', readdirSync('/usr/lib/postgresql').sort().at(-1)!, 'bin');
const STATEMENT_MS = 2_000;
const CONNECT_MS = 1_000;
/** The statement timeout, node-postgres's own two seconds beyond it, and room for a busy machine. */
const ANSWER_WITHIN_MS = STATEMENT_MS + 2_000 + 3_000;

const cluster = mkdtempSync(path.join(tmpdir(), 'pitchroom-frozen-pg-'));
let port = 0;
let serverPort = 0;
let server: RunningServer | undefined;
let dataDir: string;

const asPostgres = (command: string, args: string[]) =>
  execFileSync('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, command), ...args], { stdio: 'pipe' });

/** The postmaster and every backend it started. */
function clusterPids(): number[] {
  const postmaster = Number(readFileSync(path.join(cluster, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

const signalCluster = (signal: NodeJS.Signals) => {
  for (const pid of clusterPids()) process.kill(pid, signal);
};

beforeAll(async () => {
  execFileSync('chown', ['postgres', cluster]);
  chmodSync(cluster, 0o700);
  asPostgres('initdb', ['-D', cluster, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  port = await freePort();
  dataDir = mkdtempSync(path.join(tmpdir(), 'pitchroom-outage-data-'));
  serverPort = await freePort();
}, 120_000);

function startCluster() {
  // With a log file of its own, the server does not hold this process's output open after pg_ctl returns.
  const log = path.join(cluster, 'server.log');
  asPostgres('pg_ctl', [
    '-D',
    cluster,
    '-w',
    '-l',
    log,
    '-o',
    `-p ${port} -k ${cluster} -c listen_addresses=127.0.0.1 -c fsync=off`,
    'start',
  ]);
}

function startOurServer() {
  return startServer(
    loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: String(serverPort),
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'off',
      AUTH_SECRET: 'outage-secret-that-is-long-enough-for-better-auth',
      PUBLIC_URL: `http://localhost:${serverPort}`,
      DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres`,
      DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_MS),
      DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_MS),
    }),
  );
}

afterAll(async () => {
  try {
    signalCluster('SIGCONT');
  } catch {
    // Already gone.
  }
  await server?.stop();
  if (existsSync(path.join(cluster, 'postmaster.pid'))) asPostgres('pg_ctl', ['-D', cluster, '-m', 'immediate', 'stop']);
  rmSync(cluster, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}, 180_000);

/** What a visitor asks of the database: readiness, a message through the contact form, a sign-in. */
const CONTACT = { name: 'Ann Writer', email: 'ann@example.test', subject: 'Hello', message: 'A question about reviews.' };

async function askEverything(client: TestClient) {
  return Promise.all([
    client.get('/api/health/ready'),
    client.post('/api/contact', CONTACT),
    client.post('/api/auth/sign-in/email', { email: 'nobody@example.test', password: 'not-a-password-at-all' }),
  ]);
}

test('a server started while its database is down listens, answers 503 naming the database, and is ready once it is up', async () => {
  const starting = startOurServer();
  const client = new TestClient(`http://localhost:${serverPort}`, `http://localhost:${serverPort}`);
  // Listening, and refused by the database at least once.
  const waiting = await vi.waitFor(
    async () => {
      const ready = await client.get('/api/health/ready');
      expect(ready.body.database.reason).toBe('ECONNREFUSED');
      return ready;
    },
    { timeout: 60_000, interval: 50 },
  );
  expect(waiting.status).toBe(503);
  expect(waiting.body).toMatchObject({ ok: false, database: { state: 'down' }, storage: { state: 'up' } });
  const contact = await client.post('/api/contact', CONTACT);
  expect(contact.status).toBe(503);
  expect(contact.headers['retry-after']).toBe('5');
  expect(contact.body.error).toEqual({ code: 'UNAVAILABLE', message: MESSAGES.generic.unavailable });
  expect((await client.get('/api/health')).status).toBe(200);

  startCluster();
  server = await starting;
  const ready = await client.get('/api/health/ready');
  expect(ready.status).toBe(200);
  expect(ready.body).toMatchObject({ ok: true, database: { state: 'up' }, storage: { state: 'up' } });
  expect((await client.post('/api/contact', CONTACT)).status).toBe(201);
}, 120_000);

test('a frozen database is answered as an outage within the timeout, readiness names it, and all is served again as soon as it is back', async () => {
  const client = new TestClient(server!.url, server!.url);
  const healthy = await askEverything(client);
  expect(healthy.map((r) => r.status)).toEqual([200, 201, 401]);

  signalCluster('SIGSTOP');
  let frozen;
  const started = performance.now();
  try {
    frozen = await askEverything(client);
  } finally {
    signalCluster('SIGCONT');
  }
  const took = performance.now() - started;

  expect(frozen.map((r) => r.status)).toEqual([503, 503, 503]);
  for (const answer of frozen.slice(1)) {
    expect(answer.headers['retry-after']).toBe('5');
  }
  expect(frozen[1]!.body.error).toEqual({ code: 'UNAVAILABLE', message: MESSAGES.generic.unavailable });
  // Readiness's own timeout, or the pool's for a new connection, whichever came first.
  expect(frozen[0]!.body).toMatchObject({ ok: false, database: { state: 'down' }, storage: { state: 'up' } });
  expect(['no answer within 3000 ms', 'timeout exceeded when trying to connect']).toContain(frozen[0]!.body.database.reason);
  expect(took).toBeLessThan(ANSWER_WITHIN_MS);

  // Back: the very next requests are served as before, readiness first, on the pool's connections or new ones.
  const back = await askEverything(client);
  expect(back.map((r) => r.status)).toEqual([200, 201, 401]);
  expect(back[0]!.body).toMatchObject({ ok: true, database: { state: 'up' } });
}, 120_000);
