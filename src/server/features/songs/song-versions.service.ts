import { and, asc, eq, sql } from 'drizzle-orm';
import { LIMITS } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import type { SongVersionFormValues } from '../../../common/schemas/song-versions';
import { ADDED_VERSION_KINDS, SONG_VERSION_LABELS, type AddedVersionKind, type SongVersionKind } from '../../../common/song-versions';
import { isZipArchive, sniffFile } from '../../adapters/storage/sniff';
import type { Storage } from '../../adapters/storage/storage';
import type { Db, DbOrTx } from '../../db/client';
import { songs, songVersions, storedFiles } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { UploadedFile } from '../../lib/multipart';
import type { Actor } from '../accounts';
import { changesOf, recordAudit } from '../audit';
import { analysisStateOf, enqueueAnalysis } from '../audio';
import { insertFile, putFile, removeObjects, type NewStoredFile } from '../files';

const m = MESSAGES.songVersions;

/** The kinds in the order pages list them. */
const kindOrder = sql`array_position(array[${sql.join(
  ADDED_VERSION_KINDS.map((kind) => sql`${kind}`),
  sql`, `,
)}]::text[], ${songVersions.kind})`;

/**
 * Checks a version's file by its content and stores it: an audio version is an MP3 (as the song's own audio is),
 * in song-audio, so the analysis pipeline measures it; the stems are a zip, in song-stems, kept as they came.
 */
async function putVersionFile(storage: Storage, kind: AddedVersionKind, file: UploadedFile, ownerId: string): Promise<NewStoredFile> {
  const refuse = (status: 'INVALID' | 'PAYLOAD_TOO_LARGE', message: string) => new AppError(status, message, { file: [message] });
  if (kind === 'stems') {
    if (file.size > LIMITS.songStemsMaxBytes) throw refuse('PAYLOAD_TOO_LARGE', m.stemsTooLarge);
    if (!(await isZipArchive(file.head))) throw refuse('INVALID', m.stemsNotZip);
    return putFile({
      storage,
      bucket: 'song-stems',
      ownerId,
      body: file.stream(),
      contentType: 'application/zip',
      extension: 'zip',
      originalName: file.name,
    });
  }
  if (file.size > LIMITS.songAudioMaxBytes) throw refuse('PAYLOAD_TOO_LARGE', MESSAGES.songs.audioTooLarge);
  const sniffed = await sniffFile(file.head, ['mp3'], file.name);
  if (!sniffed.ok) throw refuse('INVALID', m.audioNotMp3);
  return putFile({
    storage,
    bucket: 'song-audio',
    ownerId,
    body: file.stream(),
    contentType: sniffed.mime,
    extension: sniffed.ext,
    originalName: file.name,
  });
}

/** A song's added versions with their files, in the order of their kinds. */
async function versionRows(db: DbOrTx, songId: string) {
  return db
    .select({ version: songVersions, file: storedFiles })
    .from(songVersions)
    .innerJoin(storedFiles, eq(storedFiles.id, songVersions.fileId))
    .where(eq(songVersions.songId, songId))
    .orderBy(asc(kindOrder));
}

/** The admin's list of a song's added versions: names, files and where each audio version's analysis stands. */
export async function adminSongVersions(db: DbOrTx, songId: string, link: (fileId: string) => string) {
  const rows = await versionRows(db, songId);
  return Promise.all(
    rows.map(async ({ version, file }) => ({
      kind: version.kind,
      label: version.label,
      originalName: file.originalName,
      sizeBytes: file.sizeBytes,
      durationSeconds: file.audioDurationSeconds,
      analysis: version.kind === 'stems' ? null : await analysisStateOf(db, file.id),
      audioUrl: version.kind === 'stems' ? null : link(file.id),
      createdAt: version.createdAt,
    })),
  );
}

/** The song, locked for the change of its versions. */
async function lockedSong(tx: DbOrTx, songId: string) {
  const [song] = await tx.select({ id: songs.id, title: songs.title }).from(songs).where(eq(songs.id, songId)).for('update');
  if (!song) throw new AppError('NOT_FOUND', MESSAGES.songs.notFound);
  return song;
}

/**
 * The admin adds a version of a song, or replaces the one of its kind: the file is checked and stored first,
 * then its row, its analysis (an audio version's) and the audit event in one transaction; a replaced file is
 * removed after. Answers the song's versions as they are now.
 */
