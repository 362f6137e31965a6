import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { AGREEMENT_MEDIA_MAX_TRIES } from '../../src/common/constants';
import * as MESSAGES from '../../src/common/messages';
import { sniffFile } from '../../src/server/adapters/storage/sniff';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { makePreviewUser, makeSongwriter, makeUser, makePaidOrder } from '../../src/server/db/seed/factories';
import { analysisJobs, pitchAgreements, songReviews, songs, songwriterQuestionnaires, storedFiles } from '../../src/server/db/schema';
import type { Storage } from '../../src/server/adapters/storage/storage';
import {
  createAgreementSong,
  resumeAgreementSongMedia,
  scheduleAgreementSongMedia,
} from '../../src/server/features/agreements/agreement-song';
import { lyricsFromFile } from '../../src/server/features/agreements/lyrics-text';
import { createLogger } from '../../src/server/lib/logger';
import { computeWaveform } from '../../src/server/features/audio/waveform';
import { runAnalyses } from '../setup/analysis';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { deflated, docx, isoMedia } from '../storage/sniff-fixtures';
import { signedInClient } from './helpers';

const m = MESSAGES.songs;
let t: TestApp;
let admin: TestClient;
let preview: TestClient;
let writer: Awaited<ReturnType<typeof makeSongwriter>>;
let writerClient: TestClient;

const STORY = 'A goodbye told through one last drive down the gravel road home, with the radio playing her song.';

/** 16-bit stereo PCM at 44.1 kHz: a second and a half of a 440 Hz tone, louder on the left. */
function wavTone(seconds = 1.5, sampleRate = 44_100): Buffer {
  const frames = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(frames * 4);
  for (let i = 0; i < frames; i++) {
    const v = Math.sin((2 * Math.PI * 440 * i) / sampleRate);
    data.writeInt16LE(Math.round(v * 20_000), i * 4);
    data.writeInt16LE(Math.round(v * 10_000), i * 4 + 2);
  }
  const fmt = Buffer.alloc(16);
  fmt.writeUInt16LE(1, 0);
  fmt.writeUInt16LE(2, 2);
  fmt.writeUInt32LE(sampleRate, 4);
  fmt.writeUInt32LE(sampleRate * 4, 8);
  fmt.writeUInt16LE(4, 12);
  fmt.writeUInt16LE(16, 14);
  const header = Buffer.alloc(8);
  const chunk = (id: string, body: Buffer) => {
    const h = Buffer.alloc(8);
    h.write(id, 0, 'latin1');
    h.writeUInt32LE(body.length, 4);
    return Buffer.concat([h, body]);
  };
  header.write('RIFF', 0, 'latin1');
  const body = Buffer.concat([Buffer.from('WAVE'), chunk('fmt ', fmt), chunk('data', data)]);
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body]);
}

