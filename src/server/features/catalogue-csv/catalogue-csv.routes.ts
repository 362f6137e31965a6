import { Hono } from 'hono';
import { SongImportPreviewSchema, SongImportResultSchema } from '../../../common/responses/song-import';
import { SongImportSchema } from '../../../common/schemas/song-import';
import type { Db } from '../../db/client';
import { csvResponse, datedFileName } from '../../lib/csv';
import type { AppEnv } from '../../lib/hono-env';
import { responds } from '../../lib/respond';
import { validate } from '../../lib/validate';
import { actorOf } from '../../middleware/require-user';
import { CATALOGUE_CSV_COLUMNS, catalogueCsvRows } from './catalogue-export.service';
import { importSongs, previewSongImport } from './song-import.service';
import { download, endpoint } from '../../middleware/endpoint';

/** /api/admin/song-import: a CSV of songs checked row by row, then imported whole. Mounted under the admin router. */
export function adminSongImportRoutes(db: Db) {
  return new Hono<AppEnv>()
    .post(
      '/preview',
      endpoint({ access: 'admin', summary: 'Check a CSV of songs row by row against the uploaded MP3s, saving nothing' }),
      validate('json', SongImportSchema),
      responds(SongImportPreviewSchema),
      async (c) => c.var.reply(await previewSongImport({ db, input: c.req.valid('json') })),
    )
    .post(
      '/',
      endpoint({ access: 'admin', summary: 'Import every song of a CSV, unpublished, or none when any row has a problem' }),
      validate('json', SongImportSchema),
      responds(SongImportResultSchema, 201),
      async (c) => c.var.reply(await importSongs({ db, actor: actorOf(c), input: c.req.valid('json') })),
    );
}

/** /api/admin/song-export: the whole catalogue as a CSV download. */
export function adminSongExportRoutes(db: Db) {
  return new Hono<AppEnv>().get(
    '/',
    endpoint({
      access: 'admin',
      summary: 'The whole catalogue as a CSV download (text/csv)',
      answers: download('text/csv', 'One row per song, UTF-8 with a byte-order mark'),
    }),
    async () => csvResponse(datedFileName('catalogue'), CATALOGUE_CSV_COLUMNS, await catalogueCsvRows({ db })),
  );
}
