import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';
import { DATABASE_INDEPENDENT_SLOW_TESTS, SLOW_TESTS } from './tests/slow-tier.ts';

/**
 * The slow tier (tests/slow-tier.ts), with the unit and API suite's settings. SLOW_TIER=database runs only
 * the slow tests whose outcome depends on the database (CI's pass on PostgreSQL).
 */
const databaseOnly = process.env.SLOW_TIER === 'database';
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: SLOW_TESTS,
    exclude: ['node_modules/**', ...(databaseOnly ? DATABASE_INDEPENDENT_SLOW_TESTS : [])],
  },
});
