import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { BackupQuerySchema } from '../../../common/schemas';
import * as MESSAGES from '../../../common/messages';
import type { Storage } from '../../adapters/storage/storage';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AppEnv } from '../../lib/hono-env';
import { validate } from '../../lib/validate';
import { archiveName, isBackupToken } from './backup-archive';
import { createBackup } from './backup.service';
import { endpoint } from '../../middleware/endpoint';

/**
 * GET /backup for `npm run backup`: `Authorization: Bearer <token derived from AUTH_SECRET>`. Answers the
 * archive as it is made; no session opens it.
 */
export function backupRoutes({ db, storage, config }: { db: Db; storage: Storage; config: Config }) {
  return new Hono<AppEnv>().get(
    '/',
    endpoint({ access: 'backup-token', summary: 'A backup archive of the database and stored files' }),
    async (c, next) => {
      const given = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
      if (!isBackupToken(given, config.authSecret)) {
        c.header('WWW-Authenticate', 'Bearer realm="backup"');
        throw new AppError('UNAUTHENTICATED', MESSAGES.generic.backupTokenRequired);
      }
      await next();
    },
    validate('query', BackupQuerySchema),
    async (c) => {
      const { bucket } = c.req.valid('query');
      const { manifest, archive } = await createBackup({ db, storage, config, copyBucket: bucket === 'copy' });
      return c.body(Readable.toWeb(archive) as ReadableStream, 200, {
        'Content-Type': 'application/gzip',
        'Content-Disposition': `attachment; filename="${archiveName(manifest.createdAt)}"`,
        'Cache-Control': 'no-store',
        'X-Backup-Created-At': manifest.createdAt,
      });
    },
  );
}
