/**
 * npm run admin:create -- <email> <password>
 * Creates a pre-verified admin, or grants the admin role to an existing account. Uses the same
 * configuration as the server (DATABASE_URL or the PGlite database in DATA_DIR); stop a PGlite server first.
 */
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { ensureFirstAdmin } from '../src/server/features/accounts/first-admin';
import { lockDataDir } from '../src/server/lib/data-dir-lock';
import { emailField } from '../src/common/schemas/fields';
import { passwordProblem } from '../src/server/lib/passwords';

async function main() {
  const [emailArg, passwordArg] = process.argv.slice(2);
  const email = emailField.safeParse(emailArg ?? '');
  if (!email.success || passwordArg === undefined) {
    console.error('Usage: npm run admin:create -- <email> <password>');
    process.exit(1);
  }
  // The rules of every password the server sets, checked before the database is opened.
  const problem = passwordProblem(passwordArg);
  if (problem) {
    console.error(`Not created: ${problem}`);
    process.exit(1);
  }
  const config = loadConfig();
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
  try {
    await database.migrate();
    const created = await ensureFirstAdmin(database.db, { email: email.data, password: passwordArg });
    console.log(created ? `Created admin ${email.data}.` : `${email.data} already had an account; it now has the admin role.`);
  } finally {
    await database.close();
    unlock();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
