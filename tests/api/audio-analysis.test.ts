import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { makePaidOrder, makeSongwriter, makeUser } from '../../src/server/db/seed/factories';
import { auditEvents, songReviews, songs, storedFiles } from '../../src/server/db/schema';
import { removeUnusedSongAudio } from '../../src/server/features/songs/songs.service';
import type { TestClient } from '../setup/http-client';
import { chordProgression, clickTrack, encodeTestMp3, encodeWav, major, minor, mix } from '../setup/test-audio';
import { runAnalyses } from '../setup/analysis';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

let t: TestApp;
let admin: TestClient;
let adminId: string;
let writer: Awaited<ReturnType<typeof makeSongwriter>>;
let writerClient: TestClient;

/** A minor: Am–F–C–G–Am. D major: D–G–Bm–A–D. */
const A_MINOR = [minor(57), major(53), major(60), major(55), minor(57)];
const D_MAJOR = [major(62), major(55), minor(59), major(57), major(62)];
const RATE = 22_050;

/** Test audio as an admin's MP3 (mono, lamejs). */
const mp3Of = (samples: Float32Array) => encodeTestMp3(samples, RATE, 64);
const clicks = (bpm: number) => clickTrack({ bpm, seconds: 20, sampleRate: RATE });
const chords = (progression: number[][], secondsPerChord = 4) =>
  chordProgression({ chords: progression, secondsPerChord, wave: 'triangle', sampleRate: RATE });

function uploadForm(audio: Buffer, name = 'take.mp3', data: unknown = {}) {
  const form = new FormData();
  form.set('data', JSON.stringify(data));
  form.set('audio', new Blob([new Uint8Array(audio)]), name);
  return form;
}

/**
 * An MP3 uploaded from the song form, answered at once with its analysis queued; then the analysis worker runs and
 * the form's question after it is answered (GET /api/admin/song-audio/:id), which is returned.
 */
async function upload(audio: Buffer, name?: string) {
  const res = await admin.sendForm('POST', '/api/admin/song-audio', uploadForm(audio, name));
  if (res.status !== 201) return res;
  expect(res.body.analysis).toEqual({ state: 'queued', reason: null });
  await runAnalyses(t);
  return admin.get(`/api/admin/song-audio/${res.body.id}`);
}

function songForm(data: Record<string, unknown>) {
  const form = new FormData();
  form.set('data', JSON.stringify({ description: 'A song.', lyrics: 'Verse one', tags: [], orderIndex: 0, isActive: true, ...data }));
  return form;
}

const fileRow = async (id: string) => (await t.db.select().from(storedFiles).where(eq(storedFiles.id, id)))[0];

beforeAll(async () => {
  t = await createTestApp();
  const adminUser = await makeUser(t.db, { roles: ['admin'] });
  adminId = adminUser.id;
  admin = await signedInClient(t, adminUser);
  writer = await makeSongwriter(t.db);
  writerClient = await signedInClient(t, writer);
}, 60_000);
afterAll(() => t.close());

describe('an MP3 uploaded from the song form has its tempo and key measured, stored on its row', () => {
  test.each([92, 128])(
    'a click track at %i BPM: the BPM within 2 of it',
    async (bpm) => {
      const res = await upload(mp3Of(clicks(bpm)), `click-${bpm}.mp3`);
      expect(res.status, res.text).toBe(200);
      expect(Math.abs(res.body.detected.bpm - bpm)).toBeLessThanOrEqual(2);
      expect(res.body.durationSeconds).toBeCloseTo(20, 0);
      const row = await fileRow(res.body.id);
      expect(row).toMatchObject({
        bucket: 'song-audio',
        ownerId: adminId,
        originalName: `click-${bpm}.mp3`,
        detectedBpm: res.body.detected.bpm,
      });
      expect(row!.audioPeaks!.length).toBeGreaterThan(100);
      // The first job starts the analysis thread, which loads its modules from the sources: allow it more time.
    },
    60_000,
  );

  test('chords in A minor over a beat at 128 BPM: both, and the upload is in the audit trail', async () => {
    const res = await upload(mp3Of(mix(clicks(128), chords(A_MINOR))), 'night-drive.mp3');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ originalName: 'night-drive.mp3', detected: { bpm: 128, key: 'A minor' } });
    expect(await fileRow(res.body.id)).toMatchObject({ detectedBpm: 128, detectedKey: 'A minor' });
    const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.subjectId, res.body.id));
    expect(event).toMatchObject({
      action: 'song_audio.upload',
      subjectKind: 'song_audio',
      actorUserId: adminId,
      changes: { originalName: { before: null, after: 'night-drive.mp3' } },
    });
  });

  test('held chords in D major: the key, and no tempo where there is no beat', async () => {
    const res = await upload(mp3Of(chords(D_MAJOR, 3)));
    expect(res.status, res.text).toBe(200);
    expect(res.body.detected).toEqual({ bpm: null, key: 'D major' });
    expect(await fileRow(res.body.id)).toMatchObject({ detectedBpm: null, detectedKey: 'D major' });
  });

  test('its loudness is measured and stored: a 1 kHz sine at −20 dBFS reads −20 LUFS with a true peak of −20 dBTP', async () => {
    const sine = new Float32Array(44_100 * 10).map((_, i) => 0.1 * Math.sin((2 * Math.PI * 1_000 * i) / 44_100));
    const res = await upload(encodeTestMp3(sine, 44_100, 128), 'tone.mp3');
    expect(res.status, res.text).toBe(200);
    const row = (await fileRow(res.body.id))!;
    // The MP3 encoder moves the tone's level by a few tenths of a dB (ffmpeg reads the same file alike).
    expect(Math.abs(row.integratedLufs! + 20)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(row.truePeakDbtp! + 20)).toBeLessThanOrEqual(0.5);
    expect(row.loudnessRangeLu).toBeLessThan(0.5);
  });

  test('a file that is not an MP3 is refused, and nothing is stored', async () => {
    const before = (await t.db.select().from(storedFiles)).length;
    const res = await upload(encodeWav(clicks(128), RATE), 'click.mp3');
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.fields.audio).toEqual([MESSAGES.songs.audioNotMp3]);
    expect((await t.db.select().from(storedFiles)).length).toBe(before);
  });
});

