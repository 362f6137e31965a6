import { spawn } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerType } from '@hono/node-server';
import autocannon from 'autocannon';
import { createPayments } from '../src/server/adapters/payments';
import { createDiskStorage } from '../src/server/adapters/storage/disk-storage';
import { createApp } from '../src/server/app';
import { createAuth } from '../src/server/auth';
import { loadConfig } from '../src/server/config';
import { openDatabase, type Database, type OpenDatabaseOptions } from '../src/server/db/client';
import { createLogger } from '../src/server/lib/logger';
import { listen as serve } from '../src/server/lib/listen';
import { createTestDatabaseUrl } from '../tests/setup/database';
import { TestClient } from '../tests/setup/http-client';
import type { RangeLoad, RangeResult } from './range-client';

export type DbKind = 'pglite' | 'postgres';

export interface BenchApp {
  kind: DbKind;
  url: string;
  /** The same app over the same database, caching nothing: what every query costs. */
  uncachedUrl: string;
  database: Database;
  /** PostgreSQL only: the bench database's connection string, for bare statements through `pg`. */
  databaseUrl?: string;
  storage: ReturnType<typeof createDiskStorage>;
  /** A client signed in as the given e-mail and password, for its session cookie. */
  cookieFor(email: string, password: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * The real app over a fresh database of the given kind, on a real port, with logging off; PGlite in memory unless
 * `pglite` names a data folder (as the server opens one) or other settings.
 */
export async function startBenchApp(
  kind: DbKind,
  pglite: Pick<OpenDatabaseOptions, 'pgliteDir' | 'pgliteSharedBuffers'> = {},
): Promise<BenchApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pitchroom-bench-'));
  const pg = kind === 'postgres' ? await createTestDatabaseUrl(process.env.DATABASE_URL!) : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    AUTH_SECRET: 'bench-secret-that-is-long-enough-for-auth',
  });
  const database = await openDatabase(pg ? { url: pg.url, poolSize: 20 } : pglite);
  await database.migrate();
  const logger = createLogger('silent');
  const storage = createDiskStorage(path.join(dataDir, 'files'));
  const auth = createAuth({ config, db: database.db, logger });
  const deps = {
    config,
    db: database.db,
    auth,
    storage,
    payments: createPayments(config),
    logger,
  };
  const listen = (app: ReturnType<typeof createApp>) => serve(app.fetch, { port: 0, hostname: '127.0.0.1' });
  const server = await listen(createApp(deps));
  const uncached = await listen(createApp({ ...deps, cacheTtlMs: 0 }));
  const urlOf = (s: ServerType) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
  const url = urlOf(server);
  return {
    kind,
    url,
    uncachedUrl: urlOf(uncached),
    database,
    databaseUrl: pg?.url,
    storage,
    async cookieFor(email, password) {
      const client = new TestClient(url, config.publicUrl);
      const res = await client.post('/api/auth/sign-in/email', { email, password });
      if (res.status !== 200) throw new Error(`bench sign-in failed: ${res.status} ${res.text}`);
      return [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    async close() {
      for (const s of [server, uncached]) {
        await new Promise<void>((resolve) => {
          s.close(() => resolve());
          if ('closeAllConnections' in s) s.closeAllConnections();
        });
      }
      storage.close();
      await database.close();
      await pg?.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/**
 * A bare node:http server answering every request with these bytes, and nothing else: what this machine and
 * its load generator allow for an answer of that size, to read a figure of the app against.
 */
export async function startBareServer(
  body: string | Buffer,
  { status = 200, contentType = 'application/json', headers = {} as Record<string, string> } = {},
) {
  const server = createServer((_req, res) => {
    res.writeHead(status, { ...headers, 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}

/**
 * A bare node:http server streaming a file from disk for `Range: bytes=N-` (the whole file, 200, without a
 * range), piped as Node's own streams go: the ceiling for an app answering a seek with the rest of a song.
 */
export async function startBareFileServer(file: string) {
  const { size } = statSync(file);
  const server = createServer((req, res) => {
    const start = Math.min(size - 1, Number(/^bytes=(\d+)-$/.exec(req.headers.range ?? '')?.[1] ?? 0));
    res.writeHead(req.headers.range ? 206 : 200, {
      'content-type': 'audio/mpeg',
      'content-length': size - start,
      ...(req.headers.range && { 'content-range': `bytes ${start}-${size - 1}/${size}` }),
    });
    const stream = createReadStream(file, { start });
    stream.pipe(res);
    res.once('close', () => stream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}

/** autocannon against one URL; latencies in milliseconds. */
export async function load(
  url: string,
  { connections = 50, duration = 8, headers = {} as Record<string, string> } = {},
): Promise<LoadResult> {
  const result = await autocannon({ url, connections, duration, headers, workers: 1 });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * Listeners asking for ranges of a song (bench/range-client.ts), timed to the first byte of each answer, in
 * milliseconds: 'seek' opens a new connection for each `Range: bytes=N-` and drops it after the first bytes;
 * 'kept' reads each answer whole on a kept connection, and also gives the time to its last byte
 * (`answerP99`). Bytes are counted, not decoded as autocannon does.
 */
export async function rangeLoad(
  url: string,
  { mode = 'seek' as RangeLoad['mode'], connections = 20, duration = 8, headers = {} as Record<string, string> } = {},
): Promise<LoadResult & { answerP99?: number; cpuPerAnswerUs: number }> {
  const { port, pathname, search } = new URL(url);
  const load: RangeLoad = { mode, port: Number(port), path: pathname + search, headers, connections, durationMs: duration * 1000 };
  // The client runs in a process of its own: this process's CPU time is the server's when the server runs here
  // (as in cpuPerRequest); for a server in a process of its own (bench/process.bench.ts) it means nothing.
  const cpuBefore = process.cpuUsage();
  const result = await new Promise<RangeResult>((resolve, reject) => {
    const client = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./range-client.ts', import.meta.url)), JSON.stringify(load)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let output = '';
    client.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    client
      .on('error', reject)
      .on('exit', (code) =>
        code === 0 ? resolve(JSON.parse(output) as RangeResult) : reject(new Error(`range client exited with ${code}`)),
      );
  });
  const cpu = process.cpuUsage(cpuBefore);
  const quantile = (list: number[], q: number) => {
    const sorted = list.sort((a, b) => a - b);
    return Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN) * 10) / 10;
  };
  return {
    rps: Math.round(result.ttfbMs.length / duration),
    p50: quantile(result.ttfbMs, 0.5),
    p99: quantile(result.ttfbMs, 0.99),
    ...(mode === 'kept' && { answerP99: quantile(result.answerMs, 0.99) }),
    cpuPerAnswerUs: Math.round(((cpu.user + cpu.system) / Math.max(1, result.ttfbMs.length)) * 10) / 10,
    errors: result.errors,
    non2xx: result.notPartial,
  };
}

/**
 * This process's CPU time per request (user + system, microseconds) while `requests` requests are sent to a
 * server it holds, by autocannon in a process of its own: what a request costs the server, whatever the load
 * generator costs, which throughput figures on a shared machine include.
 */
export async function cpuPerRequest(
  url: string,
  { requests = 100_000, connections = 50, headers = {} as Record<string, string> } = {},
): Promise<number> {
  const cli = fileURLToPath(import.meta.resolve('autocannon/autocannon.js'));
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}:${value}`]);
  const before = process.cpuUsage();
  await new Promise<void>((resolve, reject) =>
    spawn(process.execPath, [cli, '-c', String(connections), '-a', String(requests), ...headerArgs, url], { stdio: 'ignore' })
      .on('error', reject)
      .on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`autocannon exited with ${code}`)))),
  );
  const used = process.cpuUsage(before);
  return (used.user + used.system) / requests;
}

/** The middle value; of an even count, the mean of the two middle ones. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

/** Median wall time of a function over n runs, in milliseconds, after one warm-up. */
export async function medianMs(n: number, fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(times.length / 2)]! * 10) / 10;
}

export interface Row {
  id: string;
  what: string;
  figure: string;
  budget: string;
  met: boolean | null;
}

export function printTable(rows: Row[]) {
  const header = ['#', 'what', 'figure', 'budget', 'met'];
  const cells = rows.map((r) => [r.id, r.what, r.figure, r.budget, r.met === null ? '—' : r.met ? 'yes' : 'NO']);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const c of cells) console.log(line(c));
}

/** One statement as the app sent it to the database's driver. */
export interface SentStatement {
  text: string;
  params: unknown[];
}

interface DriverClient {
  query(text: unknown, params?: unknown[], options?: unknown): Promise<unknown>;
}
const driverOf = (app: BenchApp) => (app.database.db as unknown as { $client: DriverClient }).$client;

/**
 * The statements the app sends its database's driver (PGlite's, or the pg pool) while `fn` runs: one request of
 * a route, say, to count its round trips and replay them bare (bareStatementsMs).
 */
export async function statementsSent(app: BenchApp, fn: () => Promise<unknown>): Promise<SentStatement[]> {
  const driver = driverOf(app);
  const sent: SentStatement[] = [];
  const own = Object.getOwnPropertyDescriptor(driver, 'query');
  const query = driver.query.bind(driver);
  driver.query = (text, params, options) => {
    sent.push({ text: typeof text === 'string' ? text : (text as { text: string }).text, params: params ?? [] });
    return query(text, params, options);
  };
  try {
    await fn();
  } finally {
    if (own) Object.defineProperty(driver, 'query', own);
    else delete (driver as Partial<DriverClient>).query;
  }
  return sent;
}

/**
 * The floor of a database route: the same statements sent straight to the driver one after another, with
 * nothing of the app around them (median of n runs of the whole sequence, in milliseconds).
 */
export function bareStatementsMs(app: BenchApp, statements: SentStatement[], n = 200): Promise<number> {
  const driver = driverOf(app);
  return medianMs(n, async () => {
    for (const s of statements) await driver.query(s.text, s.params);
  });
}

/** A figure beside its floor from the same run: "2.4× its floor" (how many times the floor it takes). */
export function timesFloor(figure: number, floor: number): string {
  return `${floor > 0 ? Math.round((figure / floor) * 10) / 10 : '∞'}× its floor`;
}
