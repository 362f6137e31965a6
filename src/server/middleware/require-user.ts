import { createMiddleware } from 'hono/factory';
import type { Context } from 'hono';
import type { Role } from '../../common/constants';
import * as MESSAGES from '../../common/messages';
import type { Actor } from '../features/accounts/accounts.service';
import type { SessionReader } from '../features/accounts/session-reader';
import { AppError } from '../lib/app-error';
import { AUTH_BASE_PATH } from '../lib/app-routes';
import type { AppEnv } from '../lib/hono-env';

/**
 * Sets the caller (or null), then goes on: run by the app's first layer for every API route but better-auth's
 * (app.ts); see createSessionReader for how and why.
 */
export function loadActor(readActor: SessionReader) {
  return (c: Context<AppEnv>, next: () => Promise<void>): Promise<void> => {
    const actor = readActor(c);
    if (actor instanceof Promise) {
      return actor.then((found) => {
        c.set('actor', found);
        return next();
      });
    }
    c.set('actor', actor);
    return next();
  };
}

/**
 * After a request of this app that may have changed who someone is, what they may do or what they may read
 * (any auth route: sign-in, sign-out, e-mail verification, password reset; any admin write: approvals,
 * revocations, resets, any change to songs or comments; any other route that says it changed roles, as
 * joining as a songwriter does), what was kept of sessions, catalogue pages and file checks is forgotten
 * before the response leaves, so the caller's next request never races the database. Other writes (a play
 * report, a comment) leave it be: should one ever touch sessions or roles, the database's notice still
 * arrives (decision 0019), and pages and file checks are kept for 2 s at most (decisions 0016, 0022).
 * The app mounts it on writes and on the auth routes' GETs: any other read changes nothing.
 */
export function forgetKeptAfterChanges(...forgetters: (() => void)[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    try {
      await next();
    } finally {
      const path = c.req.path;
      const write = c.req.method !== 'GET' && c.req.method !== 'HEAD';
      if (path.startsWith(`${AUTH_BASE_PATH}/`) || (write && path.startsWith('/api/admin/')) || c.get('rolesChanged')) {
        for (const forget of forgetters) forget();
      }
    }
  });
}

export function actorOf(c: { var: Pick<AppEnv['Variables'], 'actor'> }): Actor {
  const actor = c.var.actor;
  if (!actor) throw new AppError('UNAUTHENTICATED', MESSAGES.generic.unauthenticated);
  return actor;
}

// These guards return next() rather than await it: no async function, so no promise of their own on every
// guarded request (bench row P3). What they throw, Hono's dispatch catches as it would from an async one.

export const requireUser = createMiddleware<AppEnv>((c, next) => {
  actorOf(c);
  return next();
});

/**
 * 401 when signed out, 403 with this message for a holder of the role: for what one kind of account may never
 * do (an admin account cannot also be a songwriter account). Checked before the body, so the answer does not
 * depend on what was sent.
 */
export function refuseRole(role: Role, message: string) {
  return createMiddleware<AppEnv>((c, next) => {
    if (actorOf(c).roles.has(role)) throw new AppError('FORBIDDEN', message);
    return next();
  });
}

/** 401 when signed out, 403 when signed in without any of the roles. */
export function requireRole(...roles: Role[]) {
  return createMiddleware<AppEnv>((c, next) => {
    const actor = actorOf(c);
    if (!roles.some((r) => actor.roles.has(r))) throw new AppError('FORBIDDEN', MESSAGES.generic.forbidden);
    return next();
  });
}
