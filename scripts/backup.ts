/**
 * npm run backup -- [--out <file or folder>] [--copy-bucket] [--url <server address>]
 * Writes an archive of everything (database, files, mail not yet sent). With no server on the data folder it
 * opens the database itself (the PGlite data folder, or PostgreSQL as DATABASE_OWNER_URL's role); with one
 * running, or with --url, it asks that server, with the token derived from its AUTH_SECRET.
 * Uses the server's configuration (the same environment).
 */
import { createWriteStream, existsSync, statSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../src/server/config';
import { archiveName, backupToken } from '../src/server/features/backup/backup-archive';
import { lockIfNoServer, withOfflineBackup } from '../src/server/features/backup/offline-backup';

/** Writes the archive to `out` (a folder: under `named`); under another name first, so a file with the archive's name is always whole. */
async function writeArchive(body: Readable, out: string, named: string): Promise<string> {
  const target = existsSync(out) && statSync(out).isDirectory() ? path.join(out, named) : out;
  const partial = `${target}.partial`;
  try {
    await pipeline(body, createWriteStream(partial, { mode: 0o600 }));
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return target;
}

async function fromServer(config: Config, url: string | undefined, out: string, copyBucket: boolean) {
  const server = (url ?? `http://127.0.0.1:${config.port}`).replace(/\/$/, '');
  const res = await fetch(`${server}/backup${copyBucket ? '?bucket=copy' : ''}`, {
    headers: { authorization: `Bearer ${backupToken(config.authSecret)}` },
  }).catch((error: unknown) => {
    throw new Error(`Could not reach the server at ${server} (${(error as Error).message}). Is it running? Pass its address with --url.`);
  });
  if (res.status !== 200 || !res.body) {
    const body = (await res.json().catch(() => undefined)) as { error?: { message?: string } } | undefined;
    throw new Error(`The server at ${server} answered ${res.status}: ${body?.error?.message ?? res.statusText}`);
  }
  const named = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'pitchroom-backup.tar.gz';
  const target = await writeArchive(Readable.fromWeb(res.body as NodeReadableStream), out, named);
  console.log(`Backup written to ${target} (database as of ${res.headers.get('x-backup-created-at')}).`);
}

async function main() {
  const { values } = parseArgs({
    options: { out: { type: 'string', default: '.' }, 'copy-bucket': { type: 'boolean', default: false }, url: { type: 'string' } },
  });
  const config = loadConfig();
  const copyBucket = values['copy-bucket'];
  const unlock = values.url ? undefined : lockIfNoServer(config.dataDir);
  if (!unlock) return fromServer(config, values.url, values.out, copyBucket);
  try {
    let target = '';
    const manifest = await withOfflineBackup({ config, copyBucket }, async ({ manifest: m, archive }) => {
      target = await writeArchive(archive, values.out, archiveName(m.createdAt));
    });
    console.log(`Backup written to ${target} (database as of ${manifest.createdAt}; no server was running, so read directly).`);
  } finally {
    unlock();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
