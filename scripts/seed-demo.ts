/**
 * What `npm start` runs before the server: on an empty database, the demo accounts and the eight demo songs,
 * their audio rendered here (12-second clips; DEMO_AUDIO=full for whole songs, about a minute of CPU). Does
 * nothing on a database that has any account, under SEED_DEMO=off, and in production. Uses the server's
 * configuration (DATABASE_URL or the PGlite database in DATA_DIR, S3 or the data folder for files).
 */
import { ConfigError, loadConfig } from '../src/server/config';
import { demoSeedSettings, seedDemoDatabase } from '../src/server/db/seed/seed';

async function main() {
  const settings = demoSeedSettings(process.env);
  if (!settings.seed) return;
  const config = loadConfig();
  if (settings.audio === 'full') console.log('Rendering the whole demo songs (about a minute the first time)...');
  const accounts = await seedDemoDatabase(config, settings.audio);
  if (accounts.length === 0) return;
  console.log('Demo accounts:');
  for (const a of accounts) console.log(`  ${a.role.padEnd(11)} ${a.email.padEnd(30)} ${a.password}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
