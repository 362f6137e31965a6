import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { load, type BenchApp, type Row } from './support';

/** P3: the app's health route against a bare node:http server answering the same JSON, in the same run. */
export async function overheadBench(app: BenchApp): Promise<Row[]> {
  const body = JSON.stringify({ ok: true });
  const bare = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
  try {
    // Alternate, so that a busy moment of the machine does not fall on one side only.
    const appRuns = [];
    const bareRuns = [];
    for (let i = 0; i < 2; i++) {
      bareRuns.push(await load(bareUrl, { duration: 4 }));
      appRuns.push(await load(`${app.url}/api/health`, { duration: 4 }));
    }
    const rps = (runs: { rps: number }[]) => Math.round(runs.reduce((n, r) => n + r.rps, 0) / runs.length);
    const ratio = Math.round((rps(appRuns) / rps(bareRuns)) * 100);
    return [
      {
        id: 'P3',
        what: `GET /api/health vs bare node:http, 50 conns (${app.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'})`,
        figure: `${rps(appRuns)} vs ${rps(bareRuns)} req/s = ${ratio} %, p99 ${Math.max(...appRuns.map((r) => r.p99))} ms`,
        budget: '≥ 70 %',
        met: ratio >= 70,
      },
    ];
  } finally {
    bare.close();
  }
}
