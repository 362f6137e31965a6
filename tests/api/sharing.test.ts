import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { pitchExpiryBounds } from '../../src/common/schemas/pitching';
import { makePreviewUser, makeUser, uniqueEmail } from '../../src/server/db/seed/factories';
import { makeSong } from '../../src/server/db/seed/song-factories';
import { pitchLinks, previewRequests, songDownloads, songs, userRoles } from '../../src/server/db/schema';
import { RATE_RULES } from '../../src/server/lib/rate-limit';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { latestMail, linkIn, signedInClient } from './helpers';

/**
 * A buyer's shares (decision 0084): pitch links of kind `share`, made by a preview user from one of their
 * playlists or one song, opened by a recipient without an account, tracked per recipient for their sender only.
 */
type Song = typeof songs.$inferSelect;

let t: TestApp;
let dana: TestClient;
let eli: TestClient;
let admin: TestClient;
let danaId: string;
let danaEmail: string;
let eliId: string;
let gravel: Song;
let porch: Song;
let tailgate: Song;
let hidden: Song;
let danaPlaylist: string;
let eliPlaylist: string;

beforeAll(async () => {
  t = await createTestApp();
  const adminUser = await makeUser(t.db, { roles: ['admin'] });
  admin = await signedInClient(t, adminUser);
  const danaUser = await makePreviewUser(t.db, { name: 'Dana Buyer', company: 'Dana Songs Publishing' });
  const eliUser = await makePreviewUser(t.db, { name: 'Eli Other', company: 'Eli Records' });
  danaId = danaUser.id;
  danaEmail = danaUser.email;
  eliId = eliUser.id;
  dana = await signedInClient(t, danaUser);
  eli = await signedInClient(t, eliUser);
  gravel = await makeSong(t.db, t.storage, adminUser.id, { title: 'Gravel Road Goodbye', lyrics: 'Dust on the dashboard', seconds: 4 });
  porch = await makeSong(t.db, t.storage, adminUser.id, { title: 'Porch Light Serenade', seconds: 3 });
  tailgate = await makeSong(t.db, t.storage, adminUser.id, { title: 'Tailgate Hymn', seconds: 3 });
  hidden = await makeSong(t.db, t.storage, adminUser.id, { title: 'Hidden Track', isActive: false });
  const made = await dana.post('/api/playlists', { name: 'For the Ashley record', songIds: [porch.id, gravel.id] });
  expect(made.status, made.text).toBe(201);
  danaPlaylist = made.body.id;
  const other = await eli.post('/api/playlists', { name: 'Eli only', songIds: [tailgate.id] });
  expect(other.status, other.text).toBe(201);
  eliPlaylist = other.body.id;
});
afterAll(() => t.close());

const tokenOf = (url: string) => new URL(url).pathname.replace('/p/', '');
const UNAVAILABLE = { error: { code: 'NOT_FOUND', message: MESSAGES.pitching.linkUnavailableTitle } };

interface Created {
  id: string;
  url: string;
  token: string;
  email: string;
}

async function share(by: TestClient, overrides: Record<string, unknown> = {}): Promise<Created> {
  const email = uniqueEmail('friend');
  const res = await by.post('/api/shares', {
    playlistId: danaPlaylist,
    recipientName: 'Rae Friend',
    recipientEmail: email,
    recipientCompany: 'Friendly Music',
    message: 'Two for your artist.',
    expiresOn: pitchExpiryBounds().suggested,
    ...overrides,
  });
  expect(res.status, res.text).toBe(201);
  return { ...res.body, token: tokenOf(res.body.url), email: email.toLowerCase() };
}

/** A recipient's browser: no account, a cookie jar of its own. */
const recipient = () => t.client();

async function playHalf(client: TestClient, token: string, songId: string, furthestSeconds: number) {
  const started = await client.post(`/api/pitch/${token}/plays`, { songId, durationSeconds: 0, completed: false });
  expect(started.status, started.text).toBe(201);
  const reported = await client.patch(`/api/pitch/${token}/plays/${started.body.id}`, {
    durationSeconds: Math.floor(furthestSeconds),
    furthestSeconds,
    completed: false,
  });
  expect(reported.status, reported.text).toBe(200);
}

