import { Hono } from 'hono';
import { serveFile } from '../../adapters/storage/serve-file';
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
