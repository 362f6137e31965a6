import { getSessionCookie } from 'better-auth/cookies';
import { LRUCache } from 'lru-cache';
import type { Auth } from '../../auth';
import type { Db } from '../../db/client';
import { rolesOf, type Actor } from './accounts.service';

/** Who is calling (null when signed out), and the cookies better-auth set while reading the session. */
export interface CallerRead {
  actor: Actor | null;
  /** A session past its `updateAge` is extended, and its cookie with it; a dead session's cookie is cleared. */
  setCookies: string[];
}

export interface ActorReader {
  (headers: Headers): Promise<CallerRead>;
  /** Forgets what was cached for this session cookie (the caller's own roles or session changed). */
  forget(headers: Headers): void;
  /** Forgets every cached caller (someone's session or roles changed). */
  clear(): void;
}

export interface ActorCacheOptions {
  /** 0 caches nothing. */
  ttlMs?: number;
  max?: number;
  /** The clock entries age by (tests pass their own). */
  perf?: { now(): number };
}

/**
 * better-auth reads the session (its signed cookie, then the session and user rows; no cookie cache, which
 * would honour a session revoked elsewhere) and the roles come from user_roles. What was read is cached for
 * `ttlMs` by the session cookie's exact value: a listener's page, its API calls and the player's Range
 * requests come in bursts, and each read is two to three queries on the server's own thread under PGlite.
 * The app forgets a caller after their own writes and everyone after admin writes and sign-ins or -outs on
 * this instance; other instances forget when the database announces a change (Database.onSessionsChanged),
 * so a sign-out or a revoked role still applies to the next request.
 */
export function createActorReader(auth: Auth, db: Db, { ttlMs = 2_000, max = 10_000, perf }: ActorCacheOptions = {}): ActorReader {
  /** The caller, and the token of the session better-auth found (so an entry is keyed by that very cookie). */
  const read = async (headers: Headers): Promise<CallerRead & { sessionToken?: string }> => {
    const { headers: answered, response } = await auth.api.getSession({ headers, returnHeaders: true });
    const setCookies = answered.getSetCookie();
    if (!response) return { actor: null, setCookies };
    const { user, session } = response;
    return {
      actor: { id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified, roles: await rolesOf(db, user.id) },
      setCookies,
      sessionToken: session.token,
    };
  };
  const cache = ttlMs > 0 ? new LRUCache<string, CallerRead>({ max, ttl: ttlMs, ttlResolution: 0, ...(perf && { perf }) }) : undefined;
  // Bumped by every forget and clear: a read that was under way meanwhile may predate the change, so it
  // answers its own request but is not cached.
  let generation = 0;

  const reader = async (headers: Headers): Promise<CallerRead> => {
    const token = getSessionCookie(headers);
    if (!token) return { actor: null, setCookies: [] };
    const cached = cache?.get(token);
    if (cached) return cached;
    const started = generation;
    const { sessionToken, ...caller } = await read(headers);
    // Cached only when the cookie read is the one keyed on (its value is the session token and a signature),
    // nothing changed meanwhile, and no cookie was set (a refreshed or dead session is not for the next request
    // to repeat).
    const keyedCookieRead = sessionToken !== undefined && token.startsWith(`${sessionToken}.`);
    if (cache && keyedCookieRead && started === generation && caller.setCookies.length === 0) cache.set(token, caller);
    return caller;
  };
  return Object.assign(reader, {
    forget: (headers: Headers) => {
      generation++;
      const token = getSessionCookie(headers);
      if (token) cache?.delete(token);
    },
    clear: () => {
      generation++;
      cache?.clear();
    },
  });
}
