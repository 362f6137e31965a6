import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import { PROJECT_ROOT } from '../project-root';
import { grantAppRole } from './app-role';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database as services see it: the same on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A service may be handed the database or a transaction it should join. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the migrations of `migrationsFolder` (the project's by default) not yet applied. */
  migrate(migrationsFolder?: string): Promise<void>;
  close(): Promise<void>;
  /** Runs fn while holding a lock across every instance on this database (start-up seeding). */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** PGlite only: the data directory as a tarball (test templates). */
  dumpPglite?(): Promise<Blob>;
  /**
   * Calls `listener` whenever a session, a user or a role changes, through any instance (migration 0009's
   * notices), and whenever notices may have been missed (the listening connection was lost).
   */
  onSessionsChanged(listener: () => void): Promise<void>;
  /** The connection pool's state now (PostgreSQL); PGlite is one connection inside the process. */
  poolUse(): { size: number; open: number; idle: number; waiting: number };
}

/** The channel migration 0009's triggers announce on. */
const SESSIONS_CHANGED = 'sessions_changed';
/** How long a lost listening connection waits before connecting again. */
const RELISTEN_MS = 1_000;

/**
 * One connection that LISTENs for the whole process, opened on first use and reopened when lost; meanwhile
 * listeners are told once, since what they keep can no longer be trusted to be told of changes.
 */
