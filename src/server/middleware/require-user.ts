import { createMiddleware } from 'hono/factory';
import type { Context } from 'hono';
import type { Role } from '../../common/constants';
import * as MESSAGES from '../../common/messages';
import type { Auth } from '../auth';
import type { Db } from '../db/client';
import type { Actor } from '../features/accounts/accounts.service';
import { createSessionReader } from '../features/accounts/session-reader';
import { AppError } from '../lib/app-error';
import type { AppEnv } from '../lib/hono-env';

/** Sets the caller (or null) for every API route; see createSessionReader for how and why. */
export function loadActor(auth: Auth, db: Db) {
  const readActor = createSessionReader(auth, db);
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('actor', await readActor(c));
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
