import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Row counts of big tables, kept exact by statement triggers in the same transaction as each insert and
 * delete (migration 0008): the dashboard reads one row instead of counting 100,000 (bench row P5).
 */
export const rowCounts = pgTable(
  'row_counts',
  {
    tableName: text('table_name').primaryKey(),
    rows: bigint('rows', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('row_counts_rows_check', sql`${t.rows} >= 0`)],
);
