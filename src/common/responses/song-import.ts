/** What the song import routes answer. */
import { z } from 'zod';

/** One CSV row as it would be imported, with what stops it; `row` counts the header as row 1, as a spreadsheet does. */
export const SongImportRowSchema = z.object({
  row: z.number(),
  title: z.string(),
  writers: z.array(z.object({ name: z.string(), share: z.number() })),
  genre: z.string().nullable(),
  bpm: z.number().nullable(),
  musicalKey: z.string().nullable(),
  tags: z.array(z.string()),
  audioFile: z.string(),
  errors: z.array(z.string()),
});
export type SongImportRow = z.output<typeof SongImportRowSchema>;

/** POST /api/admin/song-import/preview: every row, and problems of the file as a whole. */
export const SongImportPreviewSchema = z.object({
  rows: z.array(SongImportRowSchema),
  fileErrors: z.array(z.string()),
  valid: z.boolean(),
});
export type SongImportPreview = z.output<typeof SongImportPreviewSchema>;

/** POST /api/admin/song-import: the songs added, in the CSV's order. */
export const SongImportResultSchema = z.object({
  imported: z.array(z.object({ id: z.string(), slug: z.string(), title: z.string() })),
});
export type SongImportResult = z.output<typeof SongImportResultSchema>;
