import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import busboy from 'busboy';
import type { Context } from 'hono';
import type * as z from 'zod/mini';
import * as MESSAGES from '../../common/messages';
import { withoutControlCharacters } from '../../common/schemas/fields';
import { AppError } from './app-error';

/** Bytes kept in memory for sniffing a file's type by its content. */
const HEAD_BYTES = 64 * 1024;
const MAX_FIELDS_BYTES = 256 * 1024;

/** An uploaded file, spooled to a temporary file as it arrives: memory stays flat whatever its size. */
export interface UploadedFile {
  name: string;
  size: number;
  /** The first bytes (up to 64 kB), for content sniffing. */
  head: Buffer;
  /** The whole file in memory: only for small kinds (images, documents). */
  read(): Promise<Buffer>;
  /** The whole file as a stream, for storing large audio without holding it. */
  stream(): Readable;
}

/** For files made in memory (demo data, tests). */
export function uploadedFromBuffer(bytes: Buffer, name: string): UploadedFile {
  return { name, size: bytes.length, head: bytes.subarray(0, HEAD_BYTES), read: async () => bytes, stream: () => Readable.from([bytes]) };
}

export interface FileLimit {
  maxBytes: number;
  /** The message of the 413 when this file is over its limit. */
  tooLarge: string;
}

export interface MultipartOptions<Values> {
  /**
   * Runs once `data` is valid and before any file part is written: a refusal here (an order that is not the
   * caller's, a rate limit) leaves nothing on disk, however large the files that follow.
   */
  beforeFiles?: (values: Values) => Promise<void>;
}

/**
 * Reads a multipart upload whose fields travel as JSON in a `data` part before the file parts. `data` is
 * validated with the shared schema as soon as it arrives, and `beforeFiles` runs, before a file part is
 * read; each file is then streamed to a temporary folder and refused with 413 the moment it passes its
 * limit (or before reading anything, when the declared Content-Length is already too big). A malformed body
 * is a 400. Call `cleanup()` when done with the files; on a refusal they are already gone.
 */
export async function readMultipart<T extends z.ZodMiniType>(
  c: Context,
  schema: T,
  limits: Record<string, FileLimit>,
  options: MultipartOptions<z.output<T>> = {},
) {
  const contentType = c.req.header('content-type') ?? '';
  if (!contentType.startsWith('multipart/form-data')) throw new AppError('INVALID', 'Expected a multipart/form-data upload.');
  const maxTotal = Object.values(limits).reduce((n, l) => n + l.maxBytes, 0) + MAX_FIELDS_BYTES + 64 * 1024;
  const declared = Number(c.req.header('content-length'));
  if (Number.isFinite(declared) && declared > maxTotal) {
    const only = Object.entries(limits);
    throw new AppError('PAYLOAD_TOO_LARGE', only.length === 1 ? only[0]![1].tooLarge : MESSAGES.generic.bodyTooLarge);
  }
  if (!c.req.raw.body) throw new AppError('INVALID', MESSAGES.generic.invalidInput);

  const folder = temporaryFolder();
  try {
    const { values, fields, files } = await parse(
      c.req.raw.body,
      contentType,
      folder,
      limits,
      (raw) => validated(schema, raw),
      options.beforeFiles,
    );
    return { values, files, flags: fields, cleanup: folder.remove };
  } catch (error) {
    await folder.remove();
    throw error;
  }
}

function validated<T extends z.ZodMiniType>(schema: T, raw: string): z.output<T> {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new AppError('INVALID', MESSAGES.generic.invalidInput);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (fieldErrors[issue.path.join('.') || '_'] ??= []).push(issue.message);
    throw new AppError('INVALID', parsed.error.issues[0]?.message ?? MESSAGES.generic.invalidInput, fieldErrors);
  }
  return parsed.data as z.output<T>;
}

