import { createMiddleware } from 'hono/factory';
import * as MESSAGES from '../../common/messages';
import { AppError } from '../lib/app-error';
import type { AppEnv } from '../lib/hono-env';
import { withDefaultResponseHeaders } from '../lib/node-http';

/**
 * A CSP that allows the app itself and nothing else, but for the store that serves files directly (S3's
 * presigned links, decision 0020): pictures and audio may come from it. Styles allow inline for component
 * libraries that inject <style>.
 */
function pageCsp(fileOrigin: string | undefined): string {
  const files = fileOrigin ? ` ${fileOrigin}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${files}`,
    `media-src 'self' blob:${files}`,
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * The headers of every response (what hono's secureHeaders sent with our settings), unless a route sets its
 * own: stored files, for one, keep their sandboxing CSP. Set on Node's response before the app answers, so
 * no response has to be rebuilt to carry them (issue 10, P3).
 */
export function securityHeaders({ isProduction, fileOrigin }: { isProduction: boolean; fileOrigin?: string | undefined }) {
  const headers: [string, string][] = [
    ['Content-Security-Policy', pageCsp(fileOrigin)],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Origin-Agent-Cluster', '?1'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-DNS-Prefetch-Control', 'off'],
    ['X-Download-Options', 'noopen'],
    ['X-Frame-Options', 'DENY'],
    ['X-Permitted-Cross-Domain-Policies', 'none'],
    ['X-XSS-Protection', '0'],
  ];
  if (isProduction) headers.push(['Strict-Transport-Security', 'max-age=63072000; includeSubDomains']);
  return createMiddleware((c, next) => withDefaultResponseHeaders(c, headers, next));
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent by another site. hono/csrf only looks at form content types;
 * a JSON request carrying a session cookie from a foreign Origin must be refused too.
 * Requests without Origin or Sec-Fetch-Site (server-to-server, such as payment webhooks) pass.
 */
export function originCheck(trustedOrigins: string[]) {
  const trusted = new Set(trustedOrigins);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('origin');
      const fetchSite = c.req.header('sec-fetch-site');
      const foreign = origin ? !trusted.has(origin) : fetchSite === 'cross-site';
      if (foreign) throw new AppError('FORBIDDEN', MESSAGES.generic.foreignOrigin);
    }
    await next();
  });
}
