import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LIMITS, SIGNED_URL_TTL_SECONDS } from '../../src/common/constants';
import { dayInWords } from '../../src/common/days';
import * as MESSAGES from '../../src/common/messages';
import { pitchExpiryBounds } from '../../src/common/schemas/pitching';
import { signFileToken } from '../../src/server/adapters/storage/signed-url';
import { makePreviewUser, makeUser, uniqueEmail } from '../../src/server/db/seed/factories';
import { makeSong } from '../../src/server/db/seed/song-factories';
import { pitchLinks, pitchLinkSongs, songPlays, songResponses, songs } from '../../src/server/db/schema';
import { RATE_RULES } from '../../src/server/lib/rate-limit';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { latestMail, linkIn, signedInClient } from './helpers';

type Song = typeof songs.$inferSelect;

let t: TestApp;
let admin: TestClient;
let preview: TestClient;
let adminId: string;
let first: Song;
let second: Song;
let elsewhere: Song;
let hidden: Song;

beforeAll(async () => {
  t = await createTestApp();
  const adminUser = await makeUser(t.db, { roles: ['admin'] });
  adminId = adminUser.id;
  admin = await signedInClient(t, adminUser);
  preview = await signedInClient(t, await makePreviewUser(t.db));
  first = await makeSong(t.db, t.storage, adminId, {
    title: 'Gravel Road Goodbye',
    lyrics: 'Dust on the dashboard',
    seconds: 4,
    cover: ['#7c2d12', '#f59e0b'],
  });
  second = await makeSong(t.db, t.storage, adminId, { title: 'Porch Light Serenade', seconds: 3 });
  elsewhere = await makeSong(t.db, t.storage, adminId, { title: 'Somebody Else’s Song', slug: 'somebody-elses-song' });
  hidden = await makeSong(t.db, t.storage, adminId, { title: 'Hidden Track', isActive: false });
});
afterAll(() => t.close());

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const tokenOf = (url: string) => new URL(url).pathname.replace('/p/', '');

interface Created {
  id: string;
  url: string;
  token: string;
  email: string;
}

async function createLink(overrides: Record<string, unknown> = {}): Promise<Created> {
  const email = uniqueEmail('Recipient');
  const res = await admin.post('/api/admin/pitch-links', {
    recipientName: 'Rae Recipient',
    recipientEmail: email,
    recipientCompany: 'Warner Chappell',
    message: 'Three for the Ashley project.\nLet me know!',
    expiresOn: pitchExpiryBounds().suggested,
    songIds: [second.id, first.id],
    ...overrides,
  });
  expect(res.status, res.text).toBe(201);
  return { ...res.body, token: tokenOf(res.body.url), email: email.toLowerCase() };
}

/** The body every refused token gets: unknown, revoked and expired must be indistinguishable. */
const UNAVAILABLE = { error: { code: 'NOT_FOUND', message: MESSAGES.pitching.linkUnavailableTitle } };

