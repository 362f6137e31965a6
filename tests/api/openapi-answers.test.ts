import { afterAll, beforeAll, expect, test } from 'vitest';
import { makePaidOrder, makeSongwriter, makeUser } from '../../src/server/db/seed/factories';
import { makeSong } from '../../src/server/db/seed/song-factories';
import { songReviews } from '../../src/server/db/schema';
import type { TestClient, TestResponse } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

type Json = Record<string, any>;

let t: TestApp;
let doc: Json;
let admin: TestClient;
let writer: TestClient;
let slug: string;
let agreementId: string;

beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.client().get('/api/openapi.json')).body;
  const adminUser = await makeUser(t.db, { roles: ['admin'] });
  admin = await signedInClient(t, adminUser);
  slug = (await makeSong(t.db, t.storage, adminUser.id, { title: 'Documented Answers', seconds: 1 })).slug;

  // A signed pitch agreement, for its PDF.
  const songwriter = await makeSongwriter(t.db);
  writer = await signedInClient(t, songwriter);
  const order = await makePaidOrder(t.db, songwriter.id, 1);
  const [review] = await t.db
    .insert(songReviews)
    .values({
      songwriterId: songwriter.id,
      orderId: order.id,
      songNumber: 1,
      songTitle: 'Signed Song',
      lyricsText: 'A line\nAnother line',
      storyArc: 'A story.',
      aiUsage: 'No AI was used.',
      status: 'reviewed',
      adminReview: 'Strong hook.',
      reviewedAt: new Date(),
    })
    .returning();
  const offered = await admin.post('/api/admin/pitch-agreements', { reviewId: review!.id });
  expect(offered.status, offered.text).toBe(201);
  agreementId = offered.body.id;
  const signed = await writer.post(`/api/pitch-agreements/${agreementId}/accept`, { legalName: 'Luke Writer', consent: true });
  expect(signed.status, signed.text).toBe(200);
});
afterAll(() => t.close());

/** A media type without its parameters, as an OpenAPI content key or a Content-Type header may carry them. */
const bare = (mediaType: string) => mediaType.split(';')[0]!.trim().toLowerCase();

/**
 * The answer is one the document describes for the operation: its status is listed, and a body comes in one of
 * the media types listed for that status (a redirect, with the Location the document announces).
 */
function expectDocumented(res: TestResponse, method: string, template: string) {
  const where = `${method} ${template} → ${res.status} ${res.headers['content-type'] ?? ''}`;
  const described: Json | undefined = doc.paths[template]?.[method]?.responses?.[String(res.status)];
  expect(described, `${where}: status not in the document`).toBeDefined();
  if (res.status >= 300 && res.status < 400) {
    expect(res.headers.location, where).toBeTruthy();
    expect(described!.headers?.Location, where).toBeDefined();
    return;
  }
  const documented = Object.keys(described!.content ?? {}).map(bare);
  expect(documented, where).toContain(bare(String(res.headers['content-type'])));
}

test('the downloads answer in the media types the document gives them', async () => {
  const mp3 = await admin.get(`/api/songs/${slug}/mp3`);
  expect(mp3.status, mp3.text).toBe(200);
  expect(mp3.headers['content-type']).toBe('audio/mpeg');
  expectDocumented(mp3, 'get', '/api/songs/{slug}/mp3');

  const sheet = await admin.get(`/api/songs/${slug}/lyric-sheet`);
  expect(sheet.headers['content-type']).toBe('application/pdf');
  expectDocumented(sheet, 'get', '/api/songs/{slug}/lyric-sheet');

  const pdf = await writer.get(`/api/pitch-agreements/${agreementId}/pdf`);
  expect(pdf.headers['content-type']).toBe('application/pdf');
  expectDocumented(pdf, 'get', '/api/pitch-agreements/{id}/pdf');
  const adminPdf = await admin.get(`/api/admin/pitch-agreements/${agreementId}/pdf`);
  expectDocumented(adminPdf, 'get', '/api/admin/pitch-agreements/{id}/pdf');

  const csv = await admin.get('/api/admin/song-export');
  expect(csv.headers['content-type']).toMatch(/^text\/csv/);
  expectDocumented(csv, 'get', '/api/admin/song-export');
  expectDocumented(await admin.get('/api/admin/pitch-activity-export'), 'get', '/api/admin/pitch-activity-export');
});

test("a stored file through its signed link: whole, a byte range, each in the file's documented type", async () => {
  const song = await admin.get(`/api/songs/${slug}`);
  const { pathname, search } = new URL(song.body.audioUrl, t.url);
  const whole = await admin.get(pathname + search);
  expect(whole.status).toBe(200);
  expect(bare(whole.headers['content-type']!)).toBe('audio/mpeg');
  expectDocumented(whole, 'get', '/api/files/{token}');
  const part = await admin.get(pathname + search, { Range: 'bytes=0-99' });
  expect(part.status).toBe(206);
  expectDocumented(part, 'get', '/api/files/{token}');
});

test('the document itself, and better-auth endpoints one by one: a JSON answer, a redirect', async () => {
  expectDocumented(await t.client().get('/api/openapi.json'), 'get', '/api/openapi.json');
  const session = await admin.get('/api/auth/get-session');
  expect(session.body.user.email).toBeTruthy();
  expectDocumented(session, 'get', '/api/auth/get-session');
  // A reset link nobody asked for still redirects, to the page with the error.
  const reset = await t.client().get('/api/auth/reset-password/no-such-token?callbackURL=%2Freset-password');
  expect(reset.status).toBe(302);
  expect(reset.headers.location).toMatch(/error=INVALID_TOKEN/);
  expectDocumented(reset, 'get', '/api/auth/reset-password/{token}');
  // better-auth's own description is read by the server only: not a route of the app.
  expect((await t.client().get('/api/auth/open-api/generate-schema')).status).toBe(404);
});