/** A Word document of two verses: paragraphs, a line break, a tab and an escaped ampersand. */
const LYRICS_DOCX = docx(0, {
  'word/document.xml': deflated(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>` +
      `<w:p><w:pPr><w:tabs><w:tab w:val="left" w:pos="720"/></w:tabs></w:pPr><w:r><w:t>Dust on the dashboard</w:t></w:r><w:r><w:br/><w:t xml:space="preserve">Rust &amp; rain</w:t></w:r></w:p>` +
      `<w:p/><w:p><w:r><w:tab/><w:t>Chorus: drive on</w:t></w:r></w:p></w:body></w:document>`,
  ),
});

/** A PDF (as a word processor writes it, with compressed content streams): two lines, or one line on each of many pages. */
function lyricsPdf(pages = 0): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ compress: true });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    if (pages === 0) {
      doc.text('Headlights in the rearview');
      doc.text('Fading out of sight');
    }
    for (let n = 1; n <= pages; n++) {
      if (n > 1) doc.addPage();
      doc.text(`Verse of page ${n}`);
    }
    doc.end();
  });
}

interface Submission {
  title?: string;
  lyricsText?: string;
  audio: [Buffer, string];
  lyricsFile?: [Buffer, string];
  /** Called as the songwriter signs, after the upload. */
  onSigning?: () => void;
}

/** A song submitted through the real upload route, its review marked sent, offered, and signed by the writer. */
async function signedSong({ title = 'Gravel Road Goodbye', lyricsText, audio, lyricsFile, onSigning }: Submission) {
  const order = await makePaidOrder(t.db, writer.id, 1);
  const form = new FormData();
  form.set(
    'data',
    JSON.stringify({ orderId: order.id, title, lyricsText, storyArc: STORY, aiUsage: 'No AI was used at all.', agreed: true }),
  );
  form.set('audio', new Blob([new Uint8Array(audio[0])]), audio[1]);
  if (lyricsFile) form.set('lyricsFile', new Blob([new Uint8Array(lyricsFile[0])]), lyricsFile[1]);
  const submitted = await writerClient.sendForm('POST', '/api/submissions', form);
  expect(submitted.status, submitted.text).toBe(201);
  const reviewId = submitted.body.id as string;
  await t.db
    .update(songReviews)
    .set({ status: 'reviewed', adminReview: 'Strong hook.', reviewedAt: new Date() })
    .where(eq(songReviews.id, reviewId));
  const offered = await admin.post('/api/admin/pitch-agreements', { reviewId });
  expect(offered.status, offered.text).toBe(201);
  onSigning?.();
  const accepted = await writerClient.post(`/api/pitch-agreements/${offered.body.id}/accept`, {
    legalName: 'Luke Albert Combs',
    consent: true,
  });
  expect(accepted.status, accepted.text).toBe(200);
  const agreementId = offered.body.id as string;
  // The song row is written with the signature; its media follow right after.
  const [created] = await t.db.select().from(songs).where(eq(songs.pitchAgreementId, agreementId));
  expect(created, 'a catalogue song with the signature').toBeDefined();
  await vi.waitFor(
    async () => {
      const [row] = await t.db.select({ pending: songs.mediaPending }).from(songs).where(eq(songs.id, created!.id));
      expect(row!.pending).toBe(false);
    },
    { timeout: 20_000, interval: 50 },
  );
  const [song] = await t.db.select().from(songs).where(eq(songs.id, created!.id));
  return { song: song!, reviewId, agreementId };
}

/** The song after the analysis jobs queued so far have run, as the server's analysis worker runs them. */
async function analysed(songId: string) {
  await runAnalyses(t);
  return (await t.db.select().from(songs).where(eq(songs.id, songId)))[0]!;
}

/** The test app's store, as an outage would make it: its first read fails as an S3 503 would. */
function failingFirstRead(storage: Storage): Storage {
  let failed = false;
  return {
    kind: storage.kind,
    put: (input) => storage.put(input),
    get: async (input) => {
      if (failed) return storage.get(input);
      failed = true;
      throw Object.assign(new Error('Service Unavailable'), { $metadata: { httpStatusCode: 503 } });
    },
    head: (input) => storage.head(input),
    delete: (input) => storage.delete(input),
    presignGet: (input) => storage.presignGet(input),
    check: () => storage.check(),
    close: () => {},
  };
}

/** The bytes of a stored file. */
async function bytesOf(fileId: string): Promise<Buffer> {
  const [file] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, fileId));
  const { body } = await t.storage.get({ bucket: file!.bucket, key: file!.key });
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInClient(t, await makeUser(t.db, { roles: ['admin'] }));
  preview = await signedInClient(t, await makePreviewUser(t.db));
  writer = await makeSongwriter(t.db, { firstName: 'Luke', lastName: 'Combs' });
  await t.db.update(songwriterQuestionnaires).set({ proAffiliation: 'BMI' }).where(eq(songwriterQuestionnaires.userId, writer.id));
  writerClient = await signedInClient(t, writer);
}, 60_000);
afterAll(() => t.close());

describe('signing brings the song into the catalogue', () => {
  test('an MP3 submission: an inactive song with the title, lyrics, writer info and the same audio bytes, measured by its analysis job', async () => {
    const mp3 = synthesizeMp3({ seconds: 2, seed: 7 });
    const { song, reviewId, agreementId } = await signedSong({
      lyricsText: 'Dust on the dashboard\r\nRust on the rain',
      audio: [mp3, 'take.mp3'],
    });
    expect(song).toMatchObject({
      title: 'Gravel Road Goodbye',
      slug: 'gravel-road-goodbye',
      lyrics: 'Dust on the dashboard\nRust on the rain',
      writerInfo: 'Written by Luke Combs (BMI)',
      description: STORY,
      isActive: false,
      pitchAgreementId: agreementId,
      mediaPending: false,
    });
    expect(await bytesOf(song.audioFileId!)).toEqual(mp3);
    const [file] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, song.audioFileId!));
    expect(file).toMatchObject({ bucket: 'song-audio', contentType: 'audio/mpeg', originalName: 'take.mp3' });
    // Nothing is decoded in the step itself: the catalogue MP3 is queued for analysis, as every upload is.
    expect(song).toMatchObject({ audioPeaks: null, audioDurationSeconds: null });
    const [job] = await t.db.select().from(analysisJobs).where(eq(analysisJobs.fileId, song.audioFileId!));
    expect(job).toMatchObject({ kind: 'audio', state: 'queued' });
    const measured = await analysed(song.id);
    const expected = await computeWaveform(Readable.from([mp3]));
    expect(measured.audioPeaks).toEqual(expected.peaks);
    expect(measured.audioDurationSeconds).toBeCloseTo(2, 0);
    const [done] = await t.db.select().from(analysisJobs).where(eq(analysisJobs.fileId, song.audioFileId!));
    expect(done).toMatchObject({ state: 'done', result: expect.objectContaining({ durationSeconds: measured.audioDurationSeconds }) });
    const [measuredFile] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, song.audioFileId!));
    expect(measuredFile!.integratedLufs).not.toBeNull();
    expect(measuredFile!.truePeakDbtp).not.toBeNull();

    // The admin's catalogue lists it as a draft from the writer's agreement, leading to the review.
    const list = await admin.get('/api/admin/songs');
    expect(list.body.find((s: { id: string }) => s.id === song.id)).toMatchObject({
      isActive: false,
      fromAgreement: { reviewId, writerName: 'Luke Combs' },
    });
    const detail = await admin.get(`/api/admin/songs/${song.id}`);
    expect(detail.body).toMatchObject({ isActive: false, mediaPending: false, fromAgreement: { reviewId, writerName: 'Luke Combs' } });
    expect(detail.body.audioUrl).toMatch(/^\/api\/files\//);
    // Not in the catalogue preview users see.
    expect((await preview.get(`/api/songs/${song.slug}`)).status).toBe(404);

    // The admin's review panel links to it; the songwriter reads that it is in the catalogue, not yet published.
    const panel = await admin.get(`/api/admin/pitch-agreements?reviewId=${reviewId}`);
    expect(panel.body[0]).toMatchObject({ state: 'accepted', catalogueSongId: song.id, catalogue: 'unpublished' });
    const mine = await writerClient.get(`/api/pitch-agreements/${agreementId}`);
    expect(mine.body.catalogue).toBe('unpublished');
    expect(mine.body).not.toHaveProperty('catalogueSongId');
  });

  test('a WAV submission is encoded to an MP3 that decodes to the same length', async () => {
    const { song: signed } = await signedSong({
      title: 'Porch Light',
      lyricsText: 'I left the porch light on',
      audio: [wavTone(1.5), 'mix.wav'],
    });
    expect(signed.audioPeaks).toBeNull();
    const song = await analysed(signed.id);
    const audio = await bytesOf(song.audioFileId!);
    expect(await sniffFile(audio, ['mp3', 'wav', 'm4a'])).toMatchObject({ ok: true, kind: 'mp3' });
    const [file] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, song.audioFileId!));
    expect(file).toMatchObject({ bucket: 'song-audio', contentType: 'audio/mpeg', originalName: 'mix.mp3' });
    expect(song.audioDurationSeconds).toBeGreaterThan(1.4);
    expect(song.audioDurationSeconds).toBeLessThan(1.7);
    expect(song.audioPeaks!.length).toBeGreaterThan(0);
    expect(Math.max(...song.audioPeaks!)).toBe(255);
  });

  test('a WAV an MP3 cannot carry (96 kHz) leaves the song without audio, asking the admin for one', async () => {
    const { song } = await signedSong({
      title: 'Studio Master',
      lyricsText: 'High resolution',
      audio: [wavTone(0.6, 96_000), 'master.wav'],
    });
    expect(song).toMatchObject({ audioFileId: null, audioPeaks: null, mediaPending: false });
    expect((await admin.get(`/api/admin/songs/${song.id}`)).body).toMatchObject({ audioUrl: null, mediaPending: false });
  });

  test('an M4A submission: no audio, the admin is asked for an MP3, and publishing is refused until one is uploaded', async () => {
    const { song } = await signedSong({ title: 'Neon Church', lyricsText: 'Neon in the windows', audio: [isoMedia('M4A '), 'demo.m4a'] });
    expect(song.audioFileId).toBeNull();
    expect(song.audioPeaks).toBeNull();
    const detail = await admin.get(`/api/admin/songs/${song.id}`);
    expect(detail.body).toMatchObject({ audioUrl: null, mediaPending: false, isActive: false });

    const refused = await admin.patch(`/api/admin/songs/${song.id}/active`, { isActive: true });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(m.publishNeedsAudio);
    const viaForm = await admin.sendForm('PUT', `/api/admin/songs/${song.id}`, songForm({ ...formValues(song), isActive: true }));
    expect(viaForm.status).toBe(409);
    expect(viaForm.body.error.fields).toEqual({ audio: [m.publishNeedsAudio] });
    expect((await t.db.select().from(songs).where(eq(songs.id, song.id)))[0]!.isActive).toBe(false);

    const withMp3 = await admin.sendForm(
      'PUT',
      `/api/admin/songs/${song.id}`,
      songForm({ ...formValues(song), genre: 'Country', isActive: true }, synthesizeMp3({ seconds: 1 })),
    );
    expect(withMp3.status, withMp3.text).toBe(200);
    expect((await preview.get(`/api/songs/${song.slug}`)).body).toMatchObject({ title: 'Neon Church', genre: 'Country' });
  });

  test.each([
    ['TXT', () => Buffer.from('\uFEFFRed dirt road\r\n\r\n\r\n\r\nTake me home\r\n'), 'lyrics.txt', 'Red dirt road\n\nTake me home'],
    ['DOCX', () => LYRICS_DOCX, 'lyrics.docx', 'Dust on the dashboard\nRust & rain\n\n\tChorus: drive on'],
    ['PDF', () => lyricsPdf(), 'lyrics.pdf', 'Headlights in the rearview\nFading out of sight'],
  ])('lyrics from a %s file are extracted into the song', async (_kind, make, name, expected) => {
    const { song } = await signedSong({
      title: `Lyrics ${name}`,
      audio: [synthesizeMp3({ seconds: 1 }), 'song.mp3'],
      lyricsFile: [await make(), name],
    });
    expect(song.lyrics).toBe(expected);
  });

  test('a long PDF is read no further than its first 20 pages', async () => {
    const { song } = await signedSong({
      title: 'Long Document',
      audio: [synthesizeMp3({ seconds: 1 }), 'song.mp3'],
      lyricsFile: [await lyricsPdf(25), 'lyrics.pdf'],
    });
    expect(song.lyrics).toContain('Verse of page 20');
    expect(song.lyrics).not.toContain('Verse of page 21');
  });

  test('a lyrics file with no text to read leaves the lyrics empty, and the song cannot be published without them', async () => {
    const { song } = await signedSong({
      title: 'Blank Page',
      audio: [synthesizeMp3({ seconds: 1 }), 'song.mp3'],
      lyricsFile: [docx(0, { 'word/document.xml': '<w:document><w:body/></w:document>' }), 'empty.docx'],
    });
    expect(song.lyrics).toBe('');
    expect(song.audioFileId).not.toBeNull();
    const refused = await admin.patch(`/api/admin/songs/${song.id}/active`, { isActive: true });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(m.publishNeedsLyrics);
  });
});

describe('publishing', () => {
  test('once the admin completes genre, BPM and tags, the song is published and the songwriter reads so', async () => {
    const { song, agreementId } = await signedSong({
      title: 'Tailgate Psalm',
      lyricsText: 'Hallelujah in the truck bed',
      audio: [synthesizeMp3({ seconds: 1 }), 'song.mp3'],
    });
    const saved = await admin.sendForm(
      'PUT',
      `/api/admin/songs/${song.id}`,
      songForm({ ...formValues(song), genre: 'Country', bpm: 92, tags: ['anthem', 'faith'], isActive: false }),
    );
    expect(saved.status, saved.text).toBe(200);
    expect((await admin.patch(`/api/admin/songs/${song.id}/active`, { isActive: true })).status).toBe(200);

    const catalogue = await preview.get('/api/songs?q=Tailgate');
    expect(catalogue.body.rows).toEqual([
      expect.objectContaining({ title: 'Tailgate Psalm', genre: 'Country', bpm: 92, tags: ['anthem', 'faith'] }),
    ]);
    const page = await preview.get(`/api/songs/${song.slug}`);
    expect(page.body).toMatchObject({ lyrics: 'Hallelujah in the truck bed', writerInfo: 'Written by Luke Combs (BMI)' });
    expect(page.body.audioUrl).toMatch(/^\/api\/files\//);
    expect((await writerClient.get(`/api/pitch-agreements/${agreementId}`)).body.catalogue).toBe('published');
  });
});

describe('the step after the signing', () => {
  test('at start, a song still waiting gets its media; what the admin set meanwhile stays; a submission gone from the store leaves it asking', async () => {
    const mp3 = synthesizeMp3({ seconds: 1, seed: 3 });
    const { song } = await signedSong({
      title: 'Interrupted',
      audio: [mp3, 'song.mp3'],
      lyricsFile: [Buffer.from('Cut off\n'), 'lyrics.txt'],
    });
    // As the signing leaves a song when the process stops before its media step begins.
    const waiting = { mediaPending: true, mediaTries: 0, audioFileId: null, audioPeaks: null, audioDurationSeconds: null, lyrics: '' };
    // As if the process stopped between the signing and the step.
    await t.db.update(songs).set(waiting).where(eq(songs.id, song.id));
    await resumeAgreementSongMedia({ db: t.db, storage: t.storage, logger: createLogger('silent') });
    const [resumed] = await t.db.select().from(songs).where(eq(songs.id, song.id));
    expect(resumed).toMatchObject({ mediaPending: false, lyrics: 'Cut off' });
    expect(await bytesOf(resumed!.audioFileId!)).toEqual(mp3);

    // The admin typed lyrics meanwhile: they stay, and the audio already there is not replaced.
    await t.db.update(songs).set({ mediaPending: true, lyrics: 'Typed by the admin' }).where(eq(songs.id, song.id));
    const filesBefore = (await t.db.select().from(storedFiles)).length;
    await resumeAgreementSongMedia({ db: t.db, storage: t.storage, logger: createLogger('silent') });
    const [kept] = await t.db.select().from(songs).where(eq(songs.id, song.id));
    expect(kept).toMatchObject({ mediaPending: false, lyrics: 'Typed by the admin', audioFileId: resumed!.audioFileId });
    expect((await t.db.select().from(storedFiles)).length).toBe(filesBefore);

    // The submission's audio is gone from the store: the step ends, and the song asks for an MP3.
    const [review] = await t.db
      .select({ audioFileId: songReviews.audioFileId })
      .from(songReviews)
      .innerJoin(pitchAgreements, eq(pitchAgreements.reviewId, songReviews.id))
      .where(eq(pitchAgreements.id, song.pitchAgreementId!));
    const [submitted] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, review!.audioFileId!));
    await t.storage.delete({ bucket: submitted!.bucket, key: submitted!.key });
    await t.db.update(songs).set(waiting).where(eq(songs.id, song.id));
    await resumeAgreementSongMedia({ db: t.db, storage: t.storage, logger: createLogger('silent') });
    const [failed] = await t.db.select().from(songs).where(eq(songs.id, song.id));
    expect(failed).toMatchObject({ mediaPending: false, audioFileId: null, lyrics: 'Cut off' });
    expect((await admin.get(`/api/admin/songs/${song.id}`)).body).toMatchObject({ audioUrl: null, mediaPending: false });
  });
});

describe('a store that fails for a moment', () => {
  const waiting = { mediaPending: true, audioFileId: null, audioPeaks: null, audioDurationSeconds: null, lyrics: '' };

  test('leaves the song pending with what it could take, and the resume at start fills the rest', async () => {
    const mp3 = synthesizeMp3({ seconds: 1, seed: 5 });
    const { song } = await signedSong({
      title: 'Outage',
      audio: [mp3, 'song.mp3'],
      lyricsFile: [Buffer.from('Back soon\n'), 'lyrics.txt'],
    });
    await t.db.update(songs).set(waiting).where(eq(songs.id, song.id));
    const deps = { db: t.db, storage: failingFirstRead(t.storage), logger: createLogger('silent') };

    // The audio's read fails; the lyrics' read works.
    await resumeAgreementSongMedia(deps);
    const [first] = await t.db.select().from(songs).where(eq(songs.id, song.id));
    expect(first).toMatchObject({ mediaPending: true, audioFileId: null, lyrics: 'Back soon' });
    expect((await admin.get(`/api/admin/songs/${song.id}`)).body).toMatchObject({ mediaPending: true });

    await resumeAgreementSongMedia(deps);
    const [filled] = await t.db.select().from(songs).where(eq(songs.id, song.id));
    expect(filled).toMatchObject({ mediaPending: false, lyrics: 'Back soon' });
    expect(await bytesOf(filled!.audioFileId!)).toEqual(mp3);
  });

  test('right after the signing, the same process tries once more after a delay', async () => {
    const mp3 = synthesizeMp3({ seconds: 1, seed: 6 });
    const { song, agreementId } = await signedSong({ title: 'Outage Again', lyricsText: 'Hold on', audio: [mp3, 'song.mp3'] });
    await t.db
      .update(songs)
      .set({ ...waiting, lyrics: 'Hold on' })
      .where(eq(songs.id, song.id));
    const deps = { db: t.db, storage: failingFirstRead(t.storage), logger: createLogger('silent') };

    await scheduleAgreementSongMedia(deps, agreementId, 20);
    expect((await t.db.select().from(songs).where(eq(songs.id, song.id)))[0]).toMatchObject({ mediaPending: true, audioFileId: null });
    await vi.waitFor(
      async () => {
        const [row] = await t.db.select().from(songs).where(eq(songs.id, song.id));
        expect(row!.mediaPending).toBe(false);
        expect(await bytesOf(row!.audioFileId!)).toEqual(mp3);
      },
      { timeout: 10_000, interval: 50 },
    );
  });
});

describe('a lyrics file that does not parse', () => {
  test('fails its reading with the reason, and a readable one still reads', async () => {
    expect(await lyricsFromFile(await lyricsPdf(25), 'application/pdf')).toMatchObject({
      lyrics: expect.stringContaining('Verse of page 1'),
    });
    expect(await lyricsFromFile(Buffer.from('%PDF-1.7\nnot a PDF after all'), 'application/pdf')).toMatchObject({ failure: 'error' });
  });
});

/** Asks /api/health one request after another until stopped, and says how slow the slowest answer was. */
function pollHealth(url: string) {
  let stopped = false;
  let worstMs = 0;
  const statuses = new Set<number>();
  const polling = (async () => {
    while (!stopped) {
      const start = performance.now();
      const res = await fetch(`${url}/api/health`);
      await res.arrayBuffer();
      worstMs = Math.max(worstMs, performance.now() - start);
      statuses.add(res.status);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await polling;
      return { worstMs, statuses: [...statuses] };
    },
  };
}

describe('outside test finding 17: a 2 kB lyrics DOCX built to stall the server', () => {
  // One paragraph-property element, opened 120,000 times: a regular expression that looks for each one's end is quadratic on it.
  const STALLING_DOCX = docx(0, {
    'word/document.xml': deflated(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p>${'<w:pPr>'.repeat(120_000)}` +
        `<w:r><w:t>Verse</w:t></w:r></w:p></w:body></w:document>`,
    ),
  });
  // Made before health is polled: the test shares the server's thread, so its own encoding would count.
  const mp3 = synthesizeMp3({ seconds: 1 });
  // A running server has signed before: the first signing of a process loads the agreement PDF's fonts.
  beforeAll(() => signedSong({ title: 'Warm Up', audio: [mp3, 'song.mp3'], lyricsFile: [LYRICS_DOCX, 'lyrics.docx'] }));
  const stalled = (title: string, onSigning?: () => void) =>
    signedSong({ title, audio: [mp3, 'song.mp3'], lyricsFile: [STALLING_DOCX, 'lyrics.docx'], onSigning });

  test('is read off the request thread: health answers within a second, the reading fails, and the admin reads why', async () => {
    expect(STALLING_DOCX.length).toBeLessThan(3 * 1024);
    // Polled from the signing, which reads the file, until its song's media step has ended.
    let health: ReturnType<typeof pollHealth> | undefined;
    const { song } = await stalled('Stalled Verse', () => (health = pollHealth(t.url)));
    const during = await health!.stop();
    expect(during.statuses).toEqual([200]);
    expect(during.worstMs).toBeLessThan(1_000);
    expect(song).toMatchObject({ mediaPending: false, lyrics: '', mediaTries: 1, mediaProblem: 'lyrics-unreadable' });
    const detail = await admin.get(`/api/admin/songs/${song.id}`);
    expect(detail.body).toMatchObject({ mediaPending: false, lyrics: '', mediaProblem: m.agreementMediaProblem['lyrics-unreadable'] });
    // The audio, read apart from the lyrics, is taken all the same.
    expect(detail.body.audioUrl).not.toBeNull();
  });

  test('a restart does not read it again, and gives up a song whose tries a dying process spent, saying why', async () => {
    const { song: failed } = await stalled('Stalled Chorus');
    // As three starts that each died while reading it would leave a song: pending, its tries spent.
    const { song: cutShort } = await stalled('Stalled Bridge');
    await t.db
      .update(songs)
      .set({ mediaPending: true, mediaTries: AGREEMENT_MEDIA_MAX_TRIES, mediaProblem: null, lyrics: '' })
      .where(eq(songs.id, cutShort.id));

    const restarted = await createTestApp({}, { database: t.database, storage: t.storage });
    try {
      const health = pollHealth(restarted.url);
      // What the server's start runs in the background.
      const resumed = await resumeAgreementSongMedia({ db: restarted.db, storage: restarted.storage, logger: createLogger('silent') });
      const during = await health.stop();
      expect(during.statuses).toEqual([200]);
      expect(during.worstMs).toBeLessThan(1_000);
      expect(resumed).toEqual({ waiting: 1 });
    } finally {
      await restarted.close();
    }
    const [failedNow] = await t.db.select().from(songs).where(eq(songs.id, failed.id));
    expect(failedNow).toMatchObject({ mediaPending: false, mediaTries: 1, mediaProblem: 'lyrics-unreadable' });
    const [givenUp] = await t.db.select().from(songs).where(eq(songs.id, cutShort.id));
    expect(givenUp).toMatchObject({ mediaPending: false, mediaTries: AGREEMENT_MEDIA_MAX_TRIES, mediaProblem: 'gave-up' });
    expect((await admin.get(`/api/admin/songs/${cutShort.id}`)).body).toMatchObject({ mediaProblem: m.agreementMediaProblem['gave-up'] });
  });
});

