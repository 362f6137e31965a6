import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEMO_SONGS } from '../../src/server/db/seed/demo-catalogue';
import { SHORT_DEMO_SECONDS } from '../../src/server/db/seed/demo-audio';
import { storeDemoAudio } from '../../src/server/db/seed/demo-songs';
import { DEMO_ACCOUNTS, seedIfEmpty } from '../../src/server/db/seed/seed';
import { createLogger } from '../../src/server/lib/logger';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

/** The demo catalogue as a first start makes it: rows at once, "Processing", then audio as each song is rendered. */
let t: TestApp;
let preview: TestClient;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'on' });
  await seedIfEmpty(t.db, t.storage, t.config);
  preview = await signedInClient(t, DEMO_ACCOUNTS.preview);
  // Eight songs with covers: seconds on an idle machine, longer on a busy CI runner.
}, 120_000);
afterAll(() => t?.close());

test('seeded songs are listed at once, each Processing, with no player link until its audio is stored', async () => {
  const list = await preview.get('/api/songs');
  expect(list.status).toBe(200);
  expect(list.body.rows.map((song: { title: string }) => song.title)).toEqual(DEMO_SONGS.map((song) => song.title));
  // The catalogue's figures are the ones the arrangements are rendered in.
  expect(list.body.rows.map((song: { bpm: number; musicalKey: string }) => [song.bpm, song.musicalKey])).toEqual(
    DEMO_SONGS.map((song) => [song.bpm, song.musicalKey]),
  );
  expect(list.body.rows.every((song: { audioProcessing: boolean }) => song.audioProcessing)).toBe(true);
  const page = await preview.get(`/api/songs/${list.body.rows[0].slug}`);
  expect(page.body).toMatchObject({ audioProcessing: true, audioUrl: null, peaks: null, durationSeconds: null });
});

test('once rendered, every song is playable: audio, waveform and length stored, Processing gone; the renders are kept', async () => {
  expect(t.config.demoAudio).toBe('short');
  expect(await storeDemoAudio({ db: t.db, storage: t.storage, config: t.config, logger: createLogger('silent') })).toEqual({
    stored: 8,
  });
  const list = await preview.get('/api/songs');
  expect(list.body.rows.some((song: { audioProcessing: boolean }) => song.audioProcessing)).toBe(false);
  for (const row of list.body.rows) {
    const page = await preview.get(`/api/songs/${row.slug}`);
    expect(page.body.audioProcessing).toBe(false);
    expect(page.body.durationSeconds).toBeCloseTo(SHORT_DEMO_SECONDS, 0);
    expect(page.body.peaks.length).toBeGreaterThan(100);
    const audio = await preview.get(page.body.audioUrl, { range: 'bytes=0-2' });
    expect(audio.status).toBe(206);
  }
  expect(readdirSync(path.join(t.config.dataDir, 'demo-audio')).filter((f) => f.endsWith('.mp3'))).toHaveLength(8);
  // Nothing is left waiting, so a later start stores nothing.
  expect(await storeDemoAudio({ db: t.db, storage: t.storage, config: t.config, logger: createLogger('silent') })).toEqual({
    stored: 0,
  });
}, 180_000);
