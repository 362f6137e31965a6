import { createMiddleware } from 'hono/factory';
import type { Context } from 'hono';
import type { Role } from '../../common/constants';
import * as MESSAGES from '../../common/messages';
import type { Actor } from '../features/accounts/accounts.service';
import type { SessionReader } from '../features/accounts/session-reader';
import { AppError } from '../lib/app-error';
import type { AppEnv } from '../lib/hono-env';

/** Sets the caller (or null) for every API route; see createSessionReader for how and why. */
export function loadActor(readActor: SessionReader) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('actor', await readActor(c));
    await next();
  });
}

/**
 * After any request that may have changed who someone is (a write, or any auth route: sign-in, sign-out,
 * e-mail verification), the session reader forgets what it kept.
 */
export function forgetSessionsAfterChanges(readActor: SessionReader) {
  return createMiddleware<AppEnv>(async (c, next) => {
    try {
      await next();
    } finally {
      if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || c.req.path.startsWith('/api/auth/')) readActor.forget();
    }
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
