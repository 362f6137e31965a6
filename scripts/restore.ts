/**
 * npm run restore -- <archive>
 * Brings a fresh DATA_DIR, or the empty database of DATABASE_URL (and the configured file store), to the state
 * of a backup made by `npm run backup`. Uses the server's configuration; the server must not be running.
 */
import { loadConfig } from '../src/server/config';
import { restoreBackup } from '../src/server/features/backup/restore';

async function main() {
  const [archive] = process.argv.slice(2);
  if (!archive) {
    console.error('Usage: npm run restore -- <archive>');
    process.exit(1);
  }
  const config = loadConfig();
  const { manifest, rows, filesRestored, filesMissing, mailHeld } = await restoreBackup({ archive, config });
  const lines = [`Restored the backup of ${manifest.createdAt}: ${rows} rows in ${manifest.tables.length} tables, ${filesRestored} files.`];
  if (filesMissing > 0) {
    lines.push(`${filesMissing} files the archive names (keys only) are not in the configured store: copy them from the old bucket.`);
  }
  lines.push(
    `Sending email is paused: the backup held ${mailHeld} unsent ${mailHeld === 1 ? 'email' : 'emails'}, which the old site may have sent since. An admin sends or discards them on the Outbox page.`,
  );
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
