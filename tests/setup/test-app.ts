import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { listen } from '../../src/server/lib/listen';
import { desc, eq } from 'drizzle-orm';
import { createApp } from '../../src/server/app';
import { createPayments, type PaymentProvider } from '../../src/server/adapters/payments';
import { createDiskStorage } from '../../src/server/adapters/storage/disk-storage';
import { directOriginOf, type Storage } from '../../src/server/adapters/storage/storage';
import { createAuth, type Auth } from '../../src/server/auth';
import { loadConfig, type Config } from '../../src/server/config';
import type { Db } from '../../src/server/db/client';
import { mailOutbox } from '../../src/server/db/schema';
import { createLogger, type Logger } from '../../src/server/lib/logger';
import { createTestDatabase, type TestDatabase } from './database';
import { TestClient } from './http-client';

export interface TestApp {
  config: Config;
  database: TestDatabase;
  db: Db;
  auth: Auth;
  storage: Storage;
  /** The Hono app itself (its route list, for the policy test). */
  app: ReturnType<typeof createApp>;
  /** http://127.0.0.1:<port> */
  url: string;
  /** A client with its own cookie jar and loopback address. */
  client(): TestClient;
  /** Clears the app's catalogue cache, as the server's analysis worker does after measuring songs. */
  catalogueChanged(): void;
  /** E-mails queued for an address, newest first. */
  mailsTo(address: string): Promise<(typeof mailOutbox.$inferSelect)[]>;
  close(): Promise<void>;
}

/**
 * The real app on a real HTTP port over a fresh database; nothing of ours is mocked. Files go to a fresh disk
 * folder unless a storage is given (an S3 adapter over s3rver, for one); logs go nowhere unless a logger is given;
 * pages are served only from a `webRoot` given; payments by the adapter the config picks unless `payments` makes one
 * (a Stripe adapter whose client talks to a local peer, for one).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    storage?: Storage;
    logger?: Logger;
    webRoot?: string;
    payments?: (config: Config) => PaymentProvider;
    /** Another app's database, as a restart finds it; it stays open when this app closes. */
    database?: TestDatabase;
    /** The clock of due dates and late reviews, when the test moves time itself. */
    now?: () => Date;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pitchroom-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    AUTH_SECRET: 'test-secret-that-is-long-enough-for-better-auth',
    ...env,
  });
  const database = options.database ?? (await createTestDatabase());
  const logger = options.logger ?? createLogger(config.logLevel);
  const auth = createAuth({ config, db: database.db, logger });
  const storage = options.storage ?? createDiskStorage(path.join(dataDir, 'files'));
  const payments = options.payments?.(config) ?? createPayments(config);
  let catalogueChanged = () => {};
  const app = createApp({
    onCatalogueCache: (clear) => (catalogueChanged = clear),
    config,
    db: database.db,
    auth,
    storage,
    payments,
    logger,
    onSessionsChanged: database.onSessionsChanged,
    poolUse: database.poolUse,
    fileOrigin: await directOriginOf(storage),
    webRoot: options.webRoot,
    now: options.now,
  });
  const server = await listen(app.fetch, { port: 0, hostname: '127.0.0.1' });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    config,
    database,
    db: database.db,
    auth,
    storage,
    app,
    url,
    client: () => new TestClient(url, config.publicUrl),
    catalogueChanged: () => catalogueChanged(),
    mailsTo: (address) =>
      database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address.toLowerCase())).orderBy(desc(mailOutbox.createdAt)),
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
      // A storage handed in belongs to the test that made it.
      if (!options.storage) storage.close();
      if (!options.database) await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
