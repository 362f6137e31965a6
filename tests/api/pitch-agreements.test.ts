import { eq } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { makePaidOrder, makePreviewUser, makeSongwriter, makeUser } from '../../src/server/db/seed/factories';
import { pitchAgreements, songReviews, songs } from '../../src/server/db/schema';
import { textHash } from '../../src/server/features/agreements/agreement-text';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { latestMail, signedInClient } from './helpers';

const m = MESSAGES.agreements;
let t: TestApp;
let admin: TestClient;
let writer: Awaited<ReturnType<typeof makeSongwriter>>;
let writerClient: TestClient;
let otherClient: TestClient;

/** A song of the writer's paid package whose review was sent (or is still pending). */
async function reviewedSong(status: 'reviewed' | 'pending' = 'reviewed', songwriterId = writer.id) {
  const order = await makePaidOrder(t.db, songwriterId, 1);
  const [review] = await t.db
    .insert(songReviews)
    .values({
      songwriterId,
      orderId: order.id,
      songNumber: 1,
      songTitle: 'Gravel Road Goodbye',
      lyricsText: 'Dust on the dashboard',
      storyArc: 'A goodbye told through one last drive.',
      aiUsage: 'No AI was used.',
      status,
      adminReview: status === 'reviewed' ? 'Strong hook; tighten verse two.' : null,
      reviewedAt: status === 'reviewed' ? new Date() : null,
    })
    .returning();
  return review!;
}

const offer = (reviewId: string, terms: Record<string, unknown> = {}) => admin.post('/api/admin/pitch-agreements', { reviewId, ...terms });
const accept = (client: TestClient, id: string, body: Record<string, unknown> = { legalName: 'Luke Albert Combs', consent: true }) =>
  client.post(`/api/pitch-agreements/${id}/accept`, body, { 'user-agent': 'Agreement test browser/1.0' });
const stored = async (id: string) => (await t.db.select().from(pitchAgreements).where(eq(pitchAgreements.id, id)))[0]!;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInClient(t, await makeUser(t.db, { roles: ['admin'] }));
  writer = await makeSongwriter(t.db, { firstName: 'Luke', lastName: 'Combs' });
  writerClient = await signedInClient(t, writer);
  otherClient = await signedInClient(t, await makeSongwriter(t.db));
});
afterAll(() => t.close());

