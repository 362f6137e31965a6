import { readdirSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { FILE_CSP } from '../../src/server/adapters/storage/serve-file';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { makePaidOrder, makeSongwriter, makeUser } from '../../src/server/db/seed/factories';
import { songReviews, songs, storedFiles } from '../../src/server/db/schema';
import type { TestClient, TestResponse } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { crc32, deflated, docx, pdf, wav, zerosDeflated } from '../storage/sniff-fixtures';
import { signedInClient } from './helpers';

let t: TestApp;
let admin: TestClient;
let writer: TestClient;
let writerId: string;
let png: Buffer;
let jpeg: Buffer;
const mp3 = synthesizeMp3({ seconds: 1 });

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInClient(t, await makeUser(t.db, { roles: ['admin'] }));
  const user = await makeSongwriter(t.db);
  writerId = user.id;
  writer = await signedInClient(t, user);
  const picture = sharp({ create: { width: 16, height: 16, channels: 3, background: '#b45309' } });
  [png, jpeg] = await Promise.all([picture.clone().png().toBuffer(), picture.clone().jpeg().toBuffer()]);
});
afterAll(() => t.close());

const HTML = '<!DOCTYPE html><html><body><script>fetch("/api/me").then((r) => r.text()).then(alert)</script></body></html>';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.domain)</script></svg>';

/** An ID3v2.3 tag whose body is an HTML page, in front of real MP3 frames: "an MP3" that is a page. */
function id3Wrapping(html: string): Buffer {
  const body = Buffer.from(html);
  const n = body.length;
  const size = Buffer.from([(n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f]);
  return Buffer.concat([Buffer.from('ID3'), Buffer.from([3, 0, 0]), size, body, mp3]);
}

/** A real PNG header claiming `width` x `height` pixels, with one row of data: tiny, but a bomb to decode. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  const idat = deflateSync(Buffer.alloc(width + 1));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

/** Files that must never be stored, whatever they are called. */
const hostile = (): Record<string, Buffer> => ({
  'an HTML page': Buffer.from(HTML),
  'an SVG with script': Buffer.from(SVG),
  'a PNG followed by HTML': Buffer.concat([png, Buffer.from(HTML)]),
  'a JPEG followed by script': Buffer.concat([jpeg, Buffer.from('<script>alert(1)</script>')]),
  'an MP3 whose ID3 tag is an HTML page': id3Wrapping(HTML),
  'a WAV followed by an SVG': Buffer.concat([wav(), Buffer.from(SVG)]),
  'a PDF carrying HTML': Buffer.concat([pdf(), Buffer.from(HTML)]),
  'a Linux executable': Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(200)]),
  'a Windows executable': Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]),
});

let slugs = 0;
function songForm(files: Record<string, [Buffer, string]>) {
  const form = new FormData();
  const slug = `hardening-${++slugs}`;
  form.set('data', JSON.stringify({ title: slug, slug, description: 'A song.', lyrics: 'Verse one' }));
  for (const [field, [bytes, name]] of Object.entries(files)) form.set(field, new Blob([new Uint8Array(bytes)]), name);
  return form;
}

async function submissionForm(files: Record<string, [Buffer, string]>) {
  const order = await makePaidOrder(t.db, writerId, 1);
  const form = new FormData();
  form.set('data', JSON.stringify({ orderId: order.id, title: 'Night Shift', storyArc: 'A nurse drives home at dawn.', aiUsage: 'No AI was used at all.', agreed: true }));
  for (const [field, [bytes, name]] of Object.entries(files)) form.set(field, new Blob([new Uint8Array(bytes)]), name);
  return form;
}

