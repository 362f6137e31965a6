import { afterAll, beforeAll, expect, test } from 'vitest';
import type { PgTable } from 'drizzle-orm/pg-core';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { makePaidOrder, makePreviewUser, makeSongwriter, makeUser, uniqueEmail } from '../../src/server/db/seed/factories';
import { makeSong } from '../../src/server/db/seed/song-factories';
import * as schema from '../../src/server/db/schema';
import type { TestClient, TestResponse } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';
import { hashPitchToken, newPitchToken } from '../../src/server/features/pitching/pitch-token';

/**
 * Every write route a non-admin may call, and a few admin ones, is sent the fields a caller must never
 * set, and the database is read before and after: each route may change only its own table, rows and
 * columns, and the privileged values in those rows are the server's, not the request's.
 */
type Row = Record<string, unknown>;

const TRACKED: Record<string, PgTable> = {
  users: schema.users,
  user_roles: schema.userRoles,
  songwriter_profiles: schema.songwriterProfiles,
  songwriter_questionnaire: schema.songwriterQuestionnaires,
  orders: schema.orders,
  song_reviews: schema.songReviews,
  review_messages: schema.reviewMessages,
  song_comments: schema.songComments,
  song_plays: schema.songPlays,
  songs: schema.songs,
  stored_files: schema.storedFiles,
  preview_requests: schema.previewRequests,
  mail_outbox: schema.mailOutbox,
  song_responses: schema.songResponses,
  pitch_links: schema.pitchLinks,
};

let t: TestApp;
let ids: Record<'writer' | 'victim' | 'preview' | 'noRole' | 'admin' | 'song' | 'otherSong' | 'review' | 'otherReview' | 'comment' | 'play' | 'pitchLink' | 'otherPitchLink', string>;
/** A live pitch link's token (its shortlist: the first song). */
const pitchToken = newPitchToken();
let as: Record<'anonymous' | 'writer' | 'preview' | 'noRole' | 'admin', TestClient>;
const testStarted = new Date();

beforeAll(async () => {
  t = await createTestApp();
  const [writer, victim, preview, noRole, admin] = await Promise.all([
    makeSongwriter(t.db),
    makeSongwriter(t.db),
    makePreviewUser(t.db),
    makeUser(t.db),
    makeUser(t.db, { roles: ['admin'] }),
  ]);
  const song = await makeSong(t.db, t.storage, admin.id, { title: 'Porch Light', seconds: 1 });
  const otherSong = await makeSong(t.db, t.storage, admin.id, { title: 'Other Song', seconds: 1 });
  const review = async (songwriterId: string) => {
    const order = await makePaidOrder(t.db, songwriterId, 1);
    const values = { songwriterId, orderId: order.id, songNumber: 1, songTitle: 'Draft', storyArc: 'A story of ten.', aiUsage: 'None at all.' };
    return (await t.db.insert(schema.songReviews).values(values).returning())[0]!.id;
  };
  const [comment] = await t.db.insert(schema.songComments).values({ songId: song.id, userId: preview.id, commenterName: 'P', commenterEmail: preview.email, commentText: 'Nice' }).returning();
  const [play] = await t.db.insert(schema.songPlays).values({ songId: song.id, userId: preview.id }).returning();
  const pitchLink = async (tokenHash: string) =>
    (await t.db.insert(schema.pitchLinks).values({ tokenHash, recipientName: 'Rae', recipientEmail: 'rae@example.test', expiresAt: new Date(Date.now() + 86_400_000) }).returning())[0]!.id;
  const [pitchLinkId, otherPitchLinkId] = [await pitchLink(hashPitchToken(pitchToken)), await pitchLink(hashPitchToken(newPitchToken()))];
  await t.db.insert(schema.pitchLinkSongs).values({ pitchLinkId, songId: song.id, position: 0 });
  ids = { writer: writer.id, victim: victim.id, preview: preview.id, noRole: noRole.id, admin: admin.id, song: song.id, otherSong: otherSong.id, review: await review(writer.id), otherReview: await review(victim.id), comment: comment!.id, play: play!.id, pitchLink: pitchLinkId, otherPitchLink: otherPitchLinkId };
  as = {
    anonymous: t.client(),
    writer: await signedInClient(t, writer),
    preview: await signedInClient(t, preview),
    noRole: await signedInClient(t, noRole),
    admin: await signedInClient(t, admin),
  };
});
afterAll(() => t.close());

