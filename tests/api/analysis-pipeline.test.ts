import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ANALYSIS_MAX_ATTEMPTS } from '../../src/common/constants';
import * as MESSAGES from '../../src/common/messages';
import { makePaidOrder, makeSongwriter, makeUser } from '../../src/server/db/seed/factories';
import { analysisJobs, auditEvents, songReviews, songs, storedFiles } from '../../src/server/db/schema';
import {
  claimAnalysisJobs,
  createAnalysisWorker,
  enqueueUnanalysed,
  type AnalysisWorkerOptions,
} from '../../src/server/features/audio/analysis-jobs';
import { insertFile, putFile } from '../../src/server/features/files';
import { createLogger } from '../../src/server/lib/logger';
import type { TestClient } from '../setup/http-client';
import { clickTrack, encodeTestMp3, encodeWav } from '../setup/test-audio';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

let t: TestApp;
let admin: TestClient;

const RATE = 22_050;
const clicksMp3 = (bpm: number, seconds = 12) => encodeTestMp3(clickTrack({ bpm, seconds, sampleRate: RATE }), RATE, 64);
/** Sniffs as MP3 (a frame header) but is silence of no frame: it does not decode. */
const corruptMp3 = () => Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(100_000)]);

/** A worker as each instance runs one; the test drives it with tick(). */
const worker = (options: Partial<AnalysisWorkerOptions> = {}) =>
  createAnalysisWorker({
    db: t.db,
    storage: t.storage,
    logger: createLogger('silent'),
    batchSize: 4,
    onSongsMeasured: t.catalogueChanged,
    ...options,
  });

function audioForm(audio: Buffer, name: string) {
  const form = new FormData();
  form.set('data', '{}');
  form.set('audio', new Blob([new Uint8Array(audio)]), name);
  return form;
}

const upload = (audio: Buffer, name = 'take.mp3') => admin.sendForm('POST', '/api/admin/song-audio', audioForm(audio, name));
const jobOf = async (fileId: string) => (await t.db.select().from(analysisJobs).where(eq(analysisJobs.fileId, fileId)))[0];

function songForm(data: Record<string, unknown>) {
  const form = new FormData();
  form.set('data', JSON.stringify({ description: 'A song.', lyrics: 'Verse one', tags: [], orderIndex: 0, isActive: true, ...data }));
  return form;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInClient(t, await makeUser(t.db, { roles: ['admin'] }));
}, 60_000);
afterAll(() => t.close());

describe('an upload queues its analysis, and the worker brings the waveform, tempo and key', () => {
  test("a catalogue MP3: answered at once, queued; after the worker's tick the form and the song page show what it measured", async () => {
    const res = await upload(clicksMp3(120), 'porch.mp3');
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      durationSeconds: null,
      detected: { bpm: null, key: null },
      analysis: { state: 'queued', reason: null },
    });
    expect(await jobOf(res.body.id)).toMatchObject({ kind: 'audio', state: 'queued', attempts: 0 });

    // The song is saved before its audio is measured: it plays on a plain bar until then.
    const saved = await admin.sendForm('POST', '/api/admin/songs', songForm({ title: 'Porch', slug: 'porch', audioUploadId: res.body.id }));
    expect(saved.status, saved.text).toBe(201);
    expect((await admin.get('/api/songs/porch')).body.peaks).toBeNull();

    expect(await worker().tick()).toBe(1);
    const analysed = await admin.get(`/api/admin/song-audio/${res.body.id}`);
    expect(analysed.body.analysis).toEqual({ state: 'done', reason: null });
    expect(analysed.body.durationSeconds).toBeCloseTo(12, 0);
    expect(Math.abs(analysed.body.detected.bpm - 120)).toBeLessThanOrEqual(2);
    const job = await jobOf(res.body.id);
    expect(job).toMatchObject({ state: 'done', attempts: 1, lastError: null, lockedUntil: null });
    expect(job!.result).toMatchObject({ bpm: analysed.body.detected.bpm });

    const page = (await admin.get('/api/songs/porch')).body;
    expect(page.peaks.length).toBeGreaterThan(100);
    expect(page.durationSeconds).toBeCloseTo(12, 0);
    expect((await admin.get(`/api/admin/songs/${saved.body.id}`)).body.detected).toEqual(analysed.body.detected);
    // Nothing is left to do.
    expect(await worker().tick()).toBe(0);
    // The first job starts the analysis thread, which loads its modules from the sources: allow it more time.
  }, 60_000);

  test("a songwriter's WAV: queued with the submission, its waveform and tempo on the file's row after the tick", async () => {
    const writer = await makeSongwriter(t.db);
    const writerClient = await signedInClient(t, writer);
    const order = await makePaidOrder(t.db, writer.id, 1);
    const form = new FormData();
    const data = { orderId: order.id, title: 'Gravel Road', lyricsText: 'Dust', storyArc: 'A drive home, in one verse.' };
    form.set('data', JSON.stringify({ ...data, aiUsage: 'No AI was used at all.', agreed: true }));
    form.set('audio', new Blob([new Uint8Array(encodeWav(clickTrack({ bpm: 96, seconds: 12, sampleRate: RATE }), RATE))]), 'road.wav');
    const submitted = await writerClient.sendForm('POST', '/api/submissions', form);
    expect(submitted.status, submitted.text).toBe(201);
    const [review] = await t.db.select().from(songReviews).where(eq(songReviews.id, submitted.body.id));
    expect(await jobOf(review!.audioFileId!)).toMatchObject({ state: 'queued' });

    expect(await worker().tick()).toBe(1);
    const [file] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, review!.audioFileId!));
    expect(file!.audioPeaks!.length).toBeGreaterThan(100);
    expect(Math.abs(file!.detectedBpm! - 96)).toBeLessThanOrEqual(2);
  });
});