describe('the song form saves with its uploaded audio', () => {
  test("a new song takes the upload as its audio, with the upload's waveform; the admin's BPM is what is saved", async () => {
    const uploaded = await upload(mp3Of(mix(clicks(128), chords(A_MINOR))));
    const res = await admin.sendForm(
      'POST',
      '/api/admin/songs',
      songForm({ title: 'Night Drive', slug: 'night-drive', bpm: 126, audioUploadId: uploaded.body.id }),
    );
    expect(res.status, res.text).toBe(201);
    const [song] = await t.db.select().from(songs).where(eq(songs.id, res.body.id));
    const file = await fileRow(uploaded.body.id);
    expect(song).toMatchObject({ audioFileId: uploaded.body.id, bpm: 126, audioPeaks: file!.audioPeaks });
    expect(song!.audioDurationSeconds).toBeCloseTo(uploaded.body.durationSeconds, 3);
    // The edit form reads what was detected in the song's audio.
    const detail = await admin.get(`/api/admin/songs/${song!.id}`);
    expect(detail.body.detected).toEqual({ bpm: 128, key: 'A minor' });
    expect(detail.body.bpm).toBe(126);

    // An upload is one song's: a second song naming it is refused and nothing is written.
    const again = await admin.sendForm(
      'POST',
      '/api/admin/songs',
      songForm({ title: 'Copy', slug: 'copy-of-night-drive', audioUploadId: uploaded.body.id }),
    );
    expect(again.status).toBe(409);
    expect(again.body.error.fields.audio).toEqual([MESSAGES.audioAnalysis.uploadUnavailable]);
    expect(await t.db.select().from(songs).where(eq(songs.slug, 'copy-of-night-drive'))).toEqual([]);
  });

  test('an edit that names a new upload replaces the audio and removes the old file; naming the current one changes nothing', async () => {
    const first = await upload(mp3Of(clicks(92)));
    const created = await admin.sendForm(
      'POST',
      '/api/admin/songs',
      songForm({ title: 'Porch', slug: 'porch', audioUploadId: first.body.id }),
    );
    expect(created.status, created.text).toBe(201);
    const second = await upload(mp3Of(mix(clicks(128), chords(D_MAJOR))));
    const edited = await admin.sendForm(
      'PUT',
      `/api/admin/songs/${created.body.id}`,
      songForm({ title: 'Porch', slug: 'porch', audioUploadId: second.body.id }),
    );
    expect(edited.status, edited.text).toBe(200);
    expect((await t.db.select().from(songs).where(eq(songs.id, created.body.id)))[0]!.audioFileId).toBe(second.body.id);
    expect(await fileRow(first.body.id)).toBeUndefined();
    expect((await admin.get(`/api/admin/songs/${created.body.id}`)).body.detected).toEqual({ bpm: 128, key: 'D major' });

    const same = await admin.sendForm(
      'PUT',
      `/api/admin/songs/${created.body.id}`,
      songForm({ title: 'Porch', slug: 'porch', description: 'Edited.', audioUploadId: second.body.id }),
    );
    expect(same.status, same.text).toBe(200);
    expect(await fileRow(second.body.id)).toBeDefined();
  });

  test('an id that is no upload of catalogue audio is refused', async () => {
    const [submission] = await t.db
      .insert(storedFiles)
      .values({
        bucket: 'song-submissions',
        key: `k-${Date.now()}`,
        contentType: 'audio/mpeg',
        sizeBytes: 1,
        audioPeaks: [1],
        audioDurationSeconds: 1,
      })
      .returning();
    const res = await admin.sendForm(
      'POST',
      '/api/admin/songs',
      songForm({ title: 'Stolen', slug: 'stolen', audioUploadId: submission!.id }),
    );
    expect(res.status).toBe(409);
    expect(await t.db.select().from(songs).where(eq(songs.slug, 'stolen'))).toEqual([]);
  });

  test('uploads left unsaved are removed after a day, with their bytes; those a song took stay', async () => {
    const left = await upload(mp3Of(clicks(92)), 'left.mp3');
    const taken = await upload(mp3Of(clicks(92)), 'taken.mp3');
    const saved = await admin.sendForm('POST', '/api/admin/songs', songForm({ title: 'Kept', slug: 'kept', audioUploadId: taken.body.id }));
    expect(saved.status, saved.text).toBe(201);
    const leftRow = (await fileRow(left.body.id))!;

    expect(await removeUnusedSongAudio({ db: t.db, storage: t.storage, now: new Date(Date.now() + 60_000) })).toBe(0);
    expect(await fileRow(left.body.id)).toBeDefined();

    await removeUnusedSongAudio({ db: t.db, storage: t.storage, now: new Date(Date.now() + 25 * 3_600_000) });
    expect(await fileRow(left.body.id)).toBeUndefined();
    await expect(t.storage.get({ bucket: leftRow.bucket, key: leftRow.key })).rejects.toThrow();
    expect(await fileRow(taken.body.id)).toBeDefined();
    // Every song's audio is still there.
    for (const song of await t.db.select().from(songs)) if (song.audioFileId) expect(await fileRow(song.audioFileId)).toBeDefined();

    const late = await admin.sendForm('POST', '/api/admin/songs', songForm({ title: 'Late', slug: 'late', audioUploadId: left.body.id }));
    expect(late.status).toBe(409);
  });
});

