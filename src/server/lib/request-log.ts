import type { Context } from 'hono';
import type { AppEnv } from './hono-env';
import type { Logger } from './logger';

/** A logger whose lines carry the request's id: made when a route logs, which most requests never do. */
export function requestLog(c: Pick<Context<AppEnv>, 'get'>): Logger {
  return c.get('logger').child({ requestId: c.get('requestId') });
}
