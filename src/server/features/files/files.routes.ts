import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { FILE_CSP, serveFile } from '../../adapters/storage/serve-file';
import type { Storage } from '../../adapters/storage/storage';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { authorizeFileLink } from './files.service';

/** GET (and HEAD) /api/files/:token: streams a stored file with Range support after checking access. */
export function fileRoutes({ db, storage, secret }: { db: Db; storage: Storage; secret: string }) {
  return new Hono<AppEnv>().get('/:token', async (c) => {
    const { file, expiresAt } = await authorizeFileLink({ db, secret, actor: c.get('actor'), token: c.req.param('token') });
    return serveFile({
      storage,
      bucket: file.bucket,
      key: file.key,
      method: c.req.method,
      range: c.req.header('range'),
      contentType: file.contentType,
      filename: file.originalName,
      maxAgeSeconds: Math.max(0, expiresAt - Math.floor(Date.now() / 1000)),
    });
  });
}

/**
 * The app's security headers replace every response's CSP with the page policy; registered before them
 * (so it finishes after them), this gives file responses back their sandboxing one.
 */
export const keepFileSandbox = createMiddleware(async (c, next) => {
  await next();
  c.res.headers.set('Content-Security-Policy', FILE_CSP);
});
