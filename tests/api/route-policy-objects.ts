import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { makePaidOrder, makeUser } from '../../src/server/db/seed/factories';
import { makeSong } from '../../src/server/db/seed/song-factories';
import { PITCH_AGREEMENT } from '../../src/common/constants';
import { briefs, pitchAgreements, songReviews, songs } from '../../src/server/db/schema';
import { fileLink } from '../../src/server/features/files/files.service';
import type { TestClient, TestResponse } from '../setup/http-client';
import type { TestApp } from '../setup/test-app';

/** One request of the policy matrix: JSON (an empty object for writes unless given) or a multipart form. */
export interface PolicyRequest {
  method: string;
  path: string;
  json?: unknown;
  form?: () => FormData;
}

export function send(client: TestClient, req: PolicyRequest): Promise<TestResponse> {
  if (req.form) return client.sendForm(req.method, req.path, req.form());
  return client.request(req.method, req.path, req.json ?? (req.method === 'GET' ? undefined : {}));
}

/**
 * A route called with a real object of the owner's. The owner must succeed (2xx); every other caller names the
 * same object (`owned`, or `asAnother` for another songwriter) and gets what the table says, another songwriter
 * a 404 no different from the one for an object that does not exist (`missing`, sent by that songwriter).
 */
export interface OwnedCase {
  /** The policy table's key, "METHOD /path". */
  route: string;
  /** Which of the owner's objects, when a route has more than one kind. */
  object: string;
  owned: PolicyRequest;
  asAnother?: PolicyRequest;
  missing: PolicyRequest;
}

const mp3 = synthesizeMp3({ seconds: 1 });

function songForm(orderId: string, title: string, lyricsFile = false) {
  return () => {
    const form = new FormData();
    form.set(
      'data',
      JSON.stringify({
        orderId,
        title,
        lyricsText: 'Neon hums a minor key',
        storyArc: 'A writer walks home after a bad co-write and finds the song.',
        aiUsage: 'No AI was used for lyrics or music.',
        additionalNotes: '',
        agreed: true,
      }),
    );
    form.set('audio', new Blob([new Uint8Array(mp3)]), 'song.mp3');
    if (lyricsFile) form.set('lyricsFile', new Blob([new Uint8Array(Buffer.from('Verse one\nChorus\n'))]), 'lyrics.txt');
    return form;
  };
}

/**
 * The owner's objects, made the way the product makes them: a paid 4-song order (the payment fulfilment's
 * rows), one song submitted through the API with its audio and lyrics file, a message on its review, and a
 * test checkout started through the API and not yet paid.
 */
