import { and, eq } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import NodeID3 from 'node-id3';
import type { DownloadKind } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import type { Storage } from '../../adapters/storage/storage';
import type { Db } from '../../db/client';
import { pitchLinks, pitchLinkSongs, previewRequests, songDownloads, songs, storedFiles } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../accounts';
import { recordAudit } from '../audit';
import type { Downloader } from '../files';
import { readSongWriters, versionFileOf, type SongWriter } from '../songs';
import type { SongVersionKind } from '../../../common/song-versions';
import { renderLyricSheet } from './lyric-sheet';

const m = MESSAGES.downloads;

/** Who the files are for, as the tags and the lyric sheet name the company to contact. */
export interface DownloadContact {
  siteName: string;
  email: string;
  publicUrl: string;
}

export interface DownloadFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

// ---------------------------------------------------------------- the song

type SongRow = typeof songs.$inferSelect;
interface DownloadSong {
  song: SongRow;
  writers: SongWriter[];
}

/** An active catalogue song by slug. */
export async function catalogueSongForDownload(db: Db, slug: string): Promise<DownloadSong> {
  const [song] = await db
    .select()
    .from(songs)
    .where(and(eq(songs.slug, slug), eq(songs.isActive, true)));
  if (!song) throw new AppError('NOT_FOUND', m.songNotFound);
  return { song, writers: await readSongWriters(db, song.id) };
}

/** An active song of this pitch link's shortlist; any other song is unknown here. */
export async function pitchSongForDownload(db: Db, pitchLinkId: string, songId: string): Promise<DownloadSong> {
  const [row] = await db
    .select({ song: songs })
    .from(pitchLinkSongs)
    .innerJoin(songs, and(eq(songs.id, pitchLinkSongs.songId), eq(songs.isActive, true)))
    .where(and(eq(pitchLinkSongs.pitchLinkId, pitchLinkId), eq(pitchLinkSongs.songId, songId)));
  if (!row) throw new AppError('NOT_FOUND', m.songNotFound);
  return { song: row.song, writers: await readSongWriters(db, row.song.id) };
}

// ---------------------------------------------------------------- the files

/** A file name that is safe in a header and on any disk: the slug's letters, digits and dashes. */
export function safeFileName(slug: string, suffix: string): string {
  const base =
    slug
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'song';
  return `${base}${suffix}`;
}

/** "Jo Lane (60%) / Sam Reed (40%)": the writers with their shares, as ID3 separates names with "/". */
export const writersWithShares = (writers: readonly SongWriter[]) => writers.map((w) => `${w.name} (${w.share}%)`).join(' / ');

/** ID3's key notation: "A minor" is "Am", "Eb major" is "Eb" (TKEY allows at most three characters). */
export function id3Key(musicalKey: string | null): string | undefined {
  if (!musicalKey) return undefined;
  const [note, mode] = musicalKey.split(' ');
  return mode === 'minor' ? `${note}m` : note;
}

async function readStored(db: Db, storage: Storage, fileId: string) {
  const [file] = await db.select().from(storedFiles).where(eq(storedFiles.id, fileId));
  if (!file) return undefined;
  const { body } = await storage.get({ bucket: file.bucket, key: file.key, contentType: file.contentType });
  return { bytes: await buffer(body), contentType: file.contentType };
}

/** The song's MP3 with its credits, key, tempo, genre, cover and the company's contact written into ID3v2 tags. */
export async function taggedMp3({
  db,
  storage,
  found,
  contact,
  version,
}: {
  db: Db;
  storage: Storage;
  found: DownloadSong;
  contact: DownloadContact;
  /** Another audio version of the song (an instrumental…): the same tags, its name as the subtitle (TIT3). */
  version?: { fileId: string; kind: string; label: string };
}): Promise<DownloadFile> {
  const { song, writers } = found;
  const audioFileId = version?.fileId ?? song.audioFileId;
  if (!audioFileId) throw new AppError('NOT_FOUND', m.noAudio);
  const audio = await readStored(db, storage, audioFileId);
  if (!audio) throw new AppError('NOT_FOUND', m.noAudio);
  // The original upload, not the smaller web copy: the file is for keeping.
  const cover = song.imageFileId ? await readStored(db, storage, song.imageFileId) : undefined;
  const credits = writersWithShares(writers);
  const publishers = [...new Set(writers.map((w) => w.publisher).filter((p): p is string => !!p))].join(' / ');
  // Players file a song by its artist (TPE1): without one it lands under "Unknown Artist".
  const artists = writers.map((w) => w.name).join(' / ');
  const tags: NodeID3.Tags = {
    title: song.title,
    subtitle: version?.label,
    artist: artists || undefined,
    composer: credits || undefined,
    textWriter: credits || undefined,
    publisher: publishers || undefined,
    bpm: song.bpm ? String(song.bpm) : undefined,
    initialKey: id3Key(song.musicalKey),
    genre: song.genre ?? undefined,
    fileOwner: contact.siteName,
    comment: { language: 'eng', text: `${contact.siteName}: ${contact.email}` },
    userDefinedUrl: [
      { description: 'Contact', url: `mailto:${contact.email}` },
      { description: contact.siteName, url: contact.publicUrl },
    ],
    image: cover ? { mime: cover.contentType, type: { id: 3 }, description: `${song.title} cover`, imageBuffer: cover.bytes } : undefined,
  };
  const bytes = NodeID3.write(tags, audio.bytes);
  if (!Buffer.isBuffer(bytes)) throw new Error('Could not write the MP3 tags');
  const suffix = version ? `-${version.kind.replaceAll('_', '-')}.mp3` : '.mp3';
  return { fileName: safeFileName(song.slug, suffix), contentType: 'audio/mpeg', bytes };
}