/** Fields no caller may set through these routes, aimed at another user's rows where they name one. */
const privileged = (): Row => ({
  role: 'admin',
  roles: ['admin'],
  isAdmin: true,
  status: 'reviewed',
  paymentStatus: 'paid',
  amountPaidCents: 1,
  packageSize: 4,
  songwriterId: ids.victim,
  userId: ids.victim,
  ownerId: ids.victim,
  isApproved: true,
  approved: true,
  emailVerified: true,
  id: '00000000-0000-4000-8000-0000000000aa',
  createdAt: '2000-01-01T00:00:00.000Z',
});

async function snapshot() {
  const tables: Record<string, Map<string, Row>> = {};
  for (const [name, table] of Object.entries(TRACKED)) {
    const rows = (await t.db.select().from(table)) as Row[];
    tables[name] = new Map(rows.map((r) => [String(r.id ?? (r.role ? `${r.userId}:${r.role}` : r.userId)), r]));
  }
  return tables;
}

interface Rule {
  /** Checks the rows the request inserted (their count included). */
  insert?: (rows: Row[]) => void;
  /** The one row it may update, the columns it may change, and a check of the row after. */
  update?: { key: string; columns: string[]; check?: (row: Row) => void };
}

interface Case {
  route: string;
  send: (fields: Row) => Promise<TestResponse>;
  /** The extra fields sent; `privileged()` plus the route's own. */
  fields: Row;
  allow: Record<string, Rule>;
}

const recent = (value: unknown) => expect((value as Date).getTime()).toBeGreaterThanOrEqual(testStarted.getTime() - 1000);
const anyMail: Rule = { insert: () => {} };
const mailTo = (address: string): Rule => ({ insert: (rows) => expect(rows.map((r) => r.toAddress)).toEqual([address]) });
const multipart = (client: TestClient, method: string, path: string, data: Row, files: Record<string, [Buffer, string]> = {}) => {
  const form = new FormData();
  form.set('data', JSON.stringify(data));
  for (const [field, [bytes, name]] of Object.entries(files)) form.set(field, new Blob([new Uint8Array(bytes)]), name);
  return client.sendForm(method, path, form);
};
const without = (row: Row, ...keys: string[]) => Object.fromEntries(Object.entries(row).filter(([k]) => !keys.includes(k)));
const PROFILE = { firstName: 'Ada', lastName: 'Writer', email: 'ada@example.test', phone: '615-555-0199', streetAddress: '2 Music Sq', city: 'Nashville', stateProvince: 'TN', zip: '37203', country: 'United States' };
const QUESTIONNAIRE = { yearsWriting: '3', songsWritten: '20', mostRecentSong: 'Porch Light', preferredGenre: 'Country', hasPublished: true, proAffiliation: 'BMI', howFoundUs: 'A friend' };
const SONG_FORM = { title: 'Porch Light', slug: 'porch-light', description: 'A song.', lyrics: 'Verse one\nChorus', tags: [], orderIndex: 0, isActive: true };

