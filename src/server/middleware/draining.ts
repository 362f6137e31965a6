import type { MiddlewareHandler } from 'hono';
import type { ApiErrorBody } from '../../common/responses';
import * as MESSAGES from '../../common/messages';
import type { AppEnv } from '../lib/hono-env';
import { RETRY_AFTER_SECONDS } from '../lib/outage';

/** The readiness route, which a load balancer or an orchestrator polls to choose the instances it sends to. */
export const READINESS_PATH = '/api/health/ready';

/**
 * Mounted on the readiness route ahead of it: while the server drains before it stops, readiness answers
 * 503 at once, whatever its dependencies say, so balancers stop sending here while the requests they still
 * send are served.
 */
export function notReadyWhileDraining(isDraining: () => boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!isDraining() || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return next();
    c.header('Retry-After', String(RETRY_AFTER_SECONDS));
    return c.json({ error: { code: 'UNAVAILABLE', message: MESSAGES.generic.unavailable } } satisfies ApiErrorBody, 503);
  };
}
