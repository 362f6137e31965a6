import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { WAVEFORM_MAX_PEAKS } from '../../src/common/constants';
import * as MESSAGES from '../../src/common/messages';
import { encodeMp3 } from '../../src/server/db/seed/audio';
import { makePaidOrder, makePreviewUser, makeSongwriter, makeUser } from '../../src/server/db/seed/factories';
import { reviewNotes } from '../../src/server/db/schema';
import { computeWavWaveform, UndecodableAudioError } from '../../src/server/features/audio/waveform';
import type { TestClient } from '../setup/http-client';
import { runAnalyses } from '../setup/analysis';
import { createTestApp, type TestApp } from '../setup/test-app';
import { isoMedia } from '../storage/sniff-fixtures';
import { fullRubric, signedInClient } from './helpers';

const m = MESSAGES.reviewNotes;
const RATE = 22_050;

let t: TestApp;
let admin: TestClient;
let writer: Awaited<ReturnType<typeof makeSongwriter>>;
let writerClient: TestClient;
let otherClient: TestClient;
let previewClient: TestClient;

/** Two seconds of a loud tone, then two of silence, as 16-bit samples: the waveform's shape is known. */
function toneThenSilence(rate = RATE): Float32Array {
  const samples = new Float32Array(rate * 4);
  for (let i = 0; i < rate * 2; i++) samples[i] = Math.sin((2 * Math.PI * 440 * i) / rate) * 0.8;
  return samples;
}

/** A WAV of the samples (mono, or the same in both channels), as PCM of 8, 16 or 24 bits or 32-bit float. */
function wavOf(samples: Float32Array, { rate = RATE, channels = 1, bits = 16, float = false } = {}): Buffer {
  const bytes = bits / 8;
  const data = Buffer.alloc(samples.length * channels * bytes);
  samples.forEach((v, i) => {
    for (let c = 0; c < channels; c++) {
      const o = (i * channels + c) * bytes;
      if (float) data.writeFloatLE(v, o);
      else if (bits === 8) data[o] = Math.round(v * 127) + 128;
      else if (bits === 16) data.writeInt16LE(Math.round(v * 32_767), o);
      else data.writeIntLE(Math.round(v * 8_388_607), o, 3);
    }
  });
  const fmt = Buffer.alloc(16);
  fmt.writeUInt16LE(float ? 3 : 1, 0);
  fmt.writeUInt16LE(channels, 2);
  fmt.writeUInt32LE(rate, 4);
  fmt.writeUInt32LE(rate * channels * bytes, 8);
  fmt.writeUInt16LE(channels * bytes, 12);
  fmt.writeUInt16LE(bits, 14);
  const chunk = (id: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.write(id, 0, 'latin1');
    head.writeUInt32LE(body.length, 4);
    return Buffer.concat([head, body, Buffer.alloc(body.length % 2)]);
  };
  // A LIST chunk before the data, as many recorders write, that the reader must step over.
  const body = Buffer.concat([
    Buffer.from('WAVE'),
    chunk('fmt ', fmt),
    chunk('LIST', Buffer.from('INFOISFT\x05\0\0\0Logic\0')),
    chunk('data', data),
  ]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body]);
}

const mp3 = () => {
  const samples = toneThenSilence();
  return encodeMp3(
    Int16Array.from(samples, (v) => v * 32_767),
    RATE,
  );
};

async function* inPieces(bytes: Buffer, size: number) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

/** Loud for the first half, silent for the second (the edges aside). */
function expectToneThenSilence(peaks: number[]) {
  expect(peaks.length).toBeGreaterThan(100);
  expect(peaks.length).toBeLessThanOrEqual(WAVEFORM_MAX_PEAKS);
  const half = Math.floor(peaks.length / 2);
  expect(Math.min(...peaks.slice(5, half - 5))).toBeGreaterThan(200);
  expect(Math.max(...peaks.slice(half + 5, -5))).toBeLessThan(5);
}

async function submit(audio: Buffer, name: string, title = 'Gravel Road', lyricsText?: string) {
  const order = await makePaidOrder(t.db, writer.id, 1);
  const form = new FormData();
  form.set(
    'data',
    JSON.stringify({
      orderId: order.id,
      title,
      storyArc: 'One last drive down the gravel road home.',
      aiUsage: 'No AI was used for lyrics or music.',
      agreed: true,
      lyricsText,
    }),
  );
  form.set('audio', new Blob([new Uint8Array(audio)]), name);
  const res = await writerClient.sendForm('POST', '/api/submissions', form);
  expect(res.status, res.text).toBe(201);
  // Its waveform is measured by the analysis job the submission queued.
  await runAnalyses(t);
  return res.body.id as string;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInClient(t, await makeUser(t.db, { roles: ['admin'] }));
  writer = await makeSongwriter(t.db);
  writerClient = await signedInClient(t, writer);
  otherClient = await signedInClient(t, await makeSongwriter(t.db));
  previewClient = await signedInClient(t, await makePreviewUser(t.db));
});
afterAll(() => t.close());

