import type { Auth } from '../../auth';
import type { Db } from '../../db/client';
import { rolesOf, type Actor } from './accounts.service';

/** Who is calling (null when signed out), and the cookies better-auth set while reading the session. */
export interface CallerRead {
  actor: Actor | null;
  /** A session past its `updateAge` is extended, and its cookie with it; a dead session's cookie is cleared. */
  setCookies: string[];
}

export type ActorReader = (headers: Headers) => Promise<CallerRead>;

/**
 * better-auth reads the session on every request (its signed cookie, then the session row; no cookie cache,
 * which would honour a revoked session until the cached copy expired) and the user's roles are read from
 * user_roles each time: a sign-out, a revoked session or a revoked role applies to the next request, on
 * whichever instance serves it.
 */
export function createActorReader(auth: Auth, db: Db): ActorReader {
  return async (headers) => {
    if (!headers.has('cookie')) return { actor: null, setCookies: [] };
    const { headers: answered, response } = await auth.api.getSession({ headers, returnHeaders: true });
    const setCookies = answered.getSetCookie();
    if (!response) return { actor: null, setCookies };
    const { user } = response;
    return {
      actor: { id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified, roles: await rolesOf(db, user.id) },
      setCookies,
    };
  };
}
