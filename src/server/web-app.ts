import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { isKnownPagePath, PRERENDERED_PATHS, prerenderedFile } from '../common/routes';
import type { AppEnv } from './lib/hono-env';
import { requestLog } from './lib/request-log';

/**
 * Serves the built web app: files from dist/web (Range-capable), long caching for hashed assets,
 * index.html for page paths; an unknown page path gets the app's 404 page with status 404 and is logged.
 * A missing file (a path with an extension) is a plain 404, never the app's HTML.
 */
export function webAppRoutes(webRoot: string) {
  const app = new Hono<AppEnv>();
  const indexFile = path.join(webRoot, 'index.html');
  if (!existsSync(indexFile)) {
    return app.get('*', (c) =>
      c.text('The web app is not built yet. Run `npm run build` (npm start does it for you).', 503),
    );
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  // Public pages prerendered by the build: sent instead of the empty shell, so they paint before scripts run.
  const prerendered = new Map<string, string>();
  for (const pathname of PRERENDERED_PATHS) {
    const file = path.join(webRoot, prerenderedFile(pathname));
    if (existsSync(file)) prerendered.set(pathname, readFileSync(file, 'utf8'));
  }
  const relativeRoot = path.relative(process.cwd(), webRoot) || '.';

  app.use(
    '/assets/*',
    async (c, next) => {
      await next();
      if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
  );
  // Only paths that name a file go to the file server: "/" and page paths get index.html below.
  app.use('*', async (c, next) => {
    if (path.extname(c.req.path) === '' || c.req.path.startsWith('/.vite/') || c.req.path.startsWith('/prerendered/')) return next();
    return serveStatic({ root: relativeRoot, precompressed: true })(c, next);
  });
  app.get('*', (c) => {
    const pathname = c.req.path;
    if (path.extname(pathname) !== '') return c.text('Not found', 404);
    c.header('Cache-Control', 'no-cache');
    if (isKnownPagePath(pathname)) return c.html(prerendered.get(pathname) ?? indexHtml);
    requestLog(c).warn({ path: pathname }, 'page not found');
    return c.html(indexHtml, 404);
  });
  return app;
}