describe('sharing a playlist', () => {
  test('e-mails the recipient from the outbox with who sent it and the note; the page opens only that playlist', async () => {
    const link = await share(dana, { sendEmail: true });
    const mail = await latestMail(t, link.email, 'share-link');
    expect(mail.subject).toBe('Dana Buyer shared the playlist "For the Ashley record" with you');
    expect(mail.textBody).toContain('Dana Buyer (Dana Songs Publishing) shared 2 songs with you');
    expect(mail.textBody).toContain('Two for your artist.');
    expect(linkIn(mail.textBody, '/p/').href).toBe(link.url);

    const page = await recipient().get(`/api/pitch/${link.token}`);
    expect(page.status, page.text).toBe(200);
    expect(page.body).toMatchObject({
      kind: 'share',
      recipientName: 'Rae Friend',
      message: 'Two for your artist.',
      downloadAllowed: false,
      sender: { name: 'Dana Buyer', company: 'Dana Songs Publishing' },
    });
    expect(page.body.songs.map((s: { title: string }) => s.title)).toEqual(['Porch Light Serenade', 'Gravel Road Goodbye']);
    expect(page.body.songs[1].lyrics).toBe('Dust on the dashboard');
    // A song of another buyer's playlist is not this link's: no play, no answer, no download.
    const foreign = await recipient().post(`/api/pitch/${link.token}/plays`, { songId: tailgate.id, durationSeconds: 0, completed: false });
    expect(foreign.status).toBe(404);
    expect((await recipient().put(`/api/pitch/${link.token}/responses/${tailgate.id}`, { response: 'hold' })).status).toBe(404);
  });

  test('a link made without e-mail is only shown to the sharer; a song alone can be shared too', async () => {
    const before = (await t.mailsTo('nobody-yet@example.test')).length;
    const link = await share(dana, { sendEmail: false, recipientEmail: 'nobody-yet@example.test' });
    expect((await t.mailsTo('nobody-yet@example.test')).length).toBe(before);
    expect((await recipient().get(`/api/pitch/${link.token}`)).status).toBe(200);

    const single = await share(dana, { playlistId: undefined, songId: tailgate.id });
    const page = await recipient().get(`/api/pitch/${single.token}`);
    expect(page.body.songs.map((s: { title: string }) => s.title)).toEqual(['Tailgate Hymn']);
  });

  test("a buyer cannot share another's playlist, an inactive song, or nothing", async () => {
    const base = { recipientName: 'Rae', recipientEmail: uniqueEmail('r'), expiresOn: pitchExpiryBounds().suggested };
    expect((await dana.post('/api/shares', { ...base, playlistId: eliPlaylist })).status).toBe(404);
    expect((await dana.post('/api/shares', { ...base, songId: hidden.id })).status).toBe(404);
    const neither = await dana.post('/api/shares', base);
    expect(neither.status).toBe(400);
    expect(neither.body.error.fields.playlistId).toEqual([MESSAGES.pitching.shareWhat]);
    expect(await t.db.select().from(pitchLinks).where(eq(pitchLinks.createdBy, eliId))).toEqual([]);
  });

  test('only while live: an expired or revoked share is refused like an unknown link, its audio too', async () => {
    const link = await share(dana);
    const page = await recipient().get(`/api/pitch/${link.token}`);
    const audio = page.body.songs[0].audioUrl as string;
    expect((await recipient().get(audio)).status).toBe(200);

    const revoked = await dana.post(`/api/shares/${link.id}/revoke`);
    expect(revoked.status, revoked.text).toBe(200);
    expect(await recipient().get(`/api/pitch/${link.token}`)).toMatchObject({ status: 404, body: UNAVAILABLE });
    expect((await recipient().get(audio)).status).toBe(404);

    const expiring = await share(dana);
    await t.db
      .update(pitchLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pitchLinks.id, expiring.id));
    expect(await recipient().get(`/api/pitch/${expiring.token}`)).toMatchObject({ status: 404, body: UNAVAILABLE });
  });

  test("revoking the buyer's access stops every link they shared, audio already open too", async () => {
    const buyer = await makePreviewUser(t.db, { name: 'Short Lived' });
    const client = await signedInClient(t, buyer);
    const link = await share(client, { playlistId: undefined, songId: gravel.id });
    const page = await recipient().get(`/api/pitch/${link.token}`);
    expect(page.status).toBe(200);
    const audio = page.body.songs[0].audioUrl as string;
    expect((await recipient().get(audio)).status).toBe(200);
    await t.db.update(previewRequests).set({ revokedAt: new Date() }).where(eq(previewRequests.userId, buyer.id));
    expect(await recipient().get(`/api/pitch/${link.token}`)).toMatchObject({ status: 404, body: UNAVAILABLE });
    expect((await recipient().get(audio)).status).toBe(404);
  });

  test("an admin's share lives while they are an admin, its audio too", async () => {
    const sharer = await makeUser(t.db, { roles: ['admin'], name: 'Ada Admin' });
    const client = await signedInClient(t, sharer);
    const link = await share(client, { playlistId: undefined, songId: gravel.id });
    const page = await recipient().get(`/api/pitch/${link.token}`);
    expect(page.status, page.text).toBe(200);
    const audio = page.body.songs[0].audioUrl as string;
    expect((await recipient().get(audio)).status).toBe(200);

    await t.db.delete(userRoles).where(and(eq(userRoles.userId, sharer.id), eq(userRoles.role, 'admin')));
    expect(await recipient().get(`/api/pitch/${link.token}`)).toMatchObject({ status: 404, body: UNAVAILABLE });
    expect((await recipient().get(audio)).status).toBe(404);
  });
});

