import { setTimeout as delay } from 'node:timers/promises';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './lib/data-dir-lock';
import { REQUESTS_DEADLINE_MS, startServer } from './server';
import { startMessage } from './start-message';

/** After the drain: the requests under way (REQUESTS_DEADLINE_MS), then the outbox worker's sends and the database's close. */
const STOP_WITHIN_MS = REQUESTS_DEADLINE_MS + 5_000;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let running;
  try {
    running = await startServer(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const lines = startMessage({ ...config, port: running.port });
  lines.push(`Database: ${running.database.kind === 'pglite' ? `PGlite in ${config.dataDir}/db` : 'PostgreSQL'}.`);
  lines.push(config.smtpUrl ? 'E-mail: SMTP.' : `E-mail: written to ${config.dataDir}/mail and the admin Outbox page (/admin/outbox).`);
  if (running.createdAccounts.length > 0) {
    lines.push('', 'Accounts created:');
    for (const a of running.createdAccounts) lines.push(`  ${a.role.padEnd(11)} ${a.email.padEnd(30)} ${a.password}`);
  }
  console.log(lines.join('\n'));

  // SIGTERM is an orchestrator's or a process manager's: drain first, so that no request is refused. SIGINT is
  // a person's Ctrl-C: stop at once. A second signal during the drain ends it.
  const drainEnded = new AbortController();
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return drainEnded.abort();
    stopping = true;
    const drainMs = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
    running.logger.info({ signal, drainMs }, 'shutting down');
    // Whatever hangs, the process is gone before an orchestrator's grace period runs out and it is killed.
    setTimeout(() => {
      running.logger.error({ signal }, 'did not stop in time; exiting');
      process.exit(1);
    }, drainMs + STOP_WITHIN_MS).unref();
    running.beginDraining();
    await delay(drainMs, undefined, { signal: drainEnded.signal }).catch(() => {});
    await running.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

void main();
