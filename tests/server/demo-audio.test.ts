import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { DEMO_SONGS } from '../../src/server/db/seed/demo-catalogue';
import { demoAudioCacheKey, demoAudioJob, renderDemoAudio, renderDemoMp3 } from '../../src/server/db/seed/demo-audio';

const cacheDir = mkdtempSync(path.join(tmpdir(), 'pitchroom-demo-audio-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

// The first two seconds of three songs: the same path as a whole render, at a fraction of the work.
const jobs = DEMO_SONGS.slice(0, 3).map((song) => ({ ...demoAudioJob(song, 'short'), maxSeconds: 2 }));

test('songs rendered in worker threads are byte for byte what one thread makes, each in its own place, and kept', async () => {
  const made = await Promise.all(renderDemoAudio(jobs, { cacheDir }));
  expect(made).toHaveLength(3);
  made.forEach((mp3, index) => expect(mp3.equals(renderDemoMp3(jobs[index]!))).toBe(true));
  expect(made[0]!.equals(made[1]!)).toBe(false);
  expect(readdirSync(cacheDir).sort()).toEqual(jobs.map((job) => `${demoAudioCacheKey(job)}.mp3`).sort());
});

test('a song rendered before is read from the data folder, not rendered again', async () => {
  // What is kept is what is served: a marked file proves the cache was read.
  const marked = Buffer.from('kept render');
  writeFileSync(path.join(cacheDir, `${demoAudioCacheKey(jobs[0]!)}.mp3`), marked);
  const [first] = await Promise.all(renderDemoAudio(jobs.slice(0, 1), { cacheDir }));
  expect(first!.equals(marked)).toBe(true);
});

test('the cache key changes with anything that changes the bytes', () => {
  const job = jobs[0]!;
  const keys = new Set([
    demoAudioCacheKey(job),
    demoAudioCacheKey({ ...job, maxSeconds: undefined }),
    demoAudioCacheKey({ ...job, song: { ...job.song, bpm: job.song.bpm + 1 } }),
    demoAudioCacheKey({ ...job, song: { ...job.song, arrangement: { ...job.song.arrangement, seed: 99 } } }),
  ]);
  expect(keys.size).toBe(4);
});

test('stopping the rendering rejects the songs not yet made', async () => {
  const stop = new AbortController();
  const made = renderDemoAudio([demoAudioJob(DEMO_SONGS[7]!, 'full')], { signal: stop.signal });
  stop.abort();
  await expect(made[0]).rejects.toThrow(/stopped/);
});
