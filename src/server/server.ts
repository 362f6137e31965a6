import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { ServerType } from '@hono/node-server';
import { setTimeout as delay } from 'node:timers/promises';
import { closeConnectionsWhile, closeServer, listen } from './lib/listen';
import { createApp } from './app';
import { createStorage, directOriginOf, type Storage } from './adapters/storage/storage';
import { createPayments } from './adapters/payments';
import { createAuth } from './auth';
import { warnIfBuiltForAnotherSite } from './built-site-name';
import type { Config } from './config';
import { openDatabase, pingDatabase, type Database } from './db/client';
import { reasonOf } from './features/health/health.service';
import { databaseUnreachable } from './lib/outage';
import { createFileTransport, createSmtpTransport } from './adapters/mail/transport';
import { createMailWorker, type MailWorker } from './adapters/mail/worker';
import { createMetrics } from './features/metrics/metrics';
import { startLeftoversSweep } from './lib/leftovers-sweep';
import { startUnusedSongAudioSweep } from './features/songs/songs.service';
import { resumeAgreementSongMedia } from './features/agreements/agreement-song';
import { createAnalysisWorker } from './features/audio';
import { startUnverifiedAccountSweep } from './features/accounts/unverified-accounts';
import { ensureConfiguredAdmin, type CreatedAccount } from './features/accounts/first-admin';
import { startPitchReportDigests } from './features/pitch-report/weekly-digest';
import { startNewSongsMails } from './features/new-songs-mail';
import { lockDataDir } from './lib/data-dir-lock';
import { createLogger, type Logger } from './lib/logger';
import { closeWorkerPools } from './lib/worker-pool';
import { startReferenceSweep } from './features/similarity';
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

/** The first wait between tries to reach the database at start; it doubles up to the longest. */
const START_RETRY_FIRST_MS = 200;
const START_RETRY_LONGEST_MS = 2_000;

/**
 * Applies the migrations once the database can be reached, trying again with backoff while it cannot (it may be
 * starting alongside this server); logged once. A database that answers with another failure (a wrong
 * password, a failed migration) fails the start.
 */
async function migrateOnceReachable(database: Database, logger: Logger, waitingFor: (reason: string) => void): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await database.migrate();
      if (attempt > 0) logger.info('database reached: starting');
      return;
    } catch (error) {
      if (!databaseUnreachable(error)) throw error;
      waitingFor(reasonOf(error));
      if (attempt === 0) logger.error({ err: error }, 'database unreachable at start: answering 503 and trying again until it answers');
      await delay(Math.min(START_RETRY_FIRST_MS * 2 ** attempt, START_RETRY_LONGEST_MS));
    }
  }
}

/**
 * The composition root: lock, database, app, HTTP (answering 503 until the database is reached), migrations,
 * first admin, mail worker, housekeeping (unverified accounts, weekly pitch digests).
 */
