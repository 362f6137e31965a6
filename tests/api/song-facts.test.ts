import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { describeLoudness } from '../../src/common/loudness';
import * as MESSAGES from '../../src/common/messages';
import { SongFactsSchema } from '../../src/common/responses/audio-analysis';
import { makePaidOrder, makePreviewUser, makeSongwriter, makeUser } from '../../src/server/db/seed/factories';
import { makeSong } from '../../src/server/db/seed/song-factories';
import type { TestClient } from '../setup/http-client';
import { runAnalyses } from '../setup/analysis';
import { factSongMp3s, FACT_SONGS, knownFacts, TOLERANCE_SECONDS } from '../setup/section-songs';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

/**
 * What a measured song's facts look like where users read them: two songs of known form (rendered by the demo
 * catalogue's renderer, tests/setup/section-songs.ts), uploaded as an admin uploads a song and as a songwriter
 * submits one, and measured by the analysis pipeline.
 */
let t: TestApp;
let admin: TestClient;
let preview: TestClient;
let writerClient: TestClient;
let writerId: string;
let mp3s: Awaited<ReturnType<typeof factSongMp3s>>;

function songForm(data: Record<string, unknown>) {
  const form = new FormData();
  form.set('data', JSON.stringify({ description: 'A song.', lyrics: 'Verse one', tags: [], orderIndex: 0, isActive: true, ...data }));
  return form;
}

/** An admin's song with this MP3 as its audio, measured. */
async function catalogueSong(mp3: Buffer, title: string, slug: string) {
  const audio = new FormData();
  audio.set('data', '{}');
  audio.set('audio', new Blob([new Uint8Array(mp3)]), `${slug}.mp3`);
  const uploaded = await admin.sendForm('POST', '/api/admin/song-audio', audio);
  expect(uploaded.status, uploaded.text).toBe(201);
  await runAnalyses(t);
  const saved = await admin.sendForm('POST', '/api/admin/songs', songForm({ title, slug, audioUploadId: uploaded.body.id }));
  expect(saved.status, saved.text).toBe(201);
}

const slugsOf = async (query: string) => {
  const res = await preview.get(`/api/songs?${query}`);
  expect(res.status, res.text).toBe(200);
  return (res.body.rows as { slug: string }[]).map((row) => row.slug).sort();
};

const expectNear = (found: number | null, known: number) => {
  expect(found).not.toBeNull();
  expect(Math.abs(found! - known)).toBeLessThanOrEqual(TOLERANCE_SECONDS);
};

beforeAll(async () => {
  mp3s = await factSongMp3s();
  t = await createTestApp();
  const adminUser = await makeUser(t.db, { roles: ['admin'] });
  admin = await signedInClient(t, adminUser);
  preview = await signedInClient(t, await makePreviewUser(t.db));
  const writer = await makeSongwriter(t.db);
  writerClient = await signedInClient(t, writer);
  writerId = writer.id;
  await catalogueSong(mp3s.early, 'Early Chorus', 'early-chorus');
  await catalogueSong(mp3s.late, 'Late Chorus', 'late-chorus');
  // A three-second song: measured, but too short for sections, so it never meets a chorus or intro filter.
  await makeSong(t.db, t.storage, adminUser.id, { title: 'Short Clip', seconds: 3 });
  t.catalogueChanged();
}, 180_000);
afterAll(() => t.close());

describe('a measured song’s facts on the song page', () => {
  test('time to the first chorus, intro length, loudness, energy and sections come back as they were rendered', async () => {
    const res = await preview.get('/api/songs/late-chorus');
    expect(res.status, res.text).toBe(200);
    const facts = SongFactsSchema.parse(res.body.facts);
    const known = knownFacts(FACT_SONGS.late);
    expect(facts.measured).toBe(true);
    expectNear(facts.firstChorusSeconds, known.firstChorusSeconds);
    expectNear(facts.introSeconds, known.introSeconds);
    expect(facts.sections!.map((s) => s.label)).toEqual(expect.arrayContaining(['intro', 'verse', 'chorus']));
    expect(facts.sections!.find((s) => s.label === 'chorus')!.start).toBe(facts.firstChorusSeconds);
    expect(facts.energy!.length).toBeGreaterThan(20);
    expect(Math.max(...facts.energy!)).toBeGreaterThan(0.5);
    expect(facts.loudness.integratedLufs).toBeLessThan(-5);
    expect(facts.loudness.integratedLufs).toBeGreaterThan(-30);
    // The sentence the page prints is the shared one's, from the same figures.
    expect(describeLoudness(facts.loudness)[0]).toMatch(/LUFS/);

    const early = SongFactsSchema.parse((await preview.get('/api/songs/early-chorus')).body.facts);
    expectNear(early.firstChorusSeconds, knownFacts(FACT_SONGS.early).firstChorusSeconds);
    expect(early.introSeconds).toBeLessThanOrEqual(TOLERANCE_SECONDS);

    const short = SongFactsSchema.parse((await preview.get('/api/songs/short-clip')).body.facts);
    expect(short).toMatchObject({ measured: true, sections: [], firstChorusSeconds: null, introSeconds: null });
  });

  test('the review studio gives the reviewer and the songwriter the submission’s facts', async () => {
    const order = await makePaidOrder(t.db, writerId, 1);
    const form = new FormData();
    form.set(
      'data',
      JSON.stringify({
        orderId: order.id,
        title: 'Late Chorus Demo',
        storyArc: 'A slow walk up to the chorus.',
        aiUsage: 'No AI was used.',
        agreed: true,
      }),
    );
    form.set('audio', new Blob([new Uint8Array(mp3s.late)]), 'late.mp3');
    const submitted = await writerClient.sendForm('POST', '/api/submissions', form);
    expect(submitted.status, submitted.text).toBe(201);
    await runAnalyses(t);
    const studio = await admin.get(`/api/admin/reviews/${submitted.body.id}/studio`);
    expect(studio.status, studio.text).toBe(200);
    const facts = SongFactsSchema.parse(studio.body.audio.facts);
    expect(facts.bpm).toBe(124);
    expectNear(facts.firstChorusSeconds, knownFacts(FACT_SONGS.late).firstChorusSeconds);
    expect(facts.loudness.integratedLufs).not.toBeNull();
    expect(facts.loudness.truePeakDbtp).not.toBeNull();
    const own = await writerClient.get(`/api/reviews/${submitted.body.id}/studio`);
    expect(own.body.audio.facts).toEqual(studio.body.audio.facts);
  });
});

