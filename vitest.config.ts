import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    globalSetup: ['tests/setup/global-setup.ts'],
    // Each file gets its own database; files run in parallel on two cores.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