const UPLOADS: Record<string, { name: string; send: (bytes: Buffer) => Promise<TestResponse>; message: string }> = {
  'catalogue audio': { name: 'song.mp3', send: (b) => admin.sendForm('POST', '/api/admin/songs', songForm({ audio: [b, 'song.mp3'] })), message: MESSAGES.songs.audioNotMp3 },
  'catalogue image': { name: 'cover.png', send: (b) => admin.sendForm('POST', '/api/admin/songs', songForm({ audio: [mp3, 'song.mp3'], image: [b, 'cover.png'] })), message: MESSAGES.songs.imageNotAllowed },
  'submission audio': { name: 'song.mp3', send: async (b) => writer.sendForm('POST', '/api/submissions', await submissionForm({ audio: [b, 'song.mp3'] })), message: MESSAGES.reviews.audioNotAllowed },
  'lyrics file': { name: 'lyrics.txt', send: async (b) => writer.sendForm('POST', '/api/submissions', await submissionForm({ audio: [mp3, 'song.mp3'], lyricsFile: [b, 'lyrics.txt'] })), message: MESSAGES.reviews.lyricsNotAllowed },
};

function filesOnDisk(dir = path.join(t.config.dataDir, 'files')): number {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
  } catch {
    return 0;
  }
}

/** Rows and stored bytes that uploads leave behind. */
async function footprint() {
  const [[files], [songRows], [reviewRows]] = await Promise.all([
    t.db.select({ n: count() }).from(storedFiles),
    t.db.select({ n: count() }).from(songs),
    t.db.select({ n: count() }).from(songReviews),
  ]);
  return { files: files!.n, songs: songRows!.n, reviews: reviewRows!.n, onDisk: filesOnDisk() };
}

/** Sends an upload that must be refused with 400 and this message, and checks nothing was kept. */
async function expectRefused(send: () => Promise<TestResponse>, message: string, label: string) {
  const before = await footprint();
  const started = performance.now();
  const rssBefore = process.memoryUsage().rss;
  const res = await send();
  const ms = performance.now() - started;
  expect(res.status, `${label}: ${res.text}`).toBe(400);
  expect(res.body.error.message, label).toBe(message);
  expect(await footprint(), `${label}: nothing stored`).toEqual(before);
  return { ms, rssGrowth: process.memoryUsage().rss - rssBefore };
}

describe('hostile files renamed to an accepted extension', () => {
  test('are refused for every kind of upload, and nothing is stored', async () => {
    let refused = 0;
    for (const [kind, upload] of Object.entries(UPLOADS)) {
      for (const [label, bytes] of Object.entries(hostile())) {
        await expectRefused(() => upload.send(bytes), upload.message, `${label} as ${kind} (${upload.name})`);
        refused++;
      }
    }
    expect(refused).toBe(Object.keys(UPLOADS).length * Object.keys(hostile()).length);
  });

  test('the same kinds of upload, genuine, are taken (the refusals above are about content)', async () => {
    for (const [kind, upload] of Object.entries(UPLOADS)) {
      const genuine = { 'catalogue audio': mp3, 'catalogue image': png, 'submission audio': wav(), 'lyrics file': Buffer.from('Verse one\nChorus <3\n') }[kind]!;
      const res = await upload.send(genuine);
      expect(res.status, `${kind}: ${res.text}`).toBe(201);
    }
  });
});

