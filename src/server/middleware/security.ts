import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import * as MESSAGES from '../../common/messages';
import { AppError } from '../lib/app-error';
import type { AppEnv } from '../lib/hono-env';

/** A CSP that allows the app itself and nothing else. Styles allow inline for component libraries that inject <style>. */
export function securityHeaders({ isProduction, extraMediaOrigins = [] }: { isProduction: boolean; extraMediaOrigins?: string[] }) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...extraMediaOrigins],
      mediaSrc: ["'self'", 'blob:', ...extraMediaOrigins],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
    strictTransportSecurity: isProduction ? 'max-age=63072000; includeSubDomains' : false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    xContentTypeOptions: 'nosniff',
    xFrameOptions: 'DENY',
    crossOriginResourcePolicy: 'same-origin',
    crossOriginOpenerPolicy: 'same-origin',
  });
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