describe("a songwriter's WAV is analysed after submission, and a signed song brings it to the admin's form", () => {
  test('a stereo WAV in A minor at 92 BPM', async () => {
    const order = await makePaidOrder(t.db, writer.id, 1);
    const form = new FormData();
    form.set(
      'data',
      JSON.stringify({
        orderId: order.id,
        title: 'Gravel Road',
        lyricsText: 'Dust on the dashboard',
        storyArc: 'A last drive home, told in one verse.',
        aiUsage: 'No AI was used at all.',
        agreed: true,
      }),
    );
    const wav = encodeWav(mix(clickTrack({ bpm: 92, seconds: 20 }), chordProgression({ chords: A_MINOR, secondsPerChord: 4 })));
    form.set('audio', new Blob([new Uint8Array(wav)]), 'gravel-road.wav');
    const submitted = await writerClient.sendForm('POST', '/api/submissions', form);
    expect(submitted.status, submitted.text).toBe(201);
    await runAnalyses(t);
    const [review] = await t.db.select().from(songReviews).where(eq(songReviews.id, submitted.body.id));
    const file = await fileRow(review!.audioFileId!);
    expect(file).toMatchObject({ bucket: 'song-submissions', contentType: 'audio/wav', detectedKey: 'A minor' });
    expect(Math.abs(file!.detectedBpm! - 92)).toBeLessThanOrEqual(2);
    expect(file!.integratedLufs).toBeGreaterThan(-30);
    expect(file!.integratedLufs).toBeLessThan(0);

    await t.db
      .update(songReviews)
      .set({ status: 'reviewed', adminReview: 'Strong hook.', reviewedAt: new Date() })
      .where(eq(songReviews.id, review!.id));
    const offered = await admin.post('/api/admin/pitch-agreements', { reviewId: review!.id });
    expect(offered.status, offered.text).toBe(201);
    const accepted = await writerClient.post(`/api/pitch-agreements/${offered.body.id}/accept`, { legalName: 'Ada Writer', consent: true });
    expect(accepted.status, accepted.text).toBe(200);
    const song = await vi.waitFor(
      async () => {
        const [row] = await t.db
          .select()
          .from(songs)
          .where(and(eq(songs.pitchAgreementId, offered.body.id), eq(songs.mediaPending, false)));
        expect(row?.audioFileId).toBeTruthy();
        return row!;
      },
      { timeout: 30_000, interval: 100 },
    );
    // The catalogue's MP3 made from the WAV carries what was detected in it, then its own analysis job measures
    // it (the same music: about the same tempo, the same key); the song's own BPM is the admin's to set.
    const offeredAtOnce = await admin.get(`/api/admin/songs/${song.id}`);
    expect(offeredAtOnce.body.detected).toEqual({ bpm: file!.detectedBpm, key: 'A minor' });
    await runAnalyses(t);
    const detail = await admin.get(`/api/admin/songs/${song.id}`);
    expect(detail.body.bpm).toBeNull();
    expect(detail.body.detected.key).toBe('A minor');
    expect(Math.abs(detail.body.detected.bpm - file!.detectedBpm!)).toBeLessThanOrEqual(1);
    // The catalogue's MP3 is measured itself: the same music, so about the same loudness as the WAV.
    const catalogueFile = (await fileRow(song.audioFileId!))!;
    expect(Math.abs(catalogueFile.integratedLufs! - file!.integratedLufs!)).toBeLessThanOrEqual(0.5);
    expect(catalogueFile.truePeakDbtp).not.toBeNull();
  });
});
