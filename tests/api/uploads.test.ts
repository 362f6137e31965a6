import http from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { LIMITS } from '../../src/common/constants';
import * as MESSAGES from '../../src/common/messages';
import { makePaidOrder, makeSongwriter } from '../../src/server/db/seed/factories';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

let t: TestApp;
let writer: TestClient;
let orderId: string;

beforeAll(async () => {
  t = await createTestApp();
  const user = await makeSongwriter(t.db);
  writer = await signedInClient(t, user);
  orderId = (await makePaidOrder(t.db, user.id, 4)).id;
});
afterAll(() => t.close());

const data = () =>
  JSON.stringify({ orderId, title: 'Big One', storyArc: 'A story that is long enough.', aiUsage: 'No AI used in any way.', agreed: true });

/** Streams a multipart upload whose file part is `fileBytes` zero bytes long, without holding it in memory. */
function streamUpload(field: string, fileBytes: number, { declareLength }: { declareLength?: number } = {}) {
  const boundary = '----pitchroom-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${data()}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="big.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL('/api/submissions', t.url);
  return new Promise<{ status: number; body: any; sentBytes: number }>((resolve, reject) => {
    let sentBytes = 0;
    const req = http.request(
      {
        method: 'POST',
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        localAddress: writer.localAddress,
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          origin: t.config.publicUrl,
          cookie: [...writer.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          ...(declareLength ? { 'content-length': String(declareLength) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString() || '{}'), sentBytes });
        });
      },
    );
    req.on('error', () => {});
    const chunk = Buffer.alloc(1024 * 1024);
    let remaining = fileBytes;
    let stopped = false;
    req.on('response', () => (stopped = true));
    req.on('close', () => (stopped = true));
    const pump = () => {
      if (sentBytes === 0) {
        sentBytes += head.length;
        req.write(head);
      }
      while (remaining > 0 && !stopped) {
        const piece = remaining >= chunk.length ? chunk : chunk.subarray(0, remaining);
        remaining -= piece.length;
        sentBytes += piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      if (!stopped) req.end(tail);
    };
    if (declareLength) {
      // Declares a huge body but sends only the start: the answer must come before the body is read.
      req.write(head);
      sentBytes = head.length;
    } else pump();
    setTimeout(() => reject(new Error('no answer within 60 s')), 60_000).unref();
  });
}

test('an upload declaring a body far over the limit is refused with 413 before it is read', async () => {
  const res = await streamUpload('audio', 0, { declareLength: 2 * 1024 * 1024 * 1024 });
  expect(res.status).toBe(413);
  expect(res.sentBytes).toBeLessThan(10_000);
});

test('a lyrics file one byte over its limit gets 413 with its message', async () => {
  const form = new FormData();
  form.set('data', data());
  form.set('audio', new Blob([new Uint8Array([0xff, 0xfb, 0x90, 0x00])]), 'song.mp3');
  form.set('lyricsFile', new Blob([new Uint8Array(LIMITS.lyricsFileMaxBytes + 1)]), 'lyrics.txt');
  const res = await writer.sendForm('POST', '/api/submissions', form);
  expect(res.status).toBe(413);
  expect(res.body.error.message).toBe(MESSAGES.reviews.lyricsTooLarge);
});

test('a 300 MB streamed audio upload is refused with 413 while the server memory stays flat', async () => {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const res = await streamUpload('audio', 300 * 1024 * 1024);
  clearInterval(sampler);
  expect(res.status).toBe(413);
  expect(res.body.error.message).toBe(MESSAGES.reviews.audioTooLarge);
  // Refused once past 100 MB: the rest is never read.
  expect(res.sentBytes).toBeLessThan(200 * 1024 * 1024);
  expect((peak - before) / 1024 / 1024).toBeLessThan(30);
});
