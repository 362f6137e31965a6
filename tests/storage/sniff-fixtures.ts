/** Tiny but well-formed files, built in memory so the repository carries no binaries. */
import { constants as zlibConstants, deflateRawSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const u16 = (n: number) => Buffer.from([n & 0xff, (n >>> 8) & 0xff]);
const u32le = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};
const u32be = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};

/** 16-bit mono PCM, 8 kHz, a few samples of silence. */
export function wav(samples = 16): Buffer {
  const data = Buffer.alloc(samples * 2);
  const fmt = Buffer.concat([u16(1), u16(1), u32le(8000), u32le(16000), u16(2), u16(16)]);
  return Buffer.concat([
    Buffer.from('RIFF'),
    u32le(4 + 8 + fmt.length + 8 + data.length),
    Buffer.from('WAVE'),
    Buffer.from('fmt '),
    u32le(fmt.length),
    fmt,
    Buffer.from('data'),
    u32le(data.length),
    data,
  ]);
}

/** MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz), 417 bytes each. */
export function mp3Frames(frames = 3): Buffer {
  const frame = Buffer.alloc(417);
  Buffer.from([0xff, 0xfb, 0x90, 0x64]).copy(frame);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

/** An ID3v2.3 tag of `tagBytes` (syncsafe size) in front of MPEG frames, as most tagged MP3s start. */
export function mp3WithId3(tagBytes: number): Buffer {
  const size = Buffer.from([(tagBytes >> 21) & 0x7f, (tagBytes >> 14) & 0x7f, (tagBytes >> 7) & 0x7f, tagBytes & 0x7f]);
  return Buffer.concat([Buffer.from('ID3'), Buffer.from([3, 0, 0]), size, Buffer.alloc(tagBytes), mp3Frames()]);
}

function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    return Buffer.concat([u32be(data.length), body, u32be(crc32(body))]);
  };
  const ihdr = Buffer.concat([u32be(1), u32be(1), Buffer.from([8, 0, 0, 0, 0])]);
  // One grey pixel: filter byte 0 + value 0, zlib-deflated (stored block).
  const idat = Buffer.from([0x78, 0x01, 0x01, 0x02, 0x00, 0xfd, 0xff, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
export { png };

/** SOI + JFIF APP0 + EOI: the start every JPEG camera or editor writes. */
export function jpeg(): Buffer {
  const app0 = Buffer.concat([Buffer.from([0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.from([1, 1, 0, 0, 1, 0, 1, 0, 0])]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, Buffer.from([0xff, 0xd9])]);
}

export function webp(): Buffer {
  const vp8l = Buffer.from([0x2f, 0x00, 0x00, 0x00, 0x00]);
  const chunk = Buffer.concat([Buffer.from('VP8L'), u32le(vp8l.length), vp8l, Buffer.alloc(1)]);
  return Buffer.concat([Buffer.from('RIFF'), u32le(4 + chunk.length), Buffer.from('WEBP'), chunk]);
}

/** An ISO-BMFF `ftyp` box with the given major brand, then an empty `mdat`. */
export function isoMedia(brand: string): Buffer {
  const ftyp = Buffer.concat([Buffer.from('ftyp'), Buffer.from(brand.padEnd(4)), u32be(0), Buffer.from(`${brand.padEnd(4)}isommp42`)]);
  return Buffer.concat([u32be(ftyp.length + 4), ftyp, u32be(8), Buffer.from('mdat')]);
}

export function pdf(): Buffer {
  return Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
}

/** The Compound File Binary header Word 97-2003 files start with. */
export function cfb(): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  return header;
}

/** A zip part as the archive holds it: its bytes (raw deflate when method 8) and what the directory declares. */
export interface ZipPart {
  method: number;
  data: Buffer;
  size: number;
  crc: number;
}

/** A part stored as it is (method 0). */
export const stored = (content: string | Buffer): ZipPart => {
  const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
  return { method: 0, data, size: data.length, crc: crc32(data) };
};

/** A part deflated (method 8), declaring its true size unless told otherwise. */
export const deflated = (content: string | Buffer, declaredSize?: number): ZipPart => {
  const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
  return { method: 8, data: deflateRawSync(data), size: declaredSize ?? data.length, crc: crc32(data) };
};

/**
 * `megabytes` MB of zeros deflated to about a thousandth of that, built without ever holding them: one
 * flushed (non-final) block for 1 MB, repeated, then an empty final block. Declares `declaredSize`.
 */
export function zerosDeflated(megabytes: number, declaredSize: number): ZipPart {
  const block = deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: zlibConstants.Z_SYNC_FLUSH });
  const data = Buffer.concat([...Array.from({ length: megabytes }, () => block), Buffer.from([0x03, 0x00])]);
  return { method: 8, data, size: Math.min(declaredSize, 0xfffffffe), crc: 0 };
}

/** A zip archive of the given parts; strings and buffers are stored as they are. */
export function zip(entries: Record<string, string | Buffer | ZipPart>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const part = typeof content === 'string' || Buffer.isBuffer(content) ? stored(content) : content;
    const fileName = Buffer.from(name);
    const common = Buffer.concat([
      u16(20),
      u16(0),
      u16(part.method),
      u16(0),
      u16(0x21),
      u32le(part.crc),
      u32le(part.data.length),
      u32le(part.size),
      u16(fileName.length),
      u16(0),
    ]);
    const local = Buffer.concat([u32le(0x04034b50), common, fileName, part.data]);
    centrals.push(Buffer.concat([u32le(0x02014b50), u16(20), common, u16(0), u16(0), u16(0), u32le(0), u32le(offset), fileName]));
    locals.push(local);
    offset += local.length;
  }
  const central = Buffer.concat(centrals);
  const end = Buffer.concat([
    u32le(0x06054b50),
    u16(0),
    u16(0),
    u16(centrals.length),
    u16(centrals.length),
    u32le(central.length),
    u32le(offset),
    u16(0),
  ]);
  return Buffer.concat([...locals, central, end]);
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
</Types>`;

const DOCUMENT = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Verse one</w:t></w:r></w:p></w:body></w:document>`;

/** A minimal Word document; `padFirst` puts a large entry first, as a thumbnail would; `parts` adds or replaces parts. */
export function docx(padFirst = 0, parts: Record<string, string | Buffer | ZipPart> = {}): Buffer {
  return zip({
    ...(padFirst > 0 && { 'docProps/thumbnail.jpeg': Buffer.alloc(padFirst) }),
    '[Content_Types].xml': CONTENT_TYPES,
    '_rels/.rels': '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>',
    'word/document.xml': DOCUMENT,
    ...parts,
  });
}

/** Pages '13 and later: a zip of .iwa files with nothing file-type can name. */
export function pages(): Buffer {
  return zip({ 'Index/Document.iwa': Buffer.alloc(64, 1), 'Metadata/Properties.plist': '<plist/>' });
}