describe('the waveform of a submission, measured by its analysis job', () => {
  test('an MP3 and a WAV get peaks of their shape and their length; both review pages read them', async () => {
    for (const [audio, name] of [
      [mp3(), 'song.mp3'],
      [wavOf(toneThenSilence(), { channels: 2, bits: 24 }), 'mix.wav'],
    ] as const) {
      const reviewId = await submit(audio, name);
      const studio = (await admin.get(`/api/admin/reviews/${reviewId}/studio`)).body;
      expect(studio.audio.waveformSupported).toBe(true);
      expect(Math.abs(studio.audio.durationSeconds - 4)).toBeLessThan(0.1);
      expectToneThenSilence(studio.audio.peaks);
      expect((await writerClient.get(`/api/reviews/${reviewId}/studio`)).body.audio).toEqual(studio.audio);
    }
  });

  test('an M4A is kept and plays, but has no waveform: the page is told its kind has none', async () => {
    const reviewId = await submit(isoMedia('M4A '), 'demo.m4a');
    const studio = await writerClient.get(`/api/reviews/${reviewId}/studio`);
    expect(studio.status).toBe(200);
    expect(studio.body.audio).toEqual({
      peaks: null,
      durationSeconds: null,
      waveformSupported: false,
      facts: expect.objectContaining({ measured: false, sections: null, firstChorusSeconds: null }),
    });
  });

  test('a WAV read in small pieces gives the same waveform as read whole, for each sample encoding', async () => {
    for (const options of [{ bits: 8 }, { bits: 16, channels: 2 }, { bits: 24 }, { bits: 32, float: true }]) {
      const wav = wavOf(toneThenSilence(), options);
      const whole = await computeWavWaveform(Readable.from([wav]));
      expectToneThenSilence(whole.peaks);
      expect(whole.durationSeconds).toBe(4);
      expect(await computeWavWaveform(inPieces(wav, 7))).toEqual(whole);
    }
  });

  test('bytes that are not a readable WAV are refused as undecodable', async () => {
    const wav = wavOf(toneThenSilence());
    const adpcm = Buffer.from(wav);
    adpcm.writeUInt16LE(2, 20);
    for (const bytes of [Buffer.from('RIFF....WAVEjunk'), wav.subarray(0, 200), adpcm])
      await expect(computeWavWaveform(Readable.from([bytes]))).rejects.toBeInstanceOf(UndecodableAudioError);
  });
});

