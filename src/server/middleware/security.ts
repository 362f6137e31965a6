import { createMiddleware } from 'hono/factory';
import * as MESSAGES from '../../common/messages';
import { AppError } from '../lib/app-error';
import type { AppEnv } from '../lib/hono-env';

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
 * own: stored files, for one, keep their sandboxing CSP. Pages and assets get the document set. API answers
 * are JSON, never documents, and get the set OWASP's REST Security Cheat Sheet gives for them: a CSP that
 * allows nothing and no framing (stricter than a page's), nosniff, no framing, same-origin resources; the
 * headers that only steer a document (COOP, Origin-Agent-Cluster, DNS prefetching, IE's download and XSS
 * switches, Flash's policy files) would be ~450 bytes of every answer for nothing. Returns
 * the set for a request's path; the app's first layer sets it with the request id.
 */
export function securityHeadersFor({ isProduction, fileOrigin }: { isProduction: boolean; fileOrigin?: string | undefined }) {
  const everywhere: [string, string][] = [
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
  ];
  if (isProduction) everywhere.push(['Strict-Transport-Security', 'max-age=63072000; includeSubDomains']);
  const api: [string, string][] = [['Content-Security-Policy', API_CSP], ...everywhere];
  const documents: [string, string][] = [
    ['Content-Security-Policy', pageCsp(fileOrigin)],
    ...everywhere,
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Origin-Agent-Cluster', '?1'],
    ['X-DNS-Prefetch-Control', 'off'],
    ['X-Download-Options', 'noopen'],
    ['X-Permitted-Cross-Domain-Policies', 'none'],
    ['X-XSS-Protection', '0'],
  ];
  return (path: string): readonly (readonly [string, string])[] => (path.startsWith('/api/') ? api : documents);
}

/** An API answer is data: were a browser ever to render one, it may load nothing and be framed by no one. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The methods the API takes that change something: the app mounts its write-only layers on these. */
export const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

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
