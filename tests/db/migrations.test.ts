import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../src/server/db/client';
import { createTestDatabase, type TestDatabase } from '../setup/database';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DRIZZLE_KIT = path.join(ROOT, 'node_modules/.bin/drizzle-kit');
const SCHEMA = './src/server/db/schema/index.ts';

interface Journal {
  entries: { idx: number; tag: string }[];
}
interface SnapshotTable {
  name: string;
  columns: Record<string, { name: string; type: string; notNull: boolean; primaryKey: boolean }>;
  indexes: Record<string, { name: string; isUnique: boolean }>;
  foreignKeys: Record<string, { name: string; onDelete: string }>;
  compositePrimaryKeys: Record<string, { name: string }>;
  uniqueConstraints: Record<string, { name: string }>;
  checkConstraints: Record<string, { name: string }>;
}

const journal: Journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'));
const lastTag = journal.entries.at(-1)!.tag;
const snapshotFile = (tag: string) => path.join(MIGRATIONS_FOLDER, `meta/${tag.split('_')[0]}_snapshot.json`);
const snapshot: { tables: Record<string, SnapshotTable> } = JSON.parse(readFileSync(snapshotFile(lastTag), 'utf8'));
const tables = Object.values(snapshot.tables);

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe(`the committed migrations on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  test('every migration of the journal is recorded as applied, with the hash of its file', async () => {
    const applied = await rows<{ hash: string }>(sql`select hash from drizzle.__drizzle_migrations order by created_at`);
    const expected = journal.entries.map((e) =>
      createHash('sha256')
        .update(readFileSync(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), 'utf8'))
        .digest('hex'),
    );
    expect(applied.map((r) => r.hash)).toEqual(expected);
  });

  test('running them again changes nothing', async () => {
    await database.migrate();
    const applied = await rows<{ hash: string }>(sql`select hash from drizzle.__drizzle_migrations`);
    expect(applied).toHaveLength(journal.entries.length);
  });

  test('the database has exactly the tables and columns of the latest snapshot, with their types and nullability', async () => {
    const columns = await rows<{ table_name: string; column_name: string; type: string; not_null: boolean }>(sql`
      select c.relname as table_name, a.attname as column_name, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped`);
    const actual = columns.map((c) => `${c.table_name}.${c.column_name} ${c.type}${c.not_null ? ' not null' : ''}`).sort();
    const expected = tables
      // The snapshot writes numeric(5, 2) where PostgreSQL writes numeric(5,2).
      .flatMap((t) =>
        Object.values(t.columns).map(
          (c) => `${t.name}.${c.name} ${c.type.replaceAll(', ', ',')}${c.notNull || c.primaryKey ? ' not null' : ''}`,
        ),
      )
      .sort();
    expect(actual).toEqual(expected);
  });

  test('every constraint and index of the snapshot exists under its name', async () => {
    const constraints = await rows<{ table_name: string; name: string; type: string; del: string }>(sql`
      select c.relname as table_name, k.conname as name, k.contype as type, k.confdeltype as del
      from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public'`);
    const indexes = await rows<{ table_name: string; name: string }>(sql`
      select tablename as table_name, indexname as name from pg_indexes where schemaname = 'public'`);
    const have = new Set([...constraints.map((k) => `${k.table_name}:${k.name}`), ...indexes.map((i) => `${i.table_name}:${i.name}`)]);
    const onDelete = new Map(constraints.filter((k) => k.type === 'f').map((k) => [k.name, k.del]));
    const pgDeleteCode: Record<string, string> = { cascade: 'c', 'set null': 'n', restrict: 'r', 'no action': 'a' };

    for (const t of tables) {
      const named = [
        ...Object.keys(t.indexes),
        ...Object.keys(t.foreignKeys),
        ...Object.keys(t.compositePrimaryKeys),
        ...Object.keys(t.uniqueConstraints),
        ...Object.keys(t.checkConstraints),
      ];
      for (const name of named) expect(have.has(`${t.name}:${name}`), `${t.name}: ${name}`).toBe(true);
      for (const fk of Object.values(t.foreignKeys)) {
        expect(onDelete.get(fk.name), `${fk.name} on delete ${fk.onDelete}`).toBe(pgDeleteCode[fk.onDelete]);
      }
    }
  });
});

describe('the schema in src/server/db/schema and the committed migrations', () => {
  let out: string;
  beforeAll(() => {
    out = mkdtempSync(path.join(tmpdir(), 'pitchroom-drizzle-'));
  });
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  /** A copy of ./drizzle to generate into, so the committed folder is never written. */
  const copyOfMigrations = (name: string) => {
    const folder = path.join(out, name);
    cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
    return folder;
  };

  function generate(folder: string) {
    const before = readdirSync(folder).sort();
    // drizzle-kit resolves --out against the working directory, so hand it a relative path.
    const result = spawnSync(
      DRIZZLE_KIT,
      ['generate', '--dialect', 'postgresql', '--schema', SCHEMA, '--out', path.relative(ROOT, folder), '--name', 'drift'],
      { cwd: ROOT, encoding: 'utf8', timeout: 60_000, env: { ...process.env, NO_COLOR: '1' } },
    );
    const created = readdirSync(folder)
      .sort()
      .filter((f) => !before.includes(f));
    return { status: result.status, output: `${result.stdout}\n${result.stderr}`, created };
  }

  test('drizzle-kit generate finds no schema changes', () => {
    const result = generate(copyOfMigrations('current'));
    expect(result.status, result.output).toBe(0);
    expect(result.output).toContain('No schema changes');
    expect(result.created).toEqual([]);
  });

  test('the check can fail: against a snapshot that lacks a table, generate writes a migration for it', () => {
    const folder = copyOfMigrations('stale');
    const staleSnapshot = path.join(folder, path.relative(MIGRATIONS_FOLDER, snapshotFile(lastTag)));
    const json = JSON.parse(readFileSync(staleSnapshot, 'utf8'));
    delete json.tables['public.payment_events'];
    writeFileSync(staleSnapshot, JSON.stringify(json, null, 2));

    const result = generate(folder);
    expect(result.status, result.output).toBe(0);
    expect(result.output).not.toContain('No schema changes');
    expect(result.created).toEqual([expect.stringMatching(/_drift\.sql$/)]);
    const migration = readFileSync(path.join(folder, result.created[0]!), 'utf8');
    expect(migration).toContain('CREATE TABLE "payment_events"');
  });

  test('drizzle-kit check finds the migration history consistent', () => {
    const result = spawnSync(DRIZZLE_KIT, ['check', '--dialect', 'postgresql', '--out', path.relative(ROOT, MIGRATIONS_FOLDER)], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stdout + result.stderr).toContain("Everything's fine");
  });
});