export async function uploadSongVersion({
  db,
  storage,
  actor,
  songId,
  values,
  file,
  link,
}: {
  db: Db;
  storage: Storage;
  actor: Actor;
  songId: string;
  values: SongVersionFormValues;
  file: UploadedFile | undefined;
  link: (fileId: string) => string;
}) {
  if (!file) throw new AppError('INVALID', m.fileRequired, { file: [m.fileRequired] });
  const stored = await putVersionFile(storage, values.kind, file, actor.id);
  let replaced: (typeof storedFiles.$inferSelect)[] = [];
  try {
    await db.transaction(async (tx) => {
      const song = await lockedSong(tx, songId);
      const row = await insertFile(tx, stored);
      if (values.kind !== 'stems') await enqueueAnalysis(tx, row);
      const [before] = await tx
        .select()
        .from(songVersions)
        .where(and(eq(songVersions.songId, songId), eq(songVersions.kind, values.kind)));
      if (before) {
        await tx
          .update(songVersions)
          .set({ label: values.label, fileId: row.id, createdAt: new Date() })
          .where(eq(songVersions.id, before.id));
        replaced = await tx.delete(storedFiles).where(eq(storedFiles.id, before.fileId)).returning();
      } else {
        await tx.insert(songVersions).values({ songId, kind: values.kind, label: values.label, fileId: row.id });
      }
      await recordAudit(tx, {
        actor,
        action: 'song_version.upload',
        subject: { kind: 'song', id: songId },
        summary: `${before ? 'Replaced' : 'Added'} the ${SONG_VERSION_LABELS[values.kind].toLowerCase()} “${values.label}” of “${song.title}”`,
        changes: changesOf(before ? { label: before.label, fileId: before.fileId } : null, { label: values.label, fileId: row.id }),
      });
    });
  } catch (error) {
    await removeObjects(storage, [stored]);
    throw error;
  }
  await removeObjects(storage, replaced);
  return adminSongVersions(db, songId, link);
}

/** The admin removes a version of a song, and its file. Answers the song's versions as they are now. */
export async function removeSongVersion({
  db,
  storage,
  actor,
  songId,
  kind,
  link,
}: {
  db: Db;
  storage: Storage;
  actor: Actor;
  songId: string;
  kind: AddedVersionKind;
  link: (fileId: string) => string;
}) {
  const removed = await db.transaction(async (tx) => {
    const song = await lockedSong(tx, songId);
    const [version] = await tx
      .delete(songVersions)
      .where(and(eq(songVersions.songId, songId), eq(songVersions.kind, kind)))
      .returning();
    if (!version) throw new AppError('NOT_FOUND', m.notFound);
    await recordAudit(tx, {
      actor,
      action: 'song_version.remove',
      subject: { kind: 'song', id: songId },
      summary: `Removed the ${SONG_VERSION_LABELS[kind].toLowerCase()} “${version.label}” of “${song.title}”`,
      changes: changesOf({ label: version.label, fileId: version.fileId }, null),
    });
    return tx.delete(storedFiles).where(eq(storedFiles.id, version.fileId)).returning();
  });
  await removeObjects(storage, removed);
  return adminSongVersions(db, songId, link);
}

/** The stored files of a song's versions, for removing with the song. */
export async function versionFileIdsOf(tx: DbOrTx, songId: string): Promise<string[]> {
  const rows = await tx.select({ fileId: songVersions.fileId }).from(songVersions).where(eq(songVersions.songId, songId));
  return rows.map((r) => r.fileId);
}

/** A song as playableVersions needs it: its own audio (the full demo) and what was measured of it. */
export interface SongWithAudio {
  id: string;
  audioFileId: string | null;
  audioPeaks: number[] | null;
  audioDurationSeconds: number | null;
}

/** A version a listener can play or take: its link (made by the caller, for its listener) and what was measured. */
export interface ListedVersion {
  kind: SongVersionKind;
  label: string;
  audioUrl: string | null;
  peaks: number[] | null;
  durationSeconds: number | null;
  sizeBytes: number | null;
}

/**
 * The versions of a song a listener may play: the full demo (the song's own audio) first, then the added audio
 * versions, each with a link made by `link` for the listener (a catalogue user's file link, or a pitch link's own).
 * With `withStems`, for a listener who may download, the stems too, without a link (they are only downloaded).
 * This is the one place that says what a listener is offered: the song page and the pitch page both use it.
 */
export async function playableVersions(
  db: DbOrTx,
  song: SongWithAudio,
  { link, withStems = false }: { link: (fileId: string) => string; withStems?: boolean },
): Promise<ListedVersion[]> {
  const listed: ListedVersion[] = [];
  if (song.audioFileId)
    listed.push({
      kind: 'full_demo',
      label: SONG_VERSION_LABELS.full_demo,
      audioUrl: link(song.audioFileId),
      peaks: song.audioPeaks,
      durationSeconds: song.audioDurationSeconds,
      sizeBytes: null,
    });
  for (const { version, file } of await versionRows(db, song.id)) {
    if (version.kind === 'stems') {
      if (withStems)
        listed.push({ kind: 'stems', label: version.label, audioUrl: null, peaks: null, durationSeconds: null, sizeBytes: file.sizeBytes });
      continue;
    }
    listed.push({
      kind: version.kind,
      label: version.label,
      audioUrl: link(file.id),
      peaks: file.audioPeaks,
      durationSeconds: file.audioDurationSeconds,
      sizeBytes: null,
    });
  }
  return listed;
}

/** The stored file of one version of an active song, for its download; the full demo is the song's own audio. */
export async function versionFileOf(db: DbOrTx, song: { id: string; audioFileId: string | null }, kind: SongVersionKind) {
  if (kind === 'full_demo') return song.audioFileId ? { fileId: song.audioFileId, label: SONG_VERSION_LABELS.full_demo } : undefined;
  const [row] = await db
    .select({ fileId: songVersions.fileId, label: songVersions.label })
    .from(songVersions)
    .where(and(eq(songVersions.songId, song.id), eq(songVersions.kind, kind)));
  return row;
}
