import { DrizzleQueryError } from 'drizzle-orm';
import type { Logger } from './logger';

/** A service the app needs that can be out of reach for a while. */
export type Dependency = 'database' | 'storage';

/** Thrown by an adapter whose service cannot be reached (a stopped or unreachable store): an outage, not a bug. */
export class DependencyUnavailable extends Error {
  constructor(
    readonly dependency: Dependency,
    options?: { cause?: unknown },
  ) {
    super(`${dependency} unavailable`, options);
    this.name = 'DependencyUnavailable';
  }
}

/** What a client waits before trying again, in seconds (Retry-After). */
export const RETRY_AFTER_SECONDS = 5;

/** PostgreSQL's SQLSTATEs of a server that cannot serve now: connection exceptions, shutdown, too many clients. */
const UNAVAILABLE_SQLSTATE = /^(08|57P0[123]|53300)/;
/** The socket-level failures of reaching a server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * The file system's failures that mean the disk cannot serve now, rather than that a request was wrong: an I/O
 * error, a full disk or quota, a disk turned read-only, a network mount gone stale.
 */
const DISK_UNAVAILABLE_CODES = new Set(['EIO', 'ENOSPC', 'EDQUOT', 'EROFS', 'ESTALE']);
/** node-postgres says these in words only: the pool's and the query's timeouts, a connection cut. */
const PG_UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Connection terminated',
  'Client has encountered a connection error',
  'the database system is',
];

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e = error; e && chain.length < 5; e = (e as { cause?: unknown }).cause) chain.push(e);
  return chain;
}

/**
 * The dependency an error says is out of reach, if it says so: a failed query arrives wrapped by Drizzle
 * (DrizzleQueryError) around node-postgres's error, which carries a SQLSTATE, a socket code or only words.
 */
export function unavailableDependency(error: unknown): Dependency | undefined {
  const chain = causes(error);
  const fromDatabase = chain.some((e) => e instanceof DrizzleQueryError);
  for (const e of chain) {
    if (e instanceof DependencyUnavailable) return e.dependency;
    if (!(e instanceof Error)) continue;
    const code = (e as { code?: unknown }).code;
    const syscall = (e as { syscall?: unknown }).syscall;
    if (typeof syscall === 'string' && typeof code === 'string' && DISK_UNAVAILABLE_CODES.has(code) && !fromDatabase) return 'storage';
    if (typeof code === 'string' && UNAVAILABLE_SQLSTATE.test(code) && code.length === 5) return 'database';
    if (PG_UNAVAILABLE_MESSAGES.some((words) => e.message.includes(words))) return 'database';
    if (fromDatabase && typeof code === 'string' && NETWORK_CODES.has(code)) return 'database';
  }
  return undefined;
}

/**
 * Whether a failure to reach the database at all (connecting for the migrations at start) means it is out of
 * reach for now, worth trying again, rather than misconfigured (a wrong password, a missing database).
 */
export function databaseUnreachable(error: unknown): boolean {
  return unavailableDependency(error) === 'database' || isNetworkFailure(error);
}

/** Network failures of the socket itself, by code, for adapters that talk to a service over HTTP. */
export function isNetworkFailure(error: unknown): boolean {
  return causes(error).some((e) => NETWORK_CODES.has(String((e as { code?: unknown } | undefined)?.code)));
}

/** How long without a failure before a new one is a new outage, logged again. */
const OUTAGE_QUIET_MS = 30_000;

/**
 * Logs an outage once, not once per request it fails: the first failure is logged, then nothing until the
 * dependency has gone a while without failing.
 */
export function createOutageLog(now: () => number = Date.now) {
  const lastFailure = new Map<Dependency, number>();
  return (dependency: Dependency, error: unknown, logger: Logger) => {
    const previous = lastFailure.get(dependency);
    lastFailure.set(dependency, now());
    if (previous === undefined || now() - previous > OUTAGE_QUIET_MS)
      logger.error({ err: error, dependency }, `${dependency} unavailable: answering 503 until it is back`);
  };
}
