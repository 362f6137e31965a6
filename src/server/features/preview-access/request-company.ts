import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** A preview user's company: the one named in their latest request for access (null without one). */
export function requestCompany(userId: AnyPgColumn | SQL): SQL<string | null> {
  return sql<string | null>`(
    select pr.company_name from preview_requests pr where pr.user_id = ${userId} order by pr.created_at desc limit 1)`;
}
