import sharp from 'sharp';
import { LIMITS, SONG_IMAGE_WEB_SIZE } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import { IMAGE_KINDS, sniffFile } from '../../adapters/storage/sniff';
import type { Storage } from '../../adapters/storage/storage';
import { AppError } from '../../lib/app-error';
import type { UploadedFile } from '../../lib/multipart';
import { putFile, type NewStoredFile } from '../files/files.service';
import { computeWaveform, UndecodableAudioError, type Waveform } from './waveform';

/**
 * Checks an admin's catalogue audio by its content (MP3 only, whatever the file is called), decodes it for
 * its waveform (a file that does not decode is not a song), then stores it.
 */
export async function putSongAudio(
  storage: Storage,
  file: UploadedFile,
  ownerId: string,
): Promise<{ file: NewStoredFile; waveform: Waveform }> {
  if (file.size > LIMITS.songAudioMaxBytes)
    throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES.songs.audioTooLarge, { audio: [MESSAGES.songs.audioTooLarge] });
  const sniffed = await sniffFile(file.head, ['mp3'], file.name);
  if (!sniffed.ok) throw new AppError('INVALID', MESSAGES.songs.audioNotMp3, { audio: [MESSAGES.songs.audioNotMp3] });
  let waveform: Waveform;
  try {
    waveform = await computeWaveform(file.stream());
  } catch (error) {
    if (error instanceof UndecodableAudioError)
      throw new AppError('INVALID', MESSAGES.songs.audioUndecodable, { audio: [MESSAGES.songs.audioUndecodable] });
    throw error;
  }
  const stored = await putFile({
    storage,
    bucket: 'song-audio',
    ownerId,
    body: file.stream(),
    contentType: sniffed.mime,
    extension: sniffed.ext,
    originalName: file.name,
  });
  return { file: stored, waveform };
}

/** Decoding a picture costs memory by its pixels, not its bytes: a small file can claim gigapixels. */
const SONG_IMAGE_MAX_PIXELS = 40_000_000;

/** Stores the original picture and a web-sized WebP (longest side 800 px) for pages. */
export async function putSongImage(
  storage: Storage,
  file: UploadedFile,
  ownerId: string,
): Promise<{ original: NewStoredFile; web: NewStoredFile }> {
  if (file.size > LIMITS.songImageMaxBytes)
    throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES.songs.imageTooLarge, { image: [MESSAGES.songs.imageTooLarge] });
  const bytes = await file.read();
  const sniffed = await sniffFile(bytes, IMAGE_KINDS, file.name);
  if (!sniffed.ok) throw new AppError('INVALID', MESSAGES.songs.imageNotAllowed, { image: [MESSAGES.songs.imageNotAllowed] });
  let webBytes: Buffer;
  try {
    webBytes = await sharp(bytes, { limitInputPixels: SONG_IMAGE_MAX_PIXELS })
      .rotate()
      .resize({ width: SONG_IMAGE_WEB_SIZE, height: SONG_IMAGE_WEB_SIZE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
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
    body: webBytes,
    contentType: 'image/webp',
    extension: 'webp',
    originalName: null,
  });
  return { original, web };
}
