import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { rateLimits, songReviews, storedFiles } from '../../src/server/db/schema';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { makePaidOrder, makeSongwriter } from '../../src/server/db/seed/factories';
import { RATE_RULES } from '../../src/server/lib/rate-limit';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

/**
 * A submission's order is checked before a byte of its files is stored, attempts are counted per songwriter,
 * the temporary folder is emptied on every path, and a file's UTF-8 name survives storage and download.
 * Uploads spool to the system's temporary folder: this file points it (TMPDIR) at an empty folder of its own.
 */
let t: TestApp;
let writer: Awaited<ReturnType<typeof makeSongwriter>>;
let writerClient: TestClient;
let spool: string;
const previousTmpdir = process.env.TMPDIR;
const mp3 = synthesizeMp3({ seconds: 1 });

beforeAll(async () => {
  t = await createTestApp();
  // After the app is made, whose data folder is a temporary one too.
  spool = mkdtempSync(path.join(tmpdir(), 'upload-order-test-'));
  process.env.TMPDIR = spool;
  writer = await makeSongwriter(t.db);
  writerClient = await signedInClient(t, writer);
});
afterAll(async () => {
  await t.close();
  if (previousTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previousTmpdir;
  rmSync(spool, { recursive: true, force: true });
});

const songData = (orderId: string) =>
  JSON.stringify({
    orderId,
    title: 'Night Shift',
    storyArc: 'A nurse drives home at dawn.',
    aiUsage: 'No AI was used at all.',
    agreed: true,
  });

/** Every file under the spool folder and the bytes they hold. */
function spooled(): { files: number; bytes: number } {
  const files = readdirSync(spool, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return { files: files.length, bytes: files.reduce((n, e) => n + statSync(path.join(e.parentPath, e.name)).size, 0) };
}
const spoolEntries = () => readdirSync(spool);

/**
 * Streams a submission: `data` first (or after the file, when asked), then a file part of `fileBytes` zero
 * bytes, sent 1 MB at a time as the server takes them. `abortAfter` cuts the connection after that many bytes.
 */
function streamSubmission(
  client: TestClient,
  data: string,
  fileBytes: number,
  { dataLast = false, abortAfter }: { dataLast?: boolean; abortAfter?: number } = {},
) {
  const boundary = '----upload-order-boundary';
  const dataPart = `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${data}\r\n`;
  const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="big.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`;
  const head = Buffer.from(dataLast ? fileHead : dataPart + fileHead);
  const tail = Buffer.from(`\r\n${dataLast ? dataPart : ''}--${boundary}--\r\n`);
  const url = new URL('/api/submissions', t.url);
  return new Promise<{ status: number; body: any; sentBytes: number; peakSpooled: number }>((resolve, reject) => {
    let sentBytes = 0;
    let peakSpooled = 0;
    const sampler = setInterval(() => (peakSpooled = Math.max(peakSpooled, spooled().bytes)), 10);
    const finish = (result: { status: number; body: any }) => {
      clearInterval(sampler);
      peakSpooled = Math.max(peakSpooled, spooled().bytes);
      resolve({ ...result, sentBytes, peakSpooled });
    };
    const req = http.request(
      {
        method: 'POST',
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        localAddress: client.localAddress,
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          origin: t.config.publicUrl,
          cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          req.destroy();
          finish({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString() || '{}') });
        });
      },
    );
    req.on('error', () => {});
    let stopped = false;
    req.on('response', () => (stopped = true));
    req.on('close', () => {
      stopped = true;
      if (abortAfter !== undefined) finish({ status: 0, body: null });
    });
    const chunk = Buffer.alloc(1024 * 1024);
    let remaining = fileBytes;
    req.write(head);
    sentBytes = head.length;
    const pump = () => {
      while (remaining > 0 && !stopped) {
        if (abortAfter !== undefined && sentBytes >= abortAfter) return void req.destroy();
        const piece = remaining >= chunk.length ? chunk : chunk.subarray(0, remaining);
        remaining -= piece.length;
        sentBytes += piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      if (!stopped) req.end(tail);
    };
    pump();
    setTimeout(() => reject(new Error('no answer within 60 s')), 60_000).unref();
  });
}

