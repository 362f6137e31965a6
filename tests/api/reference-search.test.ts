import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REFERENCE_TRACK_HOURS } from '../../src/common/constants';
import * as MESSAGES from '../../src/common/messages';
import { ReferenceTrackSchema, SoundsLikeSchema } from '../../src/common/responses/reference-search';
import { makePreviewUser, makeUser } from '../../src/server/db/seed/factories';
import { referenceTracks, storedFiles } from '../../src/server/db/schema';
import { removeExpiredReferences } from '../../src/server/features/similarity';
import { runAnalyses } from '../setup/analysis';
import type { TestClient } from '../setup/http-client';
import { familyMp3, FRESH_MEMBERS } from '../setup/reference-songs';
import { FAMILIES } from '../setup/similar-songs';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

/**
 * "Sounds like": a buyer's reference MP3 is uploaded, measured by the analysis pipeline, and ranks the catalogue
 * by closeness through the catalogue's filters; it stays the buyer's alone, never joins the catalogue, and is
 * gone (file and row) once its day is over on the app's clock. The catalogue is three rendered families of three
 * songs (tests/setup/similar-songs.ts); the reference is a fresh member of the first.
 */
const CLIP_SECONDS = 20;
const FAMILIES_USED = FAMILIES.slice(0, 3);

let t: TestApp;
let admin: TestClient;
let buyer: TestClient;
let otherBuyer: TestClient;
let clockOffsetMs = 0;
const familyOfSlug = new Map<string, string>();
const oneStopSlugs = new Set<string>();

const slugOf = (family: string, i: number) => `${family.replaceAll(' ', '-')}-${i + 1}`;

async function catalogueSong(mp3: Buffer, slug: string, isOneStop: boolean) {
  const audio = new FormData();
  audio.set('data', '{}');
  audio.set('audio', new Blob([new Uint8Array(mp3)]), `${slug}.mp3`);
  const uploaded = await admin.sendForm('POST', '/api/admin/song-audio', audio);
  expect(uploaded.status, uploaded.text).toBe(201);
  await runAnalyses(t);
  const form = new FormData();
  form.set(
    'data',
    JSON.stringify({
      title: slug,
      slug,
      description: 'A song.',
      lyrics: 'Verse one',
      tags: [],
      isOneStop,
      isActive: true,
      audioUploadId: uploaded.body.id,
    }),
  );
  const saved = await admin.sendForm('POST', '/api/admin/songs', form);
  expect(saved.status, saved.text).toBe(201);
}

async function uploadReference(client: TestClient, mp3: Buffer, name = 'reference.mp3') {
  const form = new FormData();
  form.set('data', '{}');
  form.set('audio', new Blob([new Uint8Array(mp3)]), name);
  return client.sendForm('POST', '/api/references', form);
}

let referenceId: string;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => new Date(Date.now() + clockOffsetMs) });
  admin = await signedInClient(t, await makeUser(t.db, { roles: ['admin'] }));
  buyer = await signedInClient(t, await makePreviewUser(t.db));
  otherBuyer = await signedInClient(t, await makePreviewUser(t.db));
  for (const family of FAMILIES_USED) {
    for (const [i, member] of family.members.slice(0, 3).entries()) {
      const slug = slugOf(family.name, i);
      familyOfSlug.set(slug, family.name);
      // The second of each family is one-stop, so the filter leaves one song of each.
      if (i === 1) oneStopSlugs.add(slug);
      await catalogueSong(familyMp3(family.name, member, { seed: 101 + 37 * i + member.bpm, seconds: CLIP_SECONDS }), slug, i === 1);
    }
  }
  t.catalogueChanged();
}, 900_000);
afterAll(() => t.close());

