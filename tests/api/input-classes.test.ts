import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LIMITS } from '../../src/common/constants';
import * as MESSAGES from '../../src/common/messages';
import { mailOutbox, previewRequests, songs, users } from '../../src/server/db/schema';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { makePreviewUser, makeUser, uniqueEmail } from '../../src/server/db/seed/factories';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

/**
 * Classes of input rather than single cases: every text field refuses control characters (NUL first, which
 * PostgreSQL cannot store), every date is a day that exists, every number fits its column, a multipart body
 * must be one, and the account name has a maximum. Each is a 400 with the field's message, never a 500.
 */
let t: TestApp;
let admin: TestClient;
let preview: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInClient(t, await makeUser(t.db, { roles: ['admin'] }));
  preview = await signedInClient(t, await makePreviewUser(t.db));
});
afterAll(() => t.close());

const v = MESSAGES.validation;
const contact = (over: Record<string, string>) => ({
  name: 'Wade Writer',
  email: uniqueEmail('contact'),
  subject: 'Co-write?',
  message: 'Hello from Music Row.',
  ...over,
});
const previewRequest = (over: Record<string, string>) => ({
  name: 'Paula Publisher',
  companyName: 'Row Music',
  email: uniqueEmail('request'),
  proAffiliation: 'BMI',
  projectDescription: 'Songs for a country record.',
  ...over,
});

describe('outside test finding 3: a control character in a text field answers 400 with the field message, never 500', () => {
  test('NUL and other control characters in the anonymous contact form and preview request are refused, and nothing is sent or stored', async () => {
    for (const ch of ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085']) {
      const label = JSON.stringify(ch);
      const sent = contact({ message: `Hello${ch}there` });
      const res = await t.client().post('/api/contact', sent);
      expect(res.status, `${label}: ${res.text}`).toBe(400);
      expect(res.body.error, label).toMatchObject({ code: 'INVALID', fields: { message: [v.controlCharacters] } });
      expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.replyTo, sent.email)), label).toEqual([]);

      const request = previewRequest({ companyName: `Row${ch}Music` });
      const asked = await t.client().post('/api/preview-requests', request);
      expect(asked.status, `${label}: ${asked.text}`).toBe(400);
      expect(asked.body.error, label).toMatchObject({ code: 'INVALID', fields: { companyName: [v.controlCharacters] } });
      expect(await t.db.select().from(previewRequests).where(eq(previewRequests.email, request.email)), label).toEqual([]);
    }
  });

  test('in a query string and a path segment too: a catalogue search and an admin lookup with NUL answer 400', async () => {
    const search = await preview.get(`/api/songs?q=${encodeURIComponent('gravel\u0000road')}`);
    expect(search.status, search.text).toBe(400);
    expect(search.body.error.fields).toEqual({ q: [v.controlCharacters] });

    const lookup = await admin.get(`/api/admin/customers/${encodeURIComponent('user\u0000id')}/orders`);
    expect(lookup.status, lookup.text).toBe(400);
    expect(lookup.body.error.fields).toEqual({ userId: [v.controlCharacters] });
  });

  test("better-auth's routes too: a password-reset token or a verification token with NUL answers 400", async () => {
    const reset = await t.client().post('/api/auth/reset-password', { token: 'reset\u0000token', newPassword: 'orchard-pickup-lantern-3' });
    expect(reset.status, reset.text).toBe(400);
    expect(reset.body.message).toBe(v.controlCharacters);
    const verify = await t.client().get(`/api/auth/verify-email?token=${encodeURIComponent('verify\u0000token')}`);
    expect(verify.status, verify.text).toBe(400);
    expect(verify.body.message).toBe(v.controlCharacters);
  });

  test('multi-line text keeps its newlines and tabs; a single-line field refuses them', async () => {
    const sent = contact({ message: 'Verse one\n\tChorus\r\nBridge' });
    const res = await t.client().post('/api/contact', sent);
    expect(res.status, res.text).toBe(201);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.replyTo, sent.email));
    expect(mail!.textBody).toContain('Verse one\n\tChorus');

    const tabbed = await t.client().post('/api/contact', contact({ subject: 'Co-write\tnext week' }));
    expect(tabbed.status, tabbed.text).toBe(400);
    expect(tabbed.body.error.fields).toEqual({ subject: [v.controlCharacters] });
  });
});