describe('one song per agreement', () => {
  test('a second call for the same agreement adds no song, and the database refuses a second song for it', async () => {
    const { song, agreementId } = await signedSong({ title: 'Only Once', lyricsText: 'Once', audio: [isoMedia('M4A '), 'demo.m4a'] });
    await t.db.transaction((tx) => createAgreementSong(tx, agreementId));
    expect(await t.db.select({ id: songs.id }).from(songs).where(eq(songs.pitchAgreementId, agreementId))).toEqual([{ id: song.id }]);
    await expect(
      t.db
        .insert(songs)
        .values({ slug: 'only-once-copy', title: 'Only Once', description: 'x', lyrics: 'x', pitchAgreementId: agreementId }),
    ).rejects.toMatchObject({ cause: { constraint: 'songs_pitch_agreement_id_unique' } });
  });

  test('a song of the same title gets the next free slug', async () => {
    const { song } = await signedSong({ title: 'Only Once', lyricsText: 'Twice', audio: [isoMedia('M4A '), 'demo.m4a'] });
    expect(song.slug).toBe('only-once-2');
    const [agreement] = await t.db.select().from(pitchAgreements).where(eq(pitchAgreements.id, song.pitchAgreementId!));
    expect(agreement!.status).toBe('accepted');
  });
});