/** The upload's own folder under the system's temporary one, made when its first file arrives. */
function temporaryFolder() {
  let made: Promise<string> | undefined;
  let removed = false;
  return {
    path: () => {
      if (removed) return Promise.reject(new Error('the upload folder was removed'));
      return (made ??= mkdtemp(path.join(tmpdir(), 'pitchroom-upload-')));
    },
    remove: async () => {
      removed = true;
      const dir = await made?.catch(() => undefined);
      if (dir) await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A name as sent, without its path or control characters; undefined when nothing is left. */
function cleanFileName(name: string | undefined): string | undefined {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  // Direction controls too: "gnp.exe" behind a right-to-left override reads as "exe.png".
  const clean = withoutControlCharacters(base).trim().slice(0, 255);
  return clean || undefined;
}

/**
 * Writes one file part to `file`, keeping its first bytes for the content check; past its limit the part is
 * refused through `fail`. Resolves with the file, or undefined for an empty part or once the upload failed.
 */
function writeFilePart({
  stream,
  file,
  part,
  filename,
  limit,
  isFailed,
  fail,
}: {
  stream: Readable;
  file: string;
  part: string;
  filename: string | undefined;
  limit: FileLimit;
  isFailed: () => boolean;
  fail: (error: Error) => void;
}) {
  return new Promise<UploadedFile | undefined>((done, error) => {
    if (isFailed()) {
      stream.resume();
      return done(undefined);
    }
    const out = createWriteStream(file);
    const head: Buffer[] = [];
    let headLength = 0;
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      if (isFailed() || out.destroyed) return;
      size += chunk.length;
      if (size > limit.maxBytes) {
        stream.destroy();
        out.destroy();
        fail(new AppError('PAYLOAD_TOO_LARGE', limit.tooLarge, { [part]: [limit.tooLarge] }));
        return;
      }
      if (headLength < HEAD_BYTES) {
        head.push(chunk.subarray(0, HEAD_BYTES - headLength));
        headLength += Math.min(chunk.length, HEAD_BYTES - headLength);
      }
      if (!out.write(chunk)) {
        stream.pause();
        out.once('drain', () => stream.resume());
      }
    });
    stream.on('end', () => out.end());
    stream.on('error', (e) => (isFailed() ? done(undefined) : error(e)));
    out.on('error', (e) => (isFailed() ? done(undefined) : error(e)));
    out.on('finish', () => {
      if (size === 0) return done(undefined);
      done({
        name: cleanFileName(filename) ?? part,
        size,
        head: Buffer.concat(head),
        read: () => readFile(file),
        stream: () => createReadStream(file),
      });
    });
  });
}

function parse<Values>(
  body: ReadableStream<Uint8Array>,
  contentType: string,
  folder: ReturnType<typeof temporaryFolder>,
  limits: Record<string, FileLimit>,
  validate: (raw: string) => Values,
  beforeFiles: ((values: Values) => Promise<void>) | undefined,
) {
  return new Promise<{ values: Values; fields: Record<string, string>; files: Record<string, UploadedFile | undefined> }>(
    (resolve, reject) => {
      let parser: busboy.Busboy;
      try {
        parser = busboy({
          headers: { 'content-type': contentType },
          // Browsers send a file's name as UTF-8 bytes: "Café.mp3", not "CafÃ©.mp3".
          defParamCharset: 'utf8',
          limits: { fields: 20, fieldSize: MAX_FIELDS_BYTES, files: Object.keys(limits).length, parts: 40 },
        });
      } catch {
        // A multipart type without a boundary (or with one busboy cannot read).
        reject(new AppError('INVALID', MESSAGES.generic.invalidInput));
        return;
      }
      const source = Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>);
      const fields: Record<string, string> = {};
      const files: Record<string, UploadedFile | undefined> = {};
      const taken = new Set<string>();
      const writes: Promise<void>[] = [];
      /** `data`, validated and let through by `beforeFiles`; files wait for it. */
      let ready: Promise<Values> | undefined;
      let failed = false;
      const fail = (error: Error) => {
        if (failed) return;
        failed = true;
        source.unpipe(parser);
        source.destroy();
        reject(error);
      };

      parser.on('field', (name, value, info) => {
        if (info.valueTruncated) return fail(new AppError('PAYLOAD_TOO_LARGE', MESSAGES.generic.bodyTooLarge));
        if (name in fields) return;
        fields[name] = value;
        if (name !== 'data') return;
        ready = (async () => {
          const values = validate(value);
          await beforeFiles?.(values);
          return values;
        })();
        ready.catch((error: Error) => fail(error));
      });
      parser.on('file', (name, stream, info) => {
        const limit = limits[name];
        // A name is taken by its first part as it arrives: a second part of that name, sent while the first
        // waits for `data` or is still being written, is ignored, never written over it.
        // `data` comes first: a file part before it is refused whatever its name, so a client in the wrong order
        // hears so rather than a complaint about fields it did send.
        if (!ready && !failed) {
          stream.resume();
          return fail(new AppError('INVALID', MESSAGES.validation.fileDataFirst));
        }
        if (!ready || !limit || taken.has(name) || failed) {
          stream.resume();
          return;
        }
        taken.add(name);
        // Until `data` is let through the file part is not read, and busboy holds the rest of the body back.
        const written = ready
          .then(() => folder.path())
          .then((dir) =>
            writeFilePart({
              stream,
              file: path.join(dir, `${name}.upload`),
              part: name,
              filename: info.filename,
              limit,
              isFailed: () => failed,
              fail,
            }),
          )
          .then((uploaded) => {
            if (uploaded) files[name] = uploaded;
          });
        // After a refusal the request is abandoned mid-file; a write finishing late must not become an
        // unhandled rejection.
        written.catch(() => {});
        writes.push(written);
      });
      parser.on('error', (error: Error) => fail(new AppError('INVALID', error.message || MESSAGES.generic.invalidInput)));
      parser.on('close', () => {
        Promise.all([ready ?? Promise.reject(new AppError('INVALID', MESSAGES.generic.invalidInput)), ...writes]).then(
          ([values]) => {
            if (!failed) resolve({ values, fields, files });
          },
          (error: Error) => fail(error),
        );
      });
      source.on('error', (error) => fail(error));
      source.pipe(parser);
    },
  );
}
