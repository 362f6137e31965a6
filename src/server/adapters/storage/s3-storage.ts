import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Config } from '../../config';
import { DependencyUnavailable, isNetworkFailure } from '../../lib/outage';
import { assertBucket, assertSafeKey, RangeNotSatisfiable, resolveRange, StorageNotFound, type ObjectRef, type Storage } from './storage';

export type S3Options = NonNullable<Config['s3']>;

/** SigV4 presigned URLs cannot outlive 7 days. */
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;
/** How long to wait for the store to accept a connection. */
const S3_CONNECT_TIMEOUT_MS = 3_000;
/**
 * How long a connection to the store may go without a byte either way: a store that stopped answering. Not a
 * limit on the whole request, which for a large upload or download takes as long as its bytes take.
 */
const S3_IDLE_TIMEOUT_MS = 30_000;
/** What readiness asks the store about: a key outside every logical bucket, normally absent. */
const READINESS_PROBE_KEY = 'readiness-probe';
/** The store's own answers that mean it cannot serve now (internal error, bad gateway, slow down, gateway timeout). */
const UNAVAILABLE_STATUSES = new Set([500, 502, 503, 504]);

export function createS3Client(options: S3Options): S3Client {
  const { endpoint, region, accessKeyId, secretAccessKey } = options;
  return new S3Client({
    region,
    requestHandler: { connectionTimeout: S3_CONNECT_TIMEOUT_MS, socketTimeout: S3_IDLE_TIMEOUT_MS },
    // Without explicit keys the SDK's default chain applies (environment, instance role).
    ...(accessKeyId && secretAccessKey && { credentials: { accessKeyId, secretAccessKey } }),
    ...(endpoint && {
      endpoint,
      // S3-compatible stores (MinIO, s3rver, R2, ...) rarely serve virtual-hosted bucket names.
      forcePathStyle: true,
      // The SDK's default streams uploads as aws-chunked with a CRC trailer, which several
      // S3-compatible stores save verbatim (s3rver stored 100053 bytes for a 100000-byte upload).
      requestChecksumCalculation: 'WHEN_REQUIRED' as const,
      responseChecksumValidation: 'WHEN_REQUIRED' as const,
    }),
  });
}

/** Duck-typed: S3ServiceException classes differ between SDK copies. */
function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
}

/** The store cannot be reached or says it cannot serve now (after the SDK's own retries): an outage. */
function storeUnavailable(error: unknown): boolean {
  const status = statusOf(error);
  if (status !== undefined && UNAVAILABLE_STATUSES.has(status)) return true;
  return (error as { name?: unknown } | undefined)?.name === 'TimeoutError' || isNetworkFailure(error);
}

/** Every call to the store is awaited through this, so an unreachable store is told apart from a refused request. */
async function reaching<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (storeUnavailable(error)) throw new DependencyUnavailable('storage', { cause: error });
    throw error;
  }
}

