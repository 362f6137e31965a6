import { defineConfig } from 'vitest/config';
import { DATABASE_INDEPENDENT_TESTS, SLOW_TESTS } from './tests/tiers.ts';

/** CI's pass on PostgreSQL runs only what the database behind the app can change (tests/tiers.ts). */
export const databaseDependentOnly = process.env.DATABASE_DEPENDENT_ONLY === '1';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    // The slow tier runs on its own (tests/tiers.ts): `npm test` and CI run it, `npm run test:unit` does not.
    exclude: ['tests/e2e/**', 'node_modules/**', ...SLOW_TESTS, ...(databaseDependentOnly ? DATABASE_INDEPENDENT_TESTS : [])],
    globalSetup: ['tests/setup/global-setup.ts'],
    // Each file gets its own database, so files can run side by side. vitest's default is one worker
    // fewer than the cores: on a 2-core machine that is one file at a time.
    pool: 'forks',
    maxWorkers: 2,
    // Files share their worker process (each still opens its own database and app): a fresh process per file
    // spent most of its time importing the server again. Every file must still pass alone
    // (scripts/each-test-file-alone.mjs).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
