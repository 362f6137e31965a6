import { fileTypeFromBuffer } from 'file-type';
import { checkZip } from './sniff-zip';

/** What uploads may be, decided by their bytes rather than their names. */
export const FILE_KINDS = ['mp3', 'wav', 'm4a', 'jpeg', 'png', 'webp', 'pdf', 'doc', 'docx', 'pages', 'txt'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const AUDIO_KINDS = ['mp3', 'wav', 'm4a'] as const satisfies readonly FileKind[];
export const IMAGE_KINDS = ['jpeg', 'png', 'webp'] as const satisfies readonly FileKind[];
export const LYRICS_KINDS = ['txt', 'pdf', 'doc', 'docx', 'pages'] as const satisfies readonly FileKind[];

/** The type to store and serve for each kind, and an extension for its key. */
const CANONICAL: Record<FileKind, { mime: string; ext: string }> = {
  mp3: { mime: 'audio/mpeg', ext: 'mp3' },
  wav: { mime: 'audio/wav', ext: 'wav' },
  m4a: { mime: 'audio/mp4', ext: 'm4a' },
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  webp: { mime: 'image/webp', ext: 'webp' },
  pdf: { mime: 'application/pdf', ext: 'pdf' },
  doc: { mime: 'application/msword', ext: 'doc' },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ext: 'docx' },
  pages: { mime: 'application/vnd.apple.pages', ext: 'pages' },
  txt: { mime: 'text/plain; charset=utf-8', ext: 'txt' },
};

/** Every type a stored file can have: what uploads are stored as, and what the app makes (WebP covers, MP3s). */
export const STORED_MEDIA_TYPES: readonly string[] = [...new Set(Object.values(CANONICAL).map((kind) => kind.mime))];

export type SniffResult =
  | { ok: true; kind: FileKind; mime: string; ext: string }
  | {
      ok: false;
      reason: 'empty' | 'not-allowed' | 'unrecognised' | 'active-content' | 'archive-too-large' | 'archive-malformed';
      detectedMime?: string;
    };

/**
 * Markup a browser would run: an HTML page, SVG or script hidden in (or after) an allowed file, a
 * "polyglot". Such bytes have no place in audio, pictures or lyrics; they are refused whatever their
 * header says. (Files are also served inertly, serve-file.ts; this keeps them from being stored at all.)
 * Tags need a delimiter, and SVG its namespace, so compressed bytes do not match by chance.
 */
const ACTIVE_CONTENT =
  /<(?:!doctype\s+html|html|head|body|script|iframe|frame|object|embed|meta\s+http-equiv)[\s>/]|<svg[\s/][^>]{0,512}xmlns|javascript:/i;

/** Whether the bytes carry such markup anywhere; read as Latin-1, one character per byte, whatever they are. */
export function hasActiveContent(bytes: Uint8Array): boolean {
  return ACTIVE_CONTENT.test(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'));
}

/** Magic numbers sit at the start; 4100 bytes is what file-type needs for everything it knows. */
const SAMPLE_BYTES = 4100;

function declaredExtension(name: string | undefined): string | undefined {
  return /\.([A-Za-z0-9]+)$/.exec(name ?? '')?.[1]?.toLowerCase();
}

function kindOf(detected: { ext: string; mime: string }, declaredExt: string | undefined): FileKind | undefined {
  switch (detected.ext) {
    case 'mp3':
    case 'wav':
    case 'm4a':
    case 'png':
    case 'webp':
    case 'pdf':
    case 'docx':
      return detected.ext;
    case 'jpg':
      return 'jpeg';
    case 'cfb': // Word 97-2003 documents are Compound File Binary containers.
      return 'doc';
    // Some recorders write AAC in an MP4 container with a generic brand (isom, mp42); taken as
    // m4a only when the uploader called it one.
    case 'mp4':
    case 'm4b':
    case 'f4a':
      return declaredExt === 'm4a' ? 'm4a' : undefined;
    // A .pages document is a plain zip with nothing file-type recognises inside.
    case 'zip':
      return declaredExt === 'pages' ? 'pages' : undefined;
    default:
      return undefined;
  }
}

function isUtf8Text(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * Decides what an upload is from its content. Pass the whole upload: detection reads its first
 * 4100 bytes, a zip is looked at in full (a docx's word/ entries may lie further in, and its unpacked
 * size is checked), text must be valid UTF-8 throughout, and no byte may carry markup a browser would
 * run. `declaredName` only settles containers the bytes cannot (.pages, .m4a).
 */
export async function sniffFile(bytes: Uint8Array, allowed: readonly FileKind[], declaredName?: string): Promise<SniffResult> {
  if (bytes.byteLength === 0) return { ok: false, reason: 'empty' };
  const declaredExt = declaredExtension(declaredName);

  let detected = await fileTypeFromBuffer(bytes.subarray(0, SAMPLE_BYTES));
  if (detected?.ext === 'zip' && bytes.byteLength > SAMPLE_BYTES) detected = (await fileTypeFromBuffer(bytes)) ?? detected;

  let kind: FileKind | undefined;
  if (detected) kind = kindOf(detected, declaredExt);
  else if (allowed.includes('txt') && isUtf8Text(bytes)) kind = 'txt';

  if (kind && allowed.includes(kind)) {
    if (hasActiveContent(bytes)) return { ok: false, reason: 'active-content', detectedMime: CANONICAL[kind].mime };
    if (kind === 'docx' || kind === 'pages') {
      const verdict = await checkZip(bytes);
      if (verdict !== 'ok')
        return {
          ok: false,
          reason: verdict === 'too-large' ? 'archive-too-large' : 'archive-malformed',
          detectedMime: CANONICAL[kind].mime,
        };
    }
    return { ok: true, kind, ...CANONICAL[kind] };
  }
  if (kind || detected) return { ok: false, reason: 'not-allowed', detectedMime: kind ? CANONICAL[kind].mime : detected?.mime };
  return { ok: false, reason: 'unrecognised' };
}

/**
 * Whether an upload is a plain zip archive (a song's stems), by its first bytes: it is kept as uploaded and
 * only ever downloaded as an attachment, so it is not unpacked here. Office and Pages documents, which are
 * zips too, are told apart by file-type and refused.
 */
export async function isZipArchive(head: Uint8Array): Promise<boolean> {
  return (await fileTypeFromBuffer(head.subarray(0, SAMPLE_BYTES)))?.ext === 'zip';
}
