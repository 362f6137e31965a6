import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SITE_SETTINGS } from '../../src/common/constants';
import * as MESSAGES from '../../src/common/messages';
import { makePreviewUser, makeUser } from '../../src/server/db/seed/factories';
import { makeSong } from '../../src/server/db/seed/song-factories';
import { auditEvents, siteSettings } from '../../src/server/db/schema';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

const m = MESSAGES.settings;
let t: TestApp;
let admin: TestClient;
let adminId: string;

const SAVED = {
  companyLegalName: 'Pitchroom Music Group, LLC',
  companyAddress: '1200 Music Row\nNashville, TN 37212',
  contactEmail: 'legal@pitchroom.example',
  governingLaw: 'the State of Tennessee',
  commenterDisplay: 'anonymous',
} as const;

beforeAll(async () => {
  t = await createTestApp();
  const adminUser = await makeUser(t.db, { roles: ['admin'] });
  adminId = adminUser.id;
  admin = await signedInClient(t, adminUser);
});
afterAll(() => t.close());

describe('site settings', () => {
  test('before any are saved, the defaults hold: the site as the company, Tennessee law, anonymous commenters', async () => {
    const res = await admin.get('/api/admin/settings');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      companyLegalName: t.config.siteName,
      companyAddress: SITE_SETTINGS.defaultAddress,
      contactEmail: t.config.adminNotifyEmail,
      governingLaw: 'the State of Tennessee',
      commenterDisplay: 'anonymous',
      fastReviewPriceCents: null,
      fastReviewBusinessDays: null,
      updatedAt: null,
    });
  });

  test('an admin saves them, trimmed; they are stored in one row, read back, and the audit trail says what changed', async () => {
    const res = await admin.put('/api/admin/settings', { ...SAVED, companyLegalName: `  ${SAVED.companyLegalName}  ` });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject(SAVED);
    expect((await admin.get('/api/admin/settings')).body).toMatchObject({ ...SAVED, updatedAt: expect.any(String) });
    const rows = await t.db.select().from(siteSettings);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...SAVED, updatedBy: adminId });

    await admin.put('/api/admin/settings', { ...SAVED, governingLaw: 'the State of New York' });
    expect(await t.db.select().from(siteSettings)).toHaveLength(1);
    const events = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'site_settings.update'))
      .orderBy(auditEvents.createdAt);
    expect(events.at(-1)!.changes).toEqual({ governingLaw: { before: 'the State of Tennessee', after: 'the State of New York' } });
    await admin.put('/api/admin/settings', SAVED);
  });

  test('bad input gets a message per field and changes nothing already saved', async () => {
    const before = (await admin.get('/api/admin/settings')).body;
    const res = await admin.put('/api/admin/settings', {
      companyLegalName: '   ',
      companyAddress: 'x'.repeat(SITE_SETTINGS.addressMax + 1),
      contactEmail: 'not an address',
      governingLaw: '',
      commenterDisplay: 'everyone',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      companyLegalName: [m.legalNameRequired],
      companyAddress: [m.addressTooLong],
      contactEmail: [MESSAGES.validation.invalidEmail],
      governingLaw: [m.governingLawRequired],
      commenterDisplay: [m.commenterDisplayInvalid],
    });
    expect((await admin.get('/api/admin/settings')).body).toEqual(before);
  });

  test('only admins read or save them', async () => {
    const preview = await signedInClient(t, await makePreviewUser(t.db));
    expect((await preview.get('/api/admin/settings')).status).toBe(403);
    expect((await preview.put('/api/admin/settings', SAVED)).status).toBe(403);
    expect((await t.client().get('/api/admin/settings')).status).toBe(401);
  });
});

describe('how a comment names its writer to other listeners', () => {
  test('anonymous by default; the name or the company when the admin chooses; "You" to the writer; admins see who', async () => {
    await admin.put('/api/admin/settings', SAVED);
    const song = await makeSong(t.db, t.storage, adminId, { title: 'Quiet Interest', slug: 'quiet-interest' });
    const writerUser = await makePreviewUser(t.db, { name: 'Dana Publisher', company: 'Big Machine Music' });
    const writer = await signedInClient(t, writerUser);
    const other = await signedInClient(t, await makePreviewUser(t.db, { company: 'Rival Songs' }));
    const posted = await writer.post(`/api/songs/${song.slug}/comments`, {
      name: 'Dana',
      email: writerUser.email,
      comment: 'We want this one.',
    });
    expect((await admin.patch(`/api/admin/comments/${posted.body.id}`, { isApproved: true })).status).toBe(200);
    const shownTo = async (client: TestClient) => {
      const res = await client.get(`/api/songs/${song.slug}`);
      expect(res.status, res.text).toBe(200);
      return res.body.comments.map((c: { name: string }) => c.name);
    };

    const seen = await shownTo(other);
    expect(seen).toEqual([m.anonymousCommenter]);
    expect(JSON.stringify((await other.get(`/api/songs/${song.slug}`)).body)).not.toMatch(/Dana|Big Machine/);
    expect(await shownTo(writer)).toEqual([m.ownComment]);
    expect(await shownTo(admin)).toEqual(['Dana (Big Machine Music)']);

    await admin.put('/api/admin/settings', { ...SAVED, commenterDisplay: 'company' });
    expect(await shownTo(other)).toEqual(['Big Machine Music']);
    await admin.put('/api/admin/settings', { ...SAVED, commenterDisplay: 'name' });
    expect(await shownTo(other)).toEqual(['Dana']);
    expect(await shownTo(writer)).toEqual([m.ownComment]);
    await admin.put('/api/admin/settings', SAVED);
    expect(await shownTo(other)).toEqual([m.anonymousCommenter]);
  });
});