export async function startServer(
  config: Config,
  options: { webRoot?: string; mailPollMs?: number; requestsDeadlineMs?: number } = {},
): Promise<RunningServer> {
  const logger = createLogger(config.logLevel);
  const unlock = lockDataDir(config.dataDir);
  let database: Database | undefined;
  let server: ServerType | undefined;
  try {
    database = await openDatabase({
      url: config.databaseUrl,
      ownerUrl: config.databaseOwnerUrl,
      timeouts: config.databaseTimeouts,
      pgliteDir: path.join(config.dataDir, 'db'),
      onIdleError: (error) => logger.error({ err: error }, 'idle database connection failed'),
    });
    const { db } = database;
    const storage = await createStorage(config);

    const webRoot = options.webRoot ?? WEB_ROOT;
    warnIfBuiltForAnotherSite(webRoot, config.siteName, logger);

    const transport = config.smtpUrl
      ? createSmtpTransport(config.smtpUrl, config.mailConcurrency)
      : createFileTransport(path.join(config.dataDir, 'mail'));
    // Until the database is reached and migrated, the server listens and answers 503 (readiness says why).
    const start = { done: false, waitingFor: 'starting: migrations not applied yet' };
    const auth = createAuth({ config, db, logger });
    const payments = createPayments(config);
    const metrics = createMetrics(database);
    let draining = false;
    let clearCatalogue = () => {};
    const app = createApp({
      onCatalogueCache: (clear) => (clearCatalogue = clear),
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
      started: () => start.done,
      readinessChecks: {
        database: () => (start.done ? pingDatabase(db) : Promise.reject(new Error(start.waitingFor))),
        mail: () => transport.check(),
      },
    });

    server = await listen(app.fetch, { port: config.port, hostname: '0.0.0.0' });
    const listening = server;
    closeConnectionsWhile(listening, () => draining);
    const port = (listening.address() as AddressInfo).port;
    await migrateOnceReachable(database, logger, (reason) => (start.waitingFor = reason));
    // Instances starting together against one PostgreSQL create the first admin once: the second finds it there.
    const createdAccounts = await database.exclusive(() => ensureConfiguredAdmin(db, config.admin));
    start.done = true;

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
    mailWorker.start();
    const background = startHousekeeping({ db, storage, config, logger, onSongsMeasured: () => clearCatalogue() });

    const db_ = database;
    let backgroundStopped: Promise<unknown> | undefined;
    const beginDraining = () => {
      if (draining) return;
      draining = true;
      backgroundStopped = Promise.all([mailWorker.stop(), background.stop()]);
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
          await closeServer(listening, options.requestsDeadlineMs ?? REQUESTS_DEADLINE_MS);
          await backgroundStopped;
          // After the analysis worker has stopped taking jobs: a job still under way fails, and its lease
          // makes it due again at the next start.
          await closeWorkerPools();
          transport.close();
          storage.close();
          await db_.close();
          unlock();
        })();
        return stopped;
      },
    };
  } catch (error) {
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    await database?.close().catch(() => {});
    unlock();
    throw error;
  }
}

/**
 * The sweeps, the weekly digests and new-songs e-mails, the analysis worker and, in the background, agreement songs a stopped start
 * left waiting for their media.
 */
function startHousekeeping({
  db,
  storage,
  config,
  logger,
  onSongsMeasured,
}: {
  db: Database['db'];
  storage: Storage;
  config: Config;
  logger: Logger;
  onSongsMeasured: () => void;
}) {
  const unverifiedSweep = startUnverifiedAccountSweep({ db, logger });
  const songAudioSweep = startUnusedSongAudioSweep({ db, storage, logger });
  const referenceSweep = startReferenceSweep({ db, storage, logger });
  const leftoversSweep = startLeftoversSweep({ dataDir: config.dataDir, logger });
  const emailCtx = { siteName: config.siteName, publicUrl: config.publicUrl };
  const pitchDigests = startPitchReportDigests({ db, logger, emailCtx });
  const newSongsMails = startNewSongsMails({ db, logger, emailCtx, secret: config.authSecret });
  // A failure is only logged: the site serves meanwhile.
  const mediaStop = new AbortController();
  const media = resumeAgreementSongMedia({ db, storage, logger, signal: mediaStop.signal }).catch((error: unknown) =>
    logger.error({ err: error }, 'agreement song media step failed at start'),
  );
  // The analysis pipeline: queued jobs (and those a stopped instance left under a lease) are taken again, and audio
  // never analysed is queued, all behind the start.
  const analysis = createAnalysisWorker({ db, storage, logger, onSongsMeasured });
  analysis.start();
  return {
    async stop() {
      mediaStop.abort();
      await Promise.all([
        media,
        analysis.stop(),
        unverifiedSweep.stop(),
        songAudioSweep.stop(),
        referenceSweep.stop(),
        leftoversSweep.stop(),
        pitchDigests.stop(),
        newSongsMails.stop(),
      ]);
    },
  };
}
