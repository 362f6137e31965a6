import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { makePreviewUser, makeSongwriter, makeUser } from '../../src/server/db/seed/factories';
import { newSongsMailOptOuts, newSongsMails, songs } from '../../src/server/db/schema';
import { startNewSongsMails } from '../../src/server/features/new-songs-mail';
import { signToken } from '../../src/server/lib/signed-token';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { linkIn, signedInClient } from './helpers';

const DAY = 24 * 3600_000;
/** A Monday, 03:00 UTC: the job's clock. The week it mails about is the seven days before that Monday's midnight. */
const MONDAY = new Date('2030-01-07T03:00:00Z');
const at = (iso: string) => new Date(iso);
const weeksOn = (n: number) => new Date(MONDAY.getTime() + n * 7 * DAY);

let t: TestApp;
type Buyer = { id: string; email: string; client: TestClient };
let dana: Buyer;
let eli: Buyer;
let fay: Buyer;
let writerEmail: string;

async function buyer(name: string): Promise<Buyer> {
  const user = await makePreviewUser(t.db, { name, email: `${name.toLowerCase()}@buyers.example` });
  return { id: user.id, email: user.email, client: await signedInClient(t, user) };
}

/** A song that entered the catalogue at `publishedAt`; its row may be older (a signed or imported song waits unpublished). */
async function addSong(title: string, publishedAt: Date, { isActive = true, createdAt = publishedAt } = {}) {
  const slug = title.toLowerCase().replaceAll(' ', '-');
  await t.db.insert(songs).values({ title, slug, description: '', lyrics: '', genre: 'Country', isActive, createdAt, publishedAt });
}

/** The job as the server starts it, with its clock set: it runs once at start, and stop waits for that run. */
async function runJob(now: Date) {
  const job = startNewSongsMails({
    db: t.db,
    logger: undefined,
    secret: t.config.authSecret,
    emailCtx: { siteName: 'Pitchroom', publicUrl: t.config.publicUrl },
    now: () => now,
  });
  await job.stop();
}

const weekly = (address: string) => t.mailsTo(address).then((mails) => mails.filter((m) => m.kind === 'new-songs'));

beforeAll(async () => {
  t = await createTestApp();
  await makeUser(t.db, { roles: ['admin'] });
  dana = await buyer('Dana');
  eli = await buyer('Eli');
  fay = await buyer('Fay');
  writerEmail = (await makeSongwriter(t.db)).email;
  await addSong('Old Porch Song', at('2029-12-20T12:00:00Z'));
  await addSong('Spring Thaw', at('2030-01-02T09:00:00Z'));
  await addSong('Creek Bed Hymn', at('2030-01-03T09:00:00Z'));
  await addSong('Unreleased Draft', at('2030-01-04T09:00:00Z'), { isActive: false });
  // Made long ago (a signed song waiting for its audio), published in the week: new to buyers.
  await addSong('Signed Last Autumn', at('2030-01-05T09:00:00Z'), { createdAt: at('2029-10-01T09:00:00Z') });
  // Made in the week, but published two weeks on: listed then, not now.
  await addSong('Held Till Later', at('2030-01-15T09:00:00Z'), { createdAt: at('2030-01-02T08:00:00Z') });
});
afterAll(() => t.close());

