import { createMiddleware } from 'hono/factory';
import type { Role } from '../../common/constants';
import * as MESSAGES from '../../common/messages';
import type { Actor } from '../features/accounts/accounts.service';
import type { ActorReader } from '../features/accounts/actor-reader';
import { AppError } from '../lib/app-error';
import type { AppEnv } from '../lib/hono-env';

/** Sets the caller (or null) for the API's routes, and passes on any cookie better-auth set reading it. */
export function loadActor(readActor: ActorReader) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { actor, setCookies } = await readActor(c.req.raw.headers);
    c.set('actor', actor);
    await next();
    for (const cookie of setCookies) c.res.headers.append('Set-Cookie', cookie);
  });
}

/**
 * After any admin write (approvals, changes to songs or comments, resets), this instance's caches are
 * cleared before the response leaves, so the admin's next read never shows what was there before. The app
 * mounts it on writes only.
 */
export function clearCachesAfterAdminWrites(...clears: (() => void)[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    try {
      await next();
    } finally {
      if (c.req.path.startsWith('/api/admin/')) for (const clear of clears) clear();
    }
  });
}

export function actorOf(c: { var: Pick<AppEnv['Variables'], 'actor'> }): Actor {
  const actor = c.var.actor;
  if (!actor) throw new AppError('UNAUTHENTICATED', MESSAGES.generic.unauthenticated);
  return actor;
}

/** 401 when signed out, 403 when signed in without any of the roles: the admin area's guard as a whole (routes declare theirs with `endpoint`). */
export function requireRole(...roles: Role[]) {
  return createMiddleware<AppEnv>((c, next) => {
    const actor = actorOf(c);
    if (!roles.some((r) => actor.roles.has(r))) throw new AppError('FORBIDDEN', MESSAGES.generic.forbidden);
    return next();
  });
}