describe('the catalogue’s "chorus by" and "intro under" filters', () => {
  test('keep the songs whose measured first chorus and intro come early enough, as m:ss or seconds', async () => {
    expect(await slugsOf('chorusBy=0:30')).toEqual(['early-chorus']);
    expect(await slugsOf('chorusBy=50')).toEqual(['early-chorus', 'late-chorus']);
    expect(await slugsOf('chorusBy=0:10')).toEqual([]);
    expect(await slugsOf('introUnder=4')).toEqual(['early-chorus']);
    expect(await slugsOf('introUnder=0:12')).toEqual(['early-chorus', 'late-chorus']);
    expect(await slugsOf('chorusBy=0:50&introUnder=4')).toEqual(['early-chorus']);
    // Without the filters every song shows, the unmeasured short clip among them.
    expect(await slugsOf('')).toEqual(['early-chorus', 'late-chorus', 'short-clip']);
  });

  test('a value that is not a time is refused with a 400 that says what to write', async () => {
    for (const [field, value, name] of [
      ['chorusBy', 'soon', MESSAGES.songs.chorusByField],
      ['chorusBy', '0:75', MESSAGES.songs.chorusByField],
      ['introUnder', '11:00', MESSAGES.songs.introUnderField],
    ] as const) {
      const res = await preview.get(`/api/songs?${field}=${encodeURIComponent(value)}`);
      expect(res.status, value).toBe(400);
      expect(res.body.error.fields[field]).toEqual([MESSAGES.songs.songTimeInvalid(name, '10:00')]);
    }
  });
});

describe('the admin’s catalogue CSV', () => {
  test('carries each song’s measured facts in columns of their own', async () => {
    const res = await admin.get('/api/admin/song-export');
    expect(res.status).toBe(200);
    const [header, ...rows] = parse(res.text, { bom: true }) as string[][];
    const cell = (row: string[], column: string) => row[header!.indexOf(column)]!;
    // A negative figure is written with the apostrophe that keeps a spreadsheet from reading "-" as a formula.
    const figure = (row: string[], column: string) => Number(cell(row, column).replace(/^'-/, '-'));
    const late = rows.find((row) => cell(row, 'slug') === 'late-chorus')!;
    const facts = SongFactsSchema.parse((await preview.get('/api/songs/late-chorus')).body.facts);
    expect(figure(late, 'first_chorus_seconds')).toBeCloseTo(facts.firstChorusSeconds!, 1);
    expect(figure(late, 'intro_seconds')).toBeCloseTo(facts.introSeconds!, 1);
    expect(cell(late, 'integrated_lufs')).toMatch(/^'-\d+\.\d$/);
    expect(figure(late, 'integrated_lufs')).toBeCloseTo(facts.loudness.integratedLufs!, 0);
    expect(figure(late, 'true_peak_dbtp')).toBeCloseTo(facts.loudness.truePeakDbtp!, 0);
    expect(figure(late, 'loudness_range_lu')).toBeCloseTo(facts.loudness.loudnessRangeLu!, 0);
    expect(cell(late, 'sections')).toMatch(/^intro 0-\d+(\.\d)?; verse .*chorus \d/);
    const short = rows.find((row) => cell(row, 'slug') === 'short-clip')!;
    expect([cell(short, 'first_chorus_seconds'), cell(short, 'intro_seconds'), cell(short, 'sections')]).toEqual(['', '', '']);
  });
});
