import { defineConfig } from 'vitest/config';

/** Browser journeys: the built app served by the real server, driven by Debian's Chromium. */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    pool: 'forks',
    // Two workers, not more: the journeys keep both cores busy, and a third made the run no shorter.
    maxWorkers: 2,
    // Journeys share their worker process (each launches its own browser): importing the server once is quicker.
    isolate: false,
    // Room for the longest journeys in a slow hour: this machine's speed moves several-fold with the hour.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Two journeys share one server on a small machine: what the user would see within seconds, not one.
    expect: { poll: { timeout: 10_000 } },
    // No retries: a journey that fails now and then is a bug to find, and its screenshots (and trace, when traced)
    // are kept (test-results/e2e, support/browser.ts) for the one try that failed.
    retry: 0,
  },
});