describe('creating a pitch link', () => {
  test('e-mails the recipient a unique link whose token is 256 random bits, stored only as its SHA-256', async () => {
    const link = await createLink();
    expect(link.url).toMatch(new RegExp(`^${t.config.publicUrl}/p/[A-Za-z0-9_-]{43}$`));
    expect(Buffer.from(link.token, 'base64url')).toHaveLength(32);

    const mail = await latestMail(t, link.email, 'pitch-link');
    expect(linkIn(mail.textBody, '/p/').href).toBe(link.url);
    expect(mail.textBody).toContain('Hi Rae Recipient,');
    expect(mail.textBody).toContain('Three for the Ashley project.');
    expect(mail.textBody).toContain(`works until ${dayInWords(pitchExpiryBounds().suggested)}.`);
    expect(mail.subject).toContain('2 songs');

    const [row] = await t.db.select().from(pitchLinks).where(eq(pitchLinks.id, link.id));
    expect(row!.tokenHash).toBe(sha256(link.token));
    expect(JSON.stringify(row)).not.toContain(link.token);
    expect(row).toMatchObject({
      recipientEmail: link.email,
      recipientCompany: 'Warner Chappell',
      createdBy: adminId,
      revokedAt: null,
      lastOpenedAt: null,
    });
    const shortlist = await t.db.select().from(pitchLinkSongs).where(eq(pitchLinkSongs.pitchLinkId, link.id));
    expect(shortlist.sort((a, b) => a.position - b.position).map((s) => s.songId)).toEqual([second.id, first.id]);

    // The admin's views never show the token again.
    const detail = await admin.get(`/api/admin/pitch-links/${link.id}`);
    expect(detail.text).not.toContain(link.token);
    expect(detail.body).toMatchObject({
      status: 'active',
      recipientName: 'Rae Recipient',
      songCount: 2,
      message: 'Three for the Ashley project.\nLet me know!',
    });

    const again = await createLink();
    expect(again.token).not.toBe(link.token);
  });

  test('is checked by the shared schema: recipient, songs (1 to 25, active, once each) and an expiry within 365 days', async () => {
    const empty = await admin.post('/api/admin/pitch-links', {});
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.error.fields).sort()).toEqual(['expiresOn', 'recipientEmail', 'recipientName', 'songIds']);

    const base = {
      recipientName: 'Rae',
      recipientEmail: 'rae@example.test',
      expiresOn: pitchExpiryBounds().suggested,
      songIds: [first.id],
    };
    const refused = async (patch: Record<string, unknown>, field: string, message: string) => {
      const res = await admin.post('/api/admin/pitch-links', { ...base, ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.error.fields[field], JSON.stringify(patch)).toEqual([message]);
    };
    const day = 24 * 3600 * 1000;
    await refused(
      { expiresOn: new Date(Date.now() + (LIMITS.pitchLinkMaxDays + 2) * day).toISOString().slice(0, 10) },
      'expiresOn',
      MESSAGES.pitching.expiryTooFar,
    );
    await refused({ expiresOn: new Date(Date.now() - 3 * day).toISOString().slice(0, 10) }, 'expiresOn', MESSAGES.pitching.expiryPast);
    await refused({ songIds: [first.id, first.id] }, 'songIds', MESSAGES.pitching.songTwice);
    await refused({ songIds: [] }, 'songIds', MESSAGES.pitching.songsRequired);
    await refused(
      { songIds: Array.from({ length: LIMITS.pitchSongsMax + 1 }, () => crypto.randomUUID()) },
      'songIds',
      MESSAGES.pitching.tooManySongs,
    );
    await refused({ songIds: [first.id, hidden.id] }, 'songIds', MESSAGES.pitching.songsUnavailable);
    await refused({ message: 'x'.repeat(LIMITS.pitchMessageMax + 1) }, 'message', MESSAGES.pitching.messageTooLong);

    const latest = await admin.post('/api/admin/pitch-links', { ...base, expiresOn: pitchExpiryBounds().max });
    expect(latest.status, latest.text).toBe(201);
    expect((await preview.post('/api/admin/pitch-links', base)).status).toBe(403);
  });
});

