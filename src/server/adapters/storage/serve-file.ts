import { Readable } from 'node:stream';
import { SIGNED_URL_TTL_SECONDS } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import { withoutControlCharacters } from '../../../common/schemas/fields';
import { AppError } from '../../lib/app-error';
import { RangeNotSatisfiable, StorageNotFound, type ByteRange, type Storage, type StorageBucket } from './storage';

export interface ServeFileInput {
  storage: Storage;
  bucket: StorageBucket;
  key: string;
  /** The request's method: HEAD answers with headers only and opens no stream. */
  method?: string;
  /** The request's `Range` header. */
  range?: string | undefined;
  /** The stored_files row's type; preferred over what the store recorded. */
  contentType?: string;
  /** The uploader's file name, offered for saving. */
  filename?: string | null;
  /** Played or shown where it is, under no name: a listener's stream of a catalogue song or its cover. */
  inline?: boolean;
  /** How long the browser may keep it; pass what is left of the link's life. */
  maxAgeSeconds?: number;
  /** The bytes never change under this address: the browser need not revalidate while it keeps them. */
  immutable?: boolean;
}

/**
 * One `bytes=` range, or undefined to ignore the header and send the whole file, as RFC 9110
 * allows for malformed headers and for several ranges (players never ask for several).
 */
export function parseRangeHeader(header: string | undefined): ByteRange | undefined {
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header ?? '');
  if (!match) return undefined;
  const [first, last] = [match[1] ?? '', match[2] ?? ''];
  if (first === '' && last === '') return undefined;
  if (first === '') return { suffix: Number(last) };
  const start = Number(first);
  const end = last === '' ? undefined : Number(last);
  if (!Number.isSafeInteger(start) || (end !== undefined && (!Number.isSafeInteger(end) || end < start))) return undefined;
  return end === undefined ? { start } : { start, end };
}

/**
 * A file is an attachment: opened directly it is saved, never rendered as a page of our origin.
 * <audio> and <img> ignore the header, so songs still play and covers still show in the app.
 * A stream (`inline`) is neither offered for saving nor named: the stored original's name never leaves
 * through it; it is still only audio or an image, checked by its bytes, under the sandbox below and nosniff.
 */
export function contentDisposition(filename?: string | null, { inline = false }: { inline?: boolean } = {}): string {
  if (inline) return 'inline';
  // Only the last path segment, without control characters or quotes.
  const name = withoutControlCharacters((filename ?? '').split(/[/\\]/).pop() ?? '')
    .replace(/"/g, '')
    .trim()
    .slice(0, 150);
  if (!name) return 'attachment';
  const ascii = name.replace(/[^A-Za-z0-9 ._()-]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Every stored file is served under this policy: were a browser ever to render one as a page, it runs in a
 * sandbox (a unique origin, no script, no forms) and may load nothing. Audio and images still play and
 * show through <audio> and <img>, which a document's CSP does not govern.
 */
export const FILE_CSP = "sandbox; default-src 'none'";

/** Streams a stored object as a web Response (200, 206 or 416) for a Hono route. */
export async function serveFile(input: ServeFileInput): Promise<Response> {
  const { storage, bucket, key } = input;
  const maxAge = Math.max(0, Math.floor(input.maxAgeSeconds ?? SIGNED_URL_TTL_SECONDS));
  // A plain object, not web Headers: @hono/node-server hands it to Node as it is (a player sends many requests).
  const headers: Record<string, string> = {
    'Accept-Ranges': 'bytes',
    'Cache-Control': `private, max-age=${maxAge}${input.immutable ? ', immutable' : ''}`,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': FILE_CSP,
  };
  const describe = (storedType: string) => {
    headers['Content-Type'] = input.contentType ?? storedType;
    headers['Content-Disposition'] = contentDisposition(input.filename, { inline: input.inline ?? false });
  };

  try {
    if (input.method?.toUpperCase() === 'HEAD') {
      const info = await storage.head({ bucket, key });
      describe(info.contentType);
      headers['Content-Length'] = String(info.sizeBytes);
      return new Response(null, { status: 200, headers });
    }

    const range = parseRangeHeader(input.range);
    const result = await storage.get({
      bucket,
      key,
      ...(range && { range }),
      ...(input.contentType && { contentType: input.contentType }),
    });
    describe(result.contentType);
    headers['Content-Length'] = String(result.contentLength);
    if (result.range) headers['Content-Range'] = `bytes ${result.range.start}-${result.range.end}/${result.sizeBytes}`;
    // Bytes already in memory go out as they are: a stream costs more than a 64 kB answer does.
    const { bytes } = result;
    const status = result.range ? 206 : 200;
    if (bytes) return new Response(new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength), { status, headers });
    return new Response(Readable.toWeb(result.body) as unknown as ReadableStream<Uint8Array>, { status, headers });
  } catch (error) {
    if (error instanceof StorageNotFound) throw new AppError('NOT_FOUND', MESSAGES.generic.notFound);
    if (error instanceof RangeNotSatisfiable) {
      headers['Content-Range'] = `bytes */${error.sizeBytes}`;
      return new Response(null, { status: 416, headers });
    }
    throw error;
  }
}
