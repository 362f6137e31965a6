/**
 * Draws src/web/public/favicon.ico from favicon.svg: 16, 32 and 48 px PNGs in one ICO file (PNG entries
 * are valid ICO since Windows Vista), for the browsers, feed readers and link previews that ask for
 * /favicon.ico without reading the page's <link rel="icon">. Committed; run again (`npm run favicon`) when
 * the SVG changes.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const SIZES = [16, 32, 48];
const publicDir = path.resolve(import.meta.dirname, '../src/web/public');
const svg = await readFile(path.join(publicDir, 'favicon.svg'));
const images = await Promise.all(
  SIZES.map((size) =>
    sharp(svg, { density: 72 * (size / 32) * 4 })
      .resize(size, size)
      .png()
      .toBuffer(),
  ),
);

// ICONDIR (6 bytes), one ICONDIRENTRY (16 bytes) per image, then the images.
const header = Buffer.alloc(6);
header.writeUInt16LE(0, 0); // reserved
header.writeUInt16LE(1, 2); // 1: icon
header.writeUInt16LE(images.length, 4);
let offset = header.length + 16 * images.length;
const entries = images.map((image, i) => {
  const entry = Buffer.alloc(16);
  const size = SIZES[i]!;
  entry.writeUInt8(size % 256, 0); // width (0 would mean 256)
  entry.writeUInt8(size % 256, 1); // height
  entry.writeUInt8(0, 2); // no palette
  entry.writeUInt8(0, 3); // reserved
  entry.writeUInt16LE(1, 4); // colour planes
  entry.writeUInt16LE(32, 6); // bits per pixel
  entry.writeUInt32LE(image.length, 8);
  entry.writeUInt32LE(offset, 12);
  offset += image.length;
  return entry;
});
await writeFile(path.join(publicDir, 'favicon.ico'), Buffer.concat([header, ...entries, ...images]));
console.log(`favicon.ico: ${SIZES.join(', ')} px, ${offset} bytes`);
