/**
 * The slow tier: property-based fuzzing of every route, SIGKILL durability (the server's and the mail
 * outbox's), 2 GB really uploaded, idle keep-alive connections, a typecheck of the contract with a field
 * renamed, and whole servers started as `npm start` starts them (seeding the demo songs' audio, production's
 * refusals), backups taken during writes and restored, the demo catalogue rendered in full, the section analysis's accuracy over ten rendered songs, a stop's drain and a rolling restart of two instances behind a proxy under load. Minutes of work that change with the server's edges, not with each edit, so `npm run test:unit`
 * leaves them out and stays under 3 minutes; `npm test` and CI run them (`npm run test:slow`).
 */
export const SLOW_TESTS = [
  'tests/api/fuzz-1.test.ts',
  'tests/api/fuzz-2.test.ts',
  'tests/server/durability.test.ts',
  'tests/api/upload-hardening.test.ts',
  'tests/api/kept-connections.test.ts',
  'tests/contract/a-changed-response-breaks-the-typecheck.test.ts',
  'tests/mail/outbox-durability.test.ts',
  'tests/server/startup.test.ts',
  'tests/server/production-start.test.ts',
  'tests/server/backup-restore.test.ts',
  'tests/server/offline-backup.test.ts',
  'tests/api/backup.test.ts',
  'tests/server/demo-arrangements.test.ts',
  'tests/server/database-outage.test.ts',
  'tests/server/graceful-shutdown.test.ts',
  'tests/server/rolling-restart.test.ts',
  'tests/server/sections-accuracy.test.ts',
];

/**
 * Slow tests whose outcome does not depend on the database behind the app: the TypeScript contract check,
 * kept-alive HTTP connections, 2 GB uploads streamed to storage, the production bundle's start (which
 * always runs on its own PGlite), the database outage (which starts and freezes a PostgreSQL of its own), a stop's drain (on PGlite), the section analysis's accuracy and the rolling restart (on the PostgreSQL of DATABASE_URL or one of its own). CI's second pass, on PostgreSQL, leaves them out (`SLOW_TIER=database`),
 * having run them on PGlite minutes before.
 */
export const DATABASE_INDEPENDENT_SLOW_TESTS = [
  'tests/api/upload-hardening.test.ts',
  'tests/api/kept-connections.test.ts',
  'tests/contract/a-changed-response-breaks-the-typecheck.test.ts',
  'tests/server/production-start.test.ts',
  'tests/server/demo-arrangements.test.ts',
  'tests/server/database-outage.test.ts',
  'tests/server/graceful-shutdown.test.ts',
  'tests/server/rolling-restart.test.ts',
  'tests/server/sections-accuracy.test.ts',
];
