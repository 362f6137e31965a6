import { parse } from 'csv-parse/sync';
import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import { MUSICAL_KEYS } from '../../../common/musical-keys';
import * as MESSAGES from '../../../common/messages';
import type { SongImportPreview, SongImportResult, SongImportRow } from '../../../common/responses/song-import';
import {
  SONG_IMPORT_COLUMNS,
  SONG_IMPORT_LIMITS,
  SONG_IMPORT_REQUIRED_COLUMNS,
  type SongImportColumn,
} from '../../../common/schemas/song-import';
import { parseWritersCell } from '../../../common/schemas/writers-cell';
import { SongFormSchema, slugify, type SongFormValues } from '../../../common/schemas/songs';
import type { Db, DbOrTx } from '../../db/client';
import { songs, storedFiles } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import type { Actor } from '../accounts';
import { changesOf, recordAudit } from '../audit';
import { replaceSongWriters, writerLine, takenUpload } from '../songs';

const m = MESSAGES.songImport;

type CsvRecord = Partial<Record<SongImportColumn, string>>;

/** A checked file: each row shown, and for a file without problems the songs to insert. */
interface Checked {
  preview: SongImportPreview;
  songs: (SongFormValues & { audioUploadId: string })[];
}

/** Reads the CSV as records keyed by its header; a file that cannot be read is one problem of the whole file. */
function readCsv(csv: string): { records: CsvRecord[] } | { fileError: string } {
  let rows: string[][];
  try {
    rows = parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: false }) as string[][];
  } catch (error) {
    return { fileError: m.csvUnreadable(error instanceof Error ? error.message : String(error)) };
  }
  const [header, ...body] = rows;
  const names = (header ?? []).map((h) => h.trim().toLowerCase());
  if (!SONG_IMPORT_REQUIRED_COLUMNS.every((c) => names.includes(c)))
    return { fileError: m.missingColumns(SONG_IMPORT_REQUIRED_COLUMNS.join(', ')) };
  if (body.length === 0) return { fileError: m.csvEmpty };
  if (body.length > SONG_IMPORT_LIMITS.rowsMax) return { fileError: m.tooManyRows(SONG_IMPORT_LIMITS.rowsMax) };
  return {
    records: body.map((cells) => {
      const record: CsvRecord = {};
      names.forEach((name, i) => {
        if ((SONG_IMPORT_COLUMNS as readonly string[]).includes(name)) record[name as SongImportColumn] = cells[i] ?? '';
      });
      return record;
    }),
  };
}

const keyByName = new Map(MUSICAL_KEYS.map((k) => [k.toLowerCase(), k]));

/**
 * Checks every row of an import CSV against the song form's own schema, the uploaded MP3s (by file name) and the
 * catalogue's addresses, without writing anything. Inside the import's transaction the uploads are locked.
 */
