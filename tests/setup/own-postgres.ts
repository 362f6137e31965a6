import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

/** The newest PostgreSQL installed (Debian's layout), whose initdb and pg_ctl start a cluster of a test's own. */
export const PG_BIN = path.join('/usr/lib/postgresql', readdirSync('/usr/lib/postgresql').sort().at(-1)!, 'bin');

const asPostgres = (command: string, args: string[]) =>
  execFileSync('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, command), ...args], { stdio: 'pipe' });

export interface OwnPostgres {
  /** The cluster's folder (postmaster.pid is there). */
  dir: string;
  /** postgres://… of its `postgres` database. */
  url: string;
  stop(): void;
}

/** A PostgreSQL cluster of the test's own on a free port of 127.0.0.1, trust auth, without fsync. */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pitchroom-own-pg-'));
  execFileSync('chown', ['postgres', dir]);
  chmodSync(dir, 0o700);
  asPostgres('initdb', ['-D', dir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const port = await freePort();
  // With a log file of its own, the server does not hold this process's output open after pg_ctl returns.
  const log = path.join(dir, 'server.log');
  asPostgres('pg_ctl', ['-D', dir, '-w', '-l', log, '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  return {
    dir,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      asPostgres('pg_ctl', ['-D', dir, '-m', 'immediate', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
