import { defineConfig } from 'vitest/config';

/** Browser journeys: the built app served by the real server, driven by Debian's Chromium. */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    setupFiles: ['tests/e2e/support/report-failed-tries.ts'],
    pool: 'forks',
    // Two workers, not more: the journeys keep both cores busy (three workers took as long, 196 s).
    maxWorkers: 2,
    // Journeys share their worker process (each launches its own browser): 188 → 142 s on 2026-11-23.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two journeys share one server on a small machine: what the user would see within seconds, not one.
    expect: { poll: { timeout: 10_000 } },
    // One retry, and every failed try is printed with its error (support/report-failed-tries.ts), so a journey
    // that passes on its second try is still seen and fixed, not hidden.
    retry: 1,
  },
});
