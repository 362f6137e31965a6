import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import busboy from 'busboy';
import type { Context } from 'hono';
import type * as z from 'zod/mini';
import * as MESSAGES from '../../common/messages';
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

/**
 * Reads a multipart upload whose fields travel as JSON in a `data` part beside file parts, streaming each
 * file to disk and refusing it with 413 the moment it passes its limit (or before reading anything, when
 * the declared Content-Length is already too big). Validates `data` with the shared schema.
 * Call `cleanup()` when done with the files.
 */
export async function readMultipart<T extends z.ZodMiniType>(c: Context, schema: T, limits: Record<string, FileLimit>) {
  const contentType = c.req.header('content-type') ?? '';
  if (!contentType.startsWith('multipart/form-data')) throw new AppError('INVALID', 'Expected a multipart/form-data upload.');
  const maxTotal = Object.values(limits).reduce((n, l) => n + l.maxBytes, 0) + MAX_FIELDS_BYTES + 64 * 1024;
  const declared = Number(c.req.header('content-length'));
  if (Number.isFinite(declared) && declared > maxTotal) {
    const only = Object.entries(limits);
    throw new AppError('PAYLOAD_TOO_LARGE', only.length === 1 ? only[0]![1].tooLarge : MESSAGES.generic.bodyTooLarge);
  }
  if (!c.req.raw.body) throw new AppError('INVALID', MESSAGES.generic.invalidInput);

  const dir = await mkdtemp(path.join(tmpdir(), 'pitchroom-upload-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    const { fields, files } = await parse(c.req.raw.body, contentType, dir, limits);
    let raw: unknown;
    try {
      raw = JSON.parse(fields.data ?? '');
    } catch {
      throw new AppError('INVALID', MESSAGES.generic.invalidInput);
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (fieldErrors[issue.path.join('.') || '_'] ??= []).push(issue.message);
      throw new AppError('INVALID', parsed.error.issues[0]?.message ?? MESSAGES.generic.invalidInput, fieldErrors);
    }
    return { values: parsed.data as z.output<T>, files, flags: fields, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

function parse(body: ReadableStream<Uint8Array>, contentType: string, dir: string, limits: Record<string, FileLimit>) {
  return new Promise<{ fields: Record<string, string>; files: Record<string, UploadedFile | undefined> }>((resolve, reject) => {
    const source = Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>);
    const parser = busboy({
      headers: { 'content-type': contentType },
      limits: { fields: 20, fieldSize: MAX_FIELDS_BYTES, files: Object.keys(limits).length, parts: 40 },
    });
    const fields: Record<string, string> = {};
    const files: Record<string, UploadedFile | undefined> = {};
    const writes: Promise<void>[] = [];
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
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      const limit = limits[name];
      if (!limit || files[name] !== undefined) {
        stream.resume();
        return;
      }
      const file = path.join(dir, `${name}.upload`);
      const out = createWriteStream(file);
      const head: Buffer[] = [];
      let headLength = 0;
      let size = 0;
      const written = new Promise<void>((done, error) => {
          stream.on('data', (chunk: Buffer) => {
            if (failed || out.destroyed) return;
            size += chunk.length;
            if (size > limit.maxBytes) {
              stream.destroy();
              out.destroy();
              fail(new AppError('PAYLOAD_TOO_LARGE', limit.tooLarge, { [name]: [limit.tooLarge] }));
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
          stream.on('error', (e) => (failed ? done() : error(e)));
          out.on('error', (e) => (failed ? done() : error(e)));
          out.on('finish', () => {
            if (size > 0) {
              const headBytes = Buffer.concat(head);
              files[name] = { name: info.filename ?? name, size, head: headBytes, read: () => readFile(file), stream: () => createReadStream(file) };
            }
            done();
          });
        });
      // After a refusal the request is abandoned mid-file; a write finishing late must not become an
      // unhandled rejection.
      written.catch(() => {});
      writes.push(written);
    });
    parser.on('error', (error: Error) => fail(new AppError('INVALID', error.message || MESSAGES.generic.invalidInput)));
    parser.on('close', () => {
      Promise.all(writes).then(
        () => {
          if (!failed) resolve({ fields, files });
        },
        (error: Error) => fail(error),
      );
    });
    source.on('error', (error) => fail(error));
    source.pipe(parser);
  });
}