function cases(): Case[] {
  const writerOnly = (r: Row) => expect(r.songwriterId).toBe(ids.writer);
  return [
    {
      route: 'POST /api/auth/sign-up/email',
      fields: privileged(),
      send: (f) => t.client().post('/api/auth/sign-up/email', { ...f, email: uniqueEmail('su'), password: 'orchard-pickup-lantern-3', name: 'New' }),
      allow: {
        users: { insert: ([u, ...more]) => (expect(more).toEqual([]), expect(u).toMatchObject({ emailVerified: false }), expect(u!.id).not.toBe(privileged().id), recent(u!.createdAt)) },
        mail_outbox: anyMail,
      },
    },
    {
      route: 'POST /api/auth/update-user',
      fields: { ...privileged(), lastSignInAt: '2000-01-01T00:00:00.000Z' },
      send: (f) => as.noRole.post('/api/auth/update-user', { ...f, name: 'Renamed' }),
      allow: { users: { update: { key: ids.noRole, columns: ['name', 'updatedAt'], check: (u) => expect(u.name).toBe('Renamed') } } },
    },
    {
      route: 'POST /api/songwriters/sign-up',
      fields: { ...privileged(), completedAt: '2000-01-01T00:00:00.000Z' },
      send: (f) => t.client().post('/api/songwriters/sign-up', { ...f, username: `w${Date.now()}`, email: uniqueEmail('sw'), password: 'orchard-pickup-lantern-3', confirmPassword: 'orchard-pickup-lantern-3' }),
      allow: {
        users: { insert: ([u, ...more]) => (expect(more).toEqual([]), expect(u).toMatchObject({ emailVerified: false }), expect(u!.id).not.toBe(privileged().id)) },
        user_roles: { insert: (rows) => expect(rows.map((r) => r.role)).toEqual(['songwriter']) },
        songwriter_profiles: { insert: ([p]) => expect(p).toMatchObject({ completedAt: null }) },
        mail_outbox: anyMail,
      },
    },
    {
      route: 'PUT /api/songwriters/me/profile',
      fields: { ...privileged(), username: 'hijacked', completedAt: '2000-01-01T00:00:00.000Z' },
      send: (f) => as.writer.put('/api/songwriters/me/profile', { ...f, ...PROFILE }),
      allow: { songwriter_profiles: { update: { key: ids.writer, columns: [...Object.keys(PROFILE), 'completedAt', 'updatedAt'], check: (p) => recent(p.completedAt) } } },
    },
    {
      route: 'PUT /api/songwriters/me/questionnaire',
      fields: privileged(),
      send: (f) => as.writer.put('/api/songwriters/me/questionnaire', { ...f, ...QUESTIONNAIRE }),
      allow: { songwriter_questionnaire: { update: { key: ids.writer, columns: [...Object.keys(QUESTIONNAIRE), 'updatedAt'] } } },
    },
    {
      route: 'POST /api/songwriters/me/checkout',
      fields: { ...without(privileged(), 'packageSize'), songsSubmitted: 1, paidAt: '2000-01-01T00:00:00.000Z', checkoutSessionId: 'cs_chosen', paymentProvider: 'stripe' },
      send: (f) => as.writer.post('/api/songwriters/me/checkout', { ...f, packageSize: 1 }),
      allow: {
        orders: {
          insert: ([o, ...more]) => {
            expect(more).toEqual([]);
            expect(o).toMatchObject({ songwriterId: ids.writer, packageSize: 1, paymentStatus: 'pending', amountPaidCents: 0, songsSubmitted: 0, paidAt: null, paymentProvider: 'test' });
            expect(o!.checkoutSessionId).not.toBe('cs_chosen');
          },
        },
      },
    },
    {
      route: 'POST /api/test-checkout/:sessionId/pay',
      fields: { ...privileged(), amountTotalCents: 1 },
      send: async (f) => {
        const started = await as.writer.post('/api/songwriters/me/checkout', { packageSize: 2 });
        const sessionId = String(started.body.url).split('/').pop();
        return as.writer.post(`/api/test-checkout/${sessionId}/pay`, f);
      },
      allow: {
        orders: {
          // The checkout above inserts the order; paying it is what the extra fields must not bend.
          insert: ([o]) => expect(o).toMatchObject({ songwriterId: ids.writer, packageSize: 2, paymentStatus: 'paid', amountPaidCents: 5000 }),
        },
        // The receipt, for the price of the package, whatever amount was sent.
        mail_outbox: {
          insert: (rows) => {
            expect(rows.map((r) => r.kind)).toEqual(['order-paid']);
            expect(rows[0]!.textBody).toContain('We received $50.00');
          },
        },
      },
    },
    {
      route: 'POST /api/submissions',
      fields: { ...privileged(), songNumber: 4, adminReview: 'Great!', reviewedBy: ids.admin, readBySongwriter: true, songsSubmitted: 0 },
      send: async (f) => {
        const order = await makePaidOrder(t.db, ids.writer, 2);
        const data = { ...f, orderId: order.id, title: 'Night Shift', storyArc: 'A nurse drives home at dawn.', aiUsage: 'No AI was used.', agreed: true };
        return multipart(as.writer, 'POST', '/api/submissions', data, { audio: [synthesizeMp3({ seconds: 1 }), 'song.mp3'] });
      },
      allow: {
        orders: {
          insert: ([o]) => expect(o).toMatchObject({ songwriterId: ids.writer, packageSize: 2, amountPaidCents: 5000, paymentStatus: 'paid' }),
        },
        song_reviews: {
          insert: ([r, ...more]) => {
            expect(more).toEqual([]);
            writerOnly(r!);
            expect(r).toMatchObject({ songNumber: 1, status: 'pending', adminReview: null, reviewedBy: null, readBySongwriter: false });
          },
        },
        stored_files: { insert: ([file]) => expect(file!.ownerId).toBe(ids.writer) },
        mail_outbox: anyMail,
      },
    },
    {
      route: 'POST /api/reviews/:id/messages',
      fields: { ...privileged(), senderId: ids.admin, read: true, reviewId: ids.otherReview },
      send: (f) => as.writer.post(`/api/reviews/${ids.review}/messages`, { ...f, message: 'Thanks!' }),
      allow: {
        review_messages: { insert: ([m]) => expect(m).toMatchObject({ reviewId: ids.review, senderId: ids.writer, read: false }) },
        mail_outbox: mailTo(t.config.adminNotifyEmail),
      },
    },
    {
      route: 'POST /api/songs/:slug/comments',
      fields: { ...privileged(), songId: ids.otherSong, commentText: 'chosen' },
      send: (f) => as.preview.post('/api/songs/porch-light/comments', { ...f, name: 'Pat', email: 'pat@example.test', comment: 'Love it' }),
      allow: { song_comments: { insert: ([c]) => expect(c).toMatchObject({ songId: ids.song, userId: ids.preview, isApproved: false, commentText: 'Love it' }) } },
    },
    {
      route: 'POST /api/plays',
      fields: { ...privileged(), playedAt: '2000-01-01T00:00:00.000Z' },
      send: (f) => as.preview.post('/api/plays', { ...f, songId: ids.song, durationSeconds: 5, completed: false }),
      allow: { song_plays: { insert: ([p]) => (expect(p).toMatchObject({ userId: ids.preview, songId: ids.song }), recent(p!.playedAt)) } },
    },
    {
      route: 'PATCH /api/plays/:id',
      fields: { ...privileged(), songId: ids.otherSong, playedAt: '2000-01-01T00:00:00.000Z' },
      send: (f) => as.preview.patch(`/api/plays/${ids.play}`, { ...f, durationSeconds: 30, completed: true }),
      allow: { song_plays: { update: { key: ids.play, columns: ['durationSeconds', 'completed'] } } },
    },
    {
      route: 'PUT /api/song-responses/:id',
      fields: { ...privileged(), songId: ids.otherSong, pitchLinkId: ids.pitchLink, updatedAt: '2000-01-01T00:00:00.000Z' },
      send: (f) => as.preview.put(`/api/song-responses/${ids.song}`, { ...f, response: 'hold', note: 'An artist' }),
      allow: {
        song_responses: { insert: ([r]) => expect(r).toMatchObject({ songId: ids.song, userId: ids.preview, pitchLinkId: null, response: 'hold', note: 'An artist' }) },
        mail_outbox: mailTo(t.config.adminNotifyEmail),
      },
    },
    {
      route: 'POST /api/pitch/:token/plays',
      fields: { ...privileged(), pitchLinkId: ids.otherPitchLink, playedAt: '2000-01-01T00:00:00.000Z' },
      send: (f) => as.anonymous.post(`/api/pitch/${pitchToken}/plays`, { ...f, songId: ids.song, durationSeconds: 5, completed: false }),
      allow: { song_plays: { insert: ([p]) => (expect(p).toMatchObject({ pitchLinkId: ids.pitchLink, userId: null, songId: ids.song }), recent(p!.playedAt)) } },
    },
    {
      route: 'PUT /api/pitch/:token/responses/:id',
      fields: { ...privileged(), songId: ids.otherSong, pitchLinkId: ids.otherPitchLink },
      send: (f) => as.anonymous.put(`/api/pitch/${pitchToken}/responses/${ids.song}`, { ...f, response: 'pass' }),
      allow: { song_responses: { insert: ([r]) => expect(r).toMatchObject({ songId: ids.song, pitchLinkId: ids.pitchLink, userId: null, response: 'pass', note: null }) } },
    },
    {
      route: 'POST /api/preview-requests',
      fields: { ...privileged(), reviewedBy: ids.admin, autoApprovedAt: '2000-01-01T00:00:00.000Z', phone: '615-555-0000' },
      send: (f) => as.anonymous.post('/api/preview-requests', { ...f, name: 'Lee', companyName: 'Big Label', email: uniqueEmail('pr'), proAffiliation: 'BMI', projectDescription: 'A record.' }),
      allow: {
        preview_requests: { insert: ([r]) => expect(r).toMatchObject({ status: 'pending', userId: null, reviewedBy: null, autoApprovedAt: null, phone: 'N/A' }) },
        mail_outbox: mailTo(t.config.adminNotifyEmail),
      },
    },
    {
      route: 'POST /api/contact',
      fields: { ...privileged(), to: 'attacker@example.test', toAddress: 'attacker@example.test', kind: 'reset-password' },
      send: (f) => as.anonymous.post('/api/contact', { ...f, name: 'Kim', email: 'kim@example.test', subject: 'Hello', message: 'A question.' }),
      allow: { mail_outbox: { insert: ([m]) => expect(m).toMatchObject({ toAddress: t.config.adminNotifyEmail, kind: 'contact', status: 'pending' }) } },
    },
    {
      route: 'POST /api/admin/preview-accounts',
      fields: privileged(),
      send: (f) => as.admin.post('/api/admin/preview-accounts', { ...f, email: uniqueEmail('pa'), password: 'orchard-pickup-lantern-3' }),
      allow: {
        users: { insert: ([u]) => expect(u!.id).not.toBe(privileged().id) },
        user_roles: { insert: (rows) => expect(rows.map((r) => r.role)).toEqual(['preview']) },
        preview_requests: { insert: ([r]) => expect(r).toMatchObject({ status: 'approved', reviewedBy: ids.admin }) },
        mail_outbox: anyMail,
      },
    },
    {
      route: 'POST /api/admin/pitch-links',
      fields: { ...privileged(), tokenHash: 'chosen', createdBy: ids.victim, revokedAt: '2000-01-01T00:00:00.000Z', lastOpenedAt: '2000-01-01T00:00:00.000Z', expiresAt: '2100-01-01T00:00:00.000Z' },
      send: (f) =>
        as.admin.post('/api/admin/pitch-links', { ...f, recipientName: 'Sam', recipientEmail: 'sam.pitch@example.test', expiresOn: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10), songIds: [ids.song] }),
      allow: {
        pitch_links: {
          insert: ([l]) => {
            expect(l).toMatchObject({ createdBy: ids.admin, revokedAt: null, lastOpenedAt: null, recipientEmail: 'sam.pitch@example.test' });
            expect(l!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
            expect((l!.expiresAt as Date).getFullYear()).toBeLessThan(2100);
          },
        },
        mail_outbox: mailTo('sam.pitch@example.test'),
      },
    },
    {
      route: 'PATCH /api/admin/comments/:id',
      fields: { ...without(privileged(), 'isApproved'), songId: ids.otherSong, commentText: 'edited', commenterEmail: 'x@example.test' },
      send: (f) => as.admin.patch(`/api/admin/comments/${ids.comment}`, { ...f, isApproved: true }),
      allow: { song_comments: { update: { key: ids.comment, columns: ['isApproved'] } } },
    },
    {
      route: 'PUT /api/admin/reviews/:id/draft',
      fields: { ...privileged(), reviewedBy: ids.victim, readBySongwriter: true, songNumber: 3 },
      send: (f) => as.admin.put(`/api/admin/reviews/${ids.review}/draft`, { ...f, text: 'Strong hook.' }),
      allow: { song_reviews: { update: { key: ids.review, columns: ['adminReview', 'status', 'updatedAt'], check: (r) => expect(r).toMatchObject({ status: 'in_review', reviewedBy: null }) } } },
    },
    {
      route: 'PATCH /api/admin/songs/:id/active',
      fields: { ...privileged(), slug: 'hijacked', title: 'Hijacked', audioFileId: null },
      send: (f) => as.admin.patch(`/api/admin/songs/${ids.otherSong}/active`, { ...f, isActive: false }),
      allow: { songs: { update: { key: ids.otherSong, columns: ['isActive', 'updatedAt'] } } },
    },
    {
      route: 'PUT /api/admin/songs/:id',
      fields: { ...privileged(), audioFileId: null, imageFileId: null, imageWebFileId: null },
      send: (f) => multipart(as.admin, 'PUT', `/api/admin/songs/${ids.song}`, { ...f, ...SONG_FORM, description: 'Edited.' }),
      allow: { songs: { update: { key: ids.song, columns: ['description', 'updatedAt'] } } },
    },
  ];
}

