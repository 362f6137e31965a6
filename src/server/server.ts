import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { closeConnectionsWhile, closeServer, listen } from './lib/listen';
import { createApp } from './app';
import { createStorage, directOriginOf } from './adapters/storage/storage';
import { createPayments } from './adapters/payments';
import { createAuth } from './auth';
import { warnIfBuiltForAnotherSite } from './built-site-name';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { createFileTransport, createSmtpTransport } from './adapters/mail/transport';
import { createMailWorker, type MailWorker } from './adapters/mail/worker';
import { createMetrics } from './features/metrics/metrics';
import { startLeftoversSweep } from './lib/leftovers-sweep';
import { startUnusedSongAudioSweep } from './features/songs/songs.service';
import { resumeAgreementSongMedia } from './features/agreements/agreement-song';
import { startUnverifiedAccountSweep } from './features/accounts/unverified-accounts';
import { ensureConfiguredAdmin, type CreatedAccount } from './features/accounts/first-admin';
import { startPitchReportDigests } from './features/pitch-report/weekly-digest';
import { lockDataDir } from './lib/data-dir-lock';
import { createLogger, type Logger } from './lib/logger';
import { PROJECT_ROOT } from './project-root';

export const WEB_ROOT = path.join(PROJECT_ROOT, 'dist/web');

/** How long requests under way when the server stops may take to be answered before their connections are closed. */
export const REQUESTS_DEADLINE_MS = 10_000;

export interface RunningServer {
  url: string;
  port: number;
  database: Database;
  logger: Logger;
  mailWorker: MailWorker;
  /** The configured first admin, when this start created it. */
  createdAccounts: CreatedAccount[];
  /**
   * Begins the drain before a stop: readiness answers 503 and every answer closes its connection, while the
   * server still listens and answers; the outbox worker and the housekeeping jobs take no more work.
   */
  beginDraining(): void;
  /** Drains if not yet, stops listening, waits for the requests under way (REQUESTS_DEADLINE_MS), then closes the rest. */
  stop(): Promise<void>;
}

/** The composition root: lock, database, migrations, first admin, app, HTTP, mail worker, housekeeping (unverified accounts, weekly pitch digests). */
export async function startServer(
  config: Config,
  options: { webRoot?: string; mailPollMs?: number; requestsDeadlineMs?: number } = {},
): Promise<RunningServer> {
  const logger = createLogger(config.logLevel);
  const unlock = lockDataDir(config.dataDir);
  let database: Database | undefined;
  try {
    database = await openDatabase({
      url: config.databaseUrl,
      timeouts: config.databaseTimeouts,
      pgliteDir: path.join(config.dataDir, 'db'),
      onIdleError: (error) => logger.error({ err: error }, 'idle database connection failed'),
    });
    await database.migrate();
    const { db } = database;
    const storage = await createStorage(config);
    // Instances starting together against one PostgreSQL create the first admin once: the second finds it there.
    const createdAccounts = await database.exclusive(() => ensureConfiguredAdmin(db, config.admin));

    const webRoot = options.webRoot ?? WEB_ROOT;
    warnIfBuiltForAnotherSite(webRoot, config.siteName, logger);

    const auth = createAuth({ config, db, logger });
    const payments = createPayments(config);
    const metrics = createMetrics(database);
    let draining = false;
    const app = createApp({
      draining: () => draining,
      metrics,
      config,
      db,
      auth,
      storage,
      payments,
      logger,
      onSessionsChanged: database.onSessionsChanged,
      poolUse: database.poolUse,
      webRoot,
      fileOrigin: await directOriginOf(storage, (error) =>
        logger.error({ err: error }, 'cannot presign a file link; pages will not load files from the store until a restart'),
      ),
    });

    const transport = config.smtpUrl
      ? createSmtpTransport(config.smtpUrl, config.mailConcurrency)
      : createFileTransport(path.join(config.dataDir, 'mail'));
    const mailWorker = createMailWorker({
      db,
      transport,
      concurrency: config.mailConcurrency,
      onSent: () => metrics.mailSent.inc(),
      from: config.mailFrom,
      messageIdDomain: new URL(config.publicUrl).hostname,
      logger,
      pollMs: options.mailPollMs,
    });

    const server = await listen(app.fetch, { port: config.port, hostname: '0.0.0.0' });
    closeConnectionsWhile(server, () => draining);
    const port = (server.address() as AddressInfo).port;
    mailWorker.start();
    const unverifiedSweep = startUnverifiedAccountSweep({ db, logger });
    const songAudioSweep = startUnusedSongAudioSweep({ db, storage, logger });
    const leftoversSweep = startLeftoversSweep({ dataDir: config.dataDir, logger });
    const pitchDigests = startPitchReportDigests({ db, logger, emailCtx: { siteName: config.siteName, publicUrl: config.publicUrl } });
    // In the background: agreement songs a stopped start left waiting get their media; a failure is only logged.
    const backfillStop = new AbortController();
    const backfill = resumeAgreementSongMedia({ db, storage, logger, signal: backfillStop.signal }).catch((error: unknown) =>
      logger.error({ err: error }, 'agreement song media step failed at start'),
    );

    const db_ = database;
    let backgroundStopped: Promise<unknown> | undefined;
    const beginDraining = () => {
      if (draining) return;
      draining = true;
      backfillStop.abort();
      backgroundStopped = Promise.all([
        backfill,
        mailWorker.stop(),
        unverifiedSweep.stop(),
        songAudioSweep.stop(),
        leftoversSweep.stop(),
        pitchDigests.stop(),
      ]);
    };
    let stopped: Promise<void> | undefined;
    return {
      url: `http://localhost:${port}`,
      port,
      database: db_,
      logger,
      mailWorker,
      createdAccounts,
      beginDraining,
      stop() {
        stopped ??= (async () => {
          beginDraining();
          await closeServer(server, options.requestsDeadlineMs ?? REQUESTS_DEADLINE_MS);
          await backgroundStopped;
          transport.close();
          storage.close();
          await db_.close();
          unlock();
        })();
        return stopped;
      },
    };
  } catch (error) {
    await database?.close().catch(() => {});
    unlock();
    throw error;
  }
}
