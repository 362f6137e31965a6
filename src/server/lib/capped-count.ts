import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { ADMIN_COUNT_CAP } from '../../common/constants';
import { queryRows, type DbOrTx } from '../db/client';

/**
 * The rows `matching` (a select of the list's matches, in any order) counted exactly up to the admin's cap, or
 * to the end of the page asked for when that is further, and no further: the first page costs the same however
 * long the list grows, and a page past the cap still knows whether another follows.
 */
export async function cappedCount(
  db: DbOrTx,
  matching: SQL | SQLWrapper,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<{ total: number; totalCapped: boolean }> {
  const cap = Math.max(ADMIN_COUNT_CAP, page * pageSize);
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${matching} limit ${cap + 1}) as m`);
  const n = Number(row!.n);
  return { total: Math.min(n, cap), totalCapped: n > cap };
}