/** The spool folder must be empty again: cleanup runs as the answer leaves, so it is given time to finish. */
const spoolSettles = (message?: string) => expect.poll(spoolEntries, { message, timeout: 10_000 }).toEqual([]);

describe('outside test finding 9: a submission is checked before its files are stored, and uploads are limited', () => {
  test("a 60 MB song for an order that is not the caller's is refused with 404 before its file is read: not a byte reaches the temporary folder", async () => {
    const other = await makeSongwriter(t.db);
    const notTheirs = await makePaidOrder(t.db, other.id, 1);
    const res = await streamSubmission(writerClient, songData(notTheirs.id), 60 * 1024 * 1024);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(MESSAGES.reviews.invalidOrder);
    expect(res.peakSpooled).toBe(0);
    // The answer comes long before the body is through: the server stopped reading.
    expect(res.sentBytes).toBeLessThan(30 * 1024 * 1024);
    await spoolSettles();
  });

  test('a full package is refused before the file too, and a file sent before its data is refused unread', async () => {
    const full = await makePaidOrder(t.db, writer.id, 1);
    const first = await writerClient.sendForm('POST', '/api/submissions', formFor(full.id, mp3, 'first.mp3'));
    expect(first.status, first.text).toBe(201);
    const again = await streamSubmission(writerClient, songData(full.id), 20 * 1024 * 1024);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(MESSAGES.reviews.packageFull);
    expect(again.peakSpooled).toBe(0);

    const open = await makePaidOrder(t.db, writer.id, 1);
    const fileFirst = await streamSubmission(writerClient, songData(open.id), 20 * 1024 * 1024, { dataLast: true });
    expect(fileFirst.status).toBe(400);
    expect(fileFirst.body.error.message).toBe(MESSAGES.validation.fileDataFirst);
    expect(fileFirst.peakSpooled).toBe(0);
    expect(await t.db.select().from(songReviews).where(eq(songReviews.orderId, open.id))).toEqual([]);
  });

  test(`submissions are limited per songwriter: attempt ${RATE_RULES.submission.max + 1} within the hour is 429, counted in the database; another songwriter is not held back`, async () => {
    const busy = await makeSongwriter(t.db);
    const busyClient = await signedInClient(t, busy);
    const unknownOrder = crypto.randomUUID();
    for (let i = 0; i < RATE_RULES.submission.max; i++) {
      const res = await busyClient.sendForm('POST', '/api/submissions', formFor(unknownOrder, mp3, 'song.mp3'));
      expect(res.status, `attempt ${i + 1}: ${res.text}`).toBe(404);
    }
    const order = await makePaidOrder(t.db, busy.id, 1);
    const limited = await busyClient.sendForm('POST', '/api/submissions', formFor(order.id, mp3, 'song.mp3'));
    expect(limited.status, limited.text).toBe(429);
    expect(limited.body.error.code).toBe('TOO_MANY_REQUESTS');
    expect(await t.db.select().from(songReviews).where(eq(songReviews.orderId, order.id))).toEqual([]);
    const [counter] = await t.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `app:submission:${busy.id}`));
    expect(counter?.count).toBe(RATE_RULES.submission.max + 1);
    // The same songwriter from another address is the same songwriter.
    const elsewhere = await signedInClient(t, busy);
    expect((await elsewhere.sendForm('POST', '/api/submissions', formFor(order.id, mp3, 'song.mp3'))).status).toBe(429);

    const otherOrder = await makePaidOrder(t.db, writer.id, 1);
    expect((await writerClient.sendForm('POST', '/api/submissions', formFor(otherOrder.id, mp3, 'song.mp3'))).status).toBe(201);
  });

  test('the temporary folder holds nothing new after an upload, taken or refused on any path', async () => {
    const taken = await makePaidOrder(t.db, writer.id, 2);
    expect((await writerClient.sendForm('POST', '/api/submissions', formFor(taken.id, mp3, 'song.mp3'))).status).toBe(201);
    await spoolSettles('after a song is taken');

    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(200, 0)]);
    expect((await writerClient.sendForm('POST', '/api/submissions', formFor(taken.id, elf, 'song.mp3'))).status).toBe(400);
    await spoolSettles('after a file refused by its content');

    const tooBig = await streamSubmission(writerClient, songData(taken.id), 101 * 1024 * 1024);
    expect(tooBig.status).toBe(413);
    await spoolSettles('after a file over its limit');

    await streamSubmission(writerClient, songData(taken.id), 40 * 1024 * 1024, { abortAfter: 5 * 1024 * 1024 });
    await spoolSettles('after the client gave up mid-file');
    expect(await t.db.select().from(songReviews).where(eq(songReviews.orderId, taken.id))).toHaveLength(1);
  });
});