describe('downloads', () => {
  test('a stream-only share never serves a file, even asked for directly', async () => {
    const link = await share(dana, { downloadAllowed: false });
    for (const path of [`/api/pitch/${link.token}/songs/${gravel.id}/mp3`, `/api/pitch/${link.token}/songs/${gravel.id}/lyric-sheet`]) {
      const res = await recipient().get(path);
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(MESSAGES.downloads.streamOnly);
    }
    expect(await t.db.select().from(songDownloads).where(eq(songDownloads.pitchLinkId, link.id))).toEqual([]);
  });

  test('download allowed only where the buyer may download, and only while they still may', async () => {
    const refused = await dana.post('/api/shares', {
      songId: gravel.id,
      recipientName: 'Rae',
      recipientEmail: uniqueEmail('r'),
      expiresOn: pitchExpiryBounds().suggested,
      downloadAllowed: true,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(MESSAGES.pitching.shareDownloadNotAllowed);

    await t.db.update(previewRequests).set({ downloadAllowed: true }).where(eq(previewRequests.userId, danaId));
    const link = await share(dana, { downloadAllowed: true });
    const mp3 = await recipient().get(`/api/pitch/${link.token}/songs/${gravel.id}/mp3`);
    expect(mp3.status).toBe(200);
    expect(mp3.headers['content-type']).toBe('audio/mpeg');
    expect((await recipient().get(`/api/pitch/${link.token}`)).body.downloadAllowed).toBe(true);

    // The buyer set back to stream only: their share's downloads close with it.
    await t.db.update(previewRequests).set({ downloadAllowed: false }).where(eq(previewRequests.userId, danaId));
    expect((await recipient().get(`/api/pitch/${link.token}/songs/${gravel.id}/mp3`)).status).toBe(403);
    // The page no longer offers what would be refused.
    expect((await recipient().get(`/api/pitch/${link.token}`)).body.downloadAllowed).toBe(false);
    const counted = await t.db
      .select()
      .from(songDownloads)
      .where(and(eq(songDownloads.pitchLinkId, link.id), eq(songDownloads.via, 'download')));
    expect(counted).toHaveLength(1);
  });
});

describe('a password-protected share', () => {
  test('opens nothing until the password is given; a wrong one is refused', async () => {
    const link = await share(dana, { password: 'back porch 42' });
    const [row] = await t.db.select().from(pitchLinks).where(eq(pitchLinks.id, link.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row)).not.toContain('back porch 42');

    const browser = recipient();
    const locked = await browser.get(`/api/pitch/${link.token}`);
    expect(locked.status).toBe(401);
    expect(locked.body.error.message).toBe(MESSAGES.pitching.sharePasswordRequired);
    expect((await browser.post(`/api/pitch/${link.token}/plays`, { songId: gravel.id, durationSeconds: 0, completed: false })).status).toBe(
      401,
    );
    expect((await browser.post(`/api/pitch/${link.token}/replies`, { message: 'Hi' })).status).toBe(401);

    const wrong = await browser.post(`/api/pitch/${link.token}/unlock`, { password: 'front porch 42' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(MESSAGES.pitching.sharePasswordWrong);
    expect((await browser.get(`/api/pitch/${link.token}`)).status).toBe(401);

    expect((await browser.post(`/api/pitch/${link.token}/unlock`, { password: 'back porch 42' })).status).toBe(200);
    expect((await browser.get(`/api/pitch/${link.token}`)).status).toBe(200);
    // The unlock is this link's: another protected share still asks.
    const other = await share(dana, { password: 'another one 9' });
    expect((await browser.get(`/api/pitch/${other.token}`)).status).toBe(401);
  });

  test('limits tries: past the limit even the right password is refused', async () => {
    const link = await share(dana, { password: 'tailgate 2026' });
    const browser = recipient();
    for (let i = 0; i < RATE_RULES.sharePassword.max; i++) {
      expect((await browser.post(`/api/pitch/${link.token}/unlock`, { password: `guess ${i}` })).status).toBe(400);
    }
    const limited = await browser.post(`/api/pitch/${link.token}/unlock`, { password: 'tailgate 2026' });
    expect(limited.status).toBe(429);
    expect((await browser.get(`/api/pitch/${link.token}`)).status).toBe(401);
  });

  test("a buyer makes at most the rule's number of shares an hour, so the app relays no flood of mail", async () => {
    const fay = await signedInClient(t, await makePreviewUser(t.db, { name: 'Fay Many', company: 'Many Songs' }));
    const max = RATE_RULES.shareCreate.max;
    const base = { songId: gravel.id, recipientName: 'Rae', expiresOn: pitchExpiryBounds().suggested };
    for (let i = 0; i < max; i++) {
      const res = await fay.post('/api/shares', { ...base, recipientEmail: uniqueEmail('many') });
      expect(res.status, res.text).toBe(201);
    }
    const over = await fay.post('/api/shares', { ...base, recipientEmail: 'one.too.many@example.test' });
    expect(over.status).toBe(429);
    expect(await t.mailsTo('one.too.many@example.test')).toEqual([]);
  });

  test('a password too short is refused when sharing', async () => {
    const res = await dana.post('/api/shares', {
      songId: gravel.id,
      recipientName: 'Rae',
      recipientEmail: uniqueEmail('r'),
      expiresOn: pitchExpiryBounds().suggested,
      password: 'abc',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.password).toEqual([MESSAGES.pitching.sharePasswordTooShort]);
  });
});

describe("the sharer's statistics and replies", () => {
  test('count each recipient apart and name no other buyer; a reply reaches the sharer by e-mail and in the app', async () => {
    const toRae = await share(dana, { recipientName: 'Rae One', sendEmail: false });
    const toSam = await share(dana, { recipientName: 'Sam Two', sendEmail: false });
    const rae = recipient();
    await rae.get(`/api/pitch/${toRae.token}`);
    await playHalf(rae, toRae.token, gravel.id, 2.5);
    await playHalf(rae, toRae.token, gravel.id, 1);
    expect((await rae.put(`/api/pitch/${toRae.token}/responses/${gravel.id}`, { response: 'hold', note: 'For Ashley' })).status).toBe(200);
    const sam = recipient();
    await playHalf(sam, toSam.token, porch.id, 1.5);
    // Eli, another buyer, listens to the same songs in the catalogue and shares them too.
    const elis = await share(eli, { playlistId: eliPlaylist, recipientName: 'Eli Friend' });
    await playHalf(recipient(), elis.token, tailgate.id, 2);

    const reply = await rae.post(`/api/pitch/${toRae.token}/replies`, { message: 'Holding Gravel for Ashley!' });
    expect(reply.status, reply.text).toBe(201);
    const replyMail = await latestMail(t, danaEmail, 'pitch-reply');
    expect(replyMail.subject).toBe('Reply from Rae One on the songs you shared');
    expect(replyMail.textBody).toContain('Holding Gravel for Ashley!');
    expect(linkIn(replyMail.textBody, '/shares/').pathname).toBe(`/shares/${toRae.id}`);

    const list = await dana.get('/api/shares');
    expect(list.status).toBe(200);
    const byName = Object.fromEntries(list.body.map((l: { recipientName: string }) => [l.recipientName, l]));
    expect(byName['Rae One']).toMatchObject({ plays: 2, holds: 1, unreadReplies: 1, kind: 'share', playlistName: 'For the Ashley record' });
    expect(byName['Sam Two']).toMatchObject({ plays: 1, holds: 0, unreadReplies: 0 });
    expect(list.body.every((l: { sharedBy: { name: string } }) => l.sharedBy.name === 'Dana Buyer')).toBe(true);
    expect(JSON.stringify(list.body)).not.toMatch(/Eli/);

    const detail = await dana.get(`/api/shares/${toRae.id}`);
    expect(detail.status).toBe(200);
    const gravelRow = detail.body.songs.find((s: { songId: string }) => s.songId === gravel.id);
    expect(gravelRow).toMatchObject({ plays: 2, response: 'hold', note: 'For Ashley' });
    expect(gravelRow.furthestSeconds).toBeCloseTo(2.5, 3);
    expect(detail.body.songs.find((s: { songId: string }) => s.songId === porch.id)).toMatchObject({ plays: 0 });
    expect(detail.body.replies).toEqual([expect.objectContaining({ message: 'Holding Gravel for Ashley!', readAt: null })]);
    expect(JSON.stringify(detail.body)).not.toMatch(/Eli|Sam Two/);
    // Seen now: the count drops.
    expect((await dana.get('/api/shares')).body.find((l: { id: string }) => l.id === toRae.id).unreadReplies).toBe(0);
  });

  test("another buyer can neither read nor stop someone's share; an admin sees it without marking replies read", async () => {
    const link = await share(dana, { sendEmail: false });
    await recipient().post(`/api/pitch/${link.token}/replies`, { message: 'Thanks!' });
    expect(await eli.get(`/api/shares/${link.id}`)).toMatchObject({
      status: 404,
      body: { error: { message: MESSAGES.pitching.shareNotFound } },
    });
    expect((await eli.post(`/api/shares/${link.id}/revoke`)).status).toBe(404);
    expect((await eli.get('/api/shares')).body.map((l: { id: string }) => l.id)).not.toContain(link.id);
    const [row] = await t.db.select().from(pitchLinks).where(eq(pitchLinks.id, link.id));
    expect(row!.revokedAt).toBeNull();

    const adminList = await admin.get('/api/admin/pitch-links');
    expect(adminList.body.find((l: { id: string }) => l.id === link.id)).toMatchObject({
      kind: 'share',
      sharedBy: { name: 'Dana Buyer', company: 'Dana Songs Publishing' },
    });
    const adminDetail = await admin.get(`/api/admin/pitch-links/${link.id}`);
    expect(adminDetail.body.replies).toEqual([expect.objectContaining({ message: 'Thanks!', readAt: null })]);
    expect((await dana.get(`/api/shares/${link.id}`)).body.replies[0].readAt).toBeNull();
    // The staff's queue of unread replies is theirs alone: a buyer's reply is not in it.
    const counts = await admin.get('/api/admin/queue-counts');
    expect(counts.status, counts.text).toBe(200);
    expect(counts.body.unreadPitchReplies).toBe(0);
  });
});
