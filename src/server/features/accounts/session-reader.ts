import { eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { parse } from 'hono/utils/cookie';
import type { Role } from '../../../common/constants';
import type { Auth } from '../../auth';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { rememberCheckedSignatures } from '../../lib/checked-signatures';
import { keepForAMoment } from '../../lib/kept-for-a-moment';
import { requestHeader } from '../../lib/node-http';
import type { Actor } from './accounts.service';

/**
 * Who is calling, in one query: the signed session cookie is checked here (HMAC-SHA256, better-call's
 * format) and the session, its user and the user's current roles are read together.
 * better-auth's own getSession costs ~4 ms a call (its endpoint pipeline plus two queries) and roles took a
 * third; this path is ~0.6 ms.
 *
 * What a token reads is kept for `keepMs` (decision 0019): most requests come in bursts from the same
 * listener (a page and its API calls, a player's Range requests). `forget()` drops everything kept; the app
 * calls it after each of its own requests that may have changed a session or a role (auth routes, admin
 * writes) and whenever the database announces such a change made anywhere, so a sign-out or a revoked role
 * takes effect on the next request; were a notice lost, within `keepMs`.
 *
 * A session due for its sliding refresh (older than `updateAge`) goes through better-auth, which extends
 * it; so does anything this reader does not recognise, keeping better-auth the authority on sessions.
 */
export interface SessionReader {
  (c: Context): Actor | null | Promise<Actor | null>;
  forget(): void;
}

interface Settings {
  cookieName: string;
  secret: string;
  expiresInMs: number;
  updateAgeMs: number;
}

export function createSessionReader(auth: Auth, db: Db, { keepMs = 2_000, maxKept = 10_000 } = {}): SessionReader {
  let settingsNow: Settings | undefined;
  const settings = auth.$context.then((ctx): Settings => {
    settingsNow = {
      cookieName: ctx.authCookies.sessionToken.name,
      secret: ctx.secret,
      expiresInMs: ctx.sessionConfig.expiresIn * 1000,
      updateAgeMs: ctx.sessionConfig.updateAge * 1000,
    };
    return settingsNow;
  });

  async function viaBetterAuth(headers: Headers): Promise<Actor | null> {
    const session = await auth.api.getSession({ headers });
    if (!session) return null;
    return lookUp(session.session.token).then((row) => (row ? toActor(row) : null));
  }

  // Prepared once: the hottest query of the app skips drizzle's SQL building and the server's planning.
  const sessionActor = db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      emailVerified: users.emailVerified,
      expiresAt: sessions.expiresAt,
      roles: sql<string[]>`array(select role::text from user_roles where user_id = ${users.id})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('session_actor');

  async function lookUp(token: string) {
    const [row] = await sessionActor.execute({ token });
    return row;
  }

  type SessionRow = NonNullable<Awaited<ReturnType<typeof lookUp>>>;
  const kept = keepForAMoment<SessionRow | undefined>({ keepMs, maxKept });

  /** The cookie's session token if the cookie carries a genuine one; null if it carries none. */
  function tokenOf(cookie: string, { cookieName, secret }: Settings): string | null {
    if (!cookie.includes(cookieName)) return null;
    return verifiedToken(parse(cookie, cookieName)[cookieName], secret);
  }

  /** Due for better-auth's sliding refresh, or past its end: better-auth decides. */
  const dueForBetterAuth = (row: SessionRow, { expiresInMs, updateAgeMs }: Settings) => {
    const expiresAt = row.expiresAt.getTime();
    return expiresAt <= Date.now() || expiresAt - expiresInMs + updateAgeMs <= Date.now();
  };

  function readActor(c: Context): Actor | null | Promise<Actor | null> {
    const cookie = requestHeader(c, 'cookie');
    if (!cookie) return null;
    // A session read within the moment is answered in this tick, with no promise (see kept.peek).
    if (settingsNow) {
      const token = tokenOf(cookie, settingsNow);
      if (!token) return null;
      const known = kept.peek(token);
      if (known && (!known.value || !dueForBetterAuth(known.value, settingsNow))) return known.value ? toActor(known.value) : null;
    }
    return readSignedIn(c, cookie);
  }

  async function readSignedIn(c: Context, cookie: string): Promise<Actor | null> {
    const current = await settings;
    const token = tokenOf(cookie, current);
    if (!token) return null;
    const row = await kept.get(token, () => lookUp(token));
    if (!row) return null;
    if (dueForBetterAuth(row, current)) {
      // better-auth may extend (or end) the session: what was kept for it is no longer right.
      kept.drop(token);
      return viaBetterAuth(c.req.raw.headers);
    }
    return toActor(row);
  }

  return Object.assign(readActor, { forget: () => kept.clear() });
}

/** Cookie values already found genuine (a session cookie carries no expiry of its own: the row does). */
const genuine = rememberCheckedSignatures<{ secret: string; token: string }>();

/** `token.base64(HMAC-SHA256(secret, token))`; node:crypto, as WebCrypto's per-call key import costs ~0.7 ms. */
function verifiedToken(value: string | undefined, secret: string): string | null {
  if (!value) return null;
  const known = genuine.get(value);
  if (known?.secret === secret) return known.token;
  const token = checkedToken(value, secret);
  if (token) genuine.remember(value, { secret, token });
  return token;
}

function checkedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

function toActor(row: { userId: string; email: string; name: string; emailVerified: boolean; roles: string[] }): Actor {
  return {
    id: row.userId,
    email: row.email,
    name: row.name,
    emailVerified: row.emailVerified,
    roles: new Set(row.roles as Role[]),
  };
}
