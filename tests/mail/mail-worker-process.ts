/**
 * The mail worker alone, in a process of its own that a test can kill: the real worker, the real
 * PostgreSQL client and the real SMTP transport. DATABASE_URL, SMTP_URL and LEASE_MS come from the test.
 */
import { createSmtpTransport } from '../../src/server/adapters/mail/transport';
import { createMailWorker } from '../../src/server/adapters/mail/worker';
import { openDatabase } from '../../src/server/db/client';
import { createLogger } from '../../src/server/lib/logger';

const database = await openDatabase({ url: process.env.DATABASE_URL!, poolSize: 2 });
const worker = createMailWorker({
  db: database.db,
  transport: createSmtpTransport(process.env.SMTP_URL!),
  from: 'Pitchroom <no-reply@pitchroom.test>',
  messageIdDomain: 'pitchroom.test',
  logger: createLogger('silent'),
  leaseMs: Number(process.env.LEASE_MS),
  baseDelayMs: 100,
  maxDelayMs: 500,
  pollMs: 50,
});
worker.start();
console.log('worker started');