describe('a failed analysis', () => {
  test('a corrupt file fails its job at once, with a reason the admin reads; the retry queues it again', async () => {
    const res = await upload(corruptMp3(), 'broken.mp3');
    expect(res.status, res.text).toBe(201);
    expect(await worker().tick()).toBe(1);
    const job = (await jobOf(res.body.id))!;
    expect(job).toMatchObject({ state: 'failed', attempts: 1, lockedUntil: null });
    expect(job.lastError).toMatch(/^The file does not play as audio \(.+\)\. Upload a working MP3 or WAV in its place\.$/);

    const status = await admin.get(`/api/admin/song-audio/${res.body.id}`);
    expect(status.body.analysis).toEqual({ state: 'failed', reason: job.lastError });
    const listed = await admin.get('/api/admin/analysis-jobs');
    expect(listed.status).toBe(200);
    expect(listed.body).toContainEqual(
      expect.objectContaining({
        id: job.id,
        fileName: 'broken.mp3',
        attempts: 1,
        reason: job.lastError,
        subject: { kind: 'upload', id: null, title: null },
      }),
    );

    const retried = await admin.post(`/api/admin/analysis-jobs/${job.id}/retry`, {});
    expect(retried.status, retried.text).toBe(200);
    expect(await jobOf(res.body.id)).toMatchObject({ state: 'queued', attempts: 0, lastError: null });
    expect((await admin.get('/api/admin/analysis-jobs')).body.map((j: { id: string }) => j.id)).not.toContain(job.id);
    const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.subjectId, job.id));
    expect(event).toMatchObject({ action: 'analysis_job.retry', subjectKind: 'analysis_job' });
    // Only a failed job is retried; an unknown one is not found.
    expect((await admin.post(`/api/admin/analysis-jobs/${job.id}/retry`, {})).status).toBe(409);
    expect((await admin.post('/api/admin/analysis-jobs/00000000-0000-4000-8000-000000000000/retry', {})).status).toBe(404);

    // The file is as broken as before: it fails again, and the server went on.
    expect(await worker().tick()).toBe(1);
    expect(await jobOf(res.body.id)).toMatchObject({ state: 'failed', attempts: 1 });
    expect((await t.client().get('/api/health')).status).toBe(200);
  });

  test(`a failure that may pass is tried ${ANALYSIS_MAX_ATTEMPTS} times, then the job fails for good`, async () => {
    const res = await upload(clicksMp3(100, 4), 'gone.mp3');
    const [file] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, res.body.id));
    await t.storage.delete({ bucket: file!.bucket, key: file!.key });
    const w = worker();
    for (let attempt = 1; attempt < ANALYSIS_MAX_ATTEMPTS; attempt++) {
      expect(await w.tick()).toBe(0);
      expect(await jobOf(res.body.id)).toMatchObject({ state: 'queued', attempts: attempt });
    }
    expect(await w.tick()).toBe(1);
    const job = (await jobOf(res.body.id))!;
    expect(job).toMatchObject({ state: 'failed', attempts: ANALYSIS_MAX_ATTEMPTS });
    expect(job.lastError).toMatch(/^The stored file could not be read/);
    expect(await w.tick()).toBe(0);
    expect(await jobOf(res.body.id)).toMatchObject({ state: 'failed', attempts: ANALYSIS_MAX_ATTEMPTS });
  });
});

