import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { cpuPerRequest, load, startBareServer, type BenchApp, type Row } from './support';

const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/**
 * P3, a figure without a budget: the app's health route against a bare node:http server answering the same
 * JSON and against Hono with that one route and nothing else, in the same run, alternated so that a busy moment
 * of the machine does not fall on one side only; and the server's own CPU time per request, the load generator
 * in a process of its own (the least of three runs, as other work on the machine only ever adds to it).
 */
export async function overheadBench(app: BenchApp): Promise<Row[]> {
  const bare = await startBareServer(JSON.stringify({ ok: true }));
  const honoAlone = await new Promise<Server>((resolve) => {
    const server = serve({ fetch: new Hono().get('/api/health', (c) => c.json({ ok: true })).fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(server as Server),
    );
  });
  try {
    const runs = { app: [] as { rps: number; p99: number }[], bare: [] as { rps: number }[], hono: [] as { rps: number }[] };
    for (let i = 0; i < 2; i++) {
      runs.bare.push(await load(bare.url, { duration: 4 }));
      runs.app.push(await load(`${app.url}/api/health`, { duration: 4 }));
      runs.hono.push(await load(`${urlOf(honoAlone)}/api/health`, { duration: 4 }));
    }
    const cpu = { app: [] as number[], bare: [] as number[] };
    for (let i = 0; i < 3; i++) {
      cpu.bare.push(await cpuPerRequest(bare.url));
      cpu.app.push(await cpuPerRequest(`${app.url}/api/health`));
    }
    const [appCpu, bareCpu] = [Math.min(...cpu.app), Math.min(...cpu.bare)];
    const rps = (list: { rps: number }[]) => Math.round(list.reduce((n, r) => n + r.rps, 0) / list.length);
    const percentOfBare = (list: { rps: number }[]) => Math.round((rps(list) / rps(runs.bare)) * 100);
    return [
      {
        id: 'P3',
        what: `GET /api/health vs bare node:http, 50 conns (${app.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'})`,
        figure:
          `${rps(runs.app)} vs ${rps(runs.bare)} req/s = ${percentOfBare(runs.app)} %, p99 ${Math.max(...runs.app.map((r) => r.p99))} ms; ` +
          `Hono alone ${percentOfBare(runs.hono)} %; server CPU per request ${appCpu.toFixed(1)} vs ${bareCpu.toFixed(1)} µs`,
        budget: '—',
        met: null,
      },
    ];
  } finally {
    bare.close();
    honoAlone.close();
  }
}
