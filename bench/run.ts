/**
 * npm run bench [name...]: every benchmark, on PGlite and (when DATABASE_URL is set) on PostgreSQL, printed
 * as one table of figure, budget and whether it is met. Figures, not assertions: nothing here fails a build.
 * Names: bundle, lighthouse, first-view, first-start, player, list-view, process, analysis-load, pglite-memory,
 * overhead, catalogue, similar, search, song-page, admin, mail, reference.
 */
import { adminBench } from './admin.bench';
import { analysisLoadBench } from './analysis-load.bench';
import { bundleBench } from './bundle.bench';
import { catalogueBench } from './catalogue.bench';
import { firstStartBench } from './first-start.bench';
import { firstViewBench } from './first-view.bench';
import { lighthouseBench } from './lighthouse.bench';
import { listViewBench } from './list-view.bench';
import { mailBench } from './mail.bench';
import { overheadBench } from './overhead.bench';
import { pgliteMemoryBench } from './pglite-memory.bench';
import { playerBench } from './player.bench';
import { processBench } from './process.bench';
import { referenceBench } from './reference.bench';
import { searchBench } from './search.bench';
import { similarBench } from './similar.bench';
import { songPageBench } from './song-page.bench';
import { printTable, startBenchApp, type BenchApp, type DbKind, type Row } from './support';

const only = process.argv.slice(2);
const kinds: DbKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
const wanted = (name: string) => only.length === 0 || only.includes(name);
const appBenches: Record<string, (app: BenchApp) => Promise<Row[]>> = {
  overhead: overheadBench,
  catalogue: catalogueBench,
  similar: similarBench,
  search: searchBench,
  'song-page': songPageBench,
  admin: adminBench,
  mail: mailBench,
  reference: referenceBench,
};

const rows: Row[] = [];
if (wanted('bundle') || wanted('player')) rows.push(...(await bundleBench()));
// Builds this checkout and the baseline commit for itself.
if (wanted('lighthouse')) rows.push(...(await lighthouseBench()));
if (wanted('first-view')) rows.push(...(await firstViewBench()));
if (wanted('first-start')) rows.push(...(await firstStartBench()));
// Needs the web build the bundle bench just made.
if (wanted('player')) rows.push(...(await playerBench()));
// Builds this checkout for itself, and seeds 10,000 songs.
if (wanted('list-view')) rows.push(...(await listViewBench()));
if (wanted('process')) rows.push(...(await processBench()));
// Builds this checkout, and starts it on PGlite and (with DATABASE_URL) on PostgreSQL itself.
if (wanted('analysis-load')) rows.push(...(await analysisLoadBench()));
if (wanted('pglite-memory')) rows.push(...(await pgliteMemoryBench()));
for (const kind of kinds) {
  for (const [name, bench] of Object.entries(appBenches)) {
    if (!wanted(name)) continue;
    // The health route touches no database: one run says it all.
    if (name === 'overhead' && kind !== kinds[0]) continue;
    const app = await startBenchApp(kind);
    try {
      console.error(`running ${name} on ${kind}...`);
      rows.push(...(await bench(app)));
    } finally {
      await app.close();
    }
  }
}
rows.sort((a, b) => a.id.localeCompare(b.id));
printTable(rows);
if (!process.env.DATABASE_URL) console.log('\nSet DATABASE_URL=postgres://... to run the PostgreSQL figures as well.');