describe('lyrics documents that unpack to too much ("docx bombs")', () => {
  const GB = 1024 * 1024 * 1024;
  const bombs: [string, () => Buffer][] = [
    ['a part declaring 1 GB', () => docx(0, { 'word/media/huge.bin': zerosDeflated(1024, GB) })],
    ['a part declaring 1 kB that inflates to 1 GB', () => docx(0, { 'word/media/huge.bin': zerosDeflated(1024, 1024) })],
    ['parts declaring 60 MB in all', () => docx(0, Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`word/media/${i}.bin`, zerosDeflated(10, 10 * 1024 * 1024)])))],
    ['1,500 parts', () => docx(0, Object.fromEntries(Array.from({ length: 1500 }, (_, i) => [`word/p${i}.xml`, '<x/>'])))],
  ];

  test.each(bombs)('%s is refused quickly, without unpacking it in memory', async (label, make) => {
    const bytes = make();
    expect(bytes.length).toBeLessThan(2 * 1024 * 1024);
    const send = async () => writer.sendForm('POST', '/api/submissions', await submissionForm({ audio: [mp3, 'song.mp3'], lyricsFile: [bytes, 'lyrics.docx'] }));
    const { ms, rssGrowth } = await expectRefused(send, MESSAGES.reviews.lyricsUnpacksTooLarge, label);
    expect(ms, label).toBeLessThan(5000);
    expect(rssGrowth, label).toBeLessThan(64 * 1024 * 1024);
  });

  test('a real document with deflated parts is taken', async () => {
    const lyrics = docx(0, { 'word/document.xml': deflated(`<w:document>${'<w:p>Verse</w:p>'.repeat(2000)}</w:document>`) });
    const res = await writer.sendForm('POST', '/api/submissions', await submissionForm({ audio: [mp3, 'song.mp3'], lyricsFile: [lyrics, 'lyrics.docx'] }));
    expect(res.status, res.text).toBe(201);
  });
});

test('a 60000 x 60000 PNG cover is refused from its header, without decoding 3.6 gigapixels', async () => {
  const bomb = pngClaiming(60_000, 60_000);
  expect(bomb.length).toBeLessThan(1024);
  const send = () => admin.sendForm('POST', '/api/admin/songs', songForm({ audio: [mp3, 'song.mp3'], image: [bomb, 'cover.png'] }));
  const { ms, rssGrowth } = await expectRefused(send, MESSAGES.songs.imageNotAllowed, 'pixel bomb');
  expect(ms).toBeLessThan(2000);
  expect(rssGrowth).toBeLessThan(64 * 1024 * 1024);
});

describe('downloads', () => {
  async function download(url: string, client: TestClient) {
    const res = await client.get(url);
    expect(res.status, url).toBe(200);
    return res;
  }

  test('every stored kind is sent as an attachment with nosniff and a sandboxing CSP, under a generated key', async () => {
    const created = await admin.sendForm('POST', '/api/admin/songs', songForm({ audio: [mp3, '..\\..\\song.mp3'], image: [png, 'cover.png'] }));
    expect(created.status, created.text).toBe(201);
    const song = (await admin.get(`/api/admin/songs/${created.body.id}`)).body;
    const submitted = await writer.sendForm('POST', '/api/submissions', await submissionForm({ audio: [wav(), 'take 1.wav'], lyricsFile: [pdf(), 'lyrics.pdf'] }));
    expect(submitted.status, submitted.text).toBe(201);
    const review = (await writer.get(`/api/reviews/${submitted.body.id}`)).body;

    const files: [string, string, TestClient, string][] = [
      [song.audioUrl, 'audio/mpeg', admin, 'attachment; filename="song.mp3"'],
      [song.imageUrl, 'image/webp', admin, 'attachment'],
      [review.audioUrl, 'audio/wav', writer, 'attachment; filename="take 1.wav"'],
      [review.lyricsFileUrl, 'application/pdf', writer, 'attachment; filename="lyrics.pdf"'],
    ];
    for (const [url, type, client, disposition] of files) {
      const res = await download(url, client);
      expect(res.headers['content-type'], url).toBe(type);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['content-security-policy'], url).toBe(FILE_CSP);
      expect(res.headers['content-disposition'], url).toMatch(new RegExp(`^${disposition.replace(/[.*"]/g, '\\$&')}`));
    }
    expect(FILE_CSP).toBe("sandbox; default-src 'none'");

    const rows = await t.db.select().from(storedFiles).where(eq(storedFiles.ownerId, writerId));
    for (const row of rows) expect(row.key).toMatch(new RegExp(`^${writerId}/[0-9a-f-]{36}\\.(wav|pdf|mp3|txt|docx)$`));
  });
});