describe('offer', () => {
  test('defaults to 10 % for 12 months open 30 days, e-mails the songwriter, and shows in their list with the text to sign', async () => {
    const review = await reviewedSong();
    const res = await offer(review.id, { note: 'We hear it for a male country artist.' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      reviewId: review.id,
      state: 'offered',
      commissionPercent: 10,
      termMonths: 12,
      songTitle: 'Gravel Road Goodbye',
    });
    const days = (Date.parse(res.body.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect(res.body.text).toContain('we receive 10% of the income');
    expect(res.body.text).toContain('For 12 months');
    const mail = await latestMail(t, writer.email, 'pitch-offer');
    expect(mail.subject).toBe('We would like to pitch "Gravel Road Goodbye"');

    const mine = await writerClient.get('/api/pitch-agreements');
    expect(mine.body.map((a: { id: string }) => a.id)).toContain(res.body.id);
    expect((await otherClient.get('/api/pitch-agreements')).body).toEqual([]);
    expect((await otherClient.get(`/api/pitch-agreements/${res.body.id}`)).status).toBe(404);
  });

  test('only on a song whose review was sent, one open offer per song, and terms within their ranges', async () => {
    const pending = await reviewedSong('pending');
    expect((await offer(pending.id)).body.error.message).toBe(m.reviewNotReviewed);
    const review = await reviewedSong();
    expect((await offer(review.id)).status).toBe(201);
    const again = await offer(review.id);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(m.alreadyOpen);
    const bad = await offer(review.id, { commissionPercent: 60, termMonths: 0, expiresInDays: 1.5 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({
      commissionPercent: [m.commissionRange],
      termMonths: [m.termRange],
      expiresInDays: [m.expiryRange],
    });
    expect(await t.db.select().from(pitchAgreements).where(eq(pitchAgreements.reviewId, review.id))).toHaveLength(1);
  });
});

describe('acceptance', () => {
  test('stores the signature for good: terms, text hash, typed name, time, address and browser; both sides are e-mailed', async () => {
    const review = await reviewedSong();
    const { body: offered } = await offer(review.id, { commissionPercent: 15, termMonths: 24 });
    const res = await accept(writerClient, offered.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ state: 'accepted', signedName: 'Luke Albert Combs', commissionPercent: 15, termMonths: 24 });

    const row = await stored(offered.id);
    expect(row).toMatchObject({ status: 'accepted', signedName: 'Luke Albert Combs', signedUserAgent: 'Agreement test browser/1.0' });
    expect(row.textSha256).toBe(textHash(offered.text));
    expect(row.signedIp).toBeTruthy();
    expect(Date.now() - row.answeredAt!.getTime()).toBeLessThan(60_000);
    expect((await latestMail(t, writer.email, 'pitch-agreement-signed')).subject).toBe('Pitch agreement signed: "Gravel Road Goodbye"');
    expect((await latestMail(t, t.config.adminNotifyEmail, 'pitch-agreement-signed')).textBody).toContain('Luke Albert Combs');
    // Each side's e-mail carries the signed PDF, whose text holds the typed name and the terms.
    for (const to of [writer.email, t.config.adminNotifyEmail]) {
      const [attached] = (await latestMail(t, to, 'pitch-agreement-signed')).attachments ?? [];
      expect(attached).toMatchObject({ filename: `pitch-agreement-${offered.id}.pdf`, contentType: 'application/pdf' });
      const pdf = Buffer.from(attached!.contentBase64, 'base64');
      const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
      expect(text).toContain('Luke Albert Combs');
      expect(text).toContain('15%');
    }

    // The database itself refuses to change a signed agreement.
    await expect(
      t.db.update(pitchAgreements).set({ commissionPercent: 50 }).where(eq(pitchAgreements.id, offered.id)),
    ).rejects.toMatchObject({
      cause: { message: 'a signed pitch agreement cannot be changed' },
    });
    expect((await stored(offered.id)).commissionPercent).toBe(15);
  });

  test("a second acceptance, another songwriter's and a late one are refused, leaving the row as it was", async () => {
    const review = await reviewedSong();
    const { body: offered } = await offer(review.id);
    const stranger = await accept(otherClient, offered.id);
    expect(stranger.status).toBe(404);
    expect((await stored(offered.id)).status).toBe('offered');

    expect((await accept(writerClient, offered.id)).status).toBe(200);
    const second = await accept(writerClient, offered.id, { legalName: 'Someone Else', consent: true });
    expect(second.status).toBe(409);
    expect(second.body.error.message).toBe(m.notOpen);
    expect((await stored(offered.id)).signedName).toBe('Luke Albert Combs');

    const lateReview = await reviewedSong();
    const { body: late } = await offer(lateReview.id);
    await t.db
      .update(pitchAgreements)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pitchAgreements.id, late.id));
    const refused = await accept(writerClient, late.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(m.expired);
    expect((await writerClient.get(`/api/pitch-agreements/${late.id}`)).body.state).toBe('expired');
    expect((await stored(late.id)).signedName).toBeNull();
    // The song may be offered again; the lapsed offer is stored as expired.
    expect((await offer(lateReview.id)).status).toBe(201);
    expect((await stored(late.id)).status).toBe('expired');
  });

  test('of ten acceptances sent at once, exactly one signs', async () => {
    const review = await reviewedSong();
    const { body: offered } = await offer(review.id);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => accept(writerClient, offered.id, { legalName: `Luke Combs ${i}`, consent: true })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    const winner = answers.find((a) => a.status === 200)!.body.signedName;
    expect((await stored(offered.id)).signedName).toBe(winner);
  });

  test('needs the typed name and the consent box', async () => {
    const review = await reviewedSong();
    const { body: offered } = await offer(review.id);
    const res = await accept(writerClient, offered.id, { legalName: '   ', consent: false });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ legalName: [m.legalNameRequired], consent: [m.consentRequired] });
    expect((await stored(offered.id)).status).toBe('offered');
  });
});

