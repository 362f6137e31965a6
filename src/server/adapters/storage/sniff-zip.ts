import { createInflateRaw } from 'node:zlib';
import { LIMITS } from '../../../common/constants';

/**
 * Zip containers (DOCX, Pages) are checked from their central directory without unpacking anything into
 * memory: at most `maxEntries` parts declaring at most `maxUnpackedBytes` in all. Each deflated part is
 * then inflated as a stream whose bytes are only counted, and stopped one byte past what it declared, so
 * an archive that lies about its sizes (a "zip bomb") costs at most the declared total to refuse.
 */
export interface ZipLimits {
  maxEntries: number;
  maxUnpackedBytes: number;
}

export type ZipVerdict = 'ok' | 'too-large' | 'malformed';

const DEFAULT_LIMITS: ZipLimits = { maxEntries: LIMITS.archiveMaxEntries, maxUnpackedBytes: LIMITS.archiveMaxUnpackedBytes };
const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

/** Bytes a raw deflate stream unpacks to, counting no further than `stopAfter`; -1 when it is corrupt. */
function inflatedSize(data: Buffer, stopAfter: number): Promise<number> {
  return new Promise((resolve) => {
    const inflate = createInflateRaw();
    let size = 0;
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > stopAfter) {
        resolve(size);
        inflate.destroy();
      }
    });
    inflate.on('end', () => resolve(size));
    inflate.on('error', () => resolve(-1));
    inflate.end(data);
  });
}

function findEndOfDirectory(zip: Buffer): number {
  // 22 bytes, followed by a comment of at most 65,535 bytes.
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === END_OF_DIRECTORY) return i;
  }
  return -1;
}

export async function checkZip(bytes: Uint8Array, limits: ZipLimits = DEFAULT_LIMITS): Promise<ZipVerdict> {
  const zip = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndOfDirectory(zip);
  if (end < 0) return 'malformed';
  const count = zip.readUInt16LE(end + 10);
  const directoryOffset = zip.readUInt32LE(end + 16);
  // 0xffff / 0xffffffff mark ZIP64, whose sizes are far beyond any document we take.
  if (count === 0xffff || count > limits.maxEntries) return 'too-large';
  if (directoryOffset + zip.readUInt32LE(end + 12) > end) return 'malformed';

  const entries: { method: number; compressed: number; size: number; local: number }[] = [];
  let total = 0;
  for (let p = directoryOffset, n = 0; n < count; n++) {
    if (p + 46 > end || zip.readUInt32LE(p) !== DIRECTORY_ENTRY) return 'malformed';
    const entry = {
      method: zip.readUInt16LE(p + 10),
      compressed: zip.readUInt32LE(p + 20),
      size: zip.readUInt32LE(p + 24),
      local: zip.readUInt32LE(p + 42),
    };
    total += entry.size;
    if (total > limits.maxUnpackedBytes) return 'too-large';
    entries.push(entry);
    p += 46 + zip.readUInt16LE(p + 28) + zip.readUInt16LE(p + 30) + zip.readUInt16LE(p + 32);
  }

  for (const { method, compressed, size, local } of entries) {
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL_HEADER) return 'malformed';
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + compressed);
    if (data.length !== compressed) return 'malformed';
    if (method === 0) {
      if (compressed !== size) return 'malformed';
      continue;
    }
    if (method !== 8) return 'malformed';
    const actual = await inflatedSize(data, size);
    if (actual > size) return 'too-large';
    if (actual !== size) return 'malformed';
  }
  return 'ok';
}
