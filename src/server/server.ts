import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { listen } from './lib/listen';
import { createApp } from './app';
import { createStorage, directOriginOf } from './adapters/storage/storage';
import { createPayments } from './adapters/payments';
import { createAuth } from './auth';
import { warnIfBuiltForAnotherSite } from './built-site-name';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { seedIfEmpty, type DemoCredential } from './db/seed/seed';
import { storeDemoAudio } from './db/seed/demo-songs';
import { createFileTransport, createSmtpTransport } from './adapters/mail/transport';
import { createMailWorker, type MailWorker } from './adapters/mail/worker';
import { createMetrics } from './features/metrics/metrics';
import { startLeftoversSweep } from './lib/leftovers-sweep';
import { backfillWaveforms } from './features/songs/waveform-backfill';
import { backfillSongThumbs } from './features/songs/thumb-backfill';
import { startUnusedSongAudioSweep } from './features/songs/songs.service';
import { backfillReviewDueDates } from './features/reviews/due-dates';
import { backfillSubmissionWaveforms } from './features/submissions/submission-waveform';
import { resumeAgreementSongMedia } from './features/agreements/agreement-song';
import { startUnverifiedAccountSweep } from './features/accounts/unverified-accounts';
import { startPitchReportDigests } from './features/pitch-report/weekly-digest';
import { lockDataDir } from './lib/data-dir-lock';
import { createLogger, type Logger } from './lib/logger';
import { PROJECT_ROOT } from './project-root';

export const WEB_ROOT = path.join(PROJECT_ROOT, 'dist/web');

export interface RunningServer {
  url: string;
  port: number;
  database: Database;
  logger: Logger;
  mailWorker: MailWorker;
  demoAccounts: DemoCredential[];
  /** Settles once the demo songs' audio is stored (at once when none is waiting); never rejects. */
  demoAudio: Promise<void>;
  stop(): Promise<void>;
}

/** The composition root: lock, database, migrations, seed, app, HTTP, mail worker, housekeeping (unverified accounts, weekly pitch digests). */
export async function startServer(config: Config, options: { webRoot?: string; mailPollMs?: number } = {}): Promise<RunningServer> {
  const logger = createLogger(config.logLevel);
  const unlock = lockDataDir(config.dataDir);
  let database: Database | undefined;
  try {
    database = await openDatabase({
      url: config.databaseUrl,
      ownerUrl: config.databaseOwnerUrl,
      timeouts: config.databaseTimeouts,
      pgliteDir: path.join(config.dataDir, 'db'),
      onIdleError: (error) => logger.error({ err: error }, 'idle database connection failed'),
    });
    await database.migrate();
    const { db } = database;
    const storage = await createStorage(config);
    // Instances starting together against one PostgreSQL seed once: the second finds the data there.
    const demoAccounts = await database.exclusive(() => seedIfEmpty(db, storage, config));

    const webRoot = options.webRoot ?? WEB_ROOT;
    warnIfBuiltForAnotherSite(webRoot, config.siteName, logger);

    const auth = createAuth({ config, db, logger });
    const payments = createPayments(config);
    const metrics = createMetrics(database);
    const app = createApp({
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
    const port = (server.address() as AddressInfo).port;
    mailWorker.start();
    const unverifiedSweep = startUnverifiedAccountSweep({ db, logger });
    const songAudioSweep = startUnusedSongAudioSweep({ db, storage, logger });
    const leftoversSweep = startLeftoversSweep({ dataDir: config.dataDir, logger });
    const pitchDigests = startPitchReportDigests({ db, logger, emailCtx: { siteName: config.siteName, publicUrl: config.publicUrl } });
    // In the background: the site serves meanwhile, and a failure is only logged.
    const backfillStop = new AbortController();
    const backfill = Promise.all([
      backfillWaveforms({ db, storage, logger, signal: backfillStop.signal }).catch((error: unknown) =>
        logger.error({ err: error }, 'waveform backfill failed'),
      ),
      backfillSongThumbs({ db, storage, logger, signal: backfillStop.signal }).catch((error: unknown) =>
        logger.error({ err: error }, 'cover thumbnail backfill failed'),
      ),
      backfillReviewDueDates({ db, logger }).catch((error: unknown) => logger.error({ err: error }, 'review due date backfill failed')),
      backfillSubmissionWaveforms({ db, storage, logger, signal: backfillStop.signal }).catch((error: unknown) =>
        logger.error({ err: error }, 'submission waveform backfill failed'),
      ),
      resumeAgreementSongMedia({ db, storage, logger, signal: backfillStop.signal }).catch((error: unknown) =>
        logger.error({ err: error }, 'agreement song media step failed at start'),
      ),
    ]);
    const demoAudio = storeDemoAudio({ db, storage, config, logger, signal: backfillStop.signal }).then(
      () => {},
      (error: unknown) => {
        if (!backfillStop.signal.aborted) logger.error({ err: error }, 'demo song audio failed');
      },
    );

    const db_ = database;
    return {
      url: `http://localhost:${port}`,
      port,
      database: db_,
      logger,
      mailWorker,
      demoAccounts,
      demoAudio,
      async stop() {
        await new Promise<void>((resolve) => server.close(() => resolve()));
        backfillStop.abort();
        await backfill;
        await demoAudio;
        await mailWorker.stop();
        await unverifiedSweep.stop();
        await songAudioSweep.stop();
        await leftoversSweep.stop();
        await pitchDigests.stop();
        transport.close();
        storage.close();
        await db_.close();
        unlock();
      },
    };
  } catch (error) {
    await database?.close().catch(() => {});
    unlock();
    throw error;
  }
}
