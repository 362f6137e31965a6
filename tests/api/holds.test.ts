import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LIMITS } from '../../src/common/constants';
import * as MESSAGES from '../../src/common/messages';
import { makePreviewUser, makeSongwriter, makeUser } from '../../src/server/db/seed/factories';
import { makeSong } from '../../src/server/db/seed/song-factories';
import { songResponses, songs } from '../../src/server/db/schema';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

let t: TestApp;
let admin: TestClient;
let dana: TestClient;
let eli: TestClient;
let adminId: string;
let danaId: string;
let eliId: string;
let songCount = 0;

beforeAll(async () => {
  t = await createTestApp();
  const adminUser = await makeUser(t.db, { roles: ['admin'] });
  const danaUser = await makePreviewUser(t.db, { name: 'Dana Preview', company: 'Big Machine Publishing' });
  const eliUser = await makePreviewUser(t.db, { name: 'Eli Listener', company: 'Row Songs' });
  [adminId, danaId, eliId] = [adminUser.id, danaUser.id, eliUser.id];
  [admin, dana, eli] = await Promise.all([signedInClient(t, adminUser), signedInClient(t, danaUser), signedInClient(t, eliUser)]);
});
afterAll(() => t.close());

/** A song of its own for each test, so e-mails and answers never mix between tests. */
const newSong = (title: string, isActive = true) =>
  makeSong(t.db, t.storage, adminId, { title, slug: `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${++songCount}`, isActive });

const rowsOf = (songId: string) => t.db.select().from(songResponses).where(eq(songResponses.songId, songId));
const heldMails = async (title: string) =>
  (await t.mailsTo(t.config.adminNotifyEmail)).filter((m) => m.kind === 'song-held' && m.subject.includes(`"${title}"`));

