/**
 * npm run bench: every benchmark, on PGlite and (when DATABASE_URL is set) on PostgreSQL, printed as one
 * table of figure, budget and whether it is met. Figures, not assertions: nothing here fails a build.
 */
import { adminBench } from './admin.bench';
import { catalogueBench } from './catalogue.bench';
import { printTable, startBenchApp, type DbKind, type Row } from './support';

const only = process.argv.slice(2);
const kinds: DbKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
const benches = { catalogue: catalogueBench, admin: adminBench };

const rows: Row[] = [];
for (const kind of kinds) {
  for (const [name, bench] of Object.entries(benches)) {
    if (only.length > 0 && !only.includes(name)) continue;
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
