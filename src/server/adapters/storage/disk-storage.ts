import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, open, readFile, rename, rm, stat, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertBucket,
  assertSafeKey,
  InvalidStorageKey,
  RangeNotSatisfiable,
  resolveRange,
  StorageNotFound,
  type GetInput,
  type GetResult,
  type ObjectRef,
  type Storage,
} from './storage';

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
/** Reads up to this size (a player's typical range) are read whole; larger ones stream. */
const SMALL_READ_BYTES = 256 * 1024;

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

/**
 * An object's bytes: a range up to SMALL_READ_BYTES is read whole at once (a player's request, so a slow client
 * holds no open file); a larger read streams from a handle the stream closes when done.
 */
async function readObject(
  file: string,
  ref: ObjectRef,
  range: GetInput['range'],
  contentTypeOf: () => Promise<string>,
): Promise<GetResult> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if (isMissing(error)) throw new StorageNotFound(ref.bucket, ref.key);
    throw error;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new StorageNotFound(ref.bucket, ref.key);
    const size = info.size;
    const satisfied = range ? resolveRange(range, size) : undefined;
    if (range && !satisfied) throw new RangeNotSatisfiable(size);
    const contentLength = satisfied ? satisfied.end - satisfied.start + 1 : size;
    const found = { sizeBytes: size, contentLength, ...(satisfied && { range: satisfied }) };
    const contentType = await contentTypeOf();
    if (contentLength > SMALL_READ_BYTES) {
      // The stream closes the handle when it ends or is destroyed.
      return { ...found, contentType, body: handle.createReadStream(satisfied ? { start: satisfied.start, end: satisfied.end } : {}) };
    }
    const buffer = Buffer.allocUnsafe(contentLength);
    const { bytesRead } = await handle.read(buffer, 0, contentLength, satisfied?.start ?? 0);
    await handle.close();
    const bytes = buffer.subarray(0, bytesRead);
    let body: Readable | undefined;
    // Made only if asked for: the file route sends the bytes as they are.
    return {
      ...found,
      contentType,
      bytes,
      get body() {
        return (body ??= Readable.from([bytes]));
      },
    };
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
}

/**
 * Objects live at `<root>/<bucket>/<key>`; their content type in `<root>/.meta/<bucket>/<key>.json`
 * (disk has no object metadata). Writes go to `<root>/.tmp` and are renamed into place, so a reader
 * never sees half a file and a crash leaves only a temp file behind. The dot folders cannot clash
 * with a bucket name.
 */
export function createDiskStorage(root: string): Storage {
  const rootDir = path.resolve(root);
  const tmpDir = path.join(rootDir, '.tmp');

  function locate({ bucket, key }: ObjectRef) {
    assertBucket(bucket);
    assertSafeKey(key);
    const bucketDir = path.join(rootDir, bucket);
    const file = path.resolve(bucketDir, key);
    // Belt and braces after assertSafeKey: the resolved path must stay inside the bucket folder.
    if (!file.startsWith(bucketDir + path.sep)) throw new InvalidStorageKey(key, 'escapes the bucket folder');
    return { file, meta: path.join(rootDir, '.meta', bucket, `${key}.json`) };
  }

  async function writeAtomically(target: string, body: Buffer | Readable): Promise<number> {
    await Promise.all([mkdir(tmpDir, { recursive: true }), mkdir(path.dirname(target), { recursive: true })]);
    const tmp = path.join(tmpDir, `${randomUUID()}.tmp`);
    let size = 0;
    // Opened before the copy starts: a stream that opened the file by itself could still be creating it
    // after a failed copy was cleaned up, leaving a temp file behind.
    const handle = await open(tmp, 'w');
    try {
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      await pipeline(
        source,
        async function* count(chunks: AsyncIterable<Buffer | string>) {
          for await (const chunk of chunks) {
            size += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
            yield chunk;
          }
        },
        // flush: the bytes reach the disk before the rename makes them visible.
        handle.createWriteStream({ flush: true }),
      );
      await rename(tmp, target);
    } catch (error) {
      await handle.close().catch(() => {});
      await rm(tmp, { force: true });
      throw error;
    }
    return size;
  }

  async function contentTypeOf(meta: string): Promise<string> {
    try {
      const parsed = JSON.parse(await readFile(meta, 'utf8')) as { contentType?: unknown };
      return typeof parsed.contentType === 'string' ? parsed.contentType : DEFAULT_CONTENT_TYPE;
    } catch {
      return DEFAULT_CONTENT_TYPE;
    }
  }

  return {
    kind: 'disk',

    async put({ body, contentType, ...ref }) {
      const { file, meta } = locate(ref);
      // Metadata first: the object exists once its bytes are renamed into place.
      await writeAtomically(meta, Buffer.from(JSON.stringify({ contentType })));
      const sizeBytes = await writeAtomically(file, body);
      return { sizeBytes };
    },

    async get({ range, contentType: knownType, ...ref }) {
      const { file, meta } = locate(ref);
      return readObject(file, ref, range, async () => knownType ?? (await contentTypeOf(meta)));
    },

    async head(ref) {
      const { file, meta } = locate(ref);
      try {
        const info = await stat(file);
        if (!info.isFile()) throw new StorageNotFound(ref.bucket, ref.key);
        return { sizeBytes: info.size, contentType: await contentTypeOf(meta) };
      } catch (error) {
        if (isMissing(error)) throw new StorageNotFound(ref.bucket, ref.key);
        throw error;
      }
    },

    async delete(ref) {
      const { file, meta } = locate(ref);
      for (const target of [file, meta]) {
        try {
          await unlink(target);
        } catch (error) {
          if (!isMissing(error)) throw error;
        }
      }
    },

    async presignGet() {
      return undefined;
    },

    async check() {
      await mkdir(rootDir, { recursive: true });
      await access(rootDir, constants.R_OK | constants.W_OK);
    },

    close() {},
  };
}
