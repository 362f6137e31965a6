import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import * as MESSAGES from '../../../common/messages';
import { AppError } from '../../lib/app-error';
import type { AppEnv } from '../../lib/hono-env';
import type { Metrics } from './metrics';
import { endpoint } from '../../middleware/endpoint';

const sameToken = (given: string, expected: string) =>
  given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

/**
 * GET /metrics for a Prometheus scraper: `Authorization: Bearer <METRICS_TOKEN>`. Without METRICS_TOKEN the
 * endpoint is off (404), so a site that never set one does not publish its figures.
 */
export function metricsRoutes(metrics: Metrics, token: string | undefined) {
  return new Hono<AppEnv>().get('/', endpoint({ access: 'metrics-token', summary: 'Figures for a Prometheus scraper' }), async (c) => {
    if (!token) throw new AppError('NOT_FOUND', MESSAGES.generic.notFound);
    const given = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
    if (!sameToken(given, token)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new AppError('UNAUTHENTICATED', MESSAGES.generic.metricsTokenRequired);
    }
    return c.body(await metrics.registry.metrics(), 200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' });
  });
}