describe('the recipient, without an account', () => {
  test('opens the page: the message and the active songs in order, with lyrics and stream-only media for this link', async () => {
    const link = await createLink({ songIds: [second.id, hidden.id === second.id ? first.id : first.id] });
    const anonymous = t.client();
    const page = await anonymous.get(`/api/pitch/${link.token}`);
    expect(page.status, page.text).toBe(200);
    expect(page.headers['cache-control']).toContain('no-store');
    expect(page.body).toMatchObject({
      recipientName: 'Rae Recipient',
      recipientCompany: 'Warner Chappell',
      message: 'Three for the Ashley project.\nLet me know!',
    });
    expect(page.body.songs.map((s: { title: string }) => s.title)).toEqual(['Porch Light Serenade', 'Gravel Road Goodbye']);
    const gravel = page.body.songs[1];
    expect(gravel).toMatchObject({ id: first.id, lyrics: 'Dust on the dashboard', response: null });
    expect(Object.keys(gravel).filter((k) => /download|slug/i.test(k))).toEqual([]);

    const audio = await anonymous.get(gravel.audioUrl, { range: 'bytes=0-99' });
    expect(audio.status).toBe(206);
    expect(audio.headers['content-type']).toBe('audio/mpeg');
    expect((await anonymous.get(gravel.imageUrl)).status).toBe(200);

    const [row] = await t.db.select().from(pitchLinks).where(eq(pitchLinks.id, link.id));
    expect(row!.lastOpenedAt).toBeInstanceOf(Date);
    const listed = (await admin.get('/api/admin/pitch-links')).body.find((l: { id: string }) => l.id === link.id);
    expect(listed.lastOpenedAt).toBe(row!.lastOpenedAt!.toISOString());
  });

  test('plays and holds are stored against the link, and the admin sees them under that recipient', async () => {
    const link = await createLink();
    const recipient = t.client();

    const started = await recipient.post(`/api/pitch/${link.token}/plays`, {
      songId: first.id,
      durationSeconds: 2,
      furthestSeconds: 2.5,
      completed: false,
    });
    expect(started.status, started.text).toBe(201);
    expect(
      (
        await recipient.patch(`/api/pitch/${link.token}/plays/${started.body.id}`, {
          durationSeconds: 4,
          furthestSeconds: 3.9,
          completed: true,
        })
      ).status,
    ).toBe(200);
    // A later, smaller report never takes listening back.
    await recipient.patch(`/api/pitch/${link.token}/plays/${started.body.id}`, {
      durationSeconds: 1,
      furthestSeconds: 1,
      completed: false,
    });
    const plays = await t.db.select().from(songPlays).where(eq(songPlays.pitchLinkId, link.id));
    expect(plays).toHaveLength(1);
    expect(plays[0]).toMatchObject({ userId: null, songId: first.id, durationSeconds: 4, completed: true });
    expect(plays[0]!.furthestSeconds).toBeCloseTo(3.9, 3);

    const held = await recipient.put(`/api/pitch/${link.token}/responses/${first.id}`, { response: 'hold', note: 'Ashley, spring cut' });
    expect(held.status, held.text).toBe(200);
    await recipient.put(`/api/pitch/${link.token}/responses/${second.id}`, { response: 'pass' });
    const answers = await t.db.select().from(songResponses).where(eq(songResponses.pitchLinkId, link.id));
    expect(answers.map((a) => [a.songId, a.userId, a.response, a.note]).sort()).toEqual(
      [
        [first.id, null, 'hold', 'Ashley, spring cut'],
        [second.id, null, 'pass', null],
      ].sort(),
    );
    const page = await recipient.get(`/api/pitch/${link.token}`);
    expect(page.body.songs.find((s: { id: string }) => s.id === first.id).response).toEqual({
      response: 'hold',
      note: 'Ashley, spring cut',
    });

    const heldMail = (await t.mailsTo(t.config.adminNotifyEmail)).filter(
      (m) => m.kind === 'song-held' && m.textBody.includes(`link=${link.id}`),
    );
    expect(heldMail).toHaveLength(1);
    expect(heldMail[0]!.textBody).toContain('Rae Recipient (Warner Chappell) put "Gravel Road Goodbye" on hold for Ashley, spring cut.');

    const detail = await admin.get(`/api/admin/pitch-links/${link.id}`);
    expect(detail.body).toMatchObject({ plays: 1, holds: 1, passes: 1 });
    expect(detail.body.songs).toEqual([
      expect.objectContaining({ songId: second.id, plays: 0, furthestSeconds: 0, response: 'pass', note: null }),
      expect.objectContaining({
        songId: first.id,
        plays: 1,
        listenedSeconds: 4,
        completed: true,
        response: 'hold',
        note: 'Ashley, spring cut',
      }),
    ]);
    expect(detail.body.songs[1].furthestSeconds).toBeCloseTo(3.9, 3);
    expect(detail.body.songs[1].lastPlayedAt).toEqual(expect.any(String));

    const bySong = await admin.get(`/api/admin/song-responses?songId=${first.id}`);
    expect(bySong.body.find((r: { listener: { id: string } }) => r.listener.id === link.id)).toMatchObject({
      response: 'hold',
      listener: { kind: 'pitch', name: 'Rae Recipient', email: link.email, company: 'Warner Chappell' },
    });

    expect((await recipient.delete(`/api/pitch/${link.token}/responses/${second.id}`)).status).toBe(204);
    expect((await admin.get(`/api/admin/pitch-links/${link.id}`)).body.passes).toBe(0);
  });

  // Found by the fuzz suite: a real (float4) column refuses a number too small for it, which the schema allows.
  test('a point too small for the play column is stored as the start of the song, on the first report and later ones', async () => {
    const link = await createLink();
    const recipient = t.client();
    const started = await recipient.post(`/api/pitch/${link.token}/plays`, {
      songId: first.id,
      durationSeconds: 0,
      furthestSeconds: 5e-324,
      completed: false,
    });
    expect(started.status, started.text).toBe(201);
    const later = await recipient.patch(`/api/pitch/${link.token}/plays/${started.body.id}`, {
      durationSeconds: 0,
      furthestSeconds: 5e-324,
      completed: false,
    });
    expect(later.status, later.text).toBe(200);
    const [play] = await t.db.select().from(songPlays).where(eq(songPlays.id, started.body.id));
    expect(play).toMatchObject({ furthestSeconds: 0, durationSeconds: 0 });
  });

  test("another link's song is refused: no play, no answer, no audio", async () => {
    const mine = await createLink();
    const theirs = await createLink({ songIds: [elsewhere.id] });
    const recipient = t.client();
    expect(
      (await recipient.post(`/api/pitch/${mine.token}/plays`, { songId: elsewhere.id, durationSeconds: 1, completed: false })).status,
    ).toBe(404);
    expect((await recipient.put(`/api/pitch/${mine.token}/responses/${elsewhere.id}`, { response: 'hold' })).status).toBe(404);
    expect(await t.db.select().from(songPlays).where(eq(songPlays.pitchLinkId, mine.id))).toEqual([]);
    expect(await t.db.select().from(songResponses).where(eq(songResponses.pitchLinkId, mine.id))).toEqual([]);

    // A genuine file link for this pitch link, naming a file that is not on its shortlist.
    const forged = signFileToken(
      t.config.authSecret,
      { fileId: elsewhere.audioFileId!, subject: `pitch:${mine.id}` },
      SIGNED_URL_TTL_SECONDS,
    );
    expect((await recipient.get(`/api/files/${forged}`)).status).toBe(404);
    // Nor may one link update another's play.
    const theirPlay = await t
      .client()
      .post(`/api/pitch/${theirs.token}/plays`, { songId: elsewhere.id, durationSeconds: 1, completed: false });
    expect(theirPlay.status).toBe(201);
    expect(
      (await recipient.patch(`/api/pitch/${mine.token}/plays/${theirPlay.body.id}`, { durationSeconds: 99, completed: true })).status,
    ).toBe(404);
  });

  test('a song hidden after sending leaves the page, and its audio link stops', async () => {
    const extra = await makeSong(t.db, t.storage, adminId, { title: 'Soon Hidden', slug: 'soon-hidden' });
    const link = await createLink({ songIds: [extra.id, first.id] });
    const recipient = t.client();
    const audioUrl = (await recipient.get(`/api/pitch/${link.token}`)).body.songs[0].audioUrl;
    await t.db.update(songs).set({ isActive: false }).where(eq(songs.id, extra.id));
    expect((await recipient.get(`/api/pitch/${link.token}`)).body.songs.map((s: { id: string }) => s.id)).toEqual([first.id]);
    expect((await recipient.get(audioUrl)).status).toBe(404);
    expect((await recipient.put(`/api/pitch/${link.token}/responses/${extra.id}`, { response: 'hold' })).status).toBe(404);
  });
});