/** PutObject needs the length up front; a stream of unknown length is spooled to a temp file first. */
async function withLength<T>(body: Buffer | Readable, send: (body: Buffer | Readable, length: number) => Promise<T>): Promise<T> {
  if (Buffer.isBuffer(body)) return send(body, body.byteLength);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pitchroom-upload-'));
  try {
    const file = path.join(dir, 'body');
    let length = 0;
    await pipeline(
      body,
      async function* count(chunks: AsyncIterable<Buffer | string>) {
        for await (const chunk of chunks) {
          length += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
          yield chunk;
        }
      },
      createWriteStream(file),
    );
    return await send(createReadStream(file), length);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * One real bucket (S3_BUCKET); the logical bucket is a key prefix, `<bucket>/<key>`, so one set of
 * credentials and one bucket policy cover every kind of file. `now` is when presigned links are signed: a
 * test can sign one in the past and see it expire without waiting.
 */
export function createS3Storage(options: S3Options, givenClient?: S3Client, now: () => Date = () => new Date()): Storage {
  const client = givenClient ?? createS3Client(options);
  const ownsClient = !givenClient;
  const Bucket = options.bucket;

  function keyOf({ bucket, key }: ObjectRef): string {
    assertBucket(bucket);
    assertSafeKey(key);
    return `${bucket}/${key}`;
  }

  async function head(ref: ObjectRef) {
    try {
      const out = await reaching(client.send(new HeadObjectCommand({ Bucket, Key: keyOf(ref) })));
      return { sizeBytes: out.ContentLength ?? 0, contentType: out.ContentType ?? 'application/octet-stream' };
    } catch (error) {
      if (statusOf(error) === 404) throw new StorageNotFound(ref.bucket, ref.key);
      throw error;
    }
  }

  return {
    kind: 's3',

    async put({ body, contentType, ...ref }) {
      const Key = keyOf(ref);
      return withLength(body, async (Body, ContentLength) => {
        await reaching(client.send(new PutObjectCommand({ Bucket, Key, Body, ContentLength, ContentType: contentType })));
        return { sizeBytes: ContentLength };
      });
    },

    async get({ range, ...ref }) {
      const Key = keyOf(ref);
      let header: string | undefined;
      if (range && 'suffix' in range) {
        // Suffix ranges are resolved here: some S3-compatible stores get them wrong
        // (s3rver answers `bytes=-3` with bytes 0-3), and `bytes=-0` must be a 416.
        const { sizeBytes } = await head(ref);
        const satisfied = resolveRange(range, sizeBytes);
        if (!satisfied) throw new RangeNotSatisfiable(sizeBytes);
        header = `bytes=${satisfied.start}-${satisfied.end}`;
      } else if (range) {
        // A malformed range (negative start, end before start) selects nothing whatever the size.
        if (!resolveRange(range, Number.MAX_SAFE_INTEGER)) throw new RangeNotSatisfiable((await head(ref)).sizeBytes);
        header = `bytes=${range.start}-${range.end ?? ''}`;
      }
      try {
        const out = await reaching(client.send(new GetObjectCommand({ Bucket, Key, Range: header })));
        if (!(out.Body instanceof Readable)) throw new Error('S3 GetObject returned no Node stream');
        const contentType = out.ContentType ?? 'application/octet-stream';
        const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(out.ContentRange ?? '');
        if (match) {
          const [start, end, size] = match.slice(1).map(Number) as [number, number, number];
          return { body: out.Body, sizeBytes: size, contentLength: end - start + 1, contentType, range: { start, end } };
        }
        // A store may ignore Range and send the whole object; that is still a correct answer.
        const size = out.ContentLength ?? 0;
        return { body: out.Body, sizeBytes: size, contentLength: size, contentType };
      } catch (error) {
        if (statusOf(error) === 404) throw new StorageNotFound(ref.bucket, ref.key);
        if (statusOf(error) === 416) {
          const reported = Number((error as { ActualObjectSize?: unknown }).ActualObjectSize);
          throw new RangeNotSatisfiable(Number.isSafeInteger(reported) ? reported : (await head(ref)).sizeBytes);
        }
        throw error;
      }
    },

    head,

    async delete(ref) {
      try {
        await reaching(client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(ref) })));
      } catch (error) {
        // S3 answers 204 for a missing key; some compatible stores answer 404.
        if (statusOf(error) !== 404) throw error;
      }
    },

    async presignGet({ expiresInSeconds, contentType, contentDisposition, cacheControl, ...ref }) {
      if (!Number.isInteger(expiresInSeconds) || expiresInSeconds < 1 || expiresInSeconds > MAX_PRESIGN_SECONDS) {
        throw new RangeError(`expiresInSeconds must be 1..${MAX_PRESIGN_SECONDS}`);
      }
      const command = new GetObjectCommand({
        Bucket,
        Key: keyOf(ref),
        ResponseContentType: contentType,
        ResponseContentDisposition: contentDisposition,
        ResponseCacheControl: cacheControl,
      });
      return getSignedUrl(client, command, { expiresIn: expiresInSeconds, signingDate: now() });
    },

    async check() {
      // Any answer but an outage will do: a probe that is not there (404), or not ours to see (403), still came
      // from a store that serves.
      try {
        await reaching(client.send(new HeadObjectCommand({ Bucket, Key: READINESS_PROBE_KEY })));
      } catch (error) {
        if (error instanceof DependencyUnavailable) throw error;
      }
    },

    close() {
      // A client handed in belongs to whoever made it.
      if (ownsClient) client.destroy();
    },
  };
}
