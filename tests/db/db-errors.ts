import { expect } from 'vitest';

/**
 * The name of the constraint a database error is about. Drizzle wraps the driver's error (node-postgres
 * or PGlite) in its own and keeps it as `cause`; both drivers put the name in `constraint`, and the
 * server's message quotes it too, so look at every error of the chain for either.
 */
export function constraintOf(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  let current = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const { constraint, message, cause } = current as { constraint?: unknown; message?: unknown; cause?: unknown };
    if (typeof constraint === 'string' && constraint) return constraint;
    const quoted = typeof message === 'string' ? /constraint "([^"]+)"/.exec(message) : null;
    if (quoted) return quoted[1];
    current = cause;
  }
  return undefined;
}

/** Expects the statement to be refused by the database because of the named constraint. */
export async function expectRefusedBy(statement: PromiseLike<unknown>, constraint: string): Promise<void> {
  let error: unknown;
  try {
    await statement;
  } catch (e) {
    error = e;
  }
  expect(error, `the database should refuse this row with ${constraint}`).toBeDefined();
  expect(constraintOf(error), String((error as Error).cause ?? error)).toBe(constraint);
}