async function checkImport(db: DbOrTx, input: { csv: string; audioUploadIds: string[] }, lock = false): Promise<Checked> {
  const read = readCsv(input.csv);
  if ('fileError' in read) return { preview: { rows: [], fileErrors: [read.fileError], valid: false }, songs: [] };

  // The chosen uploads that no song has taken yet, by the name they were uploaded with; a later upload of a name wins.
  const uploadQuery = db
    .select({ id: storedFiles.id, name: storedFiles.originalName })
    .from(storedFiles)
    .where(
      and(
        inArray(storedFiles.id, input.audioUploadIds.length > 0 ? input.audioUploadIds : ['00000000-0000-0000-0000-000000000000']),
        eq(storedFiles.bucket, 'song-audio'),
        notExists(db.select({ id: songs.id }).from(songs).where(eq(songs.audioFileId, storedFiles.id))),
      ),
    )
    .orderBy(storedFiles.createdAt);
  const uploads = new Map((await (lock ? uploadQuery.for('update') : uploadQuery)).map((u) => [u.name ?? '', u.id]));

  const slugs = read.records.map((r) => slugify(r.title ?? ''));
  const taken = new Set(
    (
      await db
        .select({ slug: songs.slug })
        .from(songs)
        .where(inArray(songs.slug, slugs.filter(Boolean).concat('')))
    ).map((s) => s.slug),
  );
  const [{ nextOrder } = { nextOrder: 0 }] = await db
    .select({ nextOrder: sql<number>`coalesce(max(${songs.orderIndex}) + 1, 0)::int` })
    .from(songs);

  const audioCount = new Map<string, number>();
  const slugCount = new Map<string, number>();
  for (const [i, r] of read.records.entries()) {
    const audio = (r.audio_file ?? '').trim();
    if (audio) audioCount.set(audio, (audioCount.get(audio) ?? 0) + 1);
    slugCount.set(slugs[i]!, (slugCount.get(slugs[i]!) ?? 0) + 1);
  }

  const rows: SongImportRow[] = [];
  const values: Checked['songs'] = [];
  for (const [i, r] of read.records.entries()) {
    const problems: string[] = [];
    const keyCell = (r.key ?? '').trim().replace(/\s+/g, ' ');
    const musicalKey = keyCell ? keyByName.get(keyCell.toLowerCase()) : null;
    if (musicalKey === undefined) problems.push(m.unknownKey(keyCell));
    const bpmCell = (r.bpm ?? '').trim();
    const bpm = bpmCell === '' ? null : /^\d+$/.test(bpmCell) ? Number(bpmCell) : undefined;
    if (bpm === undefined) problems.push(m.bpmNotNumber(bpmCell));
    const tags = (r.tags ?? '')
      .split(';')
      .map((t) => t.trim())
      .filter(Boolean);
    const writersCell = parseWritersCell(r.writers ?? '');
    if ('unreadable' in writersCell) problems.push(m.writerUnreadable(writersCell.unreadable));
    const audioFile = (r.audio_file ?? '').trim();
    const audioUploadId = uploads.get(audioFile);
    if (!audioFile) problems.push(m.audioFileRequired);
    else if (!audioUploadId) problems.push(m.noAudioNamed(audioFile));
    else if (audioCount.get(audioFile)! > 1) problems.push(m.audioNamedTwice(audioFile));

    const parsed = SongFormSchema.safeParse({
      title: r.title ?? '',
      slug: slugs[i],
      description: r.description ?? '',
      lyrics: r.lyrics ?? '',
      genre: r.genre ?? '',
      bpm: bpm ?? null,
      tags,
      musicalKey: musicalKey ?? null,
      writers: 'writers' in writersCell ? writersCell.writers : [],
      orderIndex: nextOrder + i,
      // Imported songs wait unpublished, for the admin to listen to each before it is offered.
      isActive: false,
      audioUploadId,
    });
    if (parsed.success) {
      if (taken.has(parsed.data.slug)) problems.push(m.slugTaken(parsed.data.slug));
      else if (slugCount.get(parsed.data.slug)! > 1) problems.push(m.slugTwice(parsed.data.slug));
    } else {
      for (const issue of parsed.error.issues) if (!problems.includes(issue.message)) problems.push(issue.message);
    }
    const writers = 'writers' in writersCell ? writersCell.writers : [];
    rows.push({
      row: i + 2,
      title: (r.title ?? '').trim(),
      writers: writers.map((w) => ({ name: w.name, share: w.share })),
      genre: (r.genre ?? '').trim() || null,
      bpm: bpm ?? null,
      musicalKey: musicalKey ?? (keyCell || null),
      tags,
      audioFile,
      errors: problems.map((p) => m.rowError(i + 2, p)),
    });
    if (parsed.success && problems.length === 0 && audioUploadId) values.push({ ...parsed.data, audioUploadId });
  }
  const valid = rows.every((r) => r.errors.length === 0);
  return { preview: { rows, fileErrors: [], valid }, songs: valid ? values : [] };
}

/** POST /api/admin/song-import/preview: what an import would add, row by row, saving nothing. */
export async function previewSongImport({ db, input }: { db: Db; input: { csv: string; audioUploadIds: string[] } }) {
  return (await checkImport(db, input)).preview;
}

/**
 * POST /api/admin/song-import: every row of the CSV as an unpublished song with its writers and uploaded audio, in
 * one transaction, or nothing at all when any row has a problem (the answer names each one).
 */
export async function importSongs({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Actor;
  input: { csv: string; audioUploadIds: string[] };
}): Promise<SongImportResult> {
  try {
    return await db.transaction(async (tx) => {
      const { preview, songs: values } = await checkImport(tx, input, true);
      if (!preview.valid) {
        const problems = [...preview.fileErrors, ...preview.rows.flatMap((r) => r.errors)];
        throw new AppError('INVALID', problems[0] ?? m.notValid, { csv: problems });
      }
      const imported: SongImportResult['imported'] = [];
      for (const { audioUploadId, writers, ...fields } of values) {
        const audio = await takenUpload(tx, audioUploadId);
        const [song] = await tx
          .insert(songs)
          .values({ ...fields, audioFileId: audio.id, audioPeaks: audio.peaks, audioDurationSeconds: audio.durationSeconds })
          .returning({ id: songs.id, slug: songs.slug, title: songs.title });
        const credited = await replaceSongWriters(tx, song!.id, writers);
        await recordAudit(tx, {
          actor,
          action: 'song.create',
          subject: { kind: 'song', id: song!.id },
          summary: `Imported the song “${fields.title}” from a CSV`,
          changes: changesOf(null, { ...fields, writers: credited.after.map(writerLine), audioFileId: audio.id }),
        });
        imported.push(song!);
      }
      return { imported };
    });
  } catch (error) {
    // Another save took one of the addresses between the check and the insert.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', MESSAGES.songs.slugTaken);
    throw error;
  }
}
