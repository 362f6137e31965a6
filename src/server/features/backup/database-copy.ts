import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client';

/**
 * The database as rows, read and written by PostgreSQL's own text form of each row (`row::text` out,
 * `text::table` in), so every type comes back exactly as it was, on PGlite and PostgreSQL alike.
 */

/** Rows read or written per statement. */
const BATCH_ROWS = 1_000;

export async function tablesOf(db: DbOrTx): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind = 'r' order by c.relname`,
  );
  return rows.map((r) => r.name);
}

/** The table's rows in pages ordered by their place on disk, which a snapshot keeps still. */
export async function* rowsOf(tx: Tx, table: string): AsyncGenerator<string[]> {
  let after = '(0,0)';
  for (;;) {
    const rows = await queryRows<{ at: string; row: string }>(
      tx,
      sql`select t.ctid::text as at, t::text as row from ${sql.identifier(table)} t
          where t.ctid > ${after}::tid order by t.ctid limit ${BATCH_ROWS}`,
    );
    if (rows.length === 0) return;
    yield rows.map((r) => r.row);
    after = rows.at(-1)!.at;
    if (rows.length < BATCH_ROWS) return;
  }
}

export async function sequencesOf(db: DbOrTx): Promise<{ name: string; lastValue: string; isCalled: boolean }[]> {
  const names = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind = 'S' order by c.relname`,
  );
  const sequences = [];
  for (const { name } of names) {
    const [state] = await queryRows<{ last_value: string; is_called: boolean }>(
      db,
      sql`select last_value::text as last_value, is_called from ${sql.identifier(name)}`,
    );
    sequences.push({ name, lastValue: state!.last_value, isCalled: state!.is_called });
  }
  return sequences;
}

/** The migrations applied: drizzle's own table, outside the application's schema. */
export async function migrationLevel(db: DbOrTx): Promise<{ count: number; lastWhen: number }> {
  const [level] = await queryRows<{ count: number; last_when: string | null }>(
    db,
    sql`select count(*)::int as count, max(created_at)::text as last_when from drizzle.__drizzle_migrations`,
  );
  return { count: level!.count, lastWhen: Number(level!.last_when ?? 0) };
}

/** Nothing at all yet: no table of ours and no migration applied. */
export async function isEmptyDatabase(db: DbOrTx): Promise<boolean> {
  const [found] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in (current_schema(), 'drizzle') and c.relkind in ('r', 'p')`,
  );
  return found!.n === 0;
}

async function insertableColumns(tx: Tx, table: string): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    tx,
    sql`select a.attname as name from pg_attribute a
        where a.attrelid = quote_ident(${table})::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
        order by a.attnum`,
  );
  return rows.map((r) => r.name);
}

/**
 * Loads the rows into a freshly migrated schema of the same level, in the caller's transaction: foreign keys
 * are dropped and made again after (which checks them), and our triggers are off meanwhile, since the
 * derived tables they keep are restored as they were.
 */
export async function loadRows(
  tx: Tx,
  tables: string[],
  rowsFor: (table: string) => AsyncIterable<string[]>,
): Promise<Record<string, number>> {
  const foreignKeys = await queryRows<{ table: string; name: string; definition: string }>(
    tx,
    sql`select c.conrelid::regclass::text as table, c.conname as name, pg_get_constraintdef(c.oid) as definition
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where n.nspname = current_schema() and c.contype = 'f'`,
  );
  for (const fk of foreignKeys) {
    await tx.execute(sql`alter table ${sql.raw(fk.table)} drop constraint ${sql.identifier(fk.name)}`);
  }
  const present = await tablesOf(tx);
  // Rows the migrations themselves wrote (initial counts) give way to the backup's.
  if (present.length > 0) await tx.execute(sql.raw(`truncate ${present.map((t) => `"${t.replace(/"/g, '""')}"`).join(', ')}`));
  for (const table of present) await tx.execute(sql`alter table ${sql.identifier(table)} disable trigger user`);

  const counts: Record<string, number> = {};
  for (const table of tables) {
    if (!present.includes(table)) throw new Error(`The backup has a table ${table} that this version of the schema lacks.`);
    const columns = await insertableColumns(tx, table);
    const list = sql.join(
      columns.map((c) => sql.identifier(c)),
      sql`, `,
    );
    const fields = sql.join(
      columns.map((c) => sql`(r.rec).${sql.identifier(c)}`),
      sql`, `,
    );
    counts[table] = 0;
    for await (const batch of rowsFor(table)) {
      await tx.execute(
        sql`insert into ${sql.identifier(table)} (${list}) overriding system value
            select ${fields} from (select x::${sql.identifier(table)} as rec from json_array_elements_text(${JSON.stringify(batch)}::json) as j(x)) r`,
      );
      counts[table] += batch.length;
    }
  }

  for (const table of present) await tx.execute(sql`alter table ${sql.identifier(table)} enable trigger user`);
  for (const fk of foreignKeys) {
    await tx.execute(sql`alter table ${sql.raw(fk.table)} add constraint ${sql.identifier(fk.name)} ${sql.raw(fk.definition)}`);
  }
  return counts;
}

export async function setSequences(tx: Tx, sequences: { name: string; lastValue: string; isCalled: boolean }[]): Promise<void> {
  for (const s of sequences) {
    await tx.execute(sql`select setval(quote_ident(${s.name})::regclass, ${s.lastValue}::bigint, ${s.isCalled})`);
  }
}
