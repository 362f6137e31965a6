import { Hono } from 'hono';
import { contentDisposition, parseRangeHeader, serveFile } from '../../adapters/storage/serve-file';
import type { Storage } from '../../adapters/storage/storage';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { recordStreamFetch } from './download-policy';
import { authorizeFileLink, type FileChecks } from './files.service';
import { STORED_MEDIA_TYPES } from '../../adapters/storage/sniff';
import { endpoint, type OtherAnswer } from '../../middleware/endpoint';

/** A fetch of the whole file or from its first byte: a player starting, or the file being saved. */
/** A stored file: whole, a byte range of it, or (files kept in S3) a redirect to the store. */
const STORED_FILE: Record<number, OtherAnswer> = {
  200: { description: 'The whole file, in the type it was stored as (uploads are checked by content).', mediaTypes: STORED_MEDIA_TYPES },
  206: { description: 'The byte range the Range header asked for.', mediaTypes: STORED_MEDIA_TYPES },
  302: {
    description: "Files kept in S3: the store's presigned link, which lives no longer than this link.",
    location: 'A presigned GET of the object in S3, with its type and name as response headers.',
  },
};

const fetchesFromStart = (range: string | undefined) => {
  const parsed = parseRangeHeader(range);
  return !parsed || ('start' in parsed && parsed.start === 0);
};

/**
 * GET (and HEAD) /api/files/:token: the stored file, after checking the caller may read it now. From disk the
 * app streams it, with Range support; from S3 the browser is sent on to a presigned link of the store
 * (decision 0020), so no byte passes through the app. HEAD is answered here either way: a presigned GET
 * does not answer HEAD.
 */
export function fileRoutes({ db, storage, secret, fileChecks }: { db: Db; storage: Storage; secret: string; fileChecks?: FileChecks }) {
  return new Hono<AppEnv>().get(
    '/:token',
    endpoint({
      access: 'signed-link',
      summary: 'Download or stream a stored file through a signed link (Range supported)',
      answers: STORED_FILE,
    }),
    async (c) => {
      const { file, expiresAt, reader } = await authorizeFileLink({
        db,
        secret,
        actor: c.get('actor'),
        token: c.req.param('token'),
        fileChecks,
      });
      // A catalogue song or cover is streamed, never handed over as its original file (downloads are their own routes).
      const stream = file.bucket === 'song-audio' || file.bucket === 'song-images';
      const range = c.req.header('range');
      if (c.req.method === 'GET' && file.bucket === 'song-audio' && fetchesFromStart(range)) await recordStreamFetch(db, reader, file.id);
      // What is left of this link's life: the browser keeps the file (or the way to it) no longer than that.
      const maxAgeSeconds = Math.max(1, expiresAt - Math.floor(Date.now() / 1000));
      // A catalogue picture is stored once under its id and never rewritten (a new cover is a new file).
      const immutable = file.bucket === 'song-images';
      const cacheControl = `private, max-age=${maxAgeSeconds}${immutable ? ', immutable' : ''}`;
      if (c.req.method === 'GET') {
        const direct = await storage.presignGet({
          bucket: file.bucket,
          key: file.key,
          expiresInSeconds: maxAgeSeconds,
          contentType: file.contentType,
          contentDisposition: contentDisposition(file.originalName, { inline: stream }),
          cacheControl,
        });
        if (direct) {
          c.header('Cache-Control', cacheControl);
          return c.redirect(direct, 302);
        }
      }
      return serveFile({
        storage,
        bucket: file.bucket,
        key: file.key,
        method: c.req.method,
        range,
        contentType: file.contentType,
        filename: file.originalName,
        inline: stream,
        maxAgeSeconds,
        immutable,
      });
    },
  );
}
