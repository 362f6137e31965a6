/**
 * The slow tier: property-based fuzzing of every route, SIGKILL durability (the server's and the mail
 * outbox's), 2 GB really uploaded, idle keep-alive connections, a typecheck of the contract with a field
 * renamed, and whole servers started as `npm start` starts them (seeding the demo songs' audio, production's
 * refusals), backups taken during writes and restored, the demo catalogue rendered in full, the section analysis's accuracy over ten rendered songs, "more like this" over rendered families, a stop's drain and a rolling restart of two instances behind a proxy under load. Minutes of work that change with the server's edges, not with each edit, so `npm run test:unit`
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
  'tests/server/reference-quality.test.ts',
  'tests/server/sections-accuracy.test.ts',
  'tests/server/similarity-quality.test.ts',
  'tests/server/stop-ends-worker-threads.test.ts',
];

/**
 * Tests whose outcome does not depend on the database behind the app: they open none, or always a PGlite or a
 * PostgreSQL of their own. CI's second pass, on the PostgreSQL of DATABASE_URL, leaves them out
 * (`DATABASE_DEPENDENT_ONLY=1`), having run them on PGlite minutes before. `tests/lint/tiers.test.ts` checks that
 * none of them reaches the test database factory or the test app through its imports.
 */
export const DATABASE_INDEPENDENT_TESTS = [
  // Unit tests of code that touches no database.
  'src/server/features/audio/audio-analysis.test.ts',
  'src/server/features/audio/loudness.test.ts',
  'src/server/features/audio/waveform.test.ts',
  'tests/common/dates-in-words.test.ts',
  'tests/common/email-canonical.test.ts',
  'tests/common/home-path.test.ts',
  'tests/common/loudness-in-words.test.ts',
  'tests/common/song-form-in-words.test.ts',
  'tests/common/one-spelling.test.ts',
  'tests/common/preview-access-state.test.ts',
  'tests/lint/feature-dependencies.test.ts',
  'tests/lint/import-boundaries.test.ts',
  'tests/lint/install-scripts.test.ts',
  'tests/lint/planted-type-errors.test.ts',
  'tests/lint/tiers.test.ts',
  'tests/server/built-site-name.test.ts',
  'tests/server/demo-audio.test.ts',
  'tests/server/leftovers-sweep.test.ts',
  'tests/server/lyric-craft.test.ts',
  'tests/server/respond.test.ts',
  'tests/server/sections.test.ts',
  'tests/server/stripe-checkout.test.ts',
  'tests/server/worker-pool.test.ts',
  'tests/setup/leftover-databases.test.ts',
  'tests/storage/disk-storage.test.ts',
  'tests/storage/s3-storage.test.ts',
  'tests/storage/signed-url.test.ts',
  'tests/storage/sniff.test.ts',
  'tests/storage/storage-helpers.test.ts',
  'tests/web/email-text.test.ts',
  'tests/web/first-view.test.ts',
  'tests/web/marker-rows.test.ts',
  'tests/web/outbox-hold-text.test.ts',
  'tests/web/page-chunks.test.ts',
  'tests/web/return-to.test.ts',
  'tests/web/search-params.test.ts',
  'tests/web/sign-in-error.test.ts',
  // The bundle started as `npm start` starts it, which always runs on a PGlite of its own.
  'tests/server/start-message.test.ts',
  // Slow: the TypeScript contract check, kept-alive HTTP connections and 2 GB uploads streamed to storage (the
  // HTTP edge, whatever database the app has), the production bundle's start (its own PGlite), the demo songs
  // rendered, the database outage (which starts and freezes a PostgreSQL of its own), a stop's drain (on PGlite) and
  // the rolling restart (on a PostgreSQL of its own, or the server of DATABASE_URL to start its instances on).
  'tests/api/upload-hardening.test.ts',
  'tests/api/kept-connections.test.ts',
  'tests/contract/a-changed-response-breaks-the-typecheck.test.ts',
  'tests/server/production-start.test.ts',
  'tests/server/demo-arrangements.test.ts',
  'tests/server/database-outage.test.ts',
  'tests/server/graceful-shutdown.test.ts',
  'tests/server/rolling-restart.test.ts',
  'tests/server/reference-quality.test.ts',
  'tests/server/sections-accuracy.test.ts',
  'tests/server/similarity-quality.test.ts',
  // A server started on a PGlite of its own, stopped after an analysis.
  'tests/server/stop-ends-worker-threads.test.ts',
];
