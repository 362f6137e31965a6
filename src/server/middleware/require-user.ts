import { createMiddleware } from 'hono/factory';
import type { Context } from 'hono';
import type { Role } from '../../common/constants';
import { MESSAGES } from '../../common/messages';
import type { Auth } from '../auth';
import type { Db } from '../db/client';
import { rolesOf, type Actor } from '../features/accounts/accounts.service';
import { AppError } from '../lib/app-error';
import type { AppEnv } from '../lib/hono-env';

/** Reads the session cookie and the current roles (never cached: a revoked role stops working at once). */
export function loadActor(auth: Auth, db: Db) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (session) {
      const { user } = session;
      c.set('actor', {
        id: user.id,
        email: user.email,
        name: user.name,
        emailVerified: user.emailVerified,
        roles: await rolesOf(db, user.id),
      });
    } else {
      c.set('actor', null);
    }
    await next();
  });
}

export function actorOf(c: Context<AppEnv>): Actor {
  const actor = c.get('actor');
  if (!actor) throw new AppError('UNAUTHENTICATED', MESSAGES.generic.unauthenticated);
  return actor;
}

export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  actorOf(c);
  await next();
});

/** 401 when signed out, 403 when signed in without any of the roles. */
export function requireRole(...roles: Role[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const actor = actorOf(c);
    if (!roles.some((r) => actor.roles.has(r))) throw new AppError('FORBIDDEN', MESSAGES.generic.forbidden);
    await next();
  });
}