describe('time-coded notes', () => {
  let reviewId: string;
  const notesUrl = () => `/api/admin/reviews/${reviewId}/notes`;

  beforeAll(async () => {
    reviewId = await submit(mp3(), 'song.mp3', 'Chorus Lift');
  });

  test('the reviewer adds, edits and deletes notes; the songwriter sees none until the review is sent, then all of them', async () => {
    const late = await admin.post(notesUrl(), { atSeconds: 2.5, text: 'the chorus lift comes too late' });
    expect(late.status, late.text).toBe(201);
    const early = await admin.post(notesUrl(), { atSeconds: 0.75, text: 'lovely open' });
    const extra = await admin.post(notesUrl(), { atSeconds: 3, text: 'cut this' });
    const edited = await admin.patch(`${notesUrl()}/${early.body.id}`, { text: 'lovely, sparse opening' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ atSeconds: 0.75, text: 'lovely, sparse opening' });
    expect((await admin.delete(`${notesUrl()}/${extra.body.id}`)).status).toBe(204);

    const studio = await admin.get(`/api/admin/reviews/${reviewId}/studio`);
    expect(studio.body.notesEditable).toBe(true);
    expect(studio.body.notes.map((n: { atSeconds: number; text: string }) => [n.atSeconds, n.text])).toEqual([
      [0.75, 'lovely, sparse opening'],
      [2.5, 'the chorus lift comes too late'],
    ]);

    // A draft: the songwriter's page shows neither the review nor its notes.
    expect((await admin.put(`/api/admin/reviews/${reviewId}/draft`, { text: 'Draft.' })).status).toBe(200);
    const before = await writerClient.get(`/api/reviews/${reviewId}/studio`);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ notes: [], notesEditable: false });

    expect((await admin.post(`/api/admin/reviews/${reviewId}/send`, { text: 'Strong song; see the notes.', ...fullRubric() })).status).toBe(
      200,
    );
    const after = await writerClient.get(`/api/reviews/${reviewId}/studio`);
    expect(after.body.notes).toEqual(studio.body.notes);
    expect(after.body.notesEditable).toBe(false);
  });

  test('once sent, notes can be neither added, edited nor deleted', async () => {
    const [note] = await t.db.select().from(reviewNotes).where(eq(reviewNotes.reviewId, reviewId));
    const attempts = [
      await admin.post(notesUrl(), { atSeconds: 1, text: 'one more thing' }),
      await admin.patch(`${notesUrl()}/${note!.id}`, { text: 'changed after sending' }),
      await admin.delete(`${notesUrl()}/${note!.id}`),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(m.locked);
    }
    const rows = await t.db.select().from(reviewNotes).where(eq(reviewNotes.reviewId, reviewId));
    expect(rows.map((r) => r.text).sort()).toEqual(['lovely, sparse opening', 'the chorus lift comes too late']);
    expect((await admin.get(`/api/admin/reviews/${reviewId}/studio`)).body.notesEditable).toBe(false);
  });

  test('another songwriter never sees them, nor does a preview user', async () => {
    const other = await otherClient.get(`/api/reviews/${reviewId}/studio`);
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.body)).not.toContain('chorus');
    expect((await previewClient.get(`/api/reviews/${reviewId}/studio`)).status).toBe(403);
  });

  test('a note needs text and a moment of the song, and belongs to its own review', async () => {
    const draftReview = await submit(mp3(), 'song.mp3', 'Second Take');
    const url = `/api/admin/reviews/${draftReview}/notes`;
    const blank = await admin.post(url, { atSeconds: 1, text: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.fields.text).toEqual([m.textRequired]);
    const negative = await admin.post(url, { atSeconds: -1, text: 'before the start' });
    expect(negative.body.error.fields.atSeconds).toEqual([m.atSecondsInvalid]);
    const tooLong = await admin.post(url, { atSeconds: 1, text: 'x'.repeat(1001) });
    expect(tooLong.body.error.fields.text).toEqual([m.textTooLong]);

    const note = await admin.post(url, { atSeconds: 1.23456, text: 'the hook' });
    expect(note.body.atSeconds).toBe(1.235);
    expect((await admin.patch(`${url}/${note.body.id}`, {})).status).toBe(400);
    const moved = await admin.patch(`${url}/${note.body.id}`, { atSeconds: 2 });
    expect(moved.body).toMatchObject({ atSeconds: 2, text: 'the hook' });
    // The note is not the sent review's, whatever its id.
    const elsewhere = await admin.patch(`/api/admin/reviews/${reviewId}/notes/${note.body.id}`, { text: 'moved' });
    expect(elsewhere.status).toBe(409);
    const stray = await admin.delete(`/api/admin/reviews/${draftReview}/notes/${reviewId}`);
    expect(stray.status).toBe(404);
    expect(stray.body.error.message).toBe(m.noteNotFound);
  });
});

describe('the lyric craft beside the lyric', () => {
  test("the reviewer's answer carries its lyric's craft, measured from the text; a song without lyric text has none", async () => {
    const lyric = [
      'Down the gravel road I go',
      'Dust on my boots and the engine slow',
      '',
      '[Chorus]',
      'Take me down the gravel road',
      'Take me down the Gravel Road!',
    ].join('\n');
    const withLyric = await submit(mp3(), 'song.mp3', 'Gravel Road', lyric);
    const res = await admin.get(`/api/admin/reviews/${withLyric}`);
    expect(res.status, res.text).toBe(200);
    const line = (number: number, text: string, syllables: number, rhyme: string) => ({
      number,
      text,
      syllables,
      rhyme,
      rhymeGuessed: false,
    });
    expect(res.body.lyricCraft).toEqual({
      lineCount: 4,
      stanzas: [
        { scheme: 'A A', lines: [line(1, 'Down the gravel road I go', 7, 'A'), line(2, 'Dust on my boots and the engine slow', 9, 'A')] },
        { scheme: 'A A', lines: [line(3, 'Take me down the gravel road', 7, 'A'), line(4, 'Take me down the Gravel Road!', 7, 'A')] },
      ],
      title: { text: 'Gravel Road', count: 3, lines: [1, 3, 4] },
      repeatedLines: [{ text: 'Take me down the gravel road', count: 2, lines: [3, 4] }],
      longestLine: line(2, 'Dust on my boots and the engine slow', 9, 'A'),
    });

    const withoutLyric = await submit(mp3(), 'song.mp3');
    expect((await admin.get(`/api/admin/reviews/${withoutLyric}`)).body.lyricCraft).toBeNull();
  });
});