function postgresSessionChanges(url: string, onIdleError?: (error: Error) => void) {
  const listeners = new Set<() => void>();
  const tell = () => listeners.forEach((listener) => listener());
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;
  let opening: Promise<void> | undefined;

  // Told once per lost connection, not at every try while the database stays out of reach.
  let failing = false;
  const openLater = () => {
    if (closed) return;
    retry = setTimeout(
      () =>
        void open().then(
          () => (failing = false),
          (error: Error) => {
            if (!failing) onIdleError?.(error);
            failing = true;
          },
        ),
      RELISTEN_MS,
    );
  };

  async function open(): Promise<void> {
    const connection = new pg.Client({ connectionString: url });
    connection.on('notification', tell);
    connection.on('error', (error) => onIdleError?.(error));
    connection.on('end', () => {
      if (closed || client !== connection) return;
      client = undefined;
      tell();
      openLater();
    });
    try {
      await connection.connect();
      await connection.query(`LISTEN ${SESSIONS_CHANGED}`);
    } catch (error) {
      await connection.end().catch(() => {});
      openLater();
      throw error;
    }
    if (closed) return void (await connection.end());
    client = connection;
    tell();
  }

  return {
    async subscribe(listener: () => void) {
      listeners.add(listener);
      await (opening ??= open());
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}

export const MIGRATIONS_FOLDER = path.join(PROJECT_ROOT, 'drizzle');

/** Serialises migrations when several instances start at once against one PostgreSQL. */
const MIGRATION_LOCK_ID = 7_302_001;
/** Serialises start-up seeding across instances. */
const STARTUP_LOCK_ID = 7_302_002;

export interface OpenDatabaseOptions {
  /** postgres://... ; when absent, PGlite. */
  url?: string;
  /**
   * PostgreSQL: the schema owner's connection, which migrate() uses and then grants the app's role (url's) what
   * it may do (db/app-role.ts). Absent or the same as url: one role does both.
   */
  ownerUrl?: string;
  /** PGlite data folder; when absent, in memory. */
  pgliteDir?: string;
  /** PGlite: start from this dumped data directory (in memory). */
  pgliteDump?: Buffer;
  /** PGlite: its shared_buffers (PGLITE_SHARED_BUFFERS unless given; benchmarks compare others). */
  pgliteSharedBuffers?: string;
  poolSize?: number;
  /**
   * PostgreSQL: how long to wait for a connection, and for a statement's answer. The statement timeout is the
   * database's own, a little shorter than ours, so a slow query is cancelled where it runs; ours answers for a
   * database that cannot answer at all (stopped, frozen, cut off). Unset: none (scripts that run alone).
   */
  timeouts?: { connectMs: number; statementMs: number };
  /** Told about errors on idle PostgreSQL connections (logged by the server). */
  onIdleError?: (error: Error) => void;
}

/**
 * PGlite's shared_buffers; empty keeps PGlite's own, 128 MB, which grew its WebAssembly heap past the least it
 * starts with (128 MB, the module's own minimum) to 189 MB and a restarted server's idle memory by 120–170 MB.
 * The buffers hold pages the data folder's files (the OS's cache) or, in memory, PGlite's own file system
 * already hold, so a page missed is a copy, not a disk read (docs/performance.md, decision 0092).
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.url) {
    const timeouts = options.timeouts;
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      ...(timeouts && {
        connectionTimeoutMillis: timeouts.connectMs,
        statement_timeout: timeouts.statementMs,
        query_timeout: timeouts.statementMs + 2_000,
      }),
    });
    // An idle connection the server drops (restart, failover) must not crash the process; the pool reconnects.
    pool.on('error', (error) => options.onIdleError?.(error));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const sessionChanges = postgresSessionChanges(options.url, options.onIdleError);
    return {
      db,
      kind: 'postgres',
      onSessionsChanged: sessionChanges.subscribe,
      poolUse: () => ({ size: options.poolSize ?? 10, open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      async migrate(migrationsFolder = MIGRATIONS_FOLDER) {
        // A migration may rebuild a large table: its own connection, with no statement timeout.
        const ownerUrl = options.ownerUrl ?? options.url;
        const client = new pg.Client({ connectionString: ownerUrl, connectionTimeoutMillis: timeouts?.connectMs });
        await client.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
          if (ownerUrl !== options.url) {
            const [app] = (await pool.query<{ role: string }>('select current_user as role')).rows;
            await grantAppRole(client, app!.role);
          }
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
          await client.end();
        }
      },
      async exclusive(fn) {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_ID]);
          return await fn();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_ID]).catch(() => {});
          client.release();
        }
      },
      async close() {
        await sessionChanges.close();
        await pool.end();
      },
    };
  }
  if (options.pgliteDir) mkdirSync(path.dirname(options.pgliteDir), { recursive: true });
  // The extensions the migrations create (PostgreSQL ships them; PGlite loads them on demand).
  const extensions = { pg_trgm };
  const sharedBuffers = options.pgliteSharedBuffers ?? PGLITE_SHARED_BUFFERS;
  const startParams = sharedBuffers ? [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`] : undefined;
  const client = options.pgliteDir
    ? new PGlite(options.pgliteDir, { extensions, startParams })
    : new PGlite({ extensions, startParams, ...(options.pgliteDump && { loadDataDir: new Blob([new Uint8Array(options.pgliteDump)]) }) });
  await client.waitReady;
  adoptQueryParsers(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: (migrationsFolder = MIGRATIONS_FOLDER) => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    // One process owns a PGlite folder (the data-folder lock), so there is nobody to exclude.
    exclusive: (fn) => fn(),
    poolUse: () => ({ size: 1, open: 1, idle: 1, waiting: 0 }),
    async onSessionsChanged(listener) {
      await client.listen(SESSIONS_CHANGED, listener);
    },
    close: () => client.close(),
    dumpPglite: () => client.dumpDataDir('none'),
  };
}

/**
 * drizzle hands PGlite the same few parsers with every query (timestamps, dates and intervals kept as text), and
 * PGlite copies its own 300-odd parsers and those into a new object for each such query: half the CPU of a
 * small query. They are put into the instance's own parsers instead (the same ones each time, so nothing reads
 * differently), and the query goes without.
 */
function adoptQueryParsers(client: PGlite) {
  const query = client.query.bind(client);
  client.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
    if (!options?.parsers) return query(text, params, options);
    Object.assign(client.parsers, options.parsers);
    return query(text, params, { ...options, parsers: undefined });
  }) as PGlite['query'];
}

/** Cheap liveness probe for /api/health. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Rows of a raw `db.execute(sql...)`: both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