describe('outside test finding 12: impossible dates, out-of-range numbers and broken multipart answer 400, never 500', () => {
  test('impossible dates answer 400 with the field message: a customers filter and a pitch link expiry', async () => {
    for (const [from, to] of [
      ['2024-13-45', '2024-02-30'],
      ['2023-02-29', '0000-01-01'],
    ]) {
      const res = await admin.get(`/api/admin/customers?from=${from}&to=${to}`);
      expect(res.status, `${from}..${to}: ${res.text}`).toBe(400);
      expect(res.body.error.fields).toEqual({ from: [v.dateInvalid], to: [v.dateInvalid] });
    }
    const nextYear = new Date().getUTCFullYear() + 1;
    // A year ahead is allowed, but 30 February is no day at all.
    const link = await admin.post('/api/admin/pitch-links', {
      recipientName: 'Pat',
      recipientEmail: uniqueEmail('pitch'),
      expiresOn: `${nextYear}-02-30`,
      songIds: [crypto.randomUUID()],
    });
    expect(link.status, link.text).toBe(400);
    expect(link.body.error.fields).toEqual({ expiresOn: [MESSAGES.pitching.expiryInvalid] });
  });

  test('a number past its column answers 400: a song order index of 2^31', async () => {
    const form = new FormData();
    const slug = `order-index-${Date.now()}`;
    form.set(
      'data',
      JSON.stringify({ title: 'Far Down the List', slug, description: 'A song.', lyrics: 'Verse one', orderIndex: 2 ** 31 }),
    );
    form.set('audio', new Blob([new Uint8Array(synthesizeMp3({ seconds: 1 }))]), 'song.mp3');
    const res = await admin.sendForm('POST', '/api/admin/songs', form);
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.fields).toEqual({ orderIndex: [MESSAGES.songs.orderIndexTooLarge] });
    expect(await t.db.select().from(songs).where(eq(songs.slug, slug))).toEqual([]);
  });

  test('a multipart upload without a boundary, or cut short, answers 400 INVALID', async () => {
    for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=']) {
      const res = await admin.request('POST', '/api/admin/songs', Buffer.from('--x\r\n\r\n'), { 'content-type': contentType });
      expect(res.status, `${contentType}: ${res.text}`).toBe(400);
      expect(res.body.error.code).toBe('INVALID');
    }
    const cut = Buffer.from('--b\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"title":');
    const res = await admin.request('POST', '/api/admin/songs', cut, { 'content-type': 'multipart/form-data; boundary=b' });
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.code).toBe('INVALID');
  });
});

describe('outside test finding 14: the account name has a maximum', () => {
  test(`sign-up with a name over ${LIMITS.nameMax} characters (and 1,000,000) is refused with 400 and no account; ${LIMITS.nameMax} is taken`, async () => {
    for (const length of [LIMITS.nameMax + 1, 1_000_000]) {
      const email = uniqueEmail('long-name');
      const res = await t
        .client()
        .post('/api/auth/sign-up/email', { email, password: 'orchard-pickup-lantern-3', name: 'n'.repeat(length) });
      expect(res.status, `${length}: ${res.text.slice(0, 300)}`).toBe(400);
      expect(res.body.message).toBe(v.nameTooLong);
      expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    }
    const control = await t
      .client()
      .post('/api/auth/sign-up/email', { email: uniqueEmail('nul-name'), password: 'orchard-pickup-lantern-3', name: 'Nora\u0000' });
    expect(control.status, control.text).toBe(400);
    expect(control.body.message).toBe(v.controlCharacters);

    const email = uniqueEmail('max-name');
    const ok = await t
      .client()
      .post('/api/auth/sign-up/email', { email, password: 'orchard-pickup-lantern-3', name: 'n'.repeat(LIMITS.nameMax) });
    expect(ok.status, ok.text).toBe(200);
    expect((await t.db.select({ name: users.name }).from(users).where(eq(users.email, email)))[0]?.name).toHaveLength(LIMITS.nameMax);
  });

  test('the account update refuses a name over the maximum and keeps the old one', async () => {
    const user = await makeUser(t.db, { name: 'Kept Name' });
    const client = await signedInClient(t, user);
    const res = await client.post('/api/auth/update-user', { name: 'n'.repeat(LIMITS.nameMax + 1) });
    expect(res.status, res.text).toBe(400);
    expect(res.body.message).toBe(v.nameTooLong);
    const image = await client.post('/api/auth/update-user', { image: `https://example.test/${'i'.repeat(5000)}` });
    expect(image.status, image.text).toBe(400);
    const [row] = await t.db.select({ name: users.name, image: users.image }).from(users).where(like(users.email, user.email));
    expect(row).toEqual({ name: 'Kept Name', image: null });
  });
});