describe('the weekly e-mail of new songs', () => {
  test('one e-mail per opted-in buyer per week with last week’s songs; none for a buyer who turned it off, nor twice', async () => {
    expect((await eli.client.get('/api/new-songs-mail')).body).toEqual({ weekly: true });
    const off = await eli.client.put('/api/new-songs-mail', { weekly: false });
    expect(off.status, off.text).toBe(200);
    expect((await eli.client.get('/api/new-songs-mail')).body).toEqual({ weekly: false });

    await runJob(MONDAY);
    const [mail, ...more] = await weekly(dana.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('3 new songs in the Pitchroom catalogue');
    expect(mail!.textBody).toContain(`“Spring Thaw” (Country): ${t.config.publicUrl}/songs/spring-thaw`);
    expect(mail!.textBody).toContain('“Creek Bed Hymn” (Country)');
    expect(mail!.textBody).toContain('“Signed Last Autumn” (Country)');
    expect(mail!.textBody.indexOf('Spring Thaw')).toBeLessThan(mail!.textBody.indexOf('Creek Bed Hymn'));
    // Before the week, out of the catalogue, and published after the week: not listed.
    expect(mail!.textBody).not.toContain('Old Porch Song');
    expect(mail!.textBody).not.toContain('Unreleased Draft');
    expect(mail!.textBody).not.toContain('Held Till Later');
    expect(linkIn(mail!.textBody, '/unsubscribe').searchParams.get('token')).toBeTruthy();
    expect(await weekly(fay.email)).toHaveLength(1);
    expect(await weekly(eli.email)).toEqual([]);
    expect(await weekly(writerEmail)).toEqual([]);

    // A rerun that week, and two servers at once, send nothing more.
    await runJob(new Date(MONDAY.getTime() + 6 * 3600_000));
    await Promise.all([runJob(MONDAY), runJob(MONDAY)]);
    expect(await weekly(dana.email)).toHaveLength(1);
    expect(await weekly(fay.email)).toHaveLength(1);
    const rows = await t.db.select().from(newSongsMails).where(eq(newSongsMails.userId, dana.id));
    expect(rows).toEqual([expect.objectContaining({ weekStart: '2029-12-31', songCount: 3, coveredTo: at('2030-01-07T00:00:00Z') })]);

    // Turned back on, Eli gets the next one.
    expect((await eli.client.put('/api/new-songs-mail', { weekly: true })).body).toEqual({ weekly: true });
  });

  test('a week with nothing new sends none; the next lists only what came in since the last e-mail', async () => {
    await runJob(weeksOn(1));
    expect(await weekly(dana.email)).toHaveLength(1);
    expect(await weekly(eli.email)).toEqual([]);

    await addSong('Late Bloom', at('2030-01-16T10:00:00Z'));
    await runJob(weeksOn(2));
    const [latest, ...earlier] = await weekly(dana.email);
    expect(earlier).toHaveLength(1);
    expect(latest!.subject).toBe('2 new songs in the Pitchroom catalogue');
    expect(latest!.textBody).toContain('“Held Till Later”');
    expect(latest!.textBody.indexOf('“Held Till Later”')).toBeLessThan(latest!.textBody.indexOf('“Late Bloom”'));
    expect(latest!.textBody).not.toContain('Spring Thaw');
    // Eli, back on, gets the songs since the week before's start (a first e-mail): the same two songs.
    const [eliMail] = await weekly(eli.email);
    expect(eliMail!.subject).toBe('2 new songs in the Pitchroom catalogue');
    expect(eliMail!.textBody).toContain('“Late Bloom”');
    expect(eliMail!.textBody).not.toContain('Creek Bed Hymn');
  });

  test('the unsubscribe link works signed out, once and again, and stops the next e-mail', async () => {
    const [mail] = await weekly(fay.email);
    const token = linkIn(mail!.textBody, '/unsubscribe').searchParams.get('token')!;
    const anonymous = t.client();
    const res = await anonymous.post('/api/new-songs-mail/unsubscribe', { token });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ weekly: false });
    expect(await t.db.select().from(newSongsMailOptOuts).where(eq(newSongsMailOptOuts.userId, fay.id))).toHaveLength(1);
    // A second click says the same.
    expect((await anonymous.post('/api/new-songs-mail/unsubscribe', { token })).status).toBe(200);
    expect((await fay.client.get('/api/new-songs-mail')).body).toEqual({ weekly: false });

    const before = (await weekly(fay.email)).length;
    await addSong('Winter Road', at('2030-01-23T10:00:00Z'));
    await runJob(weeksOn(3));
    expect(await weekly(fay.email)).toHaveLength(before);
    expect((await weekly(dana.email))[0]!.textBody).toContain('“Winter Road”');
  });

  test('a forged, altered or borrowed token is refused, and turns nothing off', async () => {
    const [mail] = await weekly(dana.email);
    const real = linkIn(mail!.textBody, '/unsubscribe').searchParams.get('token')!;
    const [body, signature] = real.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8')) as Record<string, unknown>;
    const altered = `${Buffer.from(JSON.stringify({ ...claims, userId: eli.id })).toString('base64url')}.${signature}`;
    const forged = [
      altered,
      signToken('not-the-server-secret-at-all-32-chars', 'new-songs-unsubscribe', { userId: eli.id }, 3600),
      // Signed by the server, but for another purpose.
      signToken(t.config.authSecret, 'claim-orders', { userId: eli.id }, 3600),
      // Expired.
      signToken(t.config.authSecret, 'new-songs-unsubscribe', { userId: eli.id }, 60, Date.now() - 3600_000),
      'not.a-token',
    ];
    for (const token of forged) {
      const res = await t.client().post('/api/new-songs-mail/unsubscribe', { token });
      expect(res.status, token).toBe(400);
      expect(res.body.error.message).toBe(MESSAGES.newSongsMail.badLink);
    }
    expect(await t.db.select().from(newSongsMailOptOuts).where(eq(newSongsMailOptOuts.userId, eli.id))).toEqual([]);
    expect((await eli.client.get('/api/new-songs-mail')).body).toEqual({ weekly: true });
  });

  test("the e-mail's List-Unsubscribe header turns it off by a mail service's one-click POST, with no session or Origin", async () => {
    const [mail] = await weekly(dana.email);
    expect(mail!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    const link = /^<(.+)>$/.exec(mail!.headers!['List-Unsubscribe']!)?.[1];
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect(`${url.origin}${url.pathname}`).toBe(`${t.config.publicUrl}/api/new-songs-mail/unsubscribe/one-click`);
    // The same signed token as the e-mail's own link.
    expect(url.searchParams.get('token')).toBe(linkIn(mail!.textBody, '/unsubscribe').searchParams.get('token'));

    // As a mail service sends it (RFC 8058): a bare form POST, no cookie, no Origin.
    const post = (body: string) =>
      fetch(`${t.url}${url.pathname}${url.search}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
    // Not the one-click request: refused, and nothing changes.
    expect((await post('List-Unsubscribe=Maybe')).status).toBe(400);
    expect((await dana.client.get('/api/new-songs-mail')).body).toEqual({ weekly: true });
    const res = await post('List-Unsubscribe=One-Click');
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ weekly: false });
    expect((await dana.client.get('/api/new-songs-mail')).body).toEqual({ weekly: false });
    // A token altered in the link is refused as on the page.
    const forged = await fetch(`${t.url}${url.pathname}?token=${encodeURIComponent(`${url.searchParams.get('token')}x`)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(forged.status).toBe(400);
  });

  test('deleting the account erases the setting and the record of e-mails sent', async () => {
    const gone = await makePreviewUser(t.db, { name: 'Gus', email: 'gus@buyers.example', password: 'gravel-road-melody-58' });
    const client = await signedInClient(t, gone);
    await client.put('/api/new-songs-mail', { weekly: false });
    await t.db.insert(newSongsMails).values({ userId: gone.id, weekStart: '2029-12-31', coveredTo: MONDAY, songCount: 1 });
    expect((await client.request('DELETE', '/api/me', { password: 'gravel-road-melody-58' })).status).toBe(204);
    expect(await t.db.select().from(newSongsMailOptOuts).where(eq(newSongsMailOptOuts.userId, gone.id))).toEqual([]);
    expect(await t.db.select().from(newSongsMails).where(eq(newSongsMails.userId, gone.id))).toEqual([]);
  });

  test('only buyers choose: signed out is 401, a songwriter 403', async () => {
    expect((await t.client().put('/api/new-songs-mail', { weekly: false })).status).toBe(401);
    const writer = await makeSongwriter(t.db);
    expect((await (await signedInClient(t, writer)).put('/api/new-songs-mail', { weekly: false })).status).toBe(403);
  });
});