function formFor(orderId: string, audio: Buffer, name: string) {
  const form = new FormData();
  form.set('data', songData(orderId));
  form.set('audio', new Blob([new Uint8Array(audio)]), name);
  return form;
}

test('outside test finding 15: a song uploaded as "Café Ñandú.mp3" is stored under that name and downloaded with filename* and an ASCII fallback', async () => {
  const order = await makePaidOrder(t.db, writer.id, 1);
  const res = await writerClient.sendForm('POST', '/api/submissions', formFor(order.id, mp3, 'Café Ñandú.mp3'));
  expect(res.status, res.text).toBe(201);
  const [review] = await t.db.select().from(songReviews).where(eq(songReviews.orderId, order.id));
  const [file] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, review!.audioFileId!));
  expect(file!.originalName).toBe('Café Ñandú.mp3');

  const { audioUrl } = (await writerClient.get(`/api/reviews/${review!.id}`)).body;
  const download = await writerClient.get(audioUrl);
  expect(download.status).toBe(200);
  expect(download.headers['content-disposition']).toBe(
    `attachment; filename="Caf_ _and_.mp3"; filename*=UTF-8''Caf%C3%A9%20%C3%91and%C3%BA.mp3`,
  );
});

test('outside test, second round: an upload named with a right-to-left override is kept without it, so "gnp.mp3" never reads as another name', async () => {
  const order = await makePaidOrder(t.db, writer.id, 1);
  const res = await writerClient.sendForm('POST', '/api/submissions', formFor(order.id, mp3, 'take\u202E3pm.wav\u202C.mp3'));
  expect(res.status, res.text).toBe(201);
  const [review] = await t.db.select().from(songReviews).where(eq(songReviews.orderId, order.id));
  const [file] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, review!.audioFileId!));
  expect(file!.originalName).toBe('take3pm.wav.mp3');
});

test('a second file part of the same name, sent while the first waits for its order check, is ignored, never written over the first', async () => {
  const order = await makePaidOrder(t.db, writer.id, 1);
  const form = formFor(order.id, mp3, 'first.mp3');
  const page = Buffer.from(`<html><body><script>alert(1)</script>${'x'.repeat(64 * 1024)}</body></html>`);
  form.append('audio', new Blob([new Uint8Array(page)]), 'second.mp3');
  const res = await writerClient.sendForm('POST', '/api/submissions', form);
  expect(res.status, res.text).toBe(201);
  const [review] = await t.db.select().from(songReviews).where(eq(songReviews.orderId, order.id));
  const [file] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, review!.audioFileId!));
  expect(file).toMatchObject({ originalName: 'first.mp3', sizeBytes: mp3.length });
  const download = await writerClient.get((await writerClient.get(`/api/reviews/${review!.id}`)).body.audioUrl);
  expect(download.bytes.equals(mp3)).toBe(true);
});