test('the signed agreement downloads as a PDF, for the songwriter and the admin, whose text holds the terms and the typed name', async () => {
  const review = await reviewedSong();
  const { body: offered } = await offer(review.id, { commissionPercent: 15, termMonths: 24 });
  const path = `/api/pitch-agreements/${offered.id}/pdf`;
  expect((await writerClient.get(path)).status).toBe(404);
  await accept(writerClient, offered.id);

  const res = await writerClient.get(path);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['content-disposition']).toBe(`attachment; filename="pitch-agreement-${offered.id}.pdf"`);
  const { text } = await extractText(new Uint8Array(res.bytes), { mergePages: true });
  const words = text.replace(/\s+/g, ' ');
  expect(words).toContain('we receive 15% of the income');
  expect(words).toContain('For 24 months');
  expect(words).toContain('Gravel Road Goodbye');
  expect(words).toContain('Name: Luke Albert Combs');
  expect(words).toContain((await stored(offered.id)).textSha256);

  const byAdmin = await admin.get(`/api/admin/pitch-agreements/${offered.id}/pdf`);
  expect(byAdmin.status).toBe(200);
  expect(byAdmin.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect((await otherClient.get(path)).status).toBe(404);
});

describe('decline and withdraw', () => {
  test('the songwriter declines with a reason; it can then be neither accepted nor withdrawn', async () => {
    const review = await reviewedSong();
    const { body: offered } = await offer(review.id);
    const res = await writerClient.post(`/api/pitch-agreements/${offered.id}/decline`, { reason: 'I am pitching it myself.' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ state: 'declined', declineReason: 'I am pitching it myself.' });
    const told = await latestMail(t, t.config.adminNotifyEmail, 'pitch-offer-declined');
    expect(told.subject).toBe('Pitch offer declined: "Gravel Road Goodbye"');
    expect(told.textBody).toContain('Their reason: I am pitching it myself.');
    expect((await accept(writerClient, offered.id)).status).toBe(409);
    expect((await admin.post(`/api/admin/pitch-agreements/${offered.id}/withdraw`)).status).toBe(409);
    expect((await stored(offered.id)).status).toBe('declined');
  });

  test('the admin withdraws an unanswered offer, which can no longer be accepted, and may offer again', async () => {
    const review = await reviewedSong();
    const { body: offered } = await offer(review.id);
    const res = await admin.post(`/api/admin/pitch-agreements/${offered.id}/withdraw`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.state).toBe('withdrawn');
    expect((await latestMail(t, writer.email, 'pitch-offer-withdrawn')).subject).toBe(
      'Our pitch offer for "Gravel Road Goodbye" was withdrawn',
    );
    expect((await accept(writerClient, offered.id)).status).toBe(409);
    expect((await stored(offered.id)).status).toBe('withdrawn');
    const listed = await admin.get(`/api/admin/pitch-agreements?reviewId=${review.id}`);
    expect(listed.body.map((a: { state: string }) => a.state)).toEqual(['withdrawn']);
    expect((await offer(review.id)).status).toBe(201);
  });

  test('an accepted agreement cannot be withdrawn', async () => {
    const review = await reviewedSong();
    const { body: offered } = await offer(review.id);
    await accept(writerClient, offered.id);
    expect((await admin.post(`/api/admin/pitch-agreements/${offered.id}/withdraw`)).status).toBe(409);
    expect((await stored(offered.id)).status).toBe('accepted');
  });
});

