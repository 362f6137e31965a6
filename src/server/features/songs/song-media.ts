import sharp from 'sharp';
import { LIMITS, SONG_IMAGE_WEB_SIZE, SONG_THUMB_SIZES } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import { IMAGE_KINDS, sniffFile } from '../../adapters/storage/sniff';
import type { Storage } from '../../adapters/storage/storage';
import { AppError } from '../../lib/app-error';
import type { UploadedFile } from '../../lib/multipart';
import type { DbOrTx } from '../../db/client';
import { insertFile, putFile, type NewStoredFile } from '../files';

/**
 * Checks an admin's catalogue audio by its content (MP3 only, whatever the file is called) and stores it. Its
 * waveform, length, tempo and key are measured after, by the analysis pipeline (the caller queues its job with
 * the row), so the upload never waits on decoding.
 */
export async function putSongAudio(storage: Storage, file: UploadedFile, ownerId: string | null): Promise<NewStoredFile> {
  if (file.size > LIMITS.songAudioMaxBytes)
    throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES.songs.audioTooLarge, { audio: [MESSAGES.songs.audioTooLarge] });
  const sniffed = await sniffFile(file.head, ['mp3'], file.name);
  if (!sniffed.ok) throw new AppError('INVALID', MESSAGES.songs.audioNotMp3, { audio: [MESSAGES.songs.audioNotMp3] });
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

/** Decoding a picture costs memory by its pixels, not its bytes: a small file can claim gigapixels. */
const SONG_IMAGE_MAX_PIXELS = 40_000_000;

/** What an uploaded cover is stored as: the original, a web copy for pages, and the cards' two square thumbnails. */
export interface SongImageFiles {
  original: NewStoredFile;
  web: NewStoredFile;
  thumb: NewStoredFile;
  thumb2x: NewStoredFile;
}

/**
 * The copies made of a cover picture: a WebP whose longest side is 800 px for pages, and square WebP
 * thumbnails (SONG_THUMB_SIZES, cropped to the centre as the pages' square frame crops) for catalogue cards.
 * Throws when the bytes cannot be decoded as a picture.
 */
export async function songImageCopies(bytes: Buffer): Promise<{ web: Buffer; thumb: Buffer; thumb2x: Buffer }> {
  // One decode (and EXIF rotation) shared by the three copies.
  const source = sharp(bytes, { limitInputPixels: SONG_IMAGE_MAX_PIXELS }).rotate();
  const square = (size: number) =>
    source.clone().resize({ width: size, height: size, fit: 'cover', position: 'centre' }).webp({ quality: 78 }).toBuffer();
  const [web, thumb, thumb2x] = await Promise.all([
    source
      .clone()
      .resize({ width: SONG_IMAGE_WEB_SIZE, height: SONG_IMAGE_WEB_SIZE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer(),
    square(SONG_THUMB_SIZES.small),
    square(SONG_THUMB_SIZES.large),
  ]);
  return { web, thumb, thumb2x };
}

/** Stores a song's thumbnails (from songImageCopies); the rows are for the caller to insert. */
export async function putSongThumbs(storage: Storage, copies: { thumb: Buffer; thumb2x: Buffer }, ownerId: string | null) {
  const put = (body: Buffer) =>
    putFile({ storage, bucket: 'song-images', ownerId, body, contentType: 'image/webp', extension: 'webp', originalName: null });
  const [thumb, thumb2x] = await Promise.all([put(copies.thumb), put(copies.thumb2x)]);
  return { thumb, thumb2x };
}

/** Stores the original picture, a web-sized WebP (longest side 800 px) for pages and the cards' thumbnails. */
export async function putSongImage(storage: Storage, file: UploadedFile, ownerId: string): Promise<SongImageFiles> {
  if (file.size > LIMITS.songImageMaxBytes)
    throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES.songs.imageTooLarge, { image: [MESSAGES.songs.imageTooLarge] });
  const bytes = await file.read();
  const sniffed = await sniffFile(bytes, IMAGE_KINDS, file.name);
  if (!sniffed.ok) throw new AppError('INVALID', MESSAGES.songs.imageNotAllowed, { image: [MESSAGES.songs.imageNotAllowed] });
  let copies: Awaited<ReturnType<typeof songImageCopies>>;
  try {
    copies = await songImageCopies(bytes);
  } catch {
    // The header looked right but the picture cannot be decoded.
    throw new AppError('INVALID', MESSAGES.songs.imageNotAllowed, { image: [MESSAGES.songs.imageNotAllowed] });
  }
  const original = await putFile({
    storage,
    bucket: 'song-images',
    ownerId,
    body: bytes,
    contentType: sniffed.mime,
    extension: sniffed.ext,
    originalName: file.name,
  });
  const web = await putFile({
    storage,
    bucket: 'song-images',
    ownerId,
    body: copies.web,
    contentType: 'image/webp',
    extension: 'webp',
    originalName: null,
  });
  const { thumb, thumb2x } = await putSongThumbs(storage, copies, ownerId);
  return { original, web, thumb, thumb2x };
}

/** A song's cover columns when it has none. */
export const noSongImage = { imageFileId: null, imageWebFileId: null, imageThumbFileId: null, imageThumb2xFileId: null };

/** Inserts a stored cover's rows and returns the song's columns that name them. */
export async function insertSongImageFiles(tx: DbOrTx, image: SongImageFiles) {
  const original = await insertFile(tx, image.original);
  const web = await insertFile(tx, image.web);
  const thumb = await insertFile(tx, image.thumb);
  const thumb2x = await insertFile(tx, image.thumb2x);
  return { imageFileId: original.id, imageWebFileId: web.id, imageThumbFileId: thumb.id, imageThumb2xFileId: thumb2x.id };
}
