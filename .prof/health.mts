import { Session } from 'node:inspector/promises';
import fs from 'node:fs';
import { startBenchApp, load } from '../bench/support.ts';
const app = await startBenchApp((process.env.KIND as 'pglite') ?? 'pglite');
const path = process.argv[2] ?? '/api/health';
const headers: Record<string, string> = {};
if (process.env.COOKIE_USER) {
  const { makePreviewUser } = await import('../bench/catalogue.bench.ts' as string).catch(() => ({}));
}
await load(`${app.url}${path}`, { duration: 2, headers });
const s = new Session(); s.connect();
await s.post('Profiler.enable'); await s.post('Profiler.setSamplingInterval', { interval: 100 }); await s.post('Profiler.start');
const r = await load(`${app.url}${path}`, { duration: 8, headers });
const { profile } = await s.post('Profiler.stop');
fs.writeFileSync('/tmp/prof/main.cpuprofile', JSON.stringify(profile));
console.log(path, r);
await app.close();
process.exit(0);