describe('leases', () => {
  test('a job whose worker stopped under its lease is taken again once the lease runs out, not before', async () => {
    const res = await upload(clicksMp3(110, 4), 'lease.mp3');
    const start = Date.now();
    const nowSql = (ms: number) => () => sql`${new Date(ms).toISOString()}::timestamptz`;
    // A worker claims it and its process stops before it records anything.
    const [claimed] = await claimAnalysisJobs(t.db, {
      batchSize: 10,
      leaseMs: 60_000,
      maxAttempts: ANALYSIS_MAX_ATTEMPTS,
      nowSql: nowSql(start),
    });
    expect(claimed).toMatchObject({ fileId: res.body.id, state: 'running', attempts: 1 });

    expect(await worker({ now: () => new Date(start + 30_000) }).tick()).toBe(0);
    expect(await jobOf(res.body.id)).toMatchObject({ state: 'running', attempts: 1 });
    expect(await worker({ now: () => new Date(start + 61_000) }).tick()).toBe(1);
    expect(await jobOf(res.body.id)).toMatchObject({ state: 'done', attempts: 2 });
  });

  test('a job that stopped midway on its last try fails with why', async () => {
    const res = await upload(clicksMp3(110, 4), 'stalled.mp3');
    await t.db
      .update(analysisJobs)
      .set({ state: 'running', attempts: ANALYSIS_MAX_ATTEMPTS, lockedUntil: new Date(Date.now() - 1_000) })
      .where(eq(analysisJobs.fileId, res.body.id));
    expect(await worker().tick()).toBe(0);
    expect(await jobOf(res.body.id)).toMatchObject({
      state: 'failed',
      lastError: MESSAGES.audioAnalysis.jobFailed.stoppedMidway(ANALYSIS_MAX_ATTEMPTS),
    });
  });

  test.runIf(process.env.DATABASE_URL)('two workers on PostgreSQL never take the same job, nor wait on a locked one', async () => {
    await t.db.update(analysisJobs).set({ state: 'done' }).where(eq(analysisJobs.state, 'queued'));
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await upload(clicksMp3(100, 1), `pair-${i}.mp3`);
      ids.push((await jobOf(res.body.id))!.id);
    }
    const claim = () => claimAnalysisJobs(t.db, { batchSize: 3, leaseMs: 60_000, maxAttempts: 3, nowSql: () => sql`now()` });
    const [a, b] = await Promise.all([claim(), claim()]);
    const taken = [...a, ...b].map((j) => j.id);
    expect(new Set(taken).size).toBe(taken.length);
    expect(taken.sort()).toEqual([...ids].sort());

    // A job another transaction holds is skipped at once, not waited for.
    await t.db.update(analysisJobs).set({ state: 'queued', attempts: 0, lockedUntil: null }).where(eq(analysisJobs.state, 'running'));
    await t.db.transaction(async (tx) => {
      await tx.select().from(analysisJobs).where(eq(analysisJobs.id, ids[0]!)).for('update');
      const others = await claim();
      expect(others.map((j) => j.id)).not.toContain(ids[0]);
      expect(others).toHaveLength(3);
    });
  });
});

describe('audio stored before the pipeline', () => {
  test('a song whose audio was never analysed is queued once; the worker fills its waveform', async () => {
    const bytes = clicksMp3(90, 4);
    const stored = await putFile({
      storage: t.storage,
      bucket: 'song-audio',
      ownerId: null,
      body: bytes,
      contentType: 'audio/mpeg',
      extension: 'mp3',
      originalName: 'old.mp3',
    });
    const file = await insertFile(t.db, stored);
    await t.db.insert(songs).values({ slug: 'old-song', title: 'Old Song', description: 'Old.', lyrics: 'Verse', audioFileId: file.id });
    // An M4A has no decoder here: never queued.
    const m4a = await insertFile(t.db, { ...stored, key: `${stored.key}-m4a`, contentType: 'audio/mp4' });

    expect(await enqueueUnanalysed(t.db)).toBe(1);
    expect(await enqueueUnanalysed(t.db)).toBe(0);
    expect(await jobOf(m4a.id)).toBeUndefined();
    await worker().tick();
    const [song] = await t.db.select().from(songs).where(eq(songs.slug, 'old-song'));
    expect(song!.audioPeaks!.length).toBeGreaterThan(10);
    expect(song!.audioDurationSeconds).toBeCloseTo(4, 0);

    // A failed job is the admin's to retry: starting again does not queue the file anew.
    await t.db
      .update(analysisJobs)
      .set({ state: 'failed' })
      .where(and(eq(analysisJobs.fileId, file.id)));
    await t.db.update(storedFiles).set({ audioPeaks: null }).where(eq(storedFiles.id, file.id));
    expect(await enqueueUnanalysed(t.db)).toBe(0);
  });
});
