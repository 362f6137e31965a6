import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/server/config';
import { DEMO_ACCOUNTS, seedDemoDatabase } from '../src/server/db/seed/seed';
import { TestClient } from '../tests/setup/http-client';
import { rangeLoad, type Row } from './support';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PUBLIC_URL = 'http://127.0.0.1:3999';
/** Linux counts a process's CPU time in ticks of 10 ms (USER_HZ 100). */
const MS_PER_TICK = 10;

/** User + system CPU time of a process so far, in milliseconds. */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
}

/** The server in a process of its own, on a fresh PGlite with the demo catalogue, started with these arguments. */
async function startProcess(args: string[]): Promise<{ child: ChildProcess; url: string; startMs: number; stop(): void }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pitchroom-bench-process-'));
  const env = {
    PATH: process.env.PATH ?? '',
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    PUBLIC_URL,
    AUTH_SECRET: 'bench-secret-that-is-long-enough-for-auth',
  };
  await seedDemoDatabase(loadConfig(env), 'short');
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let printed = '';
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      const match = /\(port (\d+)\)/.exec(printed);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${printed}`)));
  });
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    startMs: Math.round(performance.now() - started),
    stop() {
      child.kill();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A preview user's session and a demo song's audio link, the server warmed up with a few seconds of seeks. */
async function signInAndWarmUp(url: string) {
  const client = new TestClient(url, PUBLIC_URL);
  const signIn = await client.post('/api/auth/sign-in/email', DEMO_ACCOUNTS.preview);
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${signIn.text}`);
  // The demo songs' audio is stored after the start, each as soon as it is rendered.
  let detail: { audioUrl: string | null } = { audioUrl: null };
  for (let tries = 0; detail.audioUrl === null && tries < 600; tries++) {
    if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    detail = JSON.parse((await client.get('/api/songs/gravel-road-goodbye')).text) as { audioUrl: string | null };
  }
  if (detail.audioUrl === null) throw new Error('the demo song was not stored within a minute');
  const headers = { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '), range: 'bytes=50000-' };
  await rangeLoad(`${url}${detail.audioUrl}`, { duration: 3, headers });
  return { headers, audioUrl: detail.audioUrl };
}

/**
 * The server as `npm start` runs it (the bundle, decision 0025) beside the same code through tsx, each in a
 * process of its own: time to a first start (the demo catalogue seeded), and seeks (P6) with the server's own CPU per seek.
 * The other rows measure the app inside the bench's process, through tsx; this one says how far that is from
 * what runs in production.
 */
export async function processBench(): Promise<Row[]> {
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the server bundle did not build');
  const figures: Record<string, { startMs: number; rps: number; p99: number; cpuUs: number; errors: number }> = {};
  for (const [name, args] of [
    ['tsx', ['--import', 'tsx', 'src/server/main.ts']],
    ['bundle', ['dist/server/main.js']],
  ] as const) {
    const server = await startProcess([...args]);
    try {
      const { headers, audioUrl } = await signInAndWarmUp(server.url);
      const before = cpuMsOf(server.child.pid!);
      const seeks = await rangeLoad(`${server.url}${audioUrl}`, { duration: 8, headers });
      const cpuUs = ((cpuMsOf(server.child.pid!) - before) * 1000) / (seeks.rps * 8);
      figures[name] = {
        startMs: server.startMs,
        rps: seeks.rps,
        p99: seeks.p99,
        cpuUs: Math.round(cpuUs),
        errors: seeks.errors + seeks.non2xx,
      };
    } finally {
      server.stop();
    }
  }
  const { tsx, bundle } = figures as Record<'tsx' | 'bundle', (typeof figures)[string]>;
  return [
    {
      id: 'P6',
      what: 'seeks (new connection, bytes=N-), 20 listeners, to the server as npm start runs it (PGlite)',
      figure:
        `bundle ${bundle.rps} seeks/s, p99 ${bundle.p99} ms, ${bundle.cpuUs} µs CPU a seek, ${bundle.errors} errors; ` +
        `through tsx ${tsx.rps} seeks/s, p99 ${tsx.p99} ms, ${tsx.cpuUs} µs; first start, seeding the demo catalogue, ${bundle.startMs} vs ${tsx.startMs} ms`,
      budget: 'p99 ≤ 10 ms',
      met: bundle.p99 <= 10 && bundle.errors === 0,
    },
  ];
}
