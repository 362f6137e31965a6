import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './lib/data-dir-lock';
import { startServer } from './server';
import { startMessage } from './start-message';

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

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    running.logger.info({ signal }, 'shutting down');
    await running.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

void main();