describe('deleting an agreement song', () => {
  test('is refused with a message saying to make it inactive; the song and the agreement stay', async () => {
    const { song, agreementId } = await signedSong({
      title: 'Keep Me',
      lyricsText: 'Still here',
      audio: [synthesizeMp3({ seconds: 1 }), 'song.mp3'],
    });
    const refused = await admin.delete(`/api/admin/songs/${song.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(m.agreementSongDelete);
    expect(await t.db.select({ id: songs.id }).from(songs).where(eq(songs.pitchAgreementId, agreementId))).toEqual([{ id: song.id }]);
    expect(await bytesOf(song.audioFileId!)).toBeDefined();
    const [agreement] = await t.db.select().from(pitchAgreements).where(eq(pitchAgreements.id, agreementId));
    expect(agreement!.status).toBe('accepted');
    expect((await admin.get(`/api/admin/pitch-agreements?reviewId=${agreement!.reviewId}`)).body[0]).toMatchObject({
      catalogueSongId: song.id,
    });
  });
});

/** The admin song form's fields as the stored song has them, to send back changed. */
function formValues(song: typeof songs.$inferSelect) {
  return {
    title: song.title,
    slug: song.slug,
    description: song.description,
    lyrics: song.lyrics,
    writerInfo: song.writerInfo,
    genre: song.genre,
    bpm: song.bpm,
    tags: song.tags,
    orderIndex: song.orderIndex,
    isActive: song.isActive,
  };
}

function songForm(data: unknown, audio?: Buffer): FormData {
  const f = new FormData();
  f.set('data', JSON.stringify(data));
  if (audio) f.set('audio', new Blob([new Uint8Array(audio)]), 'upload.mp3');
  return f;
}
