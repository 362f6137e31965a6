import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { THEME_COOKIE } from '../common/constants';
import type { MeResponse } from '../common/responses';
import * as MESSAGES from '../common/messages';
import { withCallerElement } from './features/accounts/caller-in-page';
import { withThemeAttribute } from './features/theme/theme-in-page';
import {
  HEAD_PRERENDERED_PATHS,
  isKnownPagePath,
  mayBrowseCatalogue,
  PRERENDERED_PATHS,
  PRERENDERED_SHELLS,
  prerenderedFile,
} from '../common/routes';
import type { AppEnv } from './lib/hono-env';
import { requestLog } from './lib/request-log';
import { loggedPath } from './lib/token-redaction';

/**
 * Serves the built web app: files from dist/web (Range-capable), long caching for hashed assets,
 * index.html for page paths; an unknown page path gets the app's 404 page with status 404 and is logged.
 * A missing file (a path with an extension) is a plain 404, never the app's HTML.
 * Every page carries its caller (`callerOf`: what /api/me would answer), so the app's guards and header
 * decide on the first render instead of after a round trip (bench row P2); the page is then the caller's
 * own and no shared cache may keep it.
 */
export function webAppRoutes(
  webRoot: string,
  callerOf?: (c: Context<AppEnv>) => Promise<MeResponse>,
  { testPayments = false, publicUrl }: { testPayments?: boolean; publicUrl?: string } = {},
) {
  const app = new Hono<AppEnv>();
  const indexFile = path.join(webRoot, 'index.html');
  if (!existsSync(indexFile)) {
    return app.get('*', (c) => c.text('The web app is not built yet. Run `npm run build` (npm start does it for you).', 503));
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  // Public pages prerendered by the build: sent instead of the empty shell, so they paint before scripts run;
  // the sign-up pages' with their head only, so a link preview still finds their title and share card.
  const prerendered = readPrerendered(webRoot, [...PRERENDERED_PATHS, ...HEAD_PRERENDERED_PATHS], publicUrl);
  // Signed-in pages' shells, for callers who may open them (common/routes.ts).
  const shells = readPrerendered(webRoot, PRERENDERED_SHELLS);
  const relativeRoot = path.relative(process.cwd(), webRoot) || '.';

  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  // Only paths that name a file go to the file server: "/" and page paths get index.html below.
  app.use('*', async (c, next) => {
    if (path.extname(c.req.path) === '' || c.req.path.startsWith('/.vite/') || c.req.path.startsWith('/prerendered/')) return next();
    return serveStatic({ root: relativeRoot, precompressed: true })(c, next);
  });
  async function readCaller(c: Context<AppEnv>): Promise<MeResponse | undefined> {
    try {
      return await callerOf?.(c);
    } catch (error) {
      // The page still serves: without the caller in it, the app asks /api/me itself.
      requestLog(c).warn({ err: error }, 'cannot write the caller into the page');
      return undefined;
    }
  }
  app.get('*', async (c) => {
    const pathname = c.req.path;
    if (path.extname(pathname) !== '') return c.text('Not found', 404);
    c.header('Cache-Control', callerOf ? 'private, no-cache' : 'no-cache');
    if (callerOf) c.header('Vary', 'Cookie');
    const caller = await readCaller(c);
    const page = (html: string) => {
      const themed = withThemeAttribute(html, getCookie(c, THEME_COOKIE));
      const marked = testPayments ? withTestPaymentsBanner(themed) : themed;
      return caller ? withCallerElement(marked, caller) : marked;
    };
    if (!isKnownPagePath(pathname)) {
      requestLog(c).warn({ path: loggedPath(pathname) }, 'page not found');
      return c.html(page(indexHtml), 404);
    }
    const shell = shells.get(pathname);
    const sendsShell = shell !== undefined && caller !== undefined && mayBrowseCatalogue(caller) && !c.req.url.includes('?');
    return c.html(page(prerendered.get(pathname) ?? (sendsShell ? shell : indexHtml)));
  });
  return app;
}

/**
 * The page with a note, first in its body and outside the app's root (so the app never renders over it), that
 * payments are a test: a staging site's visitors must not believe an order was really paid.
 */
function withTestPaymentsBanner(html: string): string {
  const body = /<body[^>]*>/.exec(html);
  const banner = `<div class="test-payments-banner" role="note">${MESSAGES.generic.testPaymentsBanner}</div>`;
  if (!body) return banner + html;
  const at = body.index + body[0].length;
  return html.slice(0, at) + banner + html.slice(at);
}

/** The build's prerendered pages among `paths` (a build may predate some), by path. */
function readPrerendered(webRoot: string, paths: readonly string[], publicUrl?: string): Map<string, string> {
  const pages = new Map<string, string>();
  for (const pathname of paths) {
    const file = path.join(webRoot, prerenderedFile(pathname));
    if (!existsSync(file)) continue;
    const html = readFileSync(file, 'utf8');
    pages.set(pathname, publicUrl ? withAbsoluteShareUrls(html, publicUrl) : html);
  }
  return pages;
}

/**
 * Share cards need absolute addresses (link previews fetch the image from elsewhere); the build knows only
 * paths, the server knows the site's public address.
 */
function withAbsoluteShareUrls(html: string, publicUrl: string): string {
  return html.replace(
    /(<meta (?:property="og:(?:url|image)"|name="twitter:image") content=")\//g,
    (_, start: string) => `${start}${publicUrl.replace(/\/$/, '')}/`,
  );
}
