import { LIMITS } from './constants';
import * as MESSAGES from './messages';
import { SONG_FILE_KINDS } from './song-files';

/**
 * A song's versions: its full demo is its main MP3 (the one the song form uploads); the admin adds the others on
 * the song's page. The audio ones play in the player, switched at the same position; the stems are a zip, only
 * downloaded.
 */
export const SONG_VERSION_KINDS = ['full_demo', 'work_tape', 'instrumental', 'a_cappella', 'stems'] as const;
export type SongVersionKind = (typeof SONG_VERSION_KINDS)[number];

/** The versions stored beside the main MP3, one of each kind per song (song_versions). */
export const ADDED_VERSION_KINDS = ['work_tape', 'instrumental', 'a_cappella', 'stems'] as const;
export type AddedVersionKind = (typeof ADDED_VERSION_KINDS)[number];

/** The versions a listener can play: the full demo and the added audio ones. */
export const AUDIO_VERSION_KINDS = ['full_demo', 'work_tape', 'instrumental', 'a_cappella'] as const;
export type AudioVersionKind = (typeof AUDIO_VERSION_KINDS)[number];

export const isAudioVersion = (kind: SongVersionKind): kind is AudioVersionKind => kind !== 'stems';

/** Each kind's name, and the name an added version gets when the admin gives none. */
export const SONG_VERSION_LABELS: Record<SongVersionKind, string> = {
  full_demo: 'Full demo',
  work_tape: 'Work tape',
  instrumental: 'Instrumental',
  a_cappella: 'A cappella',
  stems: 'Stems',
};

/** The longest name the admin may give a version. */
export const SONG_VERSION_LABEL_MAX = 60;

/** What the admin's drop zone takes for each kind, as far as a browser can tell before sending it. */
export const SONG_VERSION_FILES = {
  audio: {
    ...SONG_FILE_KINDS.audio,
    notAllowed: MESSAGES.songVersions.audioNotMp3,
  },
  stems: {
    accept: 'application/zip,application/x-zip-compressed,.zip',
    types: ['application/zip', 'application/x-zip-compressed', 'application/x-zip'],
    extensions: ['.zip'],
    maxBytes: LIMITS.songStemsMaxBytes,
    notAllowed: MESSAGES.songVersions.stemsNotZip,
    tooLarge: MESSAGES.songVersions.stemsTooLarge,
  },
} as const;

export const versionFileRule = (kind: AddedVersionKind) => (kind === 'stems' ? SONG_VERSION_FILES.stems : SONG_VERSION_FILES.audio);

/** Why the browser should not send this file as a version of `kind`, or undefined when it may. */
export function versionFileProblem(kind: AddedVersionKind, file: { name: string; type: string; size: number }): string | undefined {
  const rule = versionFileRule(kind);
  const type = file.type.split(';')[0]!.trim().toLowerCase();
  const name = file.name.toLowerCase();
  // Browsers report a zip under several types, or none: its extension decides when the type is not one we know.
  const allowed = (rule.types as readonly string[]).includes(type) || rule.extensions.some((ext) => name.endsWith(ext));
  if (!allowed) return rule.notAllowed;
  if (file.size > rule.maxBytes) return rule.tooLarge;
  return undefined;
}
