import { Readable } from 'node:stream';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { OkSchema } from '../../../common/responses/common';
import { UuidParamSchema } from '../../../common/schemas/admin';
import { DownloadPermissionSchema } from '../../../common/schemas/downloads';
import { SlugParamSchema } from '../../../common/schemas/songs';
import type { Storage } from '../../adapters/storage/storage';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../lib/hono-env';
import { responds } from '../../lib/respond';
import { validate } from '../../lib/validate';
import { actorOf } from '../../middleware/require-user';
import {
  catalogueSongForDownload,
  lyricSheet,
  recordDownload,
  setPitchLinkDownloads,
  setPreviewDownloads,
  taggedMp3,
  versionDownload,
  type DownloadContact,
  type DownloadFile,
  type DownloadStream,
} from './downloads.service';
import { SongVersionDownloadParamSchema } from '../../../common/schemas/song-versions';
import { download, endpoint } from '../../middleware/endpoint';
import { catalogueDownloader } from '../files';

export interface DownloadDeps {
  db: Db;
  storage: Storage;
  contact: DownloadContact;
}

/** A file to save, never kept by a cache on the way. The name is made safe by safeFileName. */
export const sendDownload = (file: DownloadFile | DownloadStream) => {
  const [body, length] =
    'bytes' in file
      ? [new Uint8Array(file.bytes), file.bytes.length]
      : [Readable.toWeb(file.body) as unknown as ReadableStream<Uint8Array>, file.sizeBytes];
  return new Response(body, {
    headers: {
      'Content-Type': file.contentType,
      'Content-Length': String(length),
      'Content-Disposition': `attachment; filename="${file.fileName}"`,
      'Cache-Control': 'private, no-store',
    },
  });
};

/** /api/songs/:slug/mp3, /versions/:kind and /lyric-sheet: a catalogue song's files, for a preview user allowed to download (and admins). */
export function catalogueDownloadRoutes({ db, storage, contact }: DownloadDeps) {
  // The song first: an unknown song is a 404 for everyone, as on the song page.
  const allowed = async (c: Context<AppEnv>, slug: string) => {
    const found = await catalogueSongForDownload(db, slug);
    return { found, downloader: await catalogueDownloader(db, actorOf(c)) };
  };
  return new Hono<AppEnv>()
    .get(
      '/:slug/mp3',
      endpoint({
        access: 'catalogue',
        summary: "The song's MP3 with its credits in ID3 tags (audio/mpeg), for a download-allowed caller",
        answers: download('audio/mpeg', "The song's MP3, its credits and cover in ID3 tags"),
      }),
      validate('param', SlugParamSchema),
      async (c) => {
        const { downloader, found } = await allowed(c, c.req.valid('param').slug);
        const file = await taggedMp3({ db, storage, found, contact });
        await recordDownload(db, downloader, found.song.id, 'mp3');
        return sendDownload(file);
      },
    )
    .get(
      '/:slug/versions/:kind',
      endpoint({
        access: 'catalogue',
        summary:
          'One version of the song for a download-allowed caller: an audio version as an MP3 tagged as the song is (audio/mpeg), the stems as their zip (application/zip)',
        answers: {
          200: {
            description: 'The version, as an attachment (Content-Disposition) that no cache keeps.',
            mediaTypes: ['audio/mpeg', 'application/zip'],
          },
        },
      }),
      validate('param', SongVersionDownloadParamSchema),
      async (c) => {
        const { slug, kind } = c.req.valid('param');
        const { downloader, found } = await allowed(c, slug);
        const file = await versionDownload({ db, storage, found, contact, kind });
        await recordDownload(db, downloader, found.song.id, kind === 'stems' ? 'stems' : 'mp3');
        return sendDownload(file);
      },
    )
    .get(
      '/:slug/lyric-sheet',
      endpoint({
        access: 'catalogue',
        summary: "The song's one-page lyric sheet (application/pdf), for a download-allowed caller",
        answers: download('application/pdf', "The song's one-page lyric sheet"),
      }),
      validate('param', SlugParamSchema),
      async (c) => {
        const { downloader, found } = await allowed(c, c.req.valid('param').slug);
        const file = await lyricSheet({ found, contact });
        await recordDownload(db, downloader, found.song.id, 'lyric_sheet');
        return sendDownload(file);
      },
    );
}

/** PUT /api/admin/preview-requests/:id/downloads and /api/admin/pitch-links/:id/downloads: stream only or download allowed. */
export function adminDownloadPermissionRoutes(db: Db) {
  const previewRequests = new Hono<AppEnv>().put(
    '/:id/downloads',
    endpoint({ access: 'admin', summary: 'Set approved access to stream only or download allowed' }),
    validate('param', UuidParamSchema),
    validate('json', DownloadPermissionSchema),
    responds(OkSchema),
    async (c) => {
      await setPreviewDownloads({ db, actor: actorOf(c), id: c.req.valid('param').id, allowed: c.req.valid('json').downloadAllowed });
      return c.var.reply({ ok: true });
    },
  );
  const pitchLinks = new Hono<AppEnv>().put(
    '/:id/downloads',
    endpoint({ access: 'admin', summary: 'Set a pitch link to stream only or download allowed' }),
    validate('param', UuidParamSchema),
    validate('json', DownloadPermissionSchema),
    responds(OkSchema),
    async (c) => {
      await setPitchLinkDownloads({ db, actor: actorOf(c), id: c.req.valid('param').id, allowed: c.req.valid('json').downloadAllowed });
      return c.var.reply({ ok: true });
    },
  );
  return { previewRequests, pitchLinks };
}