/**
 * A version of the song to download, by the same rule as its MP3: an audio version tagged as the MP3 is, the
 * full demo as the MP3 itself, the stems as the zip uploaded (streamed from storage: it can be large).
 */
export async function versionDownload({
  db,
  storage,
  found,
  contact,
  kind,
}: {
  db: Db;
  storage: Storage;
  found: DownloadSong;
  contact: DownloadContact;
  kind: SongVersionKind;
}): Promise<DownloadFile | DownloadStream> {
  const version = await versionFileOf(db, found.song, kind);
  if (!version) throw new AppError('NOT_FOUND', MESSAGES.songVersions.notFound);
  if (kind === 'full_demo') return taggedMp3({ db, storage, found, contact });
  if (kind !== 'stems') return taggedMp3({ db, storage, found, contact, version: { ...version, kind } });
  const [file] = await db.select().from(storedFiles).where(eq(storedFiles.id, version.fileId));
  if (!file) throw new AppError('NOT_FOUND', MESSAGES.songVersions.notFound);
  const { body } = await storage.get({ bucket: file.bucket, key: file.key, contentType: file.contentType });
  return { fileName: safeFileName(found.song.slug, '-stems.zip'), contentType: 'application/zip', sizeBytes: file.sizeBytes, body };
}

/** A large file handed over as it is read from storage. */
export interface DownloadStream {
  fileName: string;
  contentType: string;
  sizeBytes: number;
  body: Readable;
}

/** The song's one-page lyric sheet. */
export async function lyricSheet({ found, contact }: { found: DownloadSong; contact: DownloadContact }): Promise<DownloadFile> {
  const { song, writers } = found;
  const bytes = await renderLyricSheet({
    title: song.title,
    writers,
    musicalKey: song.musicalKey,
    bpm: song.bpm,
    lyrics: song.lyrics,
    contact,
  });
  return { fileName: safeFileName(song.slug, '-lyric-sheet.pdf'), contentType: 'application/pdf', bytes };
}

/** Every listener's download is kept for the activity pages; an admin's own is not listening activity. */
export async function recordDownload(db: Db, downloader: Downloader, songId: string, kind: DownloadKind) {
  if (downloader.kind === 'admin') return;
  await db.insert(songDownloads).values({
    songId,
    kind,
    userId: downloader.kind === 'user' ? downloader.userId : null,
    pitchLinkId: downloader.kind === 'pitch' ? downloader.pitchLinkId : null,
  });
}

// ---------------------------------------------------------------- admin: permission and activity

/** Sets a preview user's approved access to stream only or download allowed. */
export async function setPreviewDownloads({ db, actor, id, allowed }: { db: Db; actor: Actor; id: string; allowed: boolean }) {
  await db.transaction(async (tx) => {
    const [request] = await tx.select().from(previewRequests).where(eq(previewRequests.id, id)).for('update');
    if (!request) throw new AppError('NOT_FOUND', MESSAGES.previewAccess.requestNotFound);
    if (request.downloadAllowed === allowed) return;
    await tx.update(previewRequests).set({ downloadAllowed: allowed }).where(eq(previewRequests.id, id));
    await recordAudit(tx, {
      actor,
      action: 'preview_request.downloads',
      subject: { kind: 'preview_request', id },
      summary: `${allowed ? 'Allowed downloads for' : 'Set to stream only:'} ${request.email}`,
      changes: { downloadAllowed: { before: request.downloadAllowed, after: allowed } },
    });
  });
}

/** Sets a pitch link to stream only or download allowed. */
export async function setPitchLinkDownloads({ db, actor, id, allowed }: { db: Db; actor: Actor; id: string; allowed: boolean }) {
  await db.transaction(async (tx) => {
    const [link] = await tx.select().from(pitchLinks).where(eq(pitchLinks.id, id)).for('update');
    if (!link) throw new AppError('NOT_FOUND', MESSAGES.pitching.linkNotFound);
    if (link.downloadAllowed === allowed) return;
    await tx.update(pitchLinks).set({ downloadAllowed: allowed }).where(eq(pitchLinks.id, id));
    await recordAudit(tx, {
      actor,
      action: 'pitch_link.downloads',
      subject: { kind: 'pitch_link', id },
      summary: `${allowed ? 'Allowed downloads on' : 'Set to stream only:'} the pitch link for ${link.recipientEmail}`,
      changes: { downloadAllowed: { before: link.downloadAllowed, after: allowed } },
    });
  });
}
