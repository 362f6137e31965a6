import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * `column` holds the address `email`, ignoring case and surrounding spaces: stored addresses are compared
 * folded, as their lower(email) indexes are built.
 */
export function emailIs(column: AnyPgColumn, email: string): SQL {
  return eq(sql`lower(${column})`, email.trim().toLowerCase());
}