test('write routes ignore every field their caller may not set: the database holds only what the server decided', async () => {
  let checked = 0;
  for (const c of cases()) {
    const before = await snapshot();
    const res = await c.send(c.fields);
    expect(res.status, `${c.route}: ${res.text}`).toBeLessThan(300);
    const after = await snapshot();
    for (const [table, rows] of Object.entries(after)) {
      const was = before[table]!;
      const rule = c.allow[table];
      const inserted = [...rows].filter(([k]) => !was.has(k)).map(([, r]) => r);
      const deleted = [...was.keys()].filter((k) => !rows.has(k));
      const updated = [...rows].filter(([k, r]) => was.has(k) && JSON.stringify(r) !== JSON.stringify(was.get(k)));
      expect(deleted, `${c.route}: rows deleted from ${table}`).toEqual([]);
      if (inserted.length > 0) {
        expect(rule?.insert, `${c.route}: may not insert into ${table}`).toBeDefined();
        try {
          rule!.insert!(inserted);
        } catch (error) {
          (error as Error).message = `${c.route}: row inserted into ${table}: ${(error as Error).message}`;
          throw error;
        }
      }
      for (const [key, row] of updated) {
        const where = `${c.route}: ${table} ${key}`;
        expect(rule?.update?.key, `${where} may not be updated`).toBe(key);
        const changed = Object.keys(row).filter((col) => JSON.stringify(row[col]) !== JSON.stringify(was.get(key)![col]));
        expect(changed.filter((col) => !rule!.update!.columns.includes(col)), `${where}: columns changed`).toEqual([]);
        rule!.update!.check?.(row);
      }
    }
    checked += Object.keys(c.fields).length;
  }
  expect(cases().length).toBe(23);
  expect(checked).toBeGreaterThan(23 * 15);
});
