import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makePreviewUser, makeUser, uniqueEmail } from '../../src/server/db/seed/factories';
import { makeSong } from '../../src/server/db/seed/song-factories';
import { auditEvents, previewRequests, userRoles, users } from '../../src/server/db/schema';
import type { AuditPage } from '../../src/common/responses';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

let t: TestApp;
let admin: TestClient;
let adminUser: Awaited<ReturnType<typeof makeUser>>;

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function trail(query: Record<string, string | number> = {}): Promise<AuditPage> {
  const res = await admin.get(`/api/admin/audit?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`);
  expect(res.status, res.text).toBe(200);
  return res.body as AuditPage;
}

async function previewRequestOf(userId: string) {
  const [request] = await t.db.select().from(previewRequests).where(eq(previewRequests.userId, userId));
  return request!;
}

beforeAll(async () => {
  t = await createTestApp();
  adminUser = await makeUser(t.db, { email: uniqueEmail('audit-admin'), roles: ['admin'] });
  admin = await signedInClient(t, adminUser);
});
afterAll(() => t.close());

describe('the audit trail', () => {
  test('a revoke is recorded with the admin’s e-mail and the role removed, and the admin’s list finds it by each filter', async () => {
    const listener = await makePreviewUser(t.db, { email: uniqueEmail('revoked-listener') });
    const request = await previewRequestOf(listener.id);

    const revoked = await admin.post(`/api/admin/preview-requests/${request.id}/revoke`);
    expect(revoked.status, revoked.text).toBe(200);
    const roles = await t.db.select().from(userRoles).where(eq(userRoles.userId, listener.id));
    expect(roles.map((r) => r.role)).not.toContain('preview');

    const { rows, total, admins } = await trail({ action: 'preview_request.revoke' });
    expect(total).toBe(1);
    expect(rows[0]).toMatchObject({
      actorEmail: adminUser.email,
      actorUserId: adminUser.id,
      action: 'preview_request.revoke',
      subjectKind: 'preview_request',
      subjectId: request.id,
      changes: { role: { before: 'preview', after: null }, status: { before: 'approved', after: 'revoked' } },
    });
    expect(rows[0]!.summary).toContain(listener.email);
    expect(admins).toContain(adminUser.email);

    // Each filter finds it, and a filter it does not match leaves it out.
    expect((await trail({ admin: adminUser.email })).rows.map((r) => r.subjectId)).toContain(request.id);
    expect((await trail({ admin: 'nobody@example.test' })).total).toBe(0);
    expect((await trail({ subject: listener.email })).rows.map((r) => r.id)).toEqual([rows[0]!.id]);
    expect((await trail({ subject: request.id })).rows.map((r) => r.id)).toEqual([rows[0]!.id]);
    expect((await trail({ subjectKind: 'song', subject: request.id })).total).toBe(0);
    expect((await trail({ from: day(-1), to: day(1), action: 'preview_request.revoke' })).total).toBe(1);
    expect((await trail({ from: day(2), action: 'preview_request.revoke' })).total).toBe(0);
    expect((await trail({ to: day(-2), action: 'preview_request.revoke' })).total).toBe(0);
  });

  test('the list is newest first and paged; restoring access is recorded with the role given back', async () => {
    const listener = await makePreviewUser(t.db, { email: uniqueEmail('restored-listener') });
    const request = await previewRequestOf(listener.id);
    expect((await admin.post(`/api/admin/preview-requests/${request.id}/revoke`)).status).toBe(200);
    expect((await admin.post(`/api/admin/preview-requests/${request.id}/approve`)).status).toBe(200);

    const page1 = await trail({ subject: request.id, pageSize: 1 });
    const page2 = await trail({ subject: request.id, pageSize: 1, page: 2 });
    expect(page1.total).toBe(2);
    expect([page1.rows[0]!.action, page2.rows[0]!.action]).toEqual(['preview_request.approve', 'preview_request.revoke']);
    expect(page1.rows[0]!.changes).toEqual({
      status: { before: 'revoked', after: 'approved' },
      role: { before: null, after: 'preview' },
    });
  });

  test('an action refused records nothing: the event is written in the action’s own transaction', async () => {
    const listener = await makePreviewUser(t.db, { email: uniqueEmail('twice-revoked') });
    const request = await previewRequestOf(listener.id);
    expect((await admin.post(`/api/admin/preview-requests/${request.id}/revoke`)).status).toBe(200);
    expect((await admin.post(`/api/admin/preview-requests/${request.id}/revoke`)).status).toBe(409);
    expect((await trail({ subject: request.id })).total).toBe(1);
  });

  test('a comment approved, a song hidden and deleted: each recorded with the fields’ before and after', async () => {
    const song = await makeSong(t.db, t.storage, adminUser.id, { title: 'Audit Road', seconds: 1 });
    const hidden = await admin.patch(`/api/admin/songs/${song.id}/active`, { isActive: false });
    expect(hidden.status, hidden.text).toBe(200);
    const deleted = await admin.delete(`/api/admin/songs/${song.id}`);
    expect(deleted.status, deleted.text).toBe(204);
    const { rows } = await trail({ subject: song.id });
    expect(rows.map((r) => [r.action, r.changes])).toEqual([
      [
        'song.delete',
        {
          title: { before: 'Audit Road', after: null },
          slug: { before: song.slug, after: null },
          isActive: { before: false, after: null },
        },
      ],
      ['song.unpublish', { isActive: { before: true, after: false } }],
    ]);
  });

  test('the list refuses what its query schema refuses', async () => {
    expect((await admin.get('/api/admin/audit?action=drop_table')).status).toBe(400);
    expect((await admin.get('/api/admin/audit?from=2026-02-30')).status).toBe(400);
  });
});

describe('nothing changes an audit event', () => {
  test('the database refuses an UPDATE or DELETE of a row, whoever runs it', async () => {
    const [event] = await t.db.select().from(auditEvents).limit(1);
    expect(event).toBeDefined();
    await expect(t.db.execute(sql`update audit_events set summary = 'edited' where id = ${event!.id}`)).rejects.toThrow();
    await expect(t.db.execute(sql`update audit_events set actor_email = 'someone@example.test' where id = ${event!.id}`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from audit_events where id = ${event!.id}`)).rejects.toThrow();
    const [after] = await t.db.select().from(auditEvents).where(eq(auditEvents.id, event!.id));
    expect(after).toEqual(event);
  });

  test('deleting the acting admin’s account keeps the event, with the e-mail, and only forgets the account id', async () => {
    const leaving = await makeUser(t.db, { email: uniqueEmail('leaving-admin'), roles: ['admin'] });
    const client = await signedInClient(t, leaving);
    const listener = await makePreviewUser(t.db, { email: uniqueEmail('left-listener') });
    const request = await previewRequestOf(listener.id);
    expect((await client.post(`/api/admin/preview-requests/${request.id}/revoke`)).status).toBe(200);

    await t.db.delete(users).where(eq(users.id, leaving.id));
    const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.subjectId, request.id));
    expect(event).toMatchObject({ actorUserId: null, actorEmail: leaving.email, action: 'preview_request.revoke' });
  });
});
