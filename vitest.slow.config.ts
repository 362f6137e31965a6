import { defineConfig } from 'vitest/config';
import base, { databaseDependentOnly } from './vitest.config.ts';
import { DATABASE_INDEPENDENT_TESTS, SLOW_TESTS } from './tests/tiers.ts';

/**
 * The slow tier (tests/tiers.ts), with the unit and API suite's settings. DATABASE_DEPENDENT_ONLY=1 runs only
 * the slow tests whose outcome depends on the database (CI's pass on PostgreSQL).
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: SLOW_TESTS,
    exclude: ['node_modules/**', ...(databaseDependentOnly ? DATABASE_INDEPENDENT_TESTS : [])],
  },
});