describe('a reference track uploaded by a buyer', () => {
  test('is queued, analysed in the pipeline, and ranks the catalogue with its own family first', async () => {
    const fresh = FRESH_MEMBERS[0]!;
    const res = await uploadReference(buyer, familyMp3(fresh.family, fresh, { seed: 7, seconds: CLIP_SECONDS }), 'my-reference.mp3');
    expect(res.status, res.text).toBe(201);
    const uploaded = ReferenceTrackSchema.parse(res.body);
    expect(uploaded.state).toBe('queued');
    expect(uploaded.originalName).toBe('my-reference.mp3');
    referenceId = uploaded.id;

    const early = await buyer.get(`/api/sounds-like?reference=${referenceId}`);
    expect(early.status, early.text).toBe(200);
    expect(SoundsLikeSchema.parse(early.body)).toEqual({ measured: false, songs: [] });

    expect(await runAnalyses(t)).toBe(1);
    const analysed = ReferenceTrackSchema.parse((await buyer.get(`/api/references/${referenceId}`)).body);
    expect(analysed.state).toBe('done');
    expect(analysed.durationSeconds).toBeGreaterThan(CLIP_SECONDS - 2);

    const ranked = SoundsLikeSchema.parse((await buyer.get(`/api/sounds-like?reference=${referenceId}`)).body);
    expect(ranked.measured).toBe(true);
    expect(ranked.songs).toHaveLength(familyOfSlug.size);
    const firstThree = ranked.songs.slice(0, 3).map((s) => familyOfSlug.get(s.slug));
    expect(firstThree).toEqual([fresh.family, fresh.family, fresh.family]);
    expect(ranked.songs[0]!.reasons.length).toBeGreaterThan(0);
    expect(ranked.songs[0]!.closeness).toBeGreaterThanOrEqual(ranked.songs.at(-1)!.closeness);
  });

  test('narrows by the catalogue’s filters: one-stop, tempo and key', async () => {
    const oneStop = SoundsLikeSchema.parse((await buyer.get(`/api/sounds-like?reference=${referenceId}&oneStop=true`)).body);
    expect(oneStop.songs.map((s) => s.slug).sort()).toEqual([...oneStopSlugs].sort());
    expect(familyOfSlug.get(oneStop.songs[0]!.slug)).toBe(FRESH_MEMBERS[0]!.family);

    const slow = SoundsLikeSchema.parse((await buyer.get(`/api/sounds-like?reference=${referenceId}&bpmMax=90`)).body);
    expect(slow.songs.length).toBeGreaterThan(0);
    expect(slow.songs.every((s) => s.bpm !== null && s.bpm <= 90)).toBe(true);

    const bad = await buyer.get(`/api/sounds-like?reference=${referenceId}&bpmMin=150&bpmMax=90`);
    expect(bad.status).toBe(400);
    const neither = await buyer.get('/api/sounds-like');
    expect(neither.status).toBe(400);
    expect(neither.text).toContain(MESSAGES.referenceSearch.oneReference);
  });

  test('a catalogue song picked as the reference ranks the others, itself left out', async () => {
    const slug = slugOf(FAMILIES_USED[1]!.name, 0);
    const res = SoundsLikeSchema.parse((await buyer.get(`/api/sounds-like?song=${slug}`)).body);
    expect(res.songs.map((s) => s.slug)).not.toContain(slug);
    expect(res.songs.slice(0, 2).map((s) => familyOfSlug.get(s.slug))).toEqual([FAMILIES_USED[1]!.name, FAMILIES_USED[1]!.name]);
  });

  test('is never shown to another buyer, nor listed in the catalogue', async () => {
    expect((await otherBuyer.get(`/api/references/${referenceId}`)).status).toBe(404);
    expect((await otherBuyer.get(`/api/sounds-like?reference=${referenceId}`)).status).toBe(404);
    const list = await buyer.get('/api/songs?pageSize=100');
    expect(list.status, list.text).toBe(200);
    const slugs = (list.body.rows as { slug: string; title: string }[]).map((r) => r.slug);
    expect(slugs.sort()).toEqual([...familyOfSlug.keys()].sort());
    expect(JSON.stringify(list.body)).not.toContain('my-reference');
  });

  test('anything but an MP3 is refused, and nothing is kept', async () => {
    const before = await t.db.select().from(referenceTracks);
    const res = await uploadReference(buyer, Buffer.from('not audio at all, only words'), 'fake.mp3');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(MESSAGES.songs.audioNotMp3);
    expect(await t.db.select().from(referenceTracks)).toHaveLength(before.length);
  });

  test(`after ${REFERENCE_TRACK_HOURS} hours on the app's clock it is gone, file and row`, async () => {
    const [row] = await t.db.select().from(referenceTracks).where(eq(referenceTracks.id, referenceId));
    const [file] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, row!.fileId));
    expect(file!.bucket).toBe('reference-tracks');
    await t.storage.get({ bucket: file!.bucket, key: file!.key, contentType: file!.contentType });

    // An hour short of its day, the sweep leaves it.
    clockOffsetMs = (REFERENCE_TRACK_HOURS - 1) * 3_600_000;
    expect(await removeExpiredReferences({ db: t.db, storage: t.storage, now: new Date(Date.now() + clockOffsetMs) })).toBe(0);
    expect((await buyer.get(`/api/references/${referenceId}`)).status).toBe(200);

    clockOffsetMs = (REFERENCE_TRACK_HOURS + 1) * 3_600_000;
    // Past its day it is not found at once, before any sweep.
    expect((await buyer.get(`/api/references/${referenceId}`)).status).toBe(404);
    expect(await removeExpiredReferences({ db: t.db, storage: t.storage, now: new Date(Date.now() + clockOffsetMs) })).toBe(1);
    expect(await t.db.select().from(referenceTracks).where(eq(referenceTracks.id, referenceId))).toEqual([]);
    expect(await t.db.select().from(storedFiles).where(eq(storedFiles.id, file!.id))).toEqual([]);
    await expect(t.storage.get({ bucket: file!.bucket, key: file!.key, contentType: file!.contentType })).rejects.toThrow();
    expect((await buyer.get(`/api/sounds-like?reference=${referenceId}`)).status).toBe(404);
    clockOffsetMs = 0;
  });
});
