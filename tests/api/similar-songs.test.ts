import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { SimilarSongsSchema } from '../../src/common/responses/similarity';
import { songs, storedFiles } from '../../src/server/db/schema';
import { makePreviewUser, makeUser } from '../../src/server/db/seed/factories';
import { makeSong } from '../../src/server/db/seed/song-factories';
import { enqueueStaleProfiles } from '../../src/server/features/audio/analysis-jobs';
import { SOUND_PROFILE_LENGTH, SOUND_PROFILE_VERSION } from '../../src/server/features/audio';
import type { TestClient } from '../setup/http-client';
import { runAnalyses } from '../setup/analysis';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

/**
 * "More like this" through the HTTP app: seeded songs measured as uploads are (synthesised audio of known tempo),
 * their profiles stored, and the song page's neighbours answered with reasons to the catalogue's callers only.
 */
let t: TestApp;
let preview: TestClient;
let admin: TestClient;
let adminId: string;

const similar = async (slug: string, query = '') => {
  const res = await preview.get(`/api/songs/${slug}/similar${query}`);
  expect(res.status, res.text).toBe(200);
  return SimilarSongsSchema.parse(res.body);
};

beforeAll(async () => {
  t = await createTestApp();
  const adminUser = await makeUser(t.db, { roles: ['admin'] });
  adminId = adminUser.id;
  admin = await signedInClient(t, adminUser);
  preview = await signedInClient(t, await makePreviewUser(t.db));
  const song = (title: string, bpm: number, seed: number, lyrics: string, extra: Record<string, unknown> = {}) =>
    makeSong(t.db, t.storage, adminId, { title, bpm, seed, seconds: 8, lyrics, ...extra });
  await song('Slow one', 72, 1, 'Rain on the window, the harbour lights are fading');
  await song('Slow two', 74, 2, 'Morning comes and the kettle sings');
  await song('Fast one', 150, 3, 'Harbour lights and rain upon the window glass');
  await song('Fast two', 148, 4, 'Dancing on the rooftop till the sun comes round');
  await song('Middle', 110, 5, 'Nothing here but highway miles');
  await song('Hidden', 73, 6, 'Rain on the window', { isActive: false });
}, 120_000);

afterAll(() => t?.close());

describe('GET /api/songs/:slug/similar', () => {
  test('answers the other active songs, nearest first, each with reasons in plain words', async () => {
    const answer = await similar('slow-one');
    expect(answer.measured).toBe(true);
    expect(answer.lyricsWeighed).toBe(false);
    const slugs = answer.songs.map((s) => s.slug);
    expect(slugs.sort()).toEqual(['fast-one', 'fast-two', 'middle', 'slow-two']);
    const closeness = answer.songs.map((s) => s.closeness);
    const ordered = (await similar('slow-one')).songs.map((s) => s.closeness);
    expect(ordered).toEqual([...closeness].sort((a, b) => b - a));
    for (const song of answer.songs) {
      expect(song.reasons.length).toBeGreaterThan(0);
      expect(song.closeness).toBeGreaterThanOrEqual(0);
      expect(song.closeness).toBeLessThanOrEqual(100);
    }
  });

  test('with the lyrics weighed in, a song sharing theme words rises and says which words', async () => {
    const bySound = (await similar('slow-one')).songs.map((s) => s.slug);
    const withLyrics = await similar('slow-one', '?lyrics=true');
    expect(withLyrics.lyricsWeighed).toBe(true);
    const ranked = withLyrics.songs.map((s) => s.slug);
    // The only lyric on the same theme ranks higher than by sound alone, or first already.
    expect(ranked.indexOf('fast-one')).toBeLessThanOrEqual(bySound.indexOf('fast-one'));
    console.log(`by sound: ${bySound.join(', ')}; with lyrics: ${ranked.join(', ')}`);
    const reasons = withLyrics.songs.find((s) => s.slug === 'fast-one')!.reasons.join(', ');
    expect(reasons).toMatch(/lyrics share .*(rain|window|harbour)/);
  });

  test('a song whose audio has no profile yet answers "not measured" and no songs; a stale one is measured again', async () => {
    const [row] = await t.db.select({ fileId: songs.audioFileId }).from(songs).where(eq(songs.slug, 'middle'));
    await t.db.update(storedFiles).set({ soundProfile: null, soundProfileVersion: null }).where(eq(storedFiles.id, row!.fileId!));
    t.catalogueChanged();
    expect(await similar('middle')).toEqual({ measured: false, lyricsWeighed: false, songs: [] });
    expect((await similar('slow-one')).songs.map((s) => s.slug)).not.toContain('middle');

    expect(await enqueueStaleProfiles(t.db)).toBe(1);
    expect(await runAnalyses(t)).toBe(1);
    const [file] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, row!.fileId!));
    expect(file!.soundProfileVersion).toBe(SOUND_PROFILE_VERSION);
    expect(file!.soundProfile).toHaveLength(SOUND_PROFILE_LENGTH);
    expect((await similar('middle')).measured).toBe(true);
    expect(await enqueueStaleProfiles(t.db)).toBe(0);
  });

  test('the catalogue callers only, and an inactive or unknown song is not found', async () => {
    expect((await t.client().get('/api/songs/slow-one/similar')).status).toBe(401);
    const plain = await signedInClient(t, await makeUser(t.db));
    expect((await plain.get('/api/songs/slow-one/similar')).status).toBe(403);
    const hidden = await preview.get('/api/songs/hidden/similar');
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.message).toBe(MESSAGES.songs.notFound);
    expect((await preview.get('/api/songs/no-such-song/similar')).status).toBe(404);
    expect((await admin.get('/api/songs/slow-one/similar')).status).toBe(200);
  });
});
