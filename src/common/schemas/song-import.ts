import * as z from 'zod/mini';
import * as MESSAGES from '../messages';

const m = MESSAGES.songImport;

/** The columns of an import CSV, in the template's order; audio_file names one of the MP3s chosen beside it. */
export const SONG_IMPORT_COLUMNS = ['title', 'writers', 'genre', 'bpm', 'key', 'tags', 'lyrics', 'description', 'audio_file'] as const;
export type SongImportColumn = (typeof SONG_IMPORT_COLUMNS)[number];
/** Columns a CSV must have; the others may be left out. */
export const SONG_IMPORT_REQUIRED_COLUMNS = ['title', 'writers', 'lyrics', 'description', 'audio_file'] as const;

export const SONG_IMPORT_LIMITS = {
  /** Songs in one CSV: one transaction, one preview table. */
  rowsMax: 500,
  /**
   * The CSV as JSON text. A refused request's body is drained for at most half a second before the connection
   * is closed (@hono/node-server), so a JSON body stays small; a larger batch is split into several files.
   */
  csvMaxChars: 20_000,
} as const;

/** The template offered on the import page: one row per way of writing writers. */
export const SONG_IMPORT_TEMPLATE = [
  SONG_IMPORT_COLUMNS.join(','),
  '"Gravel Road Goodbye","Jo Whitfield (BMI, IPI 00123456789, Big Tree Music) 50%; Casey Rivers (ASCAP) 50%",Country,92,G major,"heartbreak; road trip","First verse…\nChorus…","A dusty farewell for a long drive.",gravel-road-goodbye.mp3',
  '"Neon Harbour","Sam Ortiz (PRS) 100%",Synth-pop,118,F# minor,night drive,"Lyrics here","A late-night anthem.",neon-harbour.mp3',
  '',
].join('\n');

/**
 * POST /api/admin/song-import/preview and POST /api/admin/song-import: the CSV as text and the ids of the MP3s
 * uploaded for it (POST /api/admin/song-audio); each row's audio_file names one of them by its file name.
 */
export const SongImportSchema = z.object({
  csv: z.string(m.csvRequired).check(z.minLength(1, m.csvRequired), z.maxLength(SONG_IMPORT_LIMITS.csvMaxChars, m.csvTooLarge)),
  audioUploadIds: z._default(z.array(z.uuid()).check(z.maxLength(SONG_IMPORT_LIMITS.rowsMax)), []),
});
export type SongImportInput = z.input<typeof SongImportSchema>;