describe('links that stop working', () => {
  test('revoking stops the page, the API and audio links already handed out, at once', async () => {
    const link = await createLink();
    const recipient = t.client();
    const page = await recipient.get(`/api/pitch/${link.token}`);
    const audioUrl = page.body.songs[0].audioUrl;
    expect((await recipient.get(audioUrl)).status).toBe(200);
    const play = await recipient.post(`/api/pitch/${link.token}/plays`, { songId: first.id, durationSeconds: 1, completed: false });

    expect((await preview.post(`/api/admin/pitch-links/${link.id}/revoke`)).status).toBe(403);
    const revoked = await admin.post(`/api/admin/pitch-links/${link.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).toEqual(expect.any(String));

    for (const res of [
      await recipient.get(`/api/pitch/${link.token}`),
      await recipient.post(`/api/pitch/${link.token}/plays`, { songId: first.id, durationSeconds: 1, completed: false }),
      await recipient.patch(`/api/pitch/${link.token}/plays/${play.body.id}`, { durationSeconds: 50, completed: true }),
      await recipient.put(`/api/pitch/${link.token}/responses/${first.id}`, { response: 'hold' }),
      await recipient.delete(`/api/pitch/${link.token}/responses/${first.id}`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(UNAVAILABLE);
    }
    expect((await recipient.get(audioUrl)).status).toBe(404);
    expect((await t.db.select().from(songPlays).where(eq(songPlays.id, play.body.id)))[0]!.durationSeconds).toBe(1);
    const listed = (await admin.get('/api/admin/pitch-links')).body.find((l: { id: string }) => l.id === link.id);
    expect(listed).toMatchObject({ status: 'revoked', revokedAt: revoked.body.revokedAt });
    // Revoking twice keeps the first time.
    expect((await admin.post(`/api/admin/pitch-links/${link.id}/revoke`)).body.revokedAt).toBe(revoked.body.revokedAt);
  });

  test('an expired link answers exactly like an unknown or malformed one, audio included', async () => {
    const link = await createLink();
    const recipient = t.client();
    const audioUrl = (await recipient.get(`/api/pitch/${link.token}`)).body.songs[0].audioUrl;
    await t.db
      .update(pitchLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pitchLinks.id, link.id));

    const expired = await recipient.get(`/api/pitch/${link.token}`);
    const unknown = await recipient.get(`/api/pitch/${Buffer.alloc(32, 7).toString('base64url')}`);
    const malformed = await recipient.get('/api/pitch/not-a-token');
    for (const res of [expired, unknown, malformed]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(UNAVAILABLE);
    }
    expect((await recipient.get(audioUrl)).status).toBe(404);
    expect((await admin.get(`/api/admin/pitch-links/${link.id}`)).body.status).toBe('expired');
  });

  test('the public pitch routes are rate limited per address', async () => {
    const link = await createLink();
    const guesser = t.client();
    const guess = `/api/pitch/${Buffer.alloc(32, 9).toString('base64url')}`;
    for (let i = 0; i < RATE_RULES.pitchPage.max; i++) expect((await guesser.get(guess)).status).toBe(404);
    const limited = await guesser.get(guess);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('TOO_MANY_REQUESTS');
    // Even a live token waits; another address does not.
    expect((await guesser.sameAddress().get(`/api/pitch/${link.token}`)).status).toBe(429);
    expect((await t.client().get(`/api/pitch/${link.token}`)).status).toBe(200);
  });
});