describe('a preview user holds and passes', () => {
  test('holds with a note, changes to pass, back to hold, and clears: one row throughout, as they see it', async () => {
    const song = await newSong('Gravel Road Goodbye');
    const held = await dana.put(`/api/song-responses/${song.id}`, { response: 'hold', note: '  Carly Pearce, next album  ' });
    expect(held.status, held.text).toBe(200);
    expect(held.body).toEqual({ songId: song.id, response: 'hold', note: 'Carly Pearce, next album' });
    let rows = await rowsOf(song.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: danaId, pitchLinkId: null, response: 'hold', note: 'Carly Pearce, next album' });

    const mine = await dana.get('/api/song-responses');
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([
      {
        songId: song.id,
        songSlug: song.slug,
        songTitle: 'Gravel Road Goodbye',
        response: 'hold',
        note: 'Carly Pearce, next album',
        updatedAt: expect.any(String),
        // The song has no cover.
        thumbnail: null,
      },
    ]);

    // A pass keeps no note, and replaces the hold rather than adding a row.
    const passed = await dana.put(`/api/song-responses/${song.id}`, { response: 'pass', note: 'ignored' });
    expect(passed.body).toEqual({ songId: song.id, response: 'pass', note: null });
    rows = await rowsOf(song.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ response: 'pass', note: null });

    expect((await dana.put(`/api/song-responses/${song.id}`, { response: 'hold' })).body).toEqual({
      songId: song.id,
      response: 'hold',
      note: null,
    });
    expect((await rowsOf(song.id))[0]).toMatchObject({ response: 'hold', note: null });

    const cleared = await dana.delete(`/api/song-responses/${song.id}`);
    expect(cleared.status).toBe(204);
    expect(await rowsOf(song.id)).toEqual([]);
    expect((await dana.get('/api/song-responses')).body.filter((r: { songId: string }) => r.songId === song.id)).toEqual([]);
    // Clearing again is not an error.
    expect((await dana.delete(`/api/song-responses/${song.id}`)).status).toBe(204);
  });

  test("one listener's hold is invisible to another, and each keeps their own answer on the same song", async () => {
    const song = await newSong('Porch Light Serenade');
    await dana.put(`/api/song-responses/${song.id}`, { response: 'hold', note: 'Secret project' });
    const eliSees = await eli.get('/api/song-responses');
    expect(eliSees.body.filter((r: { songId: string }) => r.songId === song.id)).toEqual([]);
    expect(JSON.stringify(eliSees.body)).not.toContain('Secret project');

    await eli.put(`/api/song-responses/${song.id}`, { response: 'pass' });
    const rows = await rowsOf(song.id);
    expect(rows.map((r) => [r.userId, r.response]).sort()).toEqual(
      [
        [danaId, 'hold'],
        [eliId, 'pass'],
      ].sort(),
    );
    // Eli clearing his pass leaves Dana's hold alone.
    await eli.delete(`/api/song-responses/${song.id}`);
    expect((await rowsOf(song.id)).map((r) => r.userId)).toEqual([danaId]);
  });

  test('a note is trimmed, empty means none, and is at most 200 characters; the answer must be hold or pass', async () => {
    const song = await newSong('Banjo at Daybreak');
    const longest = 'x'.repeat(LIMITS.holdNoteMax);
    expect((await dana.put(`/api/song-responses/${song.id}`, { response: 'hold', note: longest })).body.note).toBe(longest);

    const tooLong = await dana.put(`/api/song-responses/${song.id}`, { response: 'hold', note: `${longest}y` });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.fields).toEqual({ note: [MESSAGES.pitching.noteTooLong] });
    expect((await rowsOf(song.id))[0]!.note).toBe(longest);

    expect((await dana.put(`/api/song-responses/${song.id}`, { response: 'hold', note: '   ' })).body.note).toBeNull();
    for (const body of [{}, { response: 'maybe' }, { response: 'HOLD' }]) {
      const res = await dana.put(`/api/song-responses/${song.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.fields.response).toEqual([MESSAGES.pitching.responseRequired]);
    }
    expect((await dana.put('/api/song-responses/not-a-uuid', { response: 'hold' })).status).toBe(400);
    expect((await dana.put('/api/song-responses/00000000-0000-4000-8000-000000000000', { response: 'hold' })).status).toBe(404);
  });

  test('a preview user cannot answer an inactive song, and a song hidden later leaves their list', async () => {
    const hidden = await newSong('Hidden Track', false);
    const refused = await dana.put(`/api/song-responses/${hidden.id}`, { response: 'hold' });
    expect(refused.status).toBe(404);
    expect(refused.body.error.message).toBe(MESSAGES.songs.notFound);
    expect(await rowsOf(hidden.id)).toEqual([]);
    // Admins see every song, so they may answer any.
    expect((await admin.put(`/api/song-responses/${hidden.id}`, { response: 'pass' })).status).toBe(200);

    const song = await newSong('Soon Hidden');
    await dana.put(`/api/song-responses/${song.id}`, { response: 'hold' });
    await t.db.update(songs).set({ isActive: false }).where(eq(songs.id, song.id));
    expect((await dana.get('/api/song-responses')).body.map((r: { songId: string }) => r.songId)).not.toContain(song.id);
  });

  test('only preview users and admins may hold or pass', async () => {
    const song = await newSong('Members Only');
    const writer = await signedInClient(t, await makeSongwriter(t.db));
    const anonymous = t.client();
    expect((await writer.put(`/api/song-responses/${song.id}`, { response: 'hold' })).status).toBe(403);
    expect((await anonymous.put(`/api/song-responses/${song.id}`, { response: 'hold' })).status).toBe(401);
    expect((await writer.get('/api/song-responses')).status).toBe(403);
    expect(await rowsOf(song.id)).toEqual([]);
  });
});

describe('the admin hears about holds', () => {
  test('a new hold e-mails the admin notify address once; editing its note does not e-mail again', async () => {
    const song = await newSong('Midnight on Music Row');
    await dana.put(`/api/song-responses/${song.id}`, { response: 'hold', note: 'Lainey Wilson' });
    let mails = await heldMails('Midnight on Music Row');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain('Dana Preview (Big Machine Publishing) put "Midnight on Music Row" on hold for Lainey Wilson.');
    expect(mails[0]!.textBody).toContain(`/admin/preview-activity?user=${danaId}`);

    await dana.put(`/api/song-responses/${song.id}`, { response: 'hold', note: 'Lainey Wilson, single' });
    await dana.put(`/api/song-responses/${song.id}`, { response: 'hold' });
    expect(await heldMails('Midnight on Music Row')).toHaveLength(1);

    // A pass is no news; holding again after it is a new hold.
    await dana.put(`/api/song-responses/${song.id}`, { response: 'pass' });
    expect(await heldMails('Midnight on Music Row')).toHaveLength(1);
    await dana.put(`/api/song-responses/${song.id}`, { response: 'hold' });
    mails = await heldMails('Midnight on Music Row');
    expect(mails).toHaveLength(2);
  });

  test('a refused hold e-mails no one', async () => {
    const hidden = await newSong('Never Heard', false);
    await dana.put(`/api/song-responses/${hidden.id}`, { response: 'hold' });
    expect(await heldMails('Never Heard')).toEqual([]);
  });
});

describe('admins see holds and passes', () => {
  test('per song, with who answered, and per listener', async () => {
    const song = await newSong('Cornbread and Cadillacs');
    const other = await newSong('Long Gone Lullaby');
    await dana.put(`/api/song-responses/${song.id}`, { response: 'hold', note: 'Jordan Davis' });
    await eli.put(`/api/song-responses/${song.id}`, { response: 'pass' });
    await dana.put(`/api/song-responses/${other.id}`, { response: 'pass' });

    const bySong = await admin.get(`/api/admin/song-responses?songId=${song.id}`);
    expect(bySong.status).toBe(200);
    expect(bySong.body).toHaveLength(2);
    const byListener = Object.fromEntries(bySong.body.map((r: { listener: { name: string } }) => [r.listener.name, r]));
    expect(byListener['Dana Preview']).toMatchObject({
      songId: song.id,
      songTitle: 'Cornbread and Cadillacs',
      response: 'hold',
      note: 'Jordan Davis',
      listener: { kind: 'user', id: danaId, email: expect.stringContaining('@'), company: 'Big Machine Publishing' },
    });
    expect(byListener['Eli Listener']).toMatchObject({
      response: 'pass',
      note: null,
      listener: { kind: 'user', id: eliId, company: 'Row Songs' },
    });

    const byDana = await admin.get(`/api/admin/song-responses?userId=${danaId}`);
    const danaSongs = byDana.body.map((r: { songId: string; response: string }) => [r.songId, r.response]);
    expect(danaSongs).toContainEqual([song.id, 'hold']);
    expect(danaSongs).toContainEqual([other.id, 'pass']);
    expect(byDana.body.every((r: { listener: { id: string } }) => r.listener.id === danaId)).toBe(true);

    // Newest first: Dana's pass on the other song came last.
    expect(byDana.body[0].songId).toBe(other.id);
    const stored = await t.db
      .select()
      .from(songResponses)
      .where(and(eq(songResponses.userId, danaId), eq(songResponses.songId, other.id)));
    expect(stored).toHaveLength(1);
  });

  test('preview users may not read the admin view', async () => {
    expect((await dana.get('/api/admin/song-responses')).status).toBe(403);
    expect((await admin.get('/api/admin/song-responses?songId=nope')).status).toBe(400);
  });
});
