/**
 * npm run backup -- [--out <file or folder>] [--copy-bucket] [--url <server address>]
 * Asks the running server for an archive of everything (database, files, mail not yet sent) and writes it.
 * Uses the server's configuration (the same environment): the token is derived from its AUTH_SECRET.
 */
import { createWriteStream, existsSync, statSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config';
import { backupToken } from '../src/server/features/backup/backup-archive';

async function main() {
  const { values } = parseArgs({
    options: { out: { type: 'string', default: '.' }, 'copy-bucket': { type: 'boolean', default: false }, url: { type: 'string' } },
  });
  const config = loadConfig();
  const server = (values.url ?? `http://127.0.0.1:${config.port}`).replace(/\/$/, '');
  const res = await fetch(`${server}/backup${values['copy-bucket'] ? '?bucket=copy' : ''}`, {
    headers: { authorization: `Bearer ${backupToken(config.authSecret)}` },
  }).catch((error: unknown) => {
    throw new Error(`Could not reach the server at ${server} (${(error as Error).message}). Is it running? Pass its address with --url.`);
  });
  if (res.status !== 200 || !res.body) {
    const body = (await res.json().catch(() => undefined)) as { error?: { message?: string } } | undefined;
    throw new Error(`The server at ${server} answered ${res.status}: ${body?.error?.message ?? res.statusText}`);
  }
  const named = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'pitchroom-backup.tar.gz';
  const target = existsSync(values.out) && statSync(values.out).isDirectory() ? path.join(values.out, named) : values.out;
  // Written under another name first: a file with the archive's name is always a whole archive.
  const partial = `${target}.partial`;
  try {
    await pipeline(Readable.fromWeb(res.body as NodeReadableStream), createWriteStream(partial, { mode: 0o600 }));
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  console.log(`Backup written to ${target} (database as of ${res.headers.get('x-backup-created-at')}).`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
