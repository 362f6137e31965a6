import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { createS3Storage } from '../../src/server/adapters/storage/s3-storage';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { makePreviewUser, makeUser } from '../../src/server/db/seed/factories';
import { makeSong } from '../../src/server/db/seed/song-factories';
import { createLogger } from '../../src/server/lib/logger';
import type { TestClient } from '../setup/http-client';
import { startS3 } from '../setup/s3';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

/*
 * The file store (S3, s3rver here) stopped while the app serves: what needs it answers as an outage (503,
 * Retry-After, the plain message), readiness names it, the log says it once, and all works again when it is back.
 */
let s3: Awaited<ReturnType<typeof startS3>>;
let t: TestApp;
let admin: TestClient;
let preview: TestClient;
let imageUrl: string;
const logLines: { msg: string; dependency?: string }[] = [];

beforeAll(async () => {
  s3 = await startS3();
  const logger = createLogger(
    'info',
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(JSON.parse(chunk.toString()));
        done();
      },
    }),
  );
  t = await createTestApp({}, { storage: createS3Storage(s3.options, s3.client), logger });
  const adminUser = await makeUser(t.db, { roles: ['admin'] });
  [admin, preview] = await Promise.all([signedInClient(t, adminUser), signedInClient(t, await makePreviewUser(t.db))]);
  const song = await makeSong(t.db, t.storage, adminUser.id, { title: 'Gravel Road Hymn', seconds: 2, cover: ['#14532d', '#fde68a'] });
  imageUrl = (await preview.get(`/api/songs/${song.slug}`)).body.imageUrl;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

function uploadAudio() {
  const form = new FormData();
  form.set('data', JSON.stringify({}));
  form.set('audio', new Blob([new Uint8Array(synthesizeMp3({ seconds: 1 }))]), 'take.mp3');
  return admin.sendForm('POST', '/api/admin/song-audio', form);
}

test('with the store stopped, uploads and file reads answer 503 with Retry-After, readiness names the store, and all heals when it is back', async () => {
  expect((await uploadAudio()).status).toBe(201);
  expect((await preview.request('HEAD', imageUrl)).status).toBe(200);

  await s3.stop();
  const upload = await uploadAudio();
  expect(upload.status).toBe(503);
  expect(upload.headers['retry-after']).toBe('5');
  expect(upload.body.error).toEqual({ code: 'UNAVAILABLE', message: MESSAGES.generic.unavailable });
  const read = await preview.request('HEAD', imageUrl);
  expect(read.status).toBe(503);
  expect(read.headers['retry-after']).toBe('5');

  const ready = await t.client().get('/api/health/ready');
  expect(ready.status).toBe(503);
  expect(ready.body).toMatchObject({ ok: false, database: { state: 'up' }, storage: { state: 'down', reason: 'ECONNREFUSED' } });
  const outageLines = logLines.filter((line) => line.msg === 'storage unavailable: answering 503 until it is back');
  expect(outageLines).toHaveLength(1);
  expect(logLines.filter((line) => line.msg === 'unhandled error')).toEqual([]);

  await s3.restart();
  expect((await t.client().get('/api/health/ready')).body).toMatchObject({ ok: true, storage: { state: 'up' } });
  expect((await uploadAudio()).status).toBe(201);
  expect((await preview.request('HEAD', imageUrl)).status).toBe(200);
});