test('a songwriter with a signed agreement is not reset (it would delete the agreement); an unsigned offer goes with the reset', async () => {
  const signer = await makeSongwriter(t.db);
  const signerClient = await signedInClient(t, signer);
  const { body: signed } = await offer((await reviewedSong('reviewed', signer.id)).id);
  await accept(signerClient, signed.id);
  // Asked first, the admin is told before confirming, on the e-mail field.
  const checked = await admin.get(`/api/admin/reset-songwriter?email=${encodeURIComponent(signer.email)}`);
  expect(checked.status).toBe(409);
  expect(checked.body.error.fields).toEqual({ email: [MESSAGES.admin.resetRefusesSignedAgreement] });
  const refused = await admin.post('/api/admin/reset-songwriter', { email: signer.email });
  expect(refused.status).toBe(409);
  expect(refused.body.error.message).toBe(MESSAGES.admin.resetRefusesSignedAgreement);
  expect((await stored(signed.id)).status).toBe('accepted');

  const other = await makeSongwriter(t.db);
  const { body: open } = await offer((await reviewedSong('reviewed', other.id)).id);
  expect((await admin.post('/api/admin/reset-songwriter', { email: other.email })).body).toMatchObject({ deleted: true });
  expect(await t.db.select().from(pitchAgreements).where(eq(pitchAgreements.id, open.id))).toEqual([]);
});

test('a songwriter answers only their own offers; a stranger, a signed-out caller and a songwriter on the admin routes are refused', async () => {
  const { body: offered } = await offer((await reviewedSong()).id);
  expect((await otherClient.post(`/api/pitch-agreements/${offered.id}/decline`, {})).status).toBe(404);
  expect((await t.client().post(`/api/pitch-agreements/${offered.id}/decline`, {})).status).toBe(401);
  expect((await writerClient.get(`/api/admin/pitch-agreements?reviewId=${offered.reviewId}`)).status).toBe(403);
  expect((await stored(offered.id)).status).toBe('offered');
});

test('an offer past its expiry can be neither declined nor withdrawn; it stays expired', async () => {
  const { body: offered } = await offer((await reviewedSong()).id);
  await t.db
    .update(pitchAgreements)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(pitchAgreements.id, offered.id));
  expect((await writerClient.post(`/api/pitch-agreements/${offered.id}/decline`, {})).body.error.message).toBe(m.expired);
  expect((await admin.post(`/api/admin/pitch-agreements/${offered.id}/withdraw`)).body.error.message).toBe(m.expired);
  expect((await admin.get(`/api/admin/pitch-agreements?reviewId=${offered.reviewId}`)).body[0].state).toBe('expired');
});

test('the text signed is the one stored with the offer, and the PDF and the hash follow it', async () => {
  const { body: offered } = await offer((await reviewedSong()).id);
  // Whatever renders agreements later (new wording, a renamed site), this offer keeps its text.
  await t.db
    .update(pitchAgreements)
    .set({ agreementText: 'PITCH AGREEMENT (version old)\n\nThe old wording.' })
    .where(eq(pitchAgreements.id, offered.id));
  const signed = await accept(writerClient, offered.id);
  expect(signed.body.text).toBe('PITCH AGREEMENT (version old)\n\nThe old wording.');
  expect((await stored(offered.id)).textSha256).toBe(textHash('PITCH AGREEMENT (version old)\n\nThe old wording.'));
  const { text } = await extractText(new Uint8Array((await writerClient.get(`/api/pitch-agreements/${offered.id}/pdf`)).bytes), {
    mergePages: true,
  });
  expect(text).toContain('The old wording.');
});

test('the pitch pipeline counts agreements by state, expired ones included, and lists one state on request', async () => {
  const pipeline = async (state?: string) => (await admin.get(`/api/admin/pitch-pipeline${state ? `?state=${state}` : ''}`)).body;
  const before = (await pipeline()).counts;
  const { body: open } = await offer((await reviewedSong()).id);
  const { body: declined } = await offer((await reviewedSong()).id);
  await writerClient.post(`/api/pitch-agreements/${declined.id}/decline`, {});
  const { body: lapsed } = await offer((await reviewedSong()).id);
  await t.db
    .update(pitchAgreements)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(pitchAgreements.id, lapsed.id));

  const after = await pipeline();
  expect(after.counts).toEqual({ ...before, offered: before.offered + 1, declined: before.declined + 1, expired: before.expired + 1 });
  expect(after.rows.slice(0, 3).map((r: { id: string; state: string }) => [r.id, r.state])).toEqual([
    [lapsed.id, 'expired'],
    [declined.id, 'declined'],
    [open.id, 'offered'],
  ]);
  expect(after.rows[0]).toMatchObject({ songTitle: 'Gravel Road Goodbye', writerEmail: writer.email, writerName: 'Luke Combs' });
  const onlyExpired = await pipeline('expired');
  expect(onlyExpired.rows.map((r: { state: string }) => r.state)).toEqual(Array(after.counts.expired).fill('expired'));
  expect(onlyExpired.rows.map((r: { id: string }) => r.id)).toContain(lapsed.id);
  expect((await admin.get('/api/admin/pitch-pipeline?state=placed')).status).toBe(400);
  expect((await writerClient.get('/api/admin/pitch-pipeline')).status).toBe(403);
});

