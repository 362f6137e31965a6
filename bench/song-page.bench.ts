import { sql } from 'drizzle-orm';
import { makePreviewUser } from '../src/server/db/seed/factories';
import { loadSongs } from './catalogue.bench';
import {
  bareStatementsMs,
  cpuPerRequest,
  load,
  medianMs,
  startBareServer,
  statementsSent,
  timesFloor,
  type BenchApp,
  type DbKind,
  type Row,
} from './support';

const SONG = 'bench-song-42';

/** Two writers, twelve approved comments and one of the buyer's own awaiting approval: a song page as it is read. */
async function dressSong(app: BenchApp, buyerId: string) {
  const db = app.database.db;
  await db.execute(sql`
    insert into song_writers (song_id, position, name, pro, share)
    select id, p, 'Writer ' || p, 'BMI', 50 from songs, generate_series(0, 1) p where slug = ${SONG}`);
  await db.execute(sql`
    insert into song_comments (song_id, user_id, commenter_name, commenter_email, comment_text, is_approved, created_at)
    select id, null, 'Listener ' || c, 'listener' || c || '@bench.test', 'Comment ' || c || ' on the chorus', true,
      now() - (c || ' hours')::interval
    from songs, generate_series(1, 12) c where slug = ${SONG}`);
  await db.execute(sql`
    insert into song_comments (song_id, user_id, commenter_name, commenter_email, comment_text)
    select id, ${buyerId}, 'Preview User', 'buyer@bench.test', 'Is the bridge cleared?' from songs where slug = ${SONG}`);
  await db.execute(sql`analyze`);
}

/** p50 of the cached route on each database, kept across the runs so the second can be read against the first. */
const p50s = new Map<DbKind, number>();

/**
 * P4, the song page API (one catalogue song for a signed-in buyer) over 10,000 songs: under 50 connections as
 * served and with nothing cached, beside a bare node:http server sending the same bytes; and at one request at a
 * time beside its floor, the very statements it sends the database replayed straight to the driver.
 */
export async function songPageBench(app: BenchApp): Promise<Row[]> {
  await loadSongs(app);
  const buyer = await makePreviewUser(app.database.db);
  await dressSong(app, buyer.id);
  const headers = { cookie: await app.cookieFor(buyer.email, buyer.password) };
  const label = app.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const rows: Row[] = [];
  const body = await fetch(`${app.url}/api/songs/${SONG}`, { headers }).then((r) => r.text());
  const bare = await startBareServer(body);
  try {
    const ceiling = await load(bare.url);
    for (const [how, base] of [
      ['', app.url],
      [', no cache', app.uncachedUrl],
    ] as const) {
      const url = `${base}/api/songs/${SONG}`;
      const get = () => fetch(url, { headers }).then((r) => r.text());
      await get();
      const statements = await statementsSent(app, get);
      const floorMs = await bareStatementsMs(app, statements);
      const oneMs = await medianMs(100, get);
      const r = await load(url, { headers });
      // This process's CPU per request, PGlite's work included (PostgreSQL's runs in processes of its own).
      const cpuUs = Math.round(await cpuPerRequest(url, { requests: 1_000, headers }));
      if (!how) p50s.set(app.kind, r.p50);
      rows.push({
        id: 'P4',
        what: `song page API${how}, 10k songs (${label})`,
        figure:
          `50 conns: p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.rps} req/s, ${r.errors + r.non2xx} errors ` +
          `(bare node:http, same ${body.length} bytes: p50 ${ceiling.p50} ms, ${ceiling.rps} req/s; p50 ${timesFloor(r.p50, ceiling.p50)}); ` +
          `server CPU ${cpuUs} µs a request; one at a time: ${oneMs} ms, ${statements.length} statements, bare ${floorMs} ms (${timesFloor(oneMs, floorMs)})`,
        budget: app.kind === 'postgres' ? 'p99 ≤ 20 ms' : 'p99 ≤ 50 ms',
        met: r.errors + r.non2xx === 0 && r.p99 <= (app.kind === 'postgres' ? 20 : 50),
      });
    }
  } finally {
    bare.close();
  }
  const [pglite, postgres] = [p50s.get('pglite'), p50s.get('postgres')];
  if (pglite !== undefined && postgres !== undefined && p50s.size === 2) {
    rows.push({
      id: 'P4',
      what: 'song page API p50 under 50 conns, PGlite against PostgreSQL, same run',
      figure: `PGlite ${pglite} ms, PostgreSQL ${postgres} ms: ${Math.round((pglite / postgres) * 10) / 10}×`,
      budget: '≤ 2×',
      met: pglite <= 2 * postgres,
    });
  }
  return rows;
}