export async function makeOwnedObjects(t: TestApp, owner: { id: string; client: TestClient }) {
  const order = await makePaidOrder(t.db, owner.id, 4);
  const submitted = await send(owner.client, {
    method: 'POST',
    path: '/api/submissions',
    form: songForm(order.id, 'Policy Matrix Waltz', true),
  });
  expect(submitted.status, submitted.text).toBe(201);
  const reviewId: string = submitted.body.id;
  const message = await owner.client.post(`/api/reviews/${reviewId}/messages`, { message: 'Is the second verse too long?' });
  expect(message.status, message.text).toBe(201);
  const review = await owner.client.get(`/api/reviews/${reviewId}`);
  expect(review.status, review.text).toBe(200);
  expect(review.body.messages).toHaveLength(1);
  const [row] = await t.db.select().from(songReviews).where(eq(songReviews.id, reviewId));
  const checkout = await owner.client.post('/api/songwriters/me/checkout', { packageSize: 1 });
  expect(checkout.status, checkout.text).toBe(201);
  const sessionId = /\/test-checkout\/([^/?#]+)/.exec(checkout.body.url)?.[1];
  expect(sessionId, checkout.body.url).toMatch(/^test_cs_/);
  // Three songs of another package, reviewed, each with a pitch offer: one to sign, one to decline, one signed.
  const pitchedOrder = await makePaidOrder(t.db, owner.id, 3);
  const [toSign, toDecline, signed] = await Promise.all(
    [1, 2, 3].map(async (songNumber) => {
      const [pitched] = await t.db
        .insert(songReviews)
        .values({
          songwriterId: owner.id,
          orderId: pitchedOrder.id,
          songNumber,
          songTitle: `Pitched Song ${songNumber}`,
          storyArc: 'A song good enough to pitch.',
          aiUsage: 'No AI was used.',
          status: 'reviewed',
          adminReview: 'Ready to pitch.',
          reviewedAt: new Date(),
        })
        .returning({ id: songReviews.id });
      const [agreement] = await t.db
        .insert(pitchAgreements)
        .values({
          reviewId: pitched!.id,
          songwriterId: owner.id,
          commissionPercent: PITCH_AGREEMENT.defaultCommissionPercent,
          termMonths: PITCH_AGREEMENT.defaultTermMonths,
          expiresAt: new Date(Date.now() + 86_400_000),
          textVersion: PITCH_AGREEMENT.textVersion,
          agreementText: 'The agreement as offered.',
          ...(songNumber === 3 && {
            status: 'accepted' as const,
            signedName: 'Policy Matrix Writer',
            textSha256: '0'.repeat(64),
            answeredAt: new Date(),
          }),
        })
        .returning({ id: pitchAgreements.id });
      return { agreement: agreement!.id, review: pitched!.id };
    }),
  );
  // A sent review that suggests a rewrite, for the owner's one rewrite.
  const [close] = await t.db
    .insert(songReviews)
    .values({
      songwriterId: owner.id,
      orderId: (await makePaidOrder(t.db, owner.id, 1)).id,
      songNumber: 1,
      songTitle: 'Close But Not Yet',
      lyricsText: 'Verse one',
      storyArc: 'A song one rewrite away.',
      aiUsage: 'No AI was used.',
      status: 'reviewed',
      verdict: 'rewrite_suggested',
      adminReview: 'Rewrite the verse.',
      reviewedAt: new Date(),
    })
    .returning({ id: songReviews.id });
  // The signed song in the catalogue, and an open brief it may answer.
  const staff = await makeUser(t.db, { roles: ['admin'] });
  const signedSong = await makeSong(t.db, t.storage, staff.id, { title: 'Pitched Song 3', slug: 'policy-matrix-signed', seconds: 1 });
  await t.db.update(songs).set({ pitchAgreementId: signed!.agreement }).where(eq(songs.id, signedSong.id));
  const [brief] = await t.db
    .insert(briefs)
    .values({
      ownerId: staff.id,
      state: 'open',
      title: 'Uptempo country',
      description: 'For a record cutting soon.',
      artistShown: 'a major-label artist',
      deadlineOn: '2099-12-31',
      approvedBy: staff.id,
      approvedAt: new Date(),
    })
    .returning({ id: briefs.id });
  return {
    orderId: order.id,
    reviewId,
    /** An open brief, and the owner's song signed into the catalogue that answers it. */
    openBriefId: brief!.id,
    signedSongId: signedSong.id,
    /** A sent review suggesting a rewrite, for the owner to send one. */
    closeReviewId: close!.id,
    agreementToSign: toSign!.agreement,
    agreementToDecline: toDecline!.agreement,
    agreementSigned: signed!.agreement,
    /** A review that was sent, for the owner to rate. */
    sentReviewId: toSign!.review,
    sessionId: sessionId!,
    audio: { fileId: row!.audioFileId!, ownerLink: review.body.audioUrl as string },
    lyricsFile: { fileId: row!.lyricsFileId!, ownerLink: review.body.lyricsFileUrl as string },
  };
}
export type OwnedObjects = Awaited<ReturnType<typeof makeOwnedObjects>>;

/** Every owner-scoped route with the owner's real object (the test checks that no such route lacks one). */
export function ownedCases(objects: OwnedObjects, secret: string, anotherId: string): OwnedCase[] {
  const noSuchId = randomUUID();
  const noSuchSession = `test_cs_${randomUUID()}`;
  const get = (path: string): PolicyRequest => ({ method: 'GET', path });
  const file = (object: string, f: { fileId: string; ownerLink: string }): OwnedCase => ({
    route: 'GET /api/files/:token',
    object,
    owned: get(f.ownerLink),
    // A genuine link, issued to the other songwriter, for the owner's file: only ownership stands in the way.
    asAnother: get(fileLink(secret, f.fileId, anotherId)),
    missing: get(fileLink(secret, noSuchId, anotherId)),
  });
  const message = { message: 'A note on the bridge.' };
  const rewriteForm = () => {
    const form = new FormData();
    form.set('data', JSON.stringify({ note: 'A new verse.', lyricsText: 'Verse one, rewritten' }));
    return form;
  };
  const signature = { legalName: 'Policy Matrix Writer', consent: true };
  return [
    {
      route: 'GET /api/songwriters/me/orders/:id',
      object: 'paid order',
      owned: get(`/api/songwriters/me/orders/${objects.orderId}`),
      missing: get(`/api/songwriters/me/orders/${noSuchId}`),
    },
    {
      route: 'GET /api/reviews/:id',
      object: 'review',
      owned: get(`/api/reviews/${objects.reviewId}`),
      missing: get(`/api/reviews/${noSuchId}`),
    },
    {
      route: 'GET /api/reviews/:id/studio',
      object: 'review',
      owned: get(`/api/reviews/${objects.reviewId}/studio`),
      missing: get(`/api/reviews/${noSuchId}/studio`),
    },
    {
      route: 'POST /api/reviews/:id/messages',
      object: 'review',
      owned: { method: 'POST', path: `/api/reviews/${objects.reviewId}/messages`, json: message },
      missing: { method: 'POST', path: `/api/reviews/${noSuchId}/messages`, json: message },
    },
    {
      route: 'POST /api/reviews/:id/rating',
      object: 'sent review',
      owned: { method: 'POST', path: `/api/reviews/${objects.sentReviewId}/rating`, json: { rating: 5 } },
      missing: { method: 'POST', path: `/api/reviews/${noSuchId}/rating`, json: { rating: 5 } },
    },
    {
      route: 'POST /api/reviews/:id/rewrite',
      object: 'review suggesting a rewrite',
      owned: { method: 'POST', path: `/api/reviews/${objects.closeReviewId}/rewrite`, form: rewriteForm },
      missing: { method: 'POST', path: `/api/reviews/${noSuchId}/rewrite`, form: rewriteForm },
    },
    {
      route: 'GET /api/test-checkout/:sessionId',
      object: 'checkout session',
      owned: get(`/api/test-checkout/${objects.sessionId}`),
      missing: get(`/api/test-checkout/${noSuchSession}`),
    },
    {
      route: 'POST /api/test-checkout/:sessionId/pay',
      object: 'checkout session',
      owned: { method: 'POST', path: `/api/test-checkout/${objects.sessionId}/pay` },
      missing: { method: 'POST', path: `/api/test-checkout/${noSuchSession}/pay` },
    },
    {
      route: 'GET /api/pitch-agreements/:id',
      object: 'pitch agreement',
      owned: get(`/api/pitch-agreements/${objects.agreementToSign}`),
      missing: get(`/api/pitch-agreements/${noSuchId}`),
    },
    {
      route: 'GET /api/pitch-agreements/:id/pdf',
      object: 'signed pitch agreement',
      owned: get(`/api/pitch-agreements/${objects.agreementSigned}/pdf`),
      missing: get(`/api/pitch-agreements/${noSuchId}/pdf`),
    },
    {
      route: 'POST /api/pitch-agreements/:id/accept',
      object: 'pitch agreement',
      owned: { method: 'POST', path: `/api/pitch-agreements/${objects.agreementToSign}/accept`, json: signature },
      missing: { method: 'POST', path: `/api/pitch-agreements/${noSuchId}/accept`, json: signature },
    },
    {
      route: 'POST /api/pitch-agreements/:id/decline',
      object: 'pitch agreement',
      owned: { method: 'POST', path: `/api/pitch-agreements/${objects.agreementToDecline}/decline`, json: {} },
      missing: { method: 'POST', path: `/api/pitch-agreements/${noSuchId}/decline`, json: {} },
    },
    file('submission audio', objects.audio),
    file('lyrics file', objects.lyricsFile),
    {
      route: 'POST /api/briefs/:id/answers',
      object: 'signed catalogue song (in the body)',
      owned: { method: 'POST', path: `/api/briefs/${objects.openBriefId}/answers`, json: { songId: objects.signedSongId } },
      missing: { method: 'POST', path: `/api/briefs/${objects.openBriefId}/answers`, json: { songId: noSuchId } },
    },
    {
      route: 'POST /api/submissions',
      object: 'paid order (in the body)',
      owned: { method: 'POST', path: '/api/submissions', form: songForm(objects.orderId, 'Second Song for the Matrix') },
      missing: { method: 'POST', path: '/api/submissions', form: songForm(noSuchId, 'Second Song for the Matrix') },
    },
  ];
}
