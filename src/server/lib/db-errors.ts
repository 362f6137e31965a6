/** PostgreSQL error details, wherever the driver (node-postgres, PGlite) or Drizzle put them. */
function pgErrorOf(error: unknown): { code?: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return { code: candidate.code, constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined };
    }
    current = candidate.cause;
  }
  return undefined;
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pg = pgErrorOf(error);
  return pg?.code === '23505' && (!constraint || pg.constraint === constraint);
}

/**
 * A row still referenced elsewhere, by that foreign key's name when given: 23503 for a NO ACTION key, 23001 for
 * an ON DELETE RESTRICT one.
 */
export function isForeignKeyViolation(error: unknown, constraint?: string): boolean {
  const pg = pgErrorOf(error);
  return (pg?.code === '23503' || pg?.code === '23001') && (!constraint || pg.constraint === constraint);
}
