import { DrizzleQueryError } from 'drizzle-orm';
import type { Logger } from './logger';

/** A service the app needs that can be out of reach for a while. */
export type Dependency = 'database';

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
    if (!(e instanceof Error)) continue;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_SQLSTATE.test(code) && code.length === 5) return 'database';
    if (PG_UNAVAILABLE_MESSAGES.some((words) => e.message.includes(words))) return 'database';
    if (fromDatabase && typeof code === 'string' && NETWORK_CODES.has(code)) return 'database';
  }
  return undefined;
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
