import { sql } from 'drizzle-orm';
import { queryRows } from '../src/server/db/client';
import { makeUser } from '../src/server/db/seed/factories';
import { bareStatementsMs, medianMs, statementsSent, timesFloor, type BenchApp, type Row } from './support';

/** 100,000 users, 30,000 songwriter profiles, 20,000 orders, 1,000,000 plays, loaded with set-based SQL. */
export async function bulkLoad(app: BenchApp, { users = 100_000, orders = 20_000, plays = 1_000_000 } = {}) {
  const db = app.database.db;
  await db.execute(sql`
    insert into users (id, email, name, email_verified, created_at)
    select 'bench-' || g, 'user' || g || '@bench.test', 'Bench User ' || g, g % 20 <> 0, now() - (g || ' minutes')::interval
    from generate_series(1, ${users}) g`);
  await db.execute(sql`
    insert into songwriter_profiles (user_id, username, first_name, last_name, email, completed_at)
    select 'bench-' || g, 'writer' || g, 'First' || g, 'Last' || g, 'user' || g || '@bench.test', now()
    from generate_series(1, 30000) g`);
  await db.execute(sql`insert into user_roles (user_id, role) select 'bench-' || g, 'songwriter' from generate_series(1, 30000) g`);
  await db.execute(sql`insert into user_roles (user_id, role) select 'bench-' || g, 'preview' from generate_series(30001, 35000) g`);
  await db.execute(sql`
    insert into orders (songwriter_id, package_size, amount_paid_cents, payment_status, songs_submitted, payment_provider, customer_email, created_at, paid_at)
    select 'bench-' || (1 + (g * 7) % 30000), 1 + g % 4, (1 + g % 4) * 2500,
      case when g % 10 = 0 then 'pending' when g % 3 = 0 then 'completed' else 'paid' end,
      case when g % 3 = 0 then 1 + g % 4 else 0 end, 'test', 'user' || g || '@bench.test',
      now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
    from generate_series(1, ${orders}) g`);
  await db.execute(sql`
    insert into songs (slug, title, description, lyrics, order_index)
    select 'admin-bench-' || g, 'Song ' || g, 'd', 'l', g from generate_series(1, 200) g`);
  await db.execute(sql`
    insert into song_plays (user_id, song_id, played_at, duration_seconds, completed)
    select 'bench-' || (30001 + g % 5000), s.ids[1 + g % 200], now() - ((g % 86400) || ' minutes')::interval, g % 240, g % 3 = 0
    from generate_series(1, ${plays}) g, (select array_agg(id) as ids from songs) s`);
  // As autovacuum would soon after a bulk load: fresh statistics and a visibility map for index-only scans.
  await db.execute(sql`vacuum analyze`);
}

/**
 * The indexes a request read, as PostgreSQL counts them (pg_stat_user_indexes), and the tables it scanned
 * whole: statistics reset, the request made once, then read once the app's connections have flushed theirs
 * (a backend sends its counts within 10 s of going idle, and at once when it closes). PostgreSQL only.
 */
async function scansOf(app: BenchApp, request: () => Promise<void>): Promise<string> {
  const db = app.database.db;
  await db.execute(sql`select pg_stat_reset()`);
  await request();
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  const indexes = await queryRows<{ name: string }>(
    db,
    sql`
    select indexrelname as name from pg_stat_user_indexes where idx_scan > 0 order by indexrelname`,
  );
  // Tables of more than a thousand rows read whole (the small ones, as the planner should, are left out).
  const scanned = await queryRows<{ name: string }>(
    db,
    sql`
    select relname as name from pg_stat_user_tables where seq_scan > 0 and n_live_tup > 1000 order by relname`,
  );
  const names = (rows: { name: string }[]) => rows.map((r) => r.name);
  const whole = names(scanned);
  return `indexes ${names(indexes).join(', ') || 'none'}; ${whole.length ? `read whole: ${whole.join(', ')}` : 'no large table read whole'}`;
}

export async function adminBench(app: BenchApp): Promise<Row[]> {
  const started = performance.now();
  await bulkLoad(app);
  const loadSeconds = Math.round((performance.now() - started) / 100) / 10;
  const admin = await makeUser(app.database.db, { roles: ['admin'] });
  const cookie = await app.cookieFor(admin.email, admin.password);
  const get = (path: string) => async () => {
    const res = await fetch(`${app.url}${path}`, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    await res.arrayBuffer();
  };
  const label = app.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const dashboard = await medianMs(7, get('/api/admin/dashboard'));
  const users = await medianMs(7, get('/api/admin/users'));
  const customers = await medianMs(7, get('/api/admin/customers'));
  // Each page's floor: the statements it sent, replayed straight to the driver (median of 7 runs).
  const floor = async (path: string, ms: number) => {
    const statements = await statementsSent(app, get(path));
    const bare = await bareStatementsMs(app, statements, 7);
    return `; ${statements.length} statements, bare ${bare} ms (${timesFloor(ms, bare)})`;
  };
  const dashboardBudget = app.kind === 'postgres' ? 50 : 150;
  const scans = async (path: string) => (app.kind === 'postgres' ? `; ${await scansOf(app, get(path))}` : '');
  return [
    {
      id: 'P5',
      what: `admin dashboard, 1M plays / 100k users / 20k orders (${label}; load ${loadSeconds} s)`,
      figure: `${dashboard} ms${await floor('/api/admin/dashboard', dashboard)}${await scans('/api/admin/dashboard')}`,
      budget: `≤ ${dashboardBudget} ms`,
      met: dashboard <= dashboardBudget,
    },
    {
      id: 'P7',
      what: `All Users, first page (${label})`,
      figure: `${users} ms${await floor('/api/admin/users', users)}${await scans('/api/admin/users')}`,
      budget: app.kind === 'postgres' ? '≤ 100 ms' : '—',
      met: app.kind === 'postgres' ? users <= 100 : null,
    },
    {
      id: 'P7',
      what: `Customers, first page (${label})`,
      figure: `${customers} ms${await floor('/api/admin/customers', customers)}${await scans('/api/admin/customers')}`,
      budget: app.kind === 'postgres' ? '≤ 100 ms' : '—',
      met: app.kind === 'postgres' ? customers <= 100 : null,
    },
  ];
}
