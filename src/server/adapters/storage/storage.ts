import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { STORAGE_BUCKETS, type StorageBucket } from '../../../common/constants';
import type { Config } from '../../config';

/**
 * The contract every storage driver keeps (disk by default, S3-compatible when S3_BUCKET is set).
 * Callers store the bytes first and write the stored_files row after, so a failed
 * upload never leaves a row pointing at nothing; an orphaned object is harmless and can be swept.
 */

export type { StorageBucket };

/** `{ start, end? }`: bytes start..end inclusive (end omitted: to the last byte). `{ suffix }`: the last n bytes. */
export type ByteRange = { start: number; end?: number } | { suffix: number };

export interface ObjectRef {
  bucket: StorageBucket;
  key: string;
}

export interface PutInput extends ObjectRef {
  body: Buffer | Readable;
  contentType: string;
}

export interface GetInput extends ObjectRef {
  range?: ByteRange;
  /** The type the caller already knows (its stored_files row's): a driver that keeps types apart need not read it. */
  contentType?: string;
}

export interface ObjectInfo {
  /** Size of the whole object. */
  sizeBytes: number;
  contentType: string;
}

export interface GetResult extends ObjectInfo {
  body: Readable;
  /** The same bytes as `body`, when the driver read them at once (a player's small range): sent without a stream. */
  bytes?: Buffer;
  /** Bytes in `body`: the range's length, or sizeBytes without a range. */
  contentLength: number;
  /** The satisfied range (end inclusive); absent when the whole object is returned. */
  range?: { start: number; end: number };
}

export interface PresignInput extends ObjectRef {
  expiresInSeconds: number;
  contentType?: string;
  contentDisposition?: string;
  /** The Cache-Control the store answers the link with. */
  cacheControl?: string;
}

export interface Storage {
  readonly kind: 'disk' | 's3';
  put(input: PutInput): Promise<{ sizeBytes: number }>;
  /** Throws StorageNotFound, or RangeNotSatisfiable for a range outside the object. */
  get(input: GetInput): Promise<GetResult>;
  /** Throws StorageNotFound. */
  head(input: ObjectRef): Promise<ObjectInfo>;
  /** Succeeds when the object is already gone. */
  delete(input: ObjectRef): Promise<void>;
  /** A direct, expiring URL to the object, or undefined when the driver cannot make one (disk). */
  presignGet(input: PresignInput): Promise<string | undefined>;
  /** Resolves when the store can be reached now (readiness); throws what reaching it failed with. */
  check(): Promise<void>;
  /** Lets go of what the driver holds (connections); the server is stopping. */
  close(): void;
}

export class StorageNotFound extends Error {
  constructor(
    readonly bucket: string,
    readonly key: string,
  ) {
    super(`No stored object ${bucket}/${key}`);
    this.name = 'StorageNotFound';
  }
}

export class RangeNotSatisfiable extends Error {
  constructor(readonly sizeBytes: number) {
    super(`Range not satisfiable for an object of ${sizeBytes} bytes`);
    this.name = 'RangeNotSatisfiable';
  }
}

export class InvalidStorageKey extends Error {
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(`Invalid storage key ${JSON.stringify(key.slice(0, 100))}: ${reason}`);
    this.name = 'InvalidStorageKey';
  }
}

/** Absolute, inclusive byte positions of a range, or undefined when it selects no byte (RFC 9110 §14.1.1). */
export function resolveRange(range: ByteRange, sizeBytes: number): { start: number; end: number } | undefined {
  if (sizeBytes <= 0) return undefined;
  if ('suffix' in range) {
    if (!Number.isSafeInteger(range.suffix) || range.suffix <= 0) return undefined;
    return { start: Math.max(0, sizeBytes - range.suffix), end: sizeBytes - 1 };
  }
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || start < 0 || start >= sizeBytes) return undefined;
  if (end !== undefined && (!Number.isSafeInteger(end) || end < start)) return undefined;
  return { start, end: Math.min(end ?? sizeBytes - 1, sizeBytes - 1) };
}

export function assertBucket(bucket: string): asserts bucket is StorageBucket {
  if (!(STORAGE_BUCKETS as readonly string[]).includes(bucket)) throw new InvalidStorageKey(bucket, 'unknown bucket');
}

/**
 * Keys are relative, slash-separated paths. Both drivers apply the same rule so that a key that
 * works on S3 also works on disk, where `..`, absolute paths or backslashes would escape the folder.
 */
export function assertSafeKey(key: string): void {
  if (key.length === 0 || Buffer.byteLength(key) > 512) throw new InvalidStorageKey(key, 'empty or too long');
  if (/[\p{Cc}\\]/u.test(key)) throw new InvalidStorageKey(key, 'control character or backslash');
  if (key.startsWith('/') || /^[a-zA-Z]:/.test(key)) throw new InvalidStorageKey(key, 'absolute path');
  for (const segment of key.split('/')) {
    if (segment === '' || segment === '.' || segment === '..') throw new InvalidStorageKey(key, 'empty, . or .. segment');
  }
}

/** `<scope>/<uuid><.ext>`: unguessable, and the extension only helps humans and downloads. */
export function newObjectKey(ownerOrScope: string, originalName?: string | null): string {
  const scope = ownerOrScope.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64) || 'misc';
  const ext = /\.([A-Za-z0-9]{1,8})$/.exec(originalName ?? '')?.[1]?.toLowerCase();
  return `${scope}/${randomUUID()}${ext ? `.${ext}` : ''}`;
}

/**
 * The origin a browser fetches presigned links from (the store's endpoint, or the bucket's host on AWS), for
 * the page CSP; undefined when the driver serves no direct links (disk). Asked of a presigned probe, so it is
 * the origin the SDK really writes, whatever the endpoint, region and bucket name make of it.
 */
export async function directOriginOf(storage: Storage, onError?: (error: unknown) => void): Promise<string | undefined> {
  try {
    const probe = await storage.presignGet({ bucket: 'song-audio', key: 'origin-probe', expiresInSeconds: 60 });
    return probe ? new URL(probe).origin : undefined;
  } catch (error) {
    // Credentials the SDK cannot resolve yet (an instance role not ready): serve anyway; pictures and audio
    // from the store stay blocked by the CSP until a restart, which the log says.
    onError?.(error);
    return undefined;
  }
}

export type StorageConfig = Pick<Config, 'dataDir' | 's3'>;

/** Disk under `${dataDir}/files` unless S3 is configured. The S3 SDK is loaded only when used. */
export async function createStorage(config: StorageConfig): Promise<Storage> {
  if (config.s3) {
    const { createS3Storage } = await import('./s3-storage');
    return createS3Storage(config.s3);
  }
  const { createDiskStorage } = await import('./disk-storage');
  return createDiskStorage(`${config.dataDir}/files`);
}
