import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import { isLeftover, stampedName } from './database-names';

/**
 * The template every PostgreSQL test database of this run is copied from; global-setup migrates it once.
 * Named per run, so two runs on one server (a developer's and CI's) never share or drop each other's.
 */
export const newTemplateName = () => stampedName('pitchroom_tpl_');

export function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase extends Database {
  /** Drops the database (PostgreSQL) or closes it (PGlite). */
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, a copy of the migrated
 * template on the PostgreSQL of DATABASE_URL when it is set.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    // Loading the migrated template (global-setup) takes a fraction of a fresh PGlite start plus migrations.
    const template = inject('pgliteTemplate');
    const database = await openDatabase(template ? { pgliteDump: readFileSync(template) } : {});
    if (!template) await database.migrate();
    return { ...database, dispose: () => database.close() };
  }
  const name = stampedName('pitchroom_t_');
  const template = inject('pgTemplate');
  if (!template) throw new Error('global-setup did not prepare a PostgreSQL template database');
  await admin(baseUrl, (c) => c.query(`create database "${name}" template "${template}"`));
  const database = await openDatabase({ url: withDatabaseName(baseUrl, name), poolSize: 5 });
  return {
    ...database,
    async dispose() {
      await database.close();
      await admin(baseUrl, (c) => c.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

/** Creates (or recreates) the template database with every migration applied. */
export async function prepareTemplate(baseUrl: string, templateDb: string): Promise<void> {
  await admin(baseUrl, async (c) => {
    // Leftovers of runs that crashed: old databases nobody is connected to. A young one may be a template of a
    // run still going on this server, between two of its files.
    const stale = await c.query<{ datname: string }>(
      `select datname from pg_database d where (datname like 'pitchroom_t_%' or datname like 'pitchroom_tpl_%')
         and not exists (select 1 from pg_stat_activity a where a.datname = d.datname)`,
    );
    for (const row of stale.rows.filter((r) => isLeftover(r.datname)))
      await c.query(`drop database if exists "${row.datname}"`).catch(() => {});
    await c.query(`create database "${templateDb}"`);
  });
  const template = await openDatabase({ url: withDatabaseName(baseUrl, templateDb), poolSize: 1 });
  try {
    await template.migrate();
  } finally {
    await template.close();
  }
}

export async function dropDatabase(baseUrl: string, name: string): Promise<void> {
  await admin(baseUrl, (c) => c.query(`drop database if exists "${name}" with (force)`));
}

/** An empty PostgreSQL database of its own (the server under test migrates it), for browser journeys. */
export async function createTestDatabaseUrl(baseUrl: string): Promise<{ url: string; dispose(): Promise<void> }> {
  const name = stampedName('pitchroom_t_');
  await admin(baseUrl, (c) => c.query(`create database "${name}"`));
  return {
    url: withDatabaseName(baseUrl, name),
    async dispose() {
      await admin(baseUrl, (c) => c.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

/** A migrated PGlite data directory, dumped once per run for every test file to load. */
export async function preparePgliteTemplate(): Promise<string> {
  const database = await openDatabase({});
  try {
    await database.migrate();
    const dump = await database.dumpPglite!();
    const file = path.join(tmpdir(), `pitchroom-pglite-template-${process.pid}.tar`);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  } finally {
    await database.close();
  }
}
