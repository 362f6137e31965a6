/**
 * One process of the PGlite memory bench (pglite-memory.bench.ts): `prepare` makes a data folder with 10,000
 * songs, as a server's first start would; `measure` opens it again, as a restarted server does (no initdb
 * in its memory), and prints its idle resident memory and the catalogue's figures as JSON.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { makePreviewUser } from '../src/server/db/seed/factories';
import { loadSongs } from './catalogue.bench';
import { medianMs, startBenchApp } from './support';

const [mode, pgliteDir, pgliteSharedBuffers] = process.argv.slice(2) as ['prepare' | 'measure', string, string];
const app = await startBenchApp('pglite', { pgliteDir, pgliteSharedBuffers });
if (mode === 'prepare') {
  await loadSongs(app);
  await app.close();
  process.exit(0);
}
const user = await makePreviewUser(app.database.db);
const headers = { cookie: await app.cookieFor(user.email, user.password) };
const listPath = '/api/songs?page=3';
const searchPath = '/api/songs?q=whiskey&genre=Americana&bpmMin=70&bpmMax=140';
for (const path of [listPath, searchPath]) await fetch(`${app.uncachedUrl}${path}`, { headers }).then((r) => r.text());

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
for (let i = 0; i < 3; i++) {
  gc();
  await new Promise((resolve) => setTimeout(resolve, 500));
}
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const client = (app.database.db as unknown as { $client: { Module: { HEAPU8: Uint8Array } } }).$client;
const idle = { rssMb: mb(process.memoryUsage().rss), wasmMb: mb(client.Module.HEAPU8.length) };
// One request at a time, uncached (each a query, the figure shared_buffers could slow); then as served. (Under
// 50 connections a busy machine timed every request out.)
const get = (url: string) => () =>
  fetch(url, { headers }).then((r) => (r.ok ? r.text() : Promise.reject(new Error(`${url}: ${r.status}`))));
const list = await medianMs(50, get(`${app.uncachedUrl}${listPath}`));
const search = await medianMs(50, get(`${app.uncachedUrl}${searchPath}`));
const served = await medianMs(50, get(`${app.url}${listPath}`));
console.log(JSON.stringify({ ...idle, list, search, served, rssAfterMb: mb(process.memoryUsage().rss) }));
await app.close();
process.exit(0);
