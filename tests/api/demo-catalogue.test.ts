import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEMO_SONGS } from '../../src/server/db/seed/demo-catalogue';
import { SHORT_DEMO_SECONDS } from '../../src/server/db/seed/demo-audio';
import { DEMO_ACCOUNTS, demoSeedSettings, seedIfEmpty } from '../../src/server/db/seed/seed';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

/** The demo catalogue as `npm start` seeds it on an empty database: every song playable at once. */
let t: TestApp;
let preview: TestClient;
let printed: Awaited<ReturnType<typeof seedIfEmpty>>;

beforeAll(async () => {
  t = await createTestApp();
  // Eight short clips rendered in worker threads and eight covers: seconds on an idle machine, longer on a busy CI runner.
  printed = await seedIfEmpty(t.db, t.storage, { ...t.config, audio: 'short' });
  preview = await signedInClient(t, DEMO_ACCOUNTS.preview);
}, 180_000);
afterAll(() => t?.close());

test('the three demo accounts are created and printed', () => {
  expect(printed).toEqual([
    { role: 'admin', ...DEMO_ACCOUNTS.admin },
    { role: 'preview', ...DEMO_ACCOUNTS.preview },
    { role: 'songwriter', ...DEMO_ACCOUNTS.songwriter },
  ]);
});

test('every seeded song is listed in order, in its tempo and key, and playable: audio, waveform and length stored', async () => {
  const list = await preview.get('/api/songs');
  expect(list.status).toBe(200);
  expect(list.body.rows.map((song: { title: string }) => song.title)).toEqual(DEMO_SONGS.map((song) => song.title));
  // The catalogue's figures are the ones the arrangements are rendered in.
  expect(list.body.rows.map((song: { bpm: number; musicalKey: string }) => [song.bpm, song.musicalKey])).toEqual(
    DEMO_SONGS.map((song) => [song.bpm, song.musicalKey]),
  );
  for (const row of list.body.rows) {
    const page = await preview.get(`/api/songs/${row.slug}`);
    expect(page.body.audioProcessing).toBe(false);
    expect(page.body.durationSeconds).toBeCloseTo(SHORT_DEMO_SECONDS, 0);
    expect(page.body.peaks.length).toBeGreaterThan(100);
    const audio = await preview.get(page.body.audioUrl, { range: 'bytes=0-2' });
    expect(audio.status).toBe(206);
  }
  // The renders are kept in the data folder, for a later seed to read back.
  expect(readdirSync(path.join(t.config.dataDir, 'demo-audio')).filter((f) => f.endsWith('.mp3'))).toHaveLength(8);
});

test('a database with any account is left as it is', async () => {
  expect(await seedIfEmpty(t.db, t.storage, { ...t.config, audio: 'short' })).toEqual([]);
  expect((await preview.get('/api/songs')).body.total).toBe(8);
});

test('short clips by default and whole songs on request; never in production, which refuses SEED_DEMO=on', () => {
  expect(demoSeedSettings({})).toEqual({ seed: true, audio: 'short' });
  expect(demoSeedSettings({ DEMO_AUDIO: 'full' })).toEqual({ seed: true, audio: 'full' });
  expect(demoSeedSettings({ SEED_DEMO: 'off' }).seed).toBe(false);
  expect(demoSeedSettings({ NODE_ENV: 'production' }).seed).toBe(false);
  expect(() => demoSeedSettings({ NODE_ENV: 'production', SEED_DEMO: 'on' })).toThrow(/SEED_DEMO cannot be on in production/);
  expect(() => demoSeedSettings({ DEMO_AUDIO: 'long' })).toThrow(/DEMO_AUDIO/);
});
