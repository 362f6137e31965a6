import { sql, type SQL, type AnyColumn } from 'drizzle-orm';

/**
 * src/common/email-canonical.ts's canonicalEmail in SQL, for comparing stored addresses in their canonical
 * form without a column of it: folded, the "+tag" dropped (not a leading "+"), Gmail's dots dropped and
 * googlemail.com read as gmail.com. tests/db/canonical-email.test.ts holds the two to the same answers.
 */
export function canonicalEmailSql(column: AnyColumn | SQL): SQL<string> {
  const folded = sql`lower(btrim(${column}))`;
  const local = sql`regexp_replace(split_part(${folded}, '@', 1), '^([^+]+)\\+.*$', '\\1')`;
  const domain = sql`split_part(${folded}, '@', 2)`;
  return sql<string>`(case when ${domain} in ('gmail.com', 'googlemail.com') then replace(${local}, '.', '') || '@gmail.com' else ${local} || '@' || ${domain} end)`;
}
