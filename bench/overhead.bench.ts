import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { makeUser } from '../src/server/db/seed/factories';
import { cpuPerRequest, load, promisesPerRequest, startBareServer, type BenchApp, type Row } from './support';

const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** What every answer of the app carries beyond its body: security headers and the request id. */
async function appHeadersOf(app: BenchApp): Promise<Record<string, string>> {
  const perMessage = new Set(['date', 'connection', 'keep-alive', 'content-length', 'content-type', 'transfer-encoding']);
  const res = await fetch(`${app.url}/api/health`);
  await res.arrayBuffer();
  return Object.fromEntries([...res.headers].filter(([name]) => !perMessage.has(name)));
}

/**
 * P3: the app's health route against a bare node:http server answering the same JSON, in the same run; and,
 * for scale, Hono on @hono/node-server with that one route and nothing else (the floor of the stack
 * the architecture chose, before any middleware of ours), and the bare server sending the app's own headers
 * (what those headers cost on this machine, the load generator's parsing included, before any code of ours);
 * and the server's own CPU time per request of the app and of the bare server, the load generator in a
 * process of its own: the rate each would reach on a core of its own, which rates measured on two shared
 * cores only approximate. The app is measured after a sign-in, as a running server is.
 */
export async function overheadBench(app: BenchApp): Promise<Row[]> {
  const bare = await startBareServer(JSON.stringify({ ok: true }));
  const bareWithHeaders = await startBareServer(JSON.stringify({ ok: true }), { headers: await appHeadersOf(app) });
  const honoAlone = await new Promise<Server>((resolve) => {
    const server = serve({ fetch: new Hono().get('/api/health', (c) => c.json({ ok: true })).fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(server as Server),
    );
  });
  try {
    // The app as it runs, after a sign-in: better-auth keeps its request context in AsyncLocalStorages, and on
    // Node 20 one in use makes the process track every promise; they are switched off between its calls
    // (decision 0027). A process no one has signed in to yet is measured first: the two should agree.
    const fresh: number[] = [];
    for (let i = 0; i < 3; i++) fresh.push(await cpuPerRequest(`${app.url}/api/health`));
    const user = await makeUser(app.database.db);
    const cookie = await app.cookieFor(user.email, user.password);
    // Alternate, so that a busy moment of the machine does not fall on one side only.
    const runs = {
      app: [] as { rps: number; p99: number }[],
      bare: [] as { rps: number }[],
      hono: [] as { rps: number }[],
      headers: [] as { rps: number }[],
    };
    for (let i = 0; i < 2; i++) {
      runs.bare.push(await load(bare.url, { duration: 4 }));
      runs.headers.push(await load(bareWithHeaders.url, { duration: 4 }));
      runs.app.push(await load(`${app.url}/api/health`, { duration: 4 }));
      runs.hono.push(await load(`${urlOf(honoAlone)}/api/health`, { duration: 4 }));
    }
    // What a request costs the server itself, the load generator in a process of its own; the least of three
    // runs, as other work on the machine only ever adds to it.
    const cpu = { app: [] as number[], bare: [] as number[] };
    for (let i = 0; i < 3; i++) {
      cpu.bare.push(await cpuPerRequest(bare.url));
      cpu.app.push(await cpuPerRequest(`${app.url}/api/health`));
    }
    const [appCpu, bareCpu] = [Math.min(...cpu.app), Math.min(...cpu.bare)];
    const promises = {
      anonymous: await promisesPerRequest(`${app.url}/api/health`),
      signedIn: await promisesPerRequest(`${app.url}/api/health`, { headers: { cookie } }),
    };
    const rps = (list: { rps: number }[]) => Math.round(list.reduce((n, r) => n + r.rps, 0) / list.length);
    const percentOfBare = (list: { rps: number }[]) => Math.round((rps(list) / rps(runs.bare)) * 100);
    const ratio = percentOfBare(runs.app);
    return [
      {
        id: 'P3',
        what: `GET /api/health vs bare node:http, 50 conns (${app.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'})`,
        figure:
          `${rps(runs.app)} vs ${rps(runs.bare)} req/s = ${ratio} %, p99 ${Math.max(...runs.app.map((r) => r.p99))} ms; ` +
          `Hono alone ${percentOfBare(runs.hono)} %; bare node:http sending the app's headers ${percentOfBare(runs.headers)} %; ` +
          `server CPU per request ${appCpu.toFixed(1)} vs ${bareCpu.toFixed(1)} µs = ${Math.round((bareCpu / appCpu) * 100)} %; ` +
          `before any sign-in ${Math.min(...fresh).toFixed(1)} µs; ` +
          `promises a request ${promises.anonymous} (${promises.signedIn} signed in)`,
        budget: '≥ 70 %',
        met: ratio >= 70,
      },
    ];
  } finally {
    bare.close();
    bareWithHeaders.close();
    honoAlone.close();
  }
}
