import { LIMITS } from './constants';
import * as MESSAGES from './messages';

/**
 * The files the admin's song form takes, as far as a browser can tell before sending them: by the type the
 * browser reports, or the name's extension when it reports none. The server judges the audio and the image by
 * their bytes; the lyrics file is read in the browser into the Lyrics field.
 */
export const SONG_FILE_KINDS = {
  audio: {
    accept: 'audio/mpeg,.mp3',
    types: ['audio/mpeg', 'audio/mp3'],
    extensions: ['.mp3'],
    maxBytes: LIMITS.songAudioMaxBytes,
    notAllowed: MESSAGES.songs.audioNotMp3,
    tooLarge: MESSAGES.songs.audioTooLarge,
  },
  image: {
    accept: 'image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp',
    types: ['image/jpeg', 'image/png', 'image/webp'],
    extensions: ['.jpg', '.jpeg', '.png', '.webp'],
    maxBytes: LIMITS.songImageMaxBytes,
    notAllowed: MESSAGES.songs.imageNotAllowed,
    tooLarge: MESSAGES.songs.imageTooLarge,
  },
  lyrics: {
    accept: 'text/plain,.txt',
    types: ['text/plain'],
    extensions: ['.txt'],
    maxBytes: LIMITS.lyricsFileMaxBytes,
    notAllowed: MESSAGES.songs.lyricsFileNotText,
    tooLarge: MESSAGES.songs.lyricsFileTooLarge,
  },
} as const;

export type SongFileKind = keyof typeof SONG_FILE_KINDS;

/** Why the browser should not send this file as the song's `kind`, or undefined when it may. */
export function songFileProblem(kind: SongFileKind, file: { name: string; type: string; size: number }): string | undefined {
  const rule = SONG_FILE_KINDS[kind];
  const type = file.type.split(';')[0]!.trim().toLowerCase();
  const name = file.name.toLowerCase();
  const allowed = type ? (rule.types as readonly string[]).includes(type) : rule.extensions.some((ext) => name.endsWith(ext));
  if (!allowed) return rule.notAllowed;
  if (file.size > rule.maxBytes) return rule.tooLarge;
  return undefined;
}