test('the pipeline follows a signed agreement to its catalogue song and its furthest placement, with a count per stage', async () => {
  const pipeline = async (state?: string) => (await admin.get(`/api/admin/pitch-pipeline${state ? `?state=${state}` : ''}`)).body;
  const signed = async () => {
    const { body } = await offer((await reviewedSong()).id);
    await accept(writerClient, body.id);
    return body.id as string;
  };
  /** The catalogue song the signing brought in, published or not. */
  const inCatalogue = async (pitchAgreementId: string, isActive = true) =>
    (await t.db.update(songs).set({ isActive }).where(eq(songs.pitchAgreementId, pitchAgreementId)).returning())[0]!.id;
  const placed = async (songId: string, ...statuses: string[]) => {
    for (const status of statuses)
      expect((await admin.post('/api/admin/placements', { songId, artist: 'Luke Bryan', status })).status).toBe(201);
  };
  const before = (await pipeline()).counts;

  const noSong = await signed();
  const hidden = await signed();
  await inCatalogue(hidden, false);
  const listed = await signed();
  const listedSong = await inCatalogue(listed);
  const held = await signed();
  await placed(await inCatalogue(held), 'on_hold');
  const cut = await signed();
  await placed(await inCatalogue(cut), 'on_hold', 'cut', 'on_hold');
  const released = await signed();
  const releasedSong = await inCatalogue(released, false);
  await placed(releasedSong, 'cut', 'released');
  const { body: withdrawn } = await offer((await reviewedSong()).id);
  await admin.post(`/api/admin/pitch-agreements/${withdrawn.id}/withdraw`);

  const after = await pipeline();
  expect(after.counts).toEqual({
    ...before,
    accepted: before.accepted + 2,
    in_catalogue: before.in_catalogue + 1,
    on_hold: before.on_hold + 1,
    cut: before.cut + 1,
    released: before.released + 1,
    withdrawn: before.withdrawn + 1,
  });
  const stageOf = Object.fromEntries(
    after.rows.map((r: { id: string; state: string; songId: string | null }) => [r.id, [r.state, r.songId]]),
  );
  // Signing brings a draft in at once: signed, with its song, until the song is published.
  expect(stageOf[noSong]).toEqual(['accepted', expect.any(String)]);
  expect(stageOf[hidden]![0]).toBe('accepted');
  expect(stageOf[listed]).toEqual(['in_catalogue', listedSong]);
  expect(stageOf[held]![0]).toBe('on_hold');
  expect(stageOf[cut]![0]).toBe('cut');
  expect(stageOf[released]).toEqual(['released', releasedSong]);
  expect(stageOf[withdrawn.id]).toEqual(['withdrawn', null]);

  for (const stage of ['accepted', 'in_catalogue', 'on_hold', 'cut', 'released'] as const) {
    const only = await pipeline(stage);
    expect(only.rows.map((r: { state: string }) => r.state)).toEqual(Array(after.counts[stage]).fill(stage));
  }
  expect((await pipeline('cut')).rows.map((r: { id: string }) => r.id)).toContain(cut);
});

test('only songwriters answer offers, and only admins make them', async () => {
  const preview = await signedInClient(t, await makePreviewUser(t.db));
  expect((await preview.get('/api/pitch-agreements')).status).toBe(403);
  const review = await reviewedSong();
  expect((await writerClient.post('/api/admin/pitch-agreements', { reviewId: review.id })).status).toBe(403);
});
