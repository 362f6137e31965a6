import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { PgTable } from 'drizzle-orm/pg-core';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { makePaidOrder, makePreviewUser, makeSongwriter, makeUser, uniqueEmail } from '../../src/server/db/seed/factories';
import { makeSong } from '../../src/server/db/seed/song-factories';
import * as schema from '../../src/server/db/schema';
import type { TestClient, TestResponse } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { fullRubric, signedInClient } from './helpers';
import { hashPitchToken, newPitchToken } from '../../src/server/features/pitching/pitch-token';
import { signToken } from '../../src/server/lib/signed-token';
import { hashPassword } from '../../src/server/lib/passwords';
import { unsubscribeToken } from '../../src/server/features/new-songs-mail/new-songs-mail.service';
import { answeringRoutes } from '../../src/server/lib/app-routes';
import { declaredEndpoints } from '../../src/server/middleware/endpoint';
import { recordAudit } from '../../src/server/features/audit/audit';
import { clearCatalogueProfiles } from '../../src/server/features/similarity';
import { SOUND_PROFILE_LENGTH, SOUND_PROFILE_VERSION } from '../../src/server/features/audio';

/**
 * Every write route the app declares (its `endpoint`, middleware/endpoint.ts) but better-auth's own (two of which are
 * here too) is sent the fields a caller must never set, and the database is read before and after: each
 * route may change only its own tables, rows and columns, and the privileged values in those rows are the
 * server's, not the request's. Routes without a body (deletes, approvals, revocations) get the fields as a
 * JSON body and as a query string; multipart routes in their `data` part. Every rule must also see its
 * effect happen. A declared write route without a case here fails the coverage test below.
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
  review_scores: schema.reviewScores,
  review_ratings: schema.reviewRatings,
  review_notes: schema.reviewNotes,
  song_comments: schema.songComments,
  song_plays: schema.songPlays,
  songs: schema.songs,
  song_writers: schema.songWriters,
  song_versions: schema.songVersions,
  stored_files: schema.storedFiles,
  preview_requests: schema.previewRequests,
  mail_outbox: schema.mailOutbox,
  song_responses: schema.songResponses,
  pitch_links: schema.pitchLinks,
  pitch_link_songs: schema.pitchLinkSongs,
  pitch_link_replies: schema.pitchLinkReplies,
  pitch_agreements: schema.pitchAgreements,
  account_credits: schema.accountCredits,
  placements: schema.placements,
  accounts: schema.accounts,
  sessions: schema.sessions,
  verifications: schema.verifications,
  blocked_requests: schema.blockedRequests,
  payment_events: schema.paymentEvents,
  site_settings: schema.siteSettings,
  mail_outbox_hold: schema.mailOutboxHold,
  analysis_jobs: schema.analysisJobs,
  playlists: schema.playlists,
  playlist_songs: schema.playlistSongs,
  new_songs_mail_opt_outs: schema.newSongsMailOptOuts,
  new_songs_mails: schema.newSongsMails,
  reference_tracks: schema.referenceTracks,
  // Written by the admin's actions alone, and never changed: no case may update or delete a row of it.
  audit_events: schema.auditEvents,
  briefs: schema.briefs,
  brief_references: schema.briefReferences,
  brief_answers: schema.briefAnswers,
};

let t: TestApp;
let ids: Record<
  | 'writer'
  | 'victim'
  | 'preview'
  | 'noRole'
  | 'admin'
  | 'song'
  | 'songAudio'
  | 'otherSong'
  | 'review'
  | 'otherReview'
  | 'comment'
  | 'play'
  | 'pitchLink'
  | 'otherPitchLink',
  string
>;
let emails: Record<'writer' | 'victim', string>;
let adminEmail: string;
/** Notes the note cases prepare on the writer's review. */
const noteIds = { edited: randomUUID(), deleted: randomUUID(), kept: randomUUID() };
/** The failed analysis the retry case queues again. */
const failedAnalysis = randomUUID();
/** A live pitch link's token (its shortlist: the first song). */
const pitchToken = newPitchToken();
let as: Record<'anonymous' | 'writer' | 'preview' | 'noRole' | 'admin', TestClient>;
const testStarted = new Date();

/** A second app with Stripe configured, for the webhook (the first runs the built-in test checkout). */
const WEBHOOK_SECRET = 'whsec_mass_assignment_0123456789abcdef';
let stripeApp: { t: TestApp; writer: string; writerEmail: string; victim: string };

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
    const values = {
      songwriterId,
      orderId: order.id,
      songNumber: 1,
      songTitle: 'Draft',
      storyArc: 'A story of ten.',
      aiUsage: 'None at all.',
    };
    return (await t.db.insert(schema.songReviews).values(values).returning())[0]!.id;
  };
  const [comment] = await t.db
    .insert(schema.songComments)
    .values({ songId: song.id, userId: preview.id, commenterName: 'P', commenterEmail: preview.email, commentText: 'Nice' })
    .returning();
  const [play] = await t.db.insert(schema.songPlays).values({ songId: song.id, userId: preview.id }).returning();
  const pitchLink = async (tokenHash: string) =>
    (
      await t.db
        .insert(schema.pitchLinks)
        .values({ tokenHash, recipientName: 'Rae', recipientEmail: 'rae@example.test', expiresAt: new Date(Date.now() + 86_400_000) })
        .returning()
    )[0]!.id;
  const [pitchLinkId, otherPitchLinkId] = [await pitchLink(hashPitchToken(pitchToken)), await pitchLink(hashPitchToken(newPitchToken()))];
  await t.db.insert(schema.pitchLinkSongs).values({ pitchLinkId, songId: song.id, position: 0 });
  ids = {
    writer: writer.id,
    victim: victim.id,
    preview: preview.id,
    noRole: noRole.id,
    admin: admin.id,
    song: song.id,
    songAudio: song.audioFileId!,
    otherSong: otherSong.id,
    review: await review(writer.id),
    otherReview: await review(victim.id),
    comment: comment!.id,
    play: play!.id,
    pitchLink: pitchLinkId,
    otherPitchLink: otherPitchLinkId,
  };
  as = {
    anonymous: t.client(),
    writer: await signedInClient(t, writer),
    preview: await signedInClient(t, preview),
    noRole: await signedInClient(t, noRole),
    admin: await signedInClient(t, admin),
  };
  emails = { writer: writer.email, victim: victim.email };
  adminEmail = admin.email;
  // An event already in the trail before any case runs: every case's snapshot holds one, so any change to it shows.
  await recordAudit(t.db, {
    actor: admin,
    action: 'song.publish',
    subject: { kind: 'song', id: song.id },
    summary: 'Published the song “Porch Light”',
    changes: { isActive: { before: false, after: true } },
  });
  const st = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_not_used_for_network',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_1: 'price_1',
    STRIPE_PRICE_2: 'price_2',
    STRIPE_PRICE_3: 'price_3',
    STRIPE_PRICE_4: 'price_4',
  });
  const [stripeWriter, stripeVictim] = [await makeSongwriter(st.db), await makeSongwriter(st.db)];
  stripeApp = { t: st, writer: stripeWriter.id, writerEmail: stripeWriter.email, victim: stripeVictim.id };
});
afterAll(async () => {
  await t?.close();
  await stripeApp?.t.close();
});

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

/** A row's key in its table: its id, or its primary key's columns. */
const keyOf = (r: Row) =>
  String(
    r.id ??
      r.eventId ??
      (r.role
        ? `${r.userId}:${r.role}`
        : r.pitchLinkId && r.songId
          ? `${r.pitchLinkId}:${r.songId}`
          : r.playlistId && r.songId
            ? `${r.playlistId}:${r.songId}`
            : r.category
              ? `${r.reviewId}:${r.category}`
              : (r.reviewId ?? r.userId)),
  );

async function snapshot(app: TestApp) {
  const tables: Record<string, Map<string, Row>> = {};
  for (const [name, table] of Object.entries(TRACKED)) {
    const rows = (await app.db.select().from(table)) as Row[];
    tables[name] = new Map(rows.map((r) => [keyOf(r), r]));
  }
  return tables;
}

/** Any row of the table (the catalogue's order rewrites every song's position). */
const EVERY_ROW = '*';

interface Rule {
  /** Checks the rows the request inserted (their count included). */
  insert?: (rows: Row[]) => void;
  /** The one row it may update (or EVERY_ROW), the columns it may change, and a check of each row after. */
  update?: { key: string; columns: string[]; check?: (row: Row) => void };
  /** Checks the rows the request deleted, as they were before (their count included). */
  delete?: (rows: Row[]) => void;
}

interface Case {
  route: string;
  /** Rows the case needs, written before the database is read. */
  prepare?: () => Promise<void>;
  send: (fields: Row) => Promise<TestResponse>;
  /** The extra fields sent; `privileged()` plus the route's own. */
  fields: Row;
  allow: Record<string, Rule>;
  /** The app the case runs on, when not the main one. */
  app?: () => TestApp;
}

const recent = (value: unknown) => {
  expect((value as Date).getTime()).toBeGreaterThanOrEqual(testStarted.getTime() - 1000);
  expect((value as Date).getTime()).toBeLessThanOrEqual(Date.now() + 1000);
};
const sorted = (values: unknown[]) => values.map(String).sort();
/** The deleted rows are exactly these (by key). */
const exactly =
  (...keys: string[]) =>
  (rows: Row[]) =>
    expect(sorted(rows.map(keyOf))).toEqual(sorted(keys));
/** Every deleted row matches, and there is at least one. */
const allOf = (match: Row, count?: number) => (rows: Row[]) => {
  expect(rows.length).toBeGreaterThan(0);
  if (count !== undefined) expect(rows).toHaveLength(count);
  for (const r of rows) expect(r).toMatchObject(match);
};
/** The fields as a query string too, for routes that read no body. */
const withQuery = (path: string, fields: Row) =>
  `${path}?${new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]))}`;
const bodyAndQuery = (client: TestClient, method: string, path: string, fields: Row) =>
  client.request(method, withQuery(path, fields), fields);
const anyMail: Rule = { insert: () => {} };
/** One analysis job queued for the stored audio, as the server starts it: nothing of the request's. */
const queuedAnalysis: Rule = {
  insert: ([job, ...more]) => {
    expect(more).toEqual([]);
    expect(job).toMatchObject({
      kind: 'audio',
      state: 'queued',
      attempts: 0,
      lastError: null,
      lockedUntil: null,
      result: null,
      finishedAt: null,
    });
    expect(job!.id).not.toBe(privileged().id);
    expect(job!.fileId).not.toBe(ids.songAudio);
    recent(job!.createdAt);
  },
};
/** One audit event of the action, by the signed-in admin, with the before and after of the fields named (when named). */
const audited = (action: string, fields?: string[]): Rule => ({
  insert: ([e, ...more]) => {
    expect(more).toEqual([]);
    expect(e).toMatchObject({ action, actorUserId: ids.admin, actorEmail: adminEmail });
    expect(e!.id).not.toBe(privileged().id);
    recent(e!.createdAt);
    const changes = e!.changes as Record<string, { before: unknown; after: unknown }>;
    expect(Object.keys(changes).length).toBeGreaterThan(0);
    if (fields) expect(Object.keys(changes).sort()).toEqual([...fields].sort());
    // Each field named really changed.
    for (const change of Object.values(changes)) expect(JSON.stringify(change.before)).not.toBe(JSON.stringify(change.after));
  },
});
/** One password account for the new user: no provider, token or scope of the request's. */
const oneCredential: Rule = {
  insert: ([a, ...more]) => {
    expect(more).toEqual([]);
    expect(a).toMatchObject({ providerId: 'credential', accessToken: null, refreshToken: null, idToken: null, scope: null });
    expect(a!.accountId).toBe(a!.userId);
  },
};
const mailTo = (address: string, kind?: string): Rule => ({
  insert: (rows) => {
    expect(rows.map((r) => r.toAddress)).toEqual([address.toLowerCase()]);
    if (kind) expect(rows[0]!.kind).toBe(kind);
  },
});
const multipart = (client: TestClient, method: string, path: string, data: Row, files: Record<string, [Buffer, string]> = {}) => {
  const form = new FormData();
  form.set('data', JSON.stringify(data));
  for (const [field, [bytes, name]] of Object.entries(files)) form.set(field, new Blob([new Uint8Array(bytes)]), name);
  return client.sendForm(method, path, form);
};
const without = (row: Row, ...keys: string[]) => Object.fromEntries(Object.entries(row).filter(([k]) => !keys.includes(k)));
const stripeFixture = readFileSync(new URL('../fixtures/stripe/checkout-session-completed.json', import.meta.url), 'utf8');
const PROFILE = {
  firstName: 'Ada',
  lastName: 'Writer',
  email: 'ada@example.test',
  phone: '615-555-0199',
  streetAddress: '2 Music Sq',
  city: 'Nashville',
  stateProvince: 'TN',
  zip: '37203',
  country: 'United States',
};
const QUESTIONNAIRE = {
  yearsWriting: '3',
  songsWritten: '20',
  mostRecentSong: 'Porch Light',
  preferredGenre: 'Country',
  hasPublished: true,
  proAffiliation: 'BMI',
  howFoundUs: 'A friend',
};
const SONG_FORM = {
  title: 'Porch Light',
  slug: 'porch-light',
  description: 'A song.',
  lyrics: 'Verse one\nChorus',
  tags: [],
  orderIndex: 0,
  isActive: true,
  // A writer's row is the server's to place: its song and position are never the request's.
  writers: [
    {
      name: 'Casey Rivers',
      pro: 'BMI',
      share: 100,
      id: '00000000-0000-4000-8000-0000000000ab',
      songId: '00000000-0000-4000-8000-0000000000ac',
      position: 7,
    },
  ],
};

/** The one writer SONG_FORM credits, stored on the song the route wrote, first in its credits. */
const songFormWriter =
  (songId: () => string): NonNullable<Rule['insert']> =>
  ([w, ...more]) => {
    expect(more).toEqual([]);
    expect(w).toMatchObject({ songId: songId(), position: 0, name: 'Casey Rivers', pro: 'BMI', share: 100 });
    expect(w!.id).not.toBe('00000000-0000-4000-8000-0000000000ab');
  };

/** An import CSV of one song, credited to Casey Rivers (BMI) alone. */
const IMPORT_CSV = (title: string, audioFile: string) =>
  `title,writers,lyrics,description,audio_file\n${title},Casey Rivers (BMI) 100%,La la la,A song.,${audioFile}\n`;

const PREVIEW_REQUEST = { name: 'Lee', companyName: 'Big Label', proAffiliation: 'BMI' as const, projectDescription: 'A record.' };

function cases(): Case[] {
  const writerOnly = (r: Row) => expect(r.songwriterId).toBe(ids.writer);
  // Rows the cases make, under ids chosen here so the rules can name them; the rest is filled in by `prepare` and `send`.
  const [claimedOrder, neighbourOrder, confirmedOrder, victimBoughtOrder, resetOrder, stripeOrder] = [
    randomUUID(),
    randomUUID(),
    randomUUID(),
    randomUUID(),
    randomUUID(),
    randomUUID(),
  ];
  const [downloadRequest, downloadLink] = [randomUUID(), randomUUID()];
  const [pitchPlay, doomedComment, approvedRequest, rejectedRequest, revokedRequest, revokedLink] = [
    randomUUID(),
    randomUUID(),
    randomUUID(),
    randomUUID(),
    randomUUID(),
    randomUUID(),
  ];
  const [claimAddress, confirmAddress, rejectedEmail] = [uniqueEmail('claim'), uniqueEmail('confirm'), uniqueEmail('rejected')];
  const stripeEvent = `evt_mass_${randomUUID()}`;
  const unclaimedPaid = {
    songwriterId: null,
    packageSize: 1,
    amountPaidCents: 2500,
    paymentStatus: 'paid' as const,
    paymentProvider: 'test' as const,
    paidAt: new Date(),
  };
  let joiner: { id: string; email: string; password: string; client: TestClient };
  let resettable: { id: string; email: string; review: string };
  let applicant: { id: string; email: string };
  let revokee: string;
  let doomed: { id: string; files: string[] };
  let doomedVersion: { id: string; fileId: string };
  let leaving: { id: string; client: TestClient; password: string };
  const leavingOrder = randomUUID();
  /** The deleted account's row: emptied of its name and address, stamped deleted. */
  const erased = (id: () => string) => (u: Row) =>
    expect(u).toMatchObject({
      id: id(),
      name: '',
      email: `deleted-${id()}@deleted.invalid`,
      emailVerified: true,
      deletedAt: expect.any(Date),
    });
  let newOrder: string[] = [];
  /** The song POST /api/admin/songs made, for its writer's rule. */
  let brandNewSong = '';
  let importUpload = '';
  /** The writers' names of the song a signed agreement brought in, for its writer's rule. */
  let signedSongWriterNames = '';
  return [
    {
      route: 'POST /api/auth/sign-up/email',
      fields: privileged(),
      send: (f) =>
        t.client().post('/api/auth/sign-up/email', { ...f, email: uniqueEmail('su'), password: 'orchard-pickup-lantern-3', name: 'New' }),
      allow: {
        users: {
          insert: ([u, ...more]) => (
            expect(more).toEqual([]),
            expect(u).toMatchObject({ emailVerified: false }),
            expect(u!.id).not.toBe(privileged().id),
            recent(u!.createdAt)
          ),
        },
        accounts: oneCredential,
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
      send: (f) =>
        t.client().post('/api/songwriters/sign-up', {
          ...f,
          username: `w${Date.now()}`,
          email: uniqueEmail('sw'),
          password: 'orchard-pickup-lantern-3',
          confirmPassword: 'orchard-pickup-lantern-3',
        }),
      allow: {
        users: {
          insert: ([u, ...more]) => (
            expect(more).toEqual([]),
            expect(u).toMatchObject({ emailVerified: false }),
            expect(u!.id).not.toBe(privileged().id)
          ),
        },
        accounts: oneCredential,
        user_roles: { insert: (rows) => expect(rows.map((r) => r.role)).toEqual(['songwriter']) },
        songwriter_profiles: { insert: ([p]) => expect(p).toMatchObject({ completedAt: null }) },
        mail_outbox: anyMail,
      },
    },
    {
      route: 'PUT /api/songwriters/me/profile',
      fields: { ...privileged(), username: 'hijacked', completedAt: '2000-01-01T00:00:00.000Z' },
      send: (f) => as.writer.put('/api/songwriters/me/profile', { ...f, ...PROFILE }),
      allow: {
        songwriter_profiles: {
          update: { key: ids.writer, columns: [...Object.keys(PROFILE), 'completedAt', 'updatedAt'], check: (p) => recent(p.completedAt) },
        },
      },
    },
    {
      route: 'PUT /api/songwriters/me/questionnaire',
      fields: privileged(),
      send: (f) => as.writer.put('/api/songwriters/me/questionnaire', { ...f, ...QUESTIONNAIRE }),
      allow: { songwriter_questionnaire: { update: { key: ids.writer, columns: [...Object.keys(QUESTIONNAIRE), 'updatedAt'] } } },
    },
    {
      route: 'POST /api/songwriters/me/checkout',
      fields: {
        ...without(privileged(), 'packageSize'),
        songsSubmitted: 1,
        paidAt: '2000-01-01T00:00:00.000Z',
        checkoutSessionId: 'cs_chosen',
        paymentProvider: 'stripe',
        creditAppliedCents: 2500,
        songPriceCents: 1,
        turnaroundBusinessDays: 1,
      },
      send: (f) => as.writer.post('/api/songwriters/me/checkout', { ...f, packageSize: 1 }),
      allow: {
        orders: {
          insert: ([o, ...more]) => {
            expect(more).toEqual([]);
            expect(o).toMatchObject({
              songwriterId: ids.writer,
              packageSize: 1,
              paymentStatus: 'pending',
              amountPaidCents: 0,
              songsSubmitted: 0,
              paidAt: null,
              paymentProvider: 'test',
              creditAppliedCents: 0,
              songPriceCents: 2500,
              turnaroundBusinessDays: 10,
            });
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
          insert: ([o]) =>
            expect(o).toMatchObject({ songwriterId: ids.writer, packageSize: 2, paymentStatus: 'paid', amountPaidCents: 5000 }),
        },
        // One payment event, of the server's making.
        payment_events: {
          insert: ([e, ...more]) => (
            expect(more).toEqual([]),
            expect(e).toMatchObject({ provider: 'test' }),
            expect(e!.eventId).toMatch(/^test_evt_/)
          ),
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
        const data = {
          ...f,
          orderId: order.id,
          title: 'Night Shift',
          storyArc: 'A nurse drives home at dawn.',
          aiUsage: 'No AI was used.',
          agreed: true,
        };
        return multipart(as.writer, 'POST', '/api/submissions', data, { audio: [synthesizeMp3({ seconds: 1 }), 'song.mp3'] });
      },
      allow: {
        orders: {
          insert: ([o]) =>
            expect(o).toMatchObject({ songwriterId: ids.writer, packageSize: 2, amountPaidCents: 5000, paymentStatus: 'paid' }),
        },
        song_reviews: {
          insert: ([r, ...more]) => {
            expect(more).toEqual([]);
            writerOnly(r!);
            expect(r).toMatchObject({ songNumber: 1, status: 'pending', adminReview: null, reviewedBy: null, readBySongwriter: false });
          },
        },
        stored_files: { insert: ([file]) => expect(file!.ownerId).toBe(ids.writer) },
        analysis_jobs: queuedAnalysis,
        mail_outbox: anyMail,
      },
    },
    {
      route: 'POST /api/reviews/:id/rating',
      fields: { ...privileged(), reviewId: ids.otherReview },
      prepare: async () => {
        ratedReview = await reviewedSong(ids.writer);
      },
      send: (f) => as.writer.post(`/api/reviews/${ratedReview}/rating`, { ...f, rating: 4, comment: 'Useful notes.' }),
      allow: {
        review_ratings: {
          insert: ([r]) => {
            expect(r).toMatchObject({ reviewId: ratedReview, songwriterId: ids.writer, rating: 4, comment: 'Useful notes.' });
            recent(r!.createdAt);
          },
        },
      },
    },
    {
      route: 'POST /api/reviews/:id/rewrite',
      fields: {
        ...privileged(),
        rewriteOf: ids.otherReview,
        rewriteNote: 'chosen',
        reviewerId: ids.victim,
        dueOn: '2000-01-01',
        verdict: 'pitch_ready',
        orderId: randomUUID(),
        songNumber: 3,
        songTitle: 'chosen',
        adminReview: 'chosen',
        reviewedBy: ids.victim,
        readBySongwriter: true,
      },
      prepare: async () => {
        rewrittenReview = await reviewedSong(ids.writer);
        await t.db
          .update(schema.songReviews)
          .set({ verdict: 'rewrite_suggested', reviewedBy: ids.admin })
          .where(eq(schema.songReviews.id, rewrittenReview));
      },
      send: (f) =>
        multipart(
          as.writer,
          'POST',
          `/api/reviews/${rewrittenReview}/rewrite`,
          { ...f, note: 'A new second verse.', lyricsText: 'Verse one\nA new verse two' },
          { audio: [synthesizeMp3({ seconds: 1 }), 'rewrite.mp3'] },
        ),
      allow: {
        song_reviews: {
          insert: ([r, ...more]) => {
            expect(more).toEqual([]);
            writerOnly(r!);
            expect(r).toMatchObject({
              rewriteOf: rewrittenReview,
              rewriteNote: 'A new second verse.',
              reviewerId: ids.admin,
              songNumber: 1,
              songTitle: 'Offered Song',
              lyricsText: 'Verse one\nA new verse two',
              status: 'pending',
              adminReview: null,
              verdict: null,
              reviewedBy: null,
              readBySongwriter: false,
            });
            expect(r!.orderId).not.toBe(privileged().id);
            expect(r!.dueOn).not.toBe('2000-01-01');
            recent(r!.createdAt);
          },
        },
        stored_files: { insert: ([file]) => expect(file!.ownerId).toBe(ids.writer) },
        analysis_jobs: queuedAnalysis,
        mail_outbox: mailTo(adminEmail, 'rewrite-received'),
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
      allow: {
        song_comments: {
          insert: ([c]) => expect(c).toMatchObject({ songId: ids.song, userId: ids.preview, isApproved: false, commentText: 'Love it' }),
        },
      },
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
        song_responses: {
          insert: ([r]) =>
            expect(r).toMatchObject({ songId: ids.song, userId: ids.preview, pitchLinkId: null, response: 'hold', note: 'An artist' }),
        },
        mail_outbox: mailTo(t.config.adminNotifyEmail),
      },
    },
    ...playlistCases(),
    ...shareCases(),
    ...briefShortlistCases(),
    ...newSongsMailCases(),
    ...briefCases(),
    ...referenceCases(),
    {
      route: 'POST /api/pitch/:token/plays',
      fields: { ...privileged(), pitchLinkId: ids.otherPitchLink, playedAt: '2000-01-01T00:00:00.000Z' },
      send: (f) => as.anonymous.post(`/api/pitch/${pitchToken}/plays`, { ...f, songId: ids.song, durationSeconds: 5, completed: false }),
      allow: {
        song_plays: {
          insert: ([p]) => (expect(p).toMatchObject({ pitchLinkId: ids.pitchLink, userId: null, songId: ids.song }), recent(p!.playedAt)),
        },
      },
    },
    {
      route: 'PUT /api/pitch/:token/responses/:id',
      fields: { ...privileged(), songId: ids.otherSong, pitchLinkId: ids.otherPitchLink },
      send: (f) => as.anonymous.put(`/api/pitch/${pitchToken}/responses/${ids.song}`, { ...f, response: 'pass' }),
      allow: {
        song_responses: {
          insert: ([r]) =>
            expect(r).toMatchObject({ songId: ids.song, pitchLinkId: ids.pitchLink, userId: null, response: 'pass', note: null }),
        },
      },
    },
    {
      route: 'POST /api/pitch/:token/replies',
      fields: {
        ...privileged(),
        pitchLinkId: ids.otherPitchLink,
        readAt: '2000-01-01T00:00:00.000Z',
        createdAt: '2000-01-01T00:00:00.000Z',
      },
      send: (f) => as.anonymous.post(`/api/pitch/${pitchToken}/replies`, { ...f, message: 'Can we get a work tape?' }),
      allow: {
        pitch_link_replies: {
          insert: ([r]) => (expect(r).toMatchObject({ pitchLinkId: ids.pitchLink, readAt: null }), recent(r!.createdAt)),
        },
        mail_outbox: mailTo(t.config.adminNotifyEmail, 'pitch-reply'),
      },
    },
    {
      route: 'POST /api/preview-requests',
      fields: { ...privileged(), reviewedBy: ids.admin, autoApprovedAt: '2000-01-01T00:00:00.000Z', phone: '615-555-0000' },
      send: (f) =>
        as.anonymous.post('/api/preview-requests', {
          ...f,
          name: 'Lee',
          companyName: 'Big Label',
          email: uniqueEmail('pr'),
          proAffiliation: 'BMI',
          projectDescription: 'A record.',
        }),
      allow: {
        preview_requests: {
          insert: ([r]) =>
            expect(r).toMatchObject({ status: 'pending', userId: null, reviewedBy: null, autoApprovedAt: null, phone: 'N/A' }),
        },
        mail_outbox: mailTo(t.config.adminNotifyEmail),
      },
    },
    {
      route: 'POST /api/contact',
      fields: { ...privileged(), to: 'attacker@example.test', toAddress: 'attacker@example.test', kind: 'reset-password' },
      send: (f) =>
        as.anonymous.post('/api/contact', { ...f, name: 'Kim', email: 'kim@example.test', subject: 'Hello', message: 'A question.' }),
      allow: {
        mail_outbox: {
          insert: ([m]) => expect(m).toMatchObject({ toAddress: t.config.adminNotifyEmail, kind: 'contact', status: 'pending' }),
        },
      },
    },
    {
      // Its effect is a line in the server's log; it may write nothing of ours.
      route: 'POST /api/client-errors',
      fields: privileged(),
      send: (f) =>
        as.anonymous.post('/api/client-errors', {
          ...f,
          kind: 'recoverable',
          page: '/about',
          message: 'Minified React error #418',
          componentStack: '',
        }),
      allow: {},
    },
    {
      route: 'POST /api/admin/preview-accounts',
      fields: privileged(),
      send: (f) => as.admin.post('/api/admin/preview-accounts', { ...f, email: uniqueEmail('pa'), password: 'orchard-pickup-lantern-3' }),
      allow: {
        audit_events: audited('preview_account.create'),
        users: { insert: ([u]) => expect(u!.id).not.toBe(privileged().id) },
        accounts: oneCredential,
        user_roles: { insert: (rows) => expect(rows.map((r) => r.role)).toEqual(['preview']) },
        preview_requests: { insert: ([r]) => expect(r).toMatchObject({ status: 'approved', reviewedBy: ids.admin }) },
        mail_outbox: anyMail,
      },
    },
    {
      route: 'POST /api/admin/pitch-links',
      fields: {
        ...privileged(),
        tokenHash: 'chosen',
        createdBy: ids.victim,
        revokedAt: '2000-01-01T00:00:00.000Z',
        lastOpenedAt: '2000-01-01T00:00:00.000Z',
        expiresAt: '2100-01-01T00:00:00.000Z',
      },
      send: (f) =>
        as.admin.post('/api/admin/pitch-links', {
          ...f,
          recipientName: 'Sam',
          recipientEmail: 'sam.pitch@example.test',
          expiresOn: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
          songIds: [ids.song],
        }),
      allow: {
        audit_events: audited('pitch_link.create'),
        pitch_links: {
          insert: ([l]) => {
            expect(l).toMatchObject({
              createdBy: ids.admin,
              revokedAt: null,
              lastOpenedAt: null,
              recipientEmail: 'sam.pitch@example.test',
            });
            expect(l!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
            expect((l!.expiresAt as Date).getFullYear()).toBeLessThan(2100);
          },
        },
        // The shortlist is the songs named, in order, on the new link.
        pitch_link_songs: {
          insert: (rows) =>
            expect(rows.map((r) => [r.songId, r.position, r.pitchLinkId === ids.pitchLink])).toEqual([[ids.song, 0, false]]),
        },
        mail_outbox: mailTo('sam.pitch@example.test'),
      },
    },
    {
      route: 'PATCH /api/admin/comments/:id',
      fields: { ...without(privileged(), 'isApproved'), songId: ids.otherSong, commentText: 'edited', commenterEmail: 'x@example.test' },
      send: (f) => as.admin.patch(`/api/admin/comments/${ids.comment}`, { ...f, isApproved: true }),
      allow: {
        audit_events: audited('comment.approve', ['isApproved']),
        song_comments: { update: { key: ids.comment, columns: ['isApproved'] } },
      },
    },
    {
      route: 'PUT /api/admin/reviews/:id/draft',
      fields: { ...privileged(), reviewedBy: ids.victim, readBySongwriter: true, songNumber: 3 },
      send: (f) =>
        as.admin.put(`/api/admin/reviews/${ids.review}/draft`, {
          ...f,
          text: 'Strong hook.',
          scores: { hook: { score: 4, reason: 'Sticks.' }, melody: { score: 3 } },
          verdict: 'rewrite_suggested',
        }),
      allow: {
        song_reviews: {
          update: {
            key: ids.review,
            columns: ['adminReview', 'status', 'verdict', 'updatedAt'],
            check: (r) => expect(r).toMatchObject({ status: 'in_review', reviewedBy: null, verdict: 'rewrite_suggested' }),
          },
        },
        review_scores: {
          insert: (rows) =>
            expect(rows).toEqual([
              { reviewId: ids.review, category: 'hook', score: 4, reason: 'Sticks.' },
              { reviewId: ids.review, category: 'melody', score: 3, reason: null },
            ]),
        },
      },
    },
    {
      route: 'PATCH /api/admin/songs/:id/active',
      fields: { ...privileged(), slug: 'hijacked', title: 'Hijacked', audioFileId: null },
      send: (f) => as.admin.patch(`/api/admin/songs/${ids.otherSong}/active`, { ...f, isActive: false }),
      allow: {
        audit_events: audited('song.unpublish', ['isActive']),
        songs: { update: { key: ids.otherSong, columns: ['isActive', 'updatedAt'] } },
      },
    },
    {
      route: 'PUT /api/admin/songs/:id',
      fields: {
        ...privileged(),
        audioFileId: null,
        imageFileId: null,
        imageWebFileId: null,
        imageThumbFileId: null,
        writerNames: 'Chosen Name',
        searchText: 'chosen',
      },
      send: (f) => multipart(as.admin, 'PUT', `/api/admin/songs/${ids.song}`, { ...f, ...SONG_FORM, description: 'Edited.' }),
      allow: {
        audit_events: audited('song.update', ['description', 'writers']),
        // The writers' names reach the search text through the database's own trigger.
        songs: {
          update: {
            key: ids.song,
            columns: ['description', 'updatedAt', 'writerNames', 'searchText'],
            check: (s) => expect(s).toMatchObject({ writerNames: 'Casey Rivers', searchText: expect.stringContaining('Casey Rivers') }),
          },
        },
        song_writers: { insert: songFormWriter(() => ids.song) },
      },
    },
    // ---------------------------------------------------------------- songwriters: joining and claiming orders
    {
      route: 'POST /api/songwriters/join',
      fields: { ...privileged(), completedAt: '2000-01-01T00:00:00.000Z', firstName: 'Chosen', email: 'attacker@example.test' },
      prepare: async () => {
        const user = await makeUser(t.db);
        joiner = { id: user.id, email: user.email, password: user.password, client: await signedInClient(t, user) };
      },
      send: (f) => joiner.client.post('/api/songwriters/join', { ...f, username: `joiner${Date.now()}`, password: joiner.password }),
      allow: {
        user_roles: { insert: (rows) => expect(rows.map((r) => [r.userId, r.role])).toEqual([[joiner.id, 'songwriter']]) },
        songwriter_profiles: {
          insert: ([p, ...more]) => (
            expect(more).toEqual([]),
            expect(p).toMatchObject({ userId: joiner.id, email: joiner.email, firstName: null, completedAt: null })
          ),
        },
      },
    },
    {
      route: 'POST /api/songwriters/me/claim',
      fields: {
        ...privileged(),
        checkoutSessionId: 'cs_claim_other',
        orderId: neighbourOrder,
        songsSubmitted: 1,
        paidAt: '2000-01-01T00:00:00.000Z',
      },
      prepare: async () => {
        await t.db.insert(schema.orders).values([
          { ...unclaimedPaid, id: claimedOrder, checkoutSessionId: 'cs_claim_mine' },
          { ...unclaimedPaid, id: neighbourOrder, checkoutSessionId: 'cs_claim_other' },
        ]);
      },
      send: (f) => as.writer.post('/api/songwriters/me/claim', { ...f, sessionId: 'cs_claim_mine' }),
      allow: {
        orders: {
          update: {
            key: claimedOrder,
            columns: ['songwriterId', 'updatedAt'],
            check: (o) =>
              expect(o).toMatchObject({
                songwriterId: ids.writer,
                paymentStatus: 'paid',
                amountPaidCents: 2500,
                packageSize: 1,
                songsSubmitted: 0,
              }),
          },
        },
      },
    },
    {
      route: 'POST /api/songwriters/me/claim-email',
      fields: {
        ...privileged(),
        to: 'attacker@example.test',
        toAddress: 'attacker@example.test',
        kind: 'order-paid',
        orderId: neighbourOrder,
      },
      prepare: async () => {
        await t.db.insert(schema.orders).values({ ...unclaimedPaid, checkoutSessionId: `cs_${randomUUID()}`, customerEmail: claimAddress });
      },
      // The address is not the account's: however verified the caller says they are, a link goes to it and nothing is claimed yet.
      send: (f) => as.writer.post('/api/songwriters/me/claim-email', { ...f, email: claimAddress }),
      allow: { mail_outbox: mailTo(claimAddress, 'claim-orders') },
    },
    {
      route: 'POST /api/songwriters/me/claim-email/confirm',
      fields: { ...privileged(), email: emails.victim, customerEmail: emails.victim, orderId: victimBoughtOrder },
      prepare: async () => {
        await t.db.insert(schema.orders).values([
          { ...unclaimedPaid, id: confirmedOrder, checkoutSessionId: `cs_${randomUUID()}`, customerEmail: confirmAddress },
          // Bought with the victim's address: the body names it, the token does not.
          { ...unclaimedPaid, id: victimBoughtOrder, checkoutSessionId: `cs_${randomUUID()}`, customerEmail: emails.victim },
        ]);
      },
      send: (f) =>
        as.writer.post('/api/songwriters/me/claim-email/confirm', {
          ...f,
          token: signToken(t.config.authSecret, 'claim-orders', { userId: ids.writer, email: confirmAddress }, 3600),
        }),
      allow: {
        orders: {
          update: {
            key: confirmedOrder,
            columns: ['songwriterId', 'updatedAt'],
            check: (o) => expect(o).toMatchObject({ songwriterId: ids.writer, customerEmail: confirmAddress }),
          },
        },
      },
    },
    {
      route: 'POST /api/payments/stripe/webhook',
      app: () => stripeApp.t,
      fields: {
        ...privileged(),
        songwriterId: stripeApp.victim,
        userId: stripeApp.victim,
        ownerId: stripeApp.victim,
        songsSubmitted: 3,
        paidAt: '2000-01-01T00:00:00.000Z',
        checkoutSessionId: 'cs_chosen',
        customerEmail: 'attacker@example.test',
        eventId: 'evt_chosen',
      },
      prepare: async () => {
        await stripeApp.t.db.insert(schema.orders).values({
          id: stripeOrder,
          songwriterId: stripeApp.writer,
          packageSize: 3,
          paymentProvider: 'stripe',
          checkoutSessionId: 'cs_test_mass_assignment',
          customerEmail: stripeApp.writerEmail,
        });
      },
      // A correctly signed delivery carrying our column names beside Stripe's, in the event, its session and the session's metadata
      // (Stripe's own fields and the metadata we set at checkout are left as Stripe sent them).
      send: (f) => {
        const event = JSON.parse(stripeFixture.replaceAll('__ORDER_ID__', stripeOrder).replaceAll('__EMAIL__', stripeApp.writerEmail));
        event.id = stripeEvent;
        event.data.object.id = 'cs_test_mass_assignment';
        const addNew = (target: Row, values: Row) => {
          for (const [k, v] of Object.entries(values)) if (!(k in target)) target[k] = v;
        };
        addNew(event, f);
        addNew(event.data.object, f);
        addNew(event.data.object.metadata, Object.fromEntries(Object.entries(f).map(([k, v]) => [k, String(v)])));
        const payload = JSON.stringify(event);
        const signature = new Stripe('sk_test_not_used_for_network').webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
        return stripeApp.t.client().request('POST', '/api/payments/stripe/webhook', Buffer.from(payload), {
          'content-type': 'application/json',
          'stripe-signature': signature,
          origin: '',
        });
      },
      allow: {
        orders: {
          update: {
            key: stripeOrder,
            columns: ['paymentStatus', 'paidAt', 'amountPaidCents', 'customerName', 'updatedAt'],
            check: (o) => {
              expect(o).toMatchObject({
                songwriterId: stripeApp.writer,
                packageSize: 3,
                paymentStatus: 'paid',
                amountPaidCents: 7500,
                songsSubmitted: 0,
              });
              expect(o).toMatchObject({
                checkoutSessionId: 'cs_test_mass_assignment',
                customerEmail: stripeApp.writerEmail,
                paymentProvider: 'stripe',
              });
              recent(o.paidAt);
            },
          },
        },
        payment_events: { insert: (rows) => expect(rows.map((r) => [r.eventId, r.provider])).toEqual([[stripeEvent, 'stripe']]) },
        mail_outbox: mailTo(stripeApp.writerEmail, 'order-paid'),
      },
    },
    // ---------------------------------------------------------------- listeners taking back answers, a recipient's play
    {
      route: 'PATCH /api/pitch/:token/plays/:id',
      fields: { ...privileged(), songId: ids.otherSong, pitchLinkId: ids.otherPitchLink, playedAt: '2000-01-01T00:00:00.000Z' },
      prepare: async () => {
        await t.db.insert(schema.songPlays).values({ id: pitchPlay, songId: ids.song, pitchLinkId: ids.pitchLink });
      },
      send: (f) => as.anonymous.patch(`/api/pitch/${pitchToken}/plays/${pitchPlay}`, { ...f, durationSeconds: 30, completed: true }),
      allow: {
        song_plays: {
          update: {
            key: pitchPlay,
            columns: ['durationSeconds', 'completed'],
            check: (p) => expect(p).toMatchObject({ songId: ids.song, pitchLinkId: ids.pitchLink, userId: null }),
          },
        },
      },
    },
    {
      route: 'DELETE /api/song-responses/:id',
      fields: { ...privileged(), songId: ids.otherSong, pitchLinkId: ids.pitchLink },
      prepare: async () => {
        const hold = { response: 'hold' as const, note: 'An artist' };
        await t.db
          .insert(schema.songResponses)
          .values([
            { songId: ids.song, userId: ids.preview, ...hold },
            { songId: ids.otherSong, userId: ids.preview, ...hold },
            { songId: ids.song, userId: ids.victim, ...hold },
          ])
          .onConflictDoNothing();
      },
      send: (f) => bodyAndQuery(as.preview, 'DELETE', `/api/song-responses/${ids.song}`, f),
      allow: { song_responses: { delete: allOf({ songId: ids.song, userId: ids.preview }, 1) } },
    },
    {
      route: 'DELETE /api/pitch/:token/responses/:id',
      fields: { ...privileged(), songId: ids.otherSong, pitchLinkId: ids.otherPitchLink },
      prepare: async () => {
        await t.db
          .insert(schema.songResponses)
          .values([
            { songId: ids.song, pitchLinkId: ids.pitchLink, response: 'pass' },
            { songId: ids.otherSong, pitchLinkId: ids.pitchLink, response: 'pass' },
            { songId: ids.song, pitchLinkId: ids.otherPitchLink, response: 'pass' },
          ])
          .onConflictDoNothing();
      },
      send: (f) => bodyAndQuery(as.anonymous, 'DELETE', `/api/pitch/${pitchToken}/responses/${ids.song}`, f),
      allow: { song_responses: { delete: allOf({ songId: ids.song, pitchLinkId: ids.pitchLink, userId: null }, 1) } },
    },
    // ---------------------------------------------------------------- admin: reviews
    {
      route: 'POST /api/admin/reviews/:id/notes',
      fields: { ...privileged(), reviewId: ids.otherReview, authorId: ids.victim, updatedAt: '2000-01-01T00:00:00.000Z' },
      send: (f) => as.admin.post(`/api/admin/reviews/${ids.review}/notes`, { ...f, atSeconds: 12.5, text: 'The hook lands here.' }),
      allow: {
        review_notes: {
          insert: ([n, ...more]) => (
            expect(more).toEqual([]),
            expect(n).toMatchObject({ reviewId: ids.review, authorId: ids.admin, atSeconds: 12.5, text: 'The hook lands here.' }),
            recent(n!.createdAt)
          ),
        },
      },
    },
    {
      route: 'PATCH /api/admin/reviews/:id/notes/:noteId',
      fields: { ...privileged(), reviewId: ids.otherReview, authorId: ids.victim, updatedAt: '2000-01-01T00:00:00.000Z' },
      prepare: async () => {
        await t.db.insert(schema.reviewNotes).values({ id: noteIds.edited, reviewId: ids.review, atSeconds: 30, text: 'Verse two drags.' });
      },
      send: (f) => as.admin.patch(`/api/admin/reviews/${ids.review}/notes/${noteIds.edited}`, { ...f, text: 'Verse two drags a little.' }),
      allow: {
        review_notes: {
          update: {
            key: noteIds.edited,
            columns: ['text', 'updatedAt'],
            check: (n) => (expect(n).toMatchObject({ reviewId: ids.review, authorId: null, atSeconds: 30 }), recent(n.updatedAt)),
          },
        },
      },
    },
    {
      route: 'DELETE /api/admin/reviews/:id/notes/:noteId',
      fields: { ...privileged(), reviewId: ids.otherReview, authorId: ids.victim, noteId: noteIds.kept },
      prepare: async () => {
        await t.db.insert(schema.reviewNotes).values([
          { id: noteIds.deleted, reviewId: ids.review, atSeconds: 40, text: 'Delete me.' },
          { id: noteIds.kept, reviewId: ids.review, atSeconds: 41, text: 'Keep me.' },
        ]);
      },
      send: (f) => bodyAndQuery(as.admin, 'DELETE', `/api/admin/reviews/${ids.review}/notes/${noteIds.deleted}`, f),
      allow: { review_notes: { delete: exactly(noteIds.deleted) } },
    },
    {
      route: 'POST /api/admin/reviews/:id/send',
      fields: {
        ...privileged(),
        reviewedBy: ids.victim,
        reviewedAt: '2000-01-01T00:00:00.000Z',
        readBySongwriter: true,
        readAt: '2000-01-01T00:00:00.000Z',
        songNumber: 3,
        adminReview: 'chosen',
      },
      send: (f) =>
        as.admin.post(`/api/admin/reviews/${ids.review}/send`, { ...f, text: 'The final review.', ...fullRubric('pitch_ready', 5) }),
      allow: {
        audit_events: audited('review.send', ['status', 'adminReview']),
        // The draft's two categories are replaced by all six.
        review_scores: {
          insert: (rows) => expect(rows.map((r) => [r.reviewId, r.score])).toEqual(Array(4).fill([ids.review, 5])),
          update: {
            key: EVERY_ROW,
            columns: ['score', 'reason'],
            check: (r) => expect(r).toMatchObject({ reviewId: ids.review, score: 5 }),
          },
        },
        song_reviews: {
          update: {
            key: ids.review,
            columns: ['adminReview', 'status', 'verdict', 'reviewedBy', 'reviewedAt', 'updatedAt'],
            check: (r) => {
              expect(r).toMatchObject({
                adminReview: 'The final review.',
                status: 'reviewed',
                reviewedBy: ids.admin,
                readBySongwriter: false,
                readAt: null,
                songNumber: 1,
                songwriterId: ids.writer,
              });
              recent(r.reviewedAt);
            },
          },
        },
        mail_outbox: mailTo(emails.writer, 'review-sent'),
      },
    },
    {
      route: 'POST /api/admin/reviews/:id/messages',
      fields: { ...privileged(), senderId: ids.victim, read: true, reviewId: ids.otherReview },
      send: (f) => as.admin.post(`/api/admin/reviews/${ids.review}/messages`, { ...f, message: 'See the notes.' }),
      allow: {
        review_messages: {
          insert: ([m, ...more]) => (
            expect(more).toEqual([]),
            expect(m).toMatchObject({ reviewId: ids.review, senderId: ids.admin, read: false, message: 'See the notes.' })
          ),
        },
        mail_outbox: mailTo(emails.writer, 'review-message'),
      },
    },
    {
      route: 'POST /api/admin/reset-songwriter',
      fields: { ...privileged(), userIds: [ids.writer, ids.victim], emails: [emails.victim], deleteAccount: true },
      prepare: async () => {
        const user = await makeSongwriter(t.db);
        const [order] = await t.db
          .insert(schema.orders)
          .values({ ...unclaimedPaid, id: resetOrder, songwriterId: user.id, checkoutSessionId: `cs_${randomUUID()}` })
          .returning();
        const [review] = await t.db
          .insert(schema.songReviews)
          .values({
            songwriterId: user.id,
            orderId: order!.id,
            songNumber: 1,
            songTitle: 'Reset me',
            storyArc: 'A story.',
            aiUsage: 'None.',
          })
          .returning();
        await t.db.insert(schema.reviewMessages).values({ reviewId: review!.id, senderId: user.id, message: 'Hello' });
        resettable = { id: user.id, email: user.email, review: review!.id };
      },
      send: (f) => as.admin.post('/api/admin/reset-songwriter', { ...f, email: resettable.email }),
      allow: {
        audit_events: audited('songwriter.reset'),
        review_messages: { delete: (rows) => allOf({ reviewId: resettable.review }, 1)(rows) },
        song_reviews: { delete: (rows) => exactly(resettable.review)(rows) },
        songwriter_profiles: { delete: (rows) => exactly(resettable.id)(rows) },
        songwriter_questionnaire: { delete: (rows) => exactly(resettable.id)(rows) },
        user_roles: { delete: (rows) => exactly(`${resettable.id}:songwriter`)(rows) },
        orders: { update: { key: resetOrder, columns: ['songwriterId', 'updatedAt'], check: (o) => expect(o.songwriterId).toBeNull() } },
      },
    },
    // ---------------------------------------------------------------- a person's own data
    {
      route: 'DELETE /api/me',
      fields: { ...privileged(), email: emails.victim, deletedAt: null, name: 'Chosen', keepOrders: false },
      prepare: async () => {
        const user = await makeSongwriter(t.db);
        await t.db.insert(schema.orders).values({
          ...unclaimedPaid,
          id: leavingOrder,
          songwriterId: user.id,
          customerName: 'Lee Leaving',
          customerEmail: user.email,
          checkoutSessionId: `cs_${randomUUID()}`,
        });
        leaving = { id: user.id, client: await signedInClient(t, user), password: user.password };
      },
      send: (f) => leaving.client.request('DELETE', withQuery('/api/me', f), { ...f, password: leaving.password }),
      allow: {
        users: {
          update: {
            // The account is made in prepare, after the rules.
            get key() {
              return leaving.id;
            },
            columns: ['email', 'name', 'lastSignInAt', 'deletedAt'],
            check: erased(() => leaving.id),
          },
        },
        user_roles: { delete: (rows) => exactly(`${leaving.id}:songwriter`)(rows) },
        songwriter_profiles: { delete: (rows) => exactly(leaving.id)(rows) },
        songwriter_questionnaire: { delete: (rows) => exactly(leaving.id)(rows) },
        sessions: { delete: (rows) => allOf({ userId: leaving.id })(rows) },
        accounts: { delete: (rows) => allOf({ userId: leaving.id }, 1)(rows) },
        orders: {
          update: {
            key: leavingOrder,
            columns: ['customerName', 'customerEmail', 'updatedAt'],
            check: (o) =>
              expect(o).toMatchObject({ songwriterId: leaving.id, customerName: null, customerEmail: null, amountPaidCents: 2500 }),
          },
        },
        mail_outbox: mailTo(t.config.adminNotifyEmail, 'account-deleted'),
      },
    },
    {
      route: 'DELETE /api/admin/users/:userId',
      fields: { ...privileged(), email: emails.victim, deletedAt: null, name: 'Chosen', userIds: [ids.writer, ids.victim] },
      prepare: async () => {
        const user = await makePreviewUser(t.db);
        await t.db
          .insert(schema.songComments)
          .values({ songId: ids.song, userId: user.id, commenterName: 'L', commenterEmail: user.email, commentText: 'Bye' });
        await t.db.insert(schema.songPlays).values({ songId: ids.song, userId: user.id });
        leaving = { id: user.id, client: as.anonymous, password: user.password };
      },
      send: (f) => bodyAndQuery(as.admin, 'DELETE', `/api/admin/users/${leaving.id}`, f),
      allow: {
        users: {
          update: {
            get key() {
              return leaving.id;
            },
            columns: ['email', 'name', 'deletedAt'],
            check: erased(() => leaving.id),
          },
        },
        user_roles: { delete: (rows) => exactly(`${leaving.id}:preview`)(rows) },
        preview_requests: { delete: (rows) => allOf({ userId: leaving.id }, 1)(rows) },
        song_comments: { delete: (rows) => allOf({ userId: leaving.id }, 1)(rows) },
        song_plays: { delete: (rows) => allOf({ userId: leaving.id }, 1)(rows) },
        accounts: { delete: (rows) => allOf({ userId: leaving.id }, 1)(rows) },
        mail_outbox: mailTo(t.config.adminNotifyEmail, 'account-deleted'),
        audit_events: audited('account.delete', ['email']),
      },
    },
    // ---------------------------------------------------------------- admin: the catalogue and comments
    {
      route: 'POST /api/admin/songs',
      fields: {
        ...privileged(),
        audioFileId: ids.songAudio,
        imageFileId: ids.songAudio,
        imageWebFileId: ids.songAudio,
        imageThumbFileId: ids.songAudio,
        imageThumb2xFileId: ids.songAudio,
        audioPeaks: [255, 255, 255],
        audioDurationSeconds: 999,
        searchText: 'chosen',
        writerNames: 'Chosen Name',
        updatedAt: '2000-01-01T00:00:00.000Z',
      },
      send: (f) =>
        multipart(
          as.admin,
          'POST',
          '/api/admin/songs',
          { ...f, ...SONG_FORM, title: 'Brand New', slug: `brand-new-${Date.now()}` },
          { audio: [synthesizeMp3({ seconds: 1 }), 'new.mp3'] },
        ),
      allow: {
        audit_events: audited('song.create'),
        songs: {
          insert: ([s, ...more]) => {
            expect(more).toEqual([]);
            expect(s!.id).not.toBe(privileged().id);
            expect(s).toMatchObject({
              title: 'Brand New',
              imageFileId: null,
              imageWebFileId: null,
              imageThumbFileId: null,
              isActive: true,
              orderIndex: 0,
            });
            expect(s!.audioFileId).not.toBe(ids.songAudio);
            expect(s!.audioPeaks).not.toEqual([255, 255, 255]);
            // Measured by the analysis job, after the request.
            expect(s).toMatchObject({ audioPeaks: null, audioDurationSeconds: null });
            expect(s!.searchText).not.toBe('chosen');
            expect(s!.writerNames).toBe('Casey Rivers');
            recent(s!.createdAt);
            recent(s!.updatedAt);
            brandNewSong = String(s!.id);
          },
        },
        song_writers: { insert: songFormWriter(() => brandNewSong) },
        stored_files: {
          insert: ([file, ...more]) => (expect(more).toEqual([]), expect(file).toMatchObject({ ownerId: ids.admin, bucket: 'song-audio' })),
        },
        analysis_jobs: queuedAnalysis,
      },
    },
    {
      route: 'POST /api/admin/song-audio',
      fields: {
        ...privileged(),
        bucket: 'song-images',
        key: 'chosen-key',
        contentType: 'text/html',
        sizeBytes: 1,
        originalName: 'chosen.mp3',
        audioPeaks: [255, 255, 255],
        audioDurationSeconds: 999,
        detectedBpm: 300,
        detectedKey: 'C major',
        integratedLufs: 9,
        loudnessRangeLu: 9,
        truePeakDbtp: 9,
      },
      send: (f) => multipart(as.admin, 'POST', '/api/admin/song-audio', f, { audio: [synthesizeMp3({ seconds: 1 }), 'take.mp3'] }),
      allow: {
        audit_events: audited('song_audio.upload', ['originalName']),
        stored_files: {
          insert: ([file, ...more]) => {
            expect(more).toEqual([]);
            expect(file).toMatchObject({ ownerId: ids.admin, bucket: 'song-audio', contentType: 'audio/mpeg', originalName: 'take.mp3' });
            expect(file!.id).not.toBe(privileged().id);
            expect(file!.key).not.toBe('chosen-key');
            expect(file!.sizeBytes).toBeGreaterThan(1);
            // Measured by the analysis job, after the request: waveform, tempo, key and loudness alike.
            expect(file).toMatchObject({
              audioPeaks: null,
              audioDurationSeconds: null,
              detectedBpm: null,
              detectedKey: null,
              integratedLufs: null,
              loudnessRangeLu: null,
              truePeakDbtp: null,
            });
            recent(file!.createdAt);
          },
        },
        analysis_jobs: queuedAnalysis,
      },
    },
    {
      route: 'POST /api/admin/song-import/preview',
      fields: { ...privileged(), isActive: true, audioFileId: ids.songAudio, slug: 'chosen-slug', orderIndex: 99, valid: true },
      send: (f) =>
        as.admin.post('/api/admin/song-import/preview', { ...f, csv: IMPORT_CSV('Previewed Only', 'none.mp3'), audioUploadIds: [] }),
      // It reads and checks; it writes nothing.
      allow: {},
    },
    {
      route: 'POST /api/admin/song-import',
      fields: {
        ...privileged(),
        isActive: true,
        audioFileId: ids.songAudio,
        audioPeaks: [255, 255, 255],
        slug: 'chosen-slug',
        orderIndex: 99,
        searchText: 'chosen',
        writerNames: 'Chosen Name',
      },
      prepare: async () => {
        const res = await multipart(
          as.admin,
          'POST',
          '/api/admin/song-audio',
          {},
          { audio: [synthesizeMp3({ seconds: 1 }), 'imported.mp3'] },
        );
        importUpload = String(res.body.id);
      },
      send: (f) =>
        as.admin.post('/api/admin/song-import', { ...f, csv: IMPORT_CSV('Imported Tune', 'imported.mp3'), audioUploadIds: [importUpload] }),
      allow: {
        audit_events: audited('song.create'),
        songs: {
          insert: ([s, ...more]) => {
            expect(more).toEqual([]);
            expect(s!.id).not.toBe(privileged().id);
            expect(s).toMatchObject({ title: 'Imported Tune', slug: 'imported-tune', isActive: false, audioFileId: importUpload });
            expect(s!.orderIndex).not.toBe(99);
            expect(s!.audioPeaks).not.toEqual([255, 255, 255]);
            expect(s!.searchText).not.toBe('chosen');
            expect(s!.writerNames).toBe('Casey Rivers');
            recent(s!.createdAt);
          },
        },
        song_writers: {
          insert: ([w, ...more]) => (expect(more).toEqual([]), expect(w).toMatchObject({ name: 'Casey Rivers', pro: 'BMI', share: 100 })),
        },
      },
    },
    {
      route: 'PUT /api/admin/song-order',
      fields: {
        ...privileged(),
        orderIndex: 99,
        isActive: false,
        title: 'Hijacked',
        songs: [{ id: ids.song, orderIndex: 99, isActive: false, slug: 'hijacked' }],
      },
      send: async (f) => {
        newOrder = (await t.db.select({ id: schema.songs.id }).from(schema.songs))
          .map((s) => s.id)
          .sort()
          .reverse();
        return as.admin.put('/api/admin/song-order', { ...f, ids: newOrder });
      },
      allow: {
        songs: {
          update: { key: EVERY_ROW, columns: ['orderIndex'], check: (s) => expect(s.orderIndex).toBe(newOrder.indexOf(String(s.id))) },
        },
      },
    },
    {
      route: 'DELETE /api/admin/songs/:id',
      fields: { ...privileged(), songId: ids.song, songIds: [ids.song, ids.otherSong], audioFileId: ids.songAudio, cascade: false },
      prepare: async () => {
        const song = await makeSong(t.db, t.storage, ids.admin, { title: 'Doomed', seconds: 1, cover: ['#112233', '#445566'] });
        doomed = {
          id: song.id,
          files: [song.audioFileId, song.imageFileId, song.imageWebFileId, song.imageThumbFileId, song.imageThumb2xFileId].map(String),
        };
        await t.db
          .insert(schema.songComments)
          .values({ songId: song.id, userId: ids.preview, commenterName: 'P', commenterEmail: 'p@example.test', commentText: 'Bye' });
        await t.db.insert(schema.songPlays).values({ songId: song.id, userId: ids.preview });
        await t.db.insert(schema.songResponses).values({ songId: song.id, userId: ids.preview, response: 'pass' });
        await t.db.insert(schema.pitchLinkSongs).values({ pitchLinkId: ids.pitchLink, songId: song.id, position: 1 });
      },
      send: (f) => bodyAndQuery(as.admin, 'DELETE', `/api/admin/songs/${doomed.id}`, f),
      allow: {
        audit_events: audited('song.delete', ['title', 'slug', 'isActive']),
        songs: { delete: (rows) => exactly(doomed.id)(rows) },
        stored_files: { delete: (rows) => exactly(...doomed.files)(rows) },
        song_comments: { delete: (rows) => allOf({ songId: doomed.id }, 1)(rows) },
        song_plays: { delete: (rows) => allOf({ songId: doomed.id }, 1)(rows) },
        song_responses: { delete: (rows) => allOf({ songId: doomed.id }, 1)(rows) },
        pitch_link_songs: { delete: (rows) => allOf({ songId: doomed.id }, 1)(rows) },
      },
    },
    {
      route: 'POST /api/admin/songs/:id/versions',
      fields: {
        ...privileged(),
        songId: ids.otherSong,
        fileId: ids.songAudio,
        bucket: 'song-images',
        key: 'chosen-key',
        contentType: 'text/html',
        sizeBytes: 1,
        audioPeaks: [255, 255, 255],
        audioDurationSeconds: 999,
      },
      send: (f) =>
        multipart(
          as.admin,
          'POST',
          `/api/admin/songs/${ids.song}/versions`,
          { ...f, kind: 'instrumental', label: 'Instrumental' },
          {
            file: [synthesizeMp3({ seconds: 1 }), 'instrumental.mp3'],
          },
        ),
      allow: {
        audit_events: audited('song_version.upload', ['label', 'fileId']),
        song_versions: {
          insert: ([v, ...more]) => {
            expect(more).toEqual([]);
            expect(v).toMatchObject({ songId: ids.song, kind: 'instrumental', label: 'Instrumental' });
            expect(v!.id).not.toBe(privileged().id);
            expect(v!.fileId).not.toBe(ids.songAudio);
            recent(v!.createdAt);
          },
        },
        stored_files: {
          insert: ([file, ...more]) => {
            expect(more).toEqual([]);
            expect(file).toMatchObject({ ownerId: ids.admin, bucket: 'song-audio', contentType: 'audio/mpeg', audioPeaks: null });
            expect(file!.key).not.toBe('chosen-key');
            expect(file!.sizeBytes).toBeGreaterThan(1);
          },
        },
        analysis_jobs: queuedAnalysis,
      },
    },
    {
      route: 'DELETE /api/admin/songs/:id/versions/:kind',
      fields: { ...privileged(), songId: ids.otherSong, fileId: ids.songAudio, kind: 'stems' },
      prepare: async () => {
        const res = await multipart(
          as.admin,
          'POST',
          `/api/admin/songs/${ids.song}/versions`,
          { kind: 'work_tape', label: 'Work tape' },
          { file: [synthesizeMp3({ seconds: 1 }), 'tape.mp3'] },
        );
        expect(res.status, res.text).toBe(201);
        const [row] = await t.db.select().from(schema.songVersions).where(eq(schema.songVersions.kind, 'work_tape'));
        doomedVersion = { id: row!.id, fileId: row!.fileId };
      },
      send: (f) => bodyAndQuery(as.admin, 'DELETE', `/api/admin/songs/${ids.song}/versions/work_tape`, f),
      allow: {
        audit_events: audited('song_version.remove', ['label', 'fileId']),
        song_versions: { delete: (rows) => exactly(doomedVersion.id)(rows) },
        stored_files: { delete: (rows) => exactly(doomedVersion.fileId)(rows) },
        // The file's analysis job goes with it.
        analysis_jobs: { delete: (rows) => allOf({ fileId: doomedVersion.fileId }, 1)(rows) },
      },
    },
    {
      route: 'DELETE /api/admin/comments/:id',
      fields: { ...privileged(), songId: ids.song, commentIds: [ids.comment] },
      prepare: async () => {
        await t.db.insert(schema.songComments).values({
          id: doomedComment,
          songId: ids.song,
          userId: ids.preview,
          commenterName: 'P',
          commenterEmail: 'p@example.test',
          commentText: 'Spam',
        });
      },
      send: (f) => bodyAndQuery(as.admin, 'DELETE', `/api/admin/comments/${doomedComment}`, f),
      allow: {
        audit_events: audited('comment.delete'),
        song_comments: { delete: exactly(doomedComment) },
      },
    },
    // ---------------------------------------------------------------- admin: preview access and pitch links
    {
      route: 'POST /api/admin/preview-requests/:id/approve',
      fields: {
        ...privileged(),
        reviewedBy: ids.victim,
        reviewedAt: '2000-01-01T00:00:00.000Z',
        autoApprovedAt: '2000-01-01T00:00:00.000Z',
        revokedBy: ids.victim,
        email: 'attacker@example.test',
      },
      prepare: async () => {
        const user = await makeUser(t.db);
        applicant = { id: user.id, email: user.email };
        await t.db.insert(schema.previewRequests).values({ ...PREVIEW_REQUEST, id: approvedRequest, userId: user.id, email: user.email });
      },
      send: (f) => bodyAndQuery(as.admin, 'POST', `/api/admin/preview-requests/${approvedRequest}/approve`, f),
      allow: {
        audit_events: audited('preview_request.approve', ['status', 'role']),
        preview_requests: {
          update: {
            key: approvedRequest,
            columns: ['status', 'reviewedAt', 'reviewedBy'],
            check: (r) => (
              expect(r).toMatchObject({
                status: 'approved',
                reviewedBy: ids.admin,
                userId: applicant.id,
                autoApprovedAt: null,
                revokedAt: null,
                revokedBy: null,
              }),
              recent(r.reviewedAt)
            ),
          },
        },
        user_roles: { insert: (rows) => expect(rows.map((r) => [r.userId, r.role])).toEqual([[applicant.id, 'preview']]) },
        mail_outbox: { insert: (rows) => mailTo(applicant.email, 'preview-approved').insert!(rows) },
      },
    },
    {
      route: 'POST /api/admin/preview-requests/:id/reject',
      fields: {
        ...privileged(),
        reviewedBy: ids.victim,
        reviewedAt: '2000-01-01T00:00:00.000Z',
        blockedBy: ids.victim,
        email: 'someone-else@example.test',
        phone: '615-555-0000',
      },
      prepare: async () => {
        await t.db
          .insert(schema.previewRequests)
          .values({ ...PREVIEW_REQUEST, id: rejectedRequest, email: rejectedEmail, phone: '615-555-0123' });
      },
      send: (f) => bodyAndQuery(as.admin, 'POST', `/api/admin/preview-requests/${rejectedRequest}/reject`, f),
      allow: {
        audit_events: audited('preview_request.reject', ['status']),
        preview_requests: {
          update: {
            key: rejectedRequest,
            columns: ['status', 'reviewedAt', 'reviewedBy'],
            check: (r) => (expect(r).toMatchObject({ status: 'rejected', reviewedBy: ids.admin, userId: null }), recent(r.reviewedAt)),
          },
        },
        blocked_requests: {
          insert: ([b, ...more]) => (
            expect(more).toEqual([]),
            expect(b).toMatchObject({
              email: rejectedEmail,
              phone: '615-555-0123',
              blockedBy: ids.admin,
              originalRequestId: rejectedRequest,
            })
          ),
        },
      },
    },
    {
      route: 'POST /api/admin/preview-requests/:id/revoke',
      fields: { ...privileged(), revokedBy: ids.victim, revokedAt: '2100-01-01T00:00:00.000Z', reviewedBy: ids.victim },
      prepare: async () => {
        const user = await makeUser(t.db, { roles: ['preview'] });
        revokee = user.id;
        await t.db.insert(schema.previewRequests).values({
          ...PREVIEW_REQUEST,
          id: revokedRequest,
          userId: user.id,
          email: user.email,
          status: 'approved',
          reviewedAt: new Date(),
        });
      },
      send: (f) => bodyAndQuery(as.admin, 'POST', `/api/admin/preview-requests/${revokedRequest}/revoke`, f),
      allow: {
        audit_events: audited('preview_request.revoke', ['status', 'role']),
        preview_requests: {
          update: {
            key: revokedRequest,
            columns: ['revokedAt', 'revokedBy'],
            check: (r) => (expect(r).toMatchObject({ status: 'approved', revokedBy: ids.admin, reviewedBy: null }), recent(r.revokedAt)),
          },
        },
        user_roles: { delete: (rows) => exactly(`${revokee}:preview`)(rows) },
      },
    },
    {
      route: 'POST /api/admin/pitch-links/:id/revoke',
      fields: {
        ...privileged(),
        revokedAt: '2100-01-01T00:00:00.000Z',
        expiresAt: '2100-01-01T00:00:00.000Z',
        tokenHash: 'chosen',
        createdBy: ids.victim,
        recipientEmail: 'attacker@example.test',
      },
      prepare: async () => {
        await t.db.insert(schema.pitchLinks).values({
          id: revokedLink,
          tokenHash: hashPitchToken(newPitchToken()),
          recipientName: 'Lou',
          recipientEmail: 'lou@example.test',
          expiresAt: new Date(Date.now() + 86_400_000),
        });
      },
      send: (f) => bodyAndQuery(as.admin, 'POST', `/api/admin/pitch-links/${revokedLink}/revoke`, f),
      allow: {
        audit_events: audited('pitch_link.revoke', ['revokedAt']),
        pitch_links: {
          update: {
            key: revokedLink,
            columns: ['revokedAt'],
            check: (l) => (expect(l).toMatchObject({ createdBy: null, recipientEmail: 'lou@example.test' }), recent(l.revokedAt)),
          },
        },
      },
    },
    {
      route: 'PUT /api/admin/preview-requests/:id/downloads',
      fields: {
        ...privileged(),
        revokedAt: '2100-01-01T00:00:00.000Z',
        revokedBy: ids.victim,
        reviewedBy: ids.victim,
        email: 'attacker@example.test',
      },
      prepare: async () => {
        const user = await makeUser(t.db, { roles: ['preview'] });
        await t.db.insert(schema.previewRequests).values({
          ...PREVIEW_REQUEST,
          id: downloadRequest,
          userId: user.id,
          email: user.email,
          status: 'approved',
          reviewedAt: new Date(),
        });
      },
      send: (f) => as.admin.put(`/api/admin/preview-requests/${downloadRequest}/downloads`, { ...f, downloadAllowed: true }),
      allow: {
        audit_events: audited('preview_request.downloads', ['downloadAllowed']),
        preview_requests: {
          update: {
            key: downloadRequest,
            columns: ['downloadAllowed'],
            check: (r) => expect(r).toMatchObject({ downloadAllowed: true, status: 'approved', revokedAt: null, reviewedBy: null }),
          },
        },
      },
    },
    {
      route: 'PUT /api/admin/settings',
      fields: { ...privileged(), singleton: false, updatedBy: ids.victim, updatedAt: '2000-01-01T00:00:00.000Z' },
      send: (f) =>
        as.admin.put('/api/admin/settings', {
          ...f,
          companyLegalName: 'Row Music LLC',
          companyAddress: '1 Music Row, Nashville',
          contactEmail: 'desk@example.test',
          governingLaw: 'the State of Tennessee',
          commenterDisplay: 'company',
        }),
      allow: {
        audit_events: audited('site_settings.update'),
        site_settings: {
          insert: ([row, ...more]) => {
            expect(more).toEqual([]);
            expect(row).toMatchObject({
              singleton: true,
              updatedBy: ids.admin,
              companyLegalName: 'Row Music LLC',
              commenterDisplay: 'company',
            });
            recent(row!.updatedAt);
          },
        },
      },
    },
    {
      route: 'POST /api/admin/analysis-jobs/:id/retry',
      prepare: async () => {
        await t.db
          .insert(schema.analysisJobs)
          .values({ id: failedAnalysis, fileId: ids.songAudio, kind: 'audio', state: 'failed', attempts: 3, lastError: 'Broken.' });
      },
      fields: {
        ...privileged(),
        state: 'done',
        attempts: 99,
        fileId: ids.songAudio,
        lastError: 'chosen',
        result: { bpm: 1 },
        lockedUntil: null,
      },
      send: (f) => as.admin.post(`/api/admin/analysis-jobs/${failedAnalysis}/retry`, f),
      allow: {
        audit_events: audited('analysis_job.retry', ['state']),
        analysis_jobs: {
          update: {
            key: failedAnalysis,
            columns: ['state', 'attempts', 'lastError', 'finishedAt', 'updatedAt'],
            check: (job) =>
              expect(job).toMatchObject({ state: 'queued', attempts: 0, lastError: null, fileId: ids.songAudio, result: null }),
          },
        },
      },
    },
    {
      route: 'POST /api/admin/outbox-hold/release',
      // A restore's pause; sending its mail ends it and changes no e-mail's row.
      prepare: async () => {
        await t.db.insert(schema.mailOutboxHold).values({ backupCreatedAt: new Date('2026-01-01T00:00:00Z'), pendingInBackup: 2 });
      },
      fields: { ...privileged(), singleton: false, pendingInBackup: 99, heldAt: '2000-01-01T00:00:00.000Z', released: 99, discarded: 99 },
      send: (f) => as.admin.post('/api/admin/outbox-hold/release', { ...f, held: 'send' }),
      allow: {
        audit_events: audited('outbox.release'),
        mail_outbox_hold: { delete: allOf({ singleton: true, pendingInBackup: 2 }, 1) },
      },
    },
    {
      route: 'PUT /api/admin/pitch-links/:id/downloads',
      fields: {
        ...privileged(),
        revokedAt: '2100-01-01T00:00:00.000Z',
        expiresAt: '2100-01-01T00:00:00.000Z',
        tokenHash: 'chosen',
        createdBy: ids.victim,
        recipientEmail: 'attacker@example.test',
      },
      prepare: async () => {
        await t.db.insert(schema.pitchLinks).values({
          id: downloadLink,
          tokenHash: hashPitchToken(newPitchToken()),
          recipientName: 'Dee',
          recipientEmail: 'dee@example.test',
          expiresAt: new Date(Date.now() + 86_400_000),
        });
      },
      send: (f) => as.admin.put(`/api/admin/pitch-links/${downloadLink}/downloads`, { ...f, downloadAllowed: true }),
      allow: {
        audit_events: audited('pitch_link.downloads', ['downloadAllowed']),
        pitch_links: {
          update: {
            key: downloadLink,
            columns: ['downloadAllowed'],
            check: (l) =>
              expect(l).toMatchObject({ downloadAllowed: true, revokedAt: null, createdBy: null, recipientEmail: 'dee@example.test' }),
          },
        },
      },
    },
    {
      route: 'POST /api/admin/pitch-agreements',
      fields: agreementFields(),
      prepare: async () => {
        offeredReview = await reviewedSong(ids.writer);
      },
      send: (f) => as.admin.post('/api/admin/pitch-agreements', { ...f, reviewId: offeredReview }),
      allow: {
        audit_events: audited('pitch_agreement.offer'),
        pitch_agreements: {
          insert: ([a]) => {
            expect(a).toMatchObject({ reviewId: offeredReview, songwriterId: ids.writer, offeredBy: ids.admin, status: 'offered' });
            expect(a).toMatchObject({ signedName: null, textSha256: null, signedIp: null, answeredAt: null });
            expect(a!.agreementText).toContain('PITCH AGREEMENT');
            expect((a!.expiresAt as Date).getFullYear()).toBeLessThan(2100);
          },
        },
        mail_outbox: anyMail,
      },
    },
    {
      route: 'POST /api/admin/pitch-agreements/:id/withdraw',
      fields: agreementFields(),
      prepare: async () => void (await reviewedSong(ids.writer, withdrawnOffer)),
      send: (f) => bodyAndQuery(as.admin, 'POST', `/api/admin/pitch-agreements/${withdrawnOffer}/withdraw`, f),
      allow: {
        audit_events: audited('pitch_agreement.withdraw', ['status']),
        pitch_agreements: {
          update: {
            key: withdrawnOffer,
            columns: ['status', 'answeredAt', 'updatedAt'],
            check: (a) => (expect(a).toMatchObject({ status: 'withdrawn', signedName: null }), recent(a.answeredAt)),
          },
        },
        mail_outbox: anyMail,
      },
    },
    {
      route: 'POST /api/pitch-agreements/:id/accept',
      fields: {
        ...agreementFields(),
        amountCents: 1,
        pitchAgreementId: ids.victim,
        writers: [{ name: 'Chosen Name', pro: 'SACEM', share: 100 }],
      },
      prepare: async () => void (await reviewedSong(ids.writer, signedOffer)),
      send: (f) => as.writer.post(`/api/pitch-agreements/${signedOffer}/accept`, { ...f, legalName: 'Typed Name', consent: true }),
      allow: {
        pitch_agreements: {
          update: {
            key: signedOffer,
            columns: ['status', 'answeredAt', 'signedName', 'textSha256', 'signedIp', 'signedUserAgent', 'updatedAt'],
            check: (a) => {
              expect(a).toMatchObject({ status: 'accepted', signedName: 'Typed Name', agreementText: 'The agreement as offered.' });
              expect(a.textSha256).toMatch(/^[0-9a-f]{64}$/);
              expect(a.signedIp).not.toBe('203.0.113.9');
              recent(a.answeredAt);
            },
          },
        },
        // The song's review fee credited back: what its order was paid, whatever amount was sent.
        account_credits: {
          insert: ([c, ...more]) => (
            expect(more).toEqual([]),
            expect(c).toMatchObject({ songwriterId: ids.writer, pitchAgreementId: signedOffer, amountCents: 2500, orderId: null })
          ),
        },
        // The signed song enters the catalogue as a draft, from the submission alone.
        songs: {
          insert: ([song, ...more]) => {
            expect(more).toEqual([]);
            expect(song).toMatchObject({ pitchAgreementId: signedOffer, title: 'Offered Song', slug: 'offered-song', isActive: false });
            expect(song).toMatchObject({ audioFileId: null, imageFileId: null, genre: null, bpm: null, tags: [], mediaPending: false });
            signedSongWriterNames = String(song!.writerNames);
          },
        },
        // Its one writer is the songwriter, by their profile's name (the one the song's search text holds), at 100%.
        song_writers: {
          insert: ([w, ...more]) => {
            expect(more).toEqual([]);
            expect(w).toMatchObject({ position: 0, ipi: null, publisher: null, share: 100 });
            expect(w!.pro).not.toBe('SACEM');
            expect(w!.name).toMatch(/ Writer$/);
            expect(w!.name).toBe(signedSongWriterNames);
          },
        },
        mail_outbox: anyMail,
      },
    },
    {
      route: 'POST /api/pitch-agreements/:id/decline',
      fields: agreementFields(),
      prepare: async () => void (await reviewedSong(ids.writer, declinedOffer)),
      send: (f) => as.writer.post(`/api/pitch-agreements/${declinedOffer}/decline`, { ...f, reason: 'Not now.' }),
      allow: {
        pitch_agreements: {
          update: {
            key: declinedOffer,
            columns: ['status', 'answeredAt', 'declineReason', 'updatedAt'],
            check: (a) => (
              expect(a).toMatchObject({ status: 'declined', declineReason: 'Not now.', signedName: null }),
              recent(a.answeredAt)
            ),
          },
        },
        mail_outbox: anyMail,
      },
    },
    {
      route: 'PATCH /api/admin/song-responses/:id',
      fields: {
        ...privileged(),
        response: 'pass',
        note: 'chosen',
        songId: ids.song,
        pitchLinkId: ids.pitchLink,
        updatedAt: '2000-01-01T00:00:00.000Z',
      },
      // A recipient's hold on a song that came in under a writer's pitch agreement.
      prepare: async () => {
        await reviewedSong(ids.writer, pitchedSongOffer);
        await t.db.update(schema.songs).set({ pitchAgreementId: pitchedSongOffer }).where(eq(schema.songs.id, ids.otherSong));
        await t.db
          .insert(schema.songResponses)
          .values({ id: pitchedHold, songId: ids.otherSong, pitchLinkId: ids.otherPitchLink, response: 'hold', note: 'An artist' });
      },
      send: (f) => as.admin.patch(`/api/admin/song-responses/${pitchedHold}`, { ...f, companyShownToWriter: true }),
      allow: {
        audit_events: audited('song_response.update', ['companyShownToWriter']),
        song_responses: {
          update: {
            key: pitchedHold,
            columns: ['companyShownToWriter'],
            check: (r) =>
              expect(r).toMatchObject({ response: 'hold', note: 'An artist', songId: ids.otherSong, companyShownToWriter: true }),
          },
        },
      },
    },
    {
      route: 'POST /api/admin/placements',
      fields: placementFields(),
      prepare: async () => {
        placedSong = await pitchedSong(ids.writer, 20);
      },
      send: (f) =>
        as.admin.post('/api/admin/placements', { ...f, songId: placedSong.songId, artist: 'Luke Bryan', status: 'cut', income: '1000' }),
      allow: {
        audit_events: audited('placement.create'),
        placements: {
          insert: ([p, ...more]) => {
            expect(more).toEqual([]);
            expect(p).toMatchObject({
              songId: placedSong.songId,
              pitchAgreementId: placedSong.agreementId,
              recordedBy: ids.admin,
              status: 'cut',
              incomeCents: 100_000,
              commissionCents: 20_000,
            });
            expect(p!.id).not.toBe(privileged().id);
            recent(p!.createdAt);
          },
        },
      },
    },
    {
      route: 'PUT /api/admin/placements/:id',
      fields: placementFields(),
      prepare: async () => {
        const song = await pitchedSong(ids.writer, 10);
        await t.db.insert(schema.placements).values({
          id: editedPlacement,
          songId: song.songId,
          pitchAgreementId: song.agreementId,
          artist: 'Held By',
          recordedBy: ids.admin,
        });
      },
      send: (f) => as.admin.put(`/api/admin/placements/${editedPlacement}`, { ...f, artist: 'Cut By', status: 'released', income: '2500' }),
      allow: {
        audit_events: audited('placement.update'),
        placements: {
          update: {
            key: editedPlacement,
            columns: ['artist', 'status', 'incomeCents', 'commissionCents', 'updatedAt'],
            check: (p) =>
              expect(p).toMatchObject({
                artist: 'Cut By',
                status: 'released',
                incomeCents: 250_000,
                commissionCents: 25_000,
                recordedBy: ids.admin,
              }),
          },
        },
      },
    },
  ];
}

const editedPlacement = randomUUID();
let placedSong: { songId: string; agreementId: string };

/** A catalogue song that came in under the songwriter's signed pitch agreement at the given rate. */
async function pitchedSong(songwriterId: string, commissionPercent: number) {
  const agreementId = randomUUID();
  const reviewId = await reviewedSong(songwriterId);
  await t.db.insert(schema.pitchAgreements).values({
    id: agreementId,
    reviewId,
    songwriterId,
    commissionPercent,
    termMonths: 12,
    expiresAt: new Date(Date.now() + 86_400_000),
    textVersion: 'test',
    agreementText: 'The agreement as signed.',
    status: 'accepted',
    signedName: 'Signed Name',
    textSha256: '0'.repeat(64),
    answeredAt: new Date(),
  });
  const [song] = await t.db
    .insert(schema.songs)
    .values({ slug: `pitched-${agreementId}`, title: 'Pitched', description: 'A song.', lyrics: 'Verse', pitchAgreementId: agreementId })
    .returning({ id: schema.songs.id });
  return { songId: song!.id, agreementId };
}

/** Fields no one may set on a placement: the commission, the agreement and song it belongs to, who recorded it. */
const placementFields = (): Row => ({
  ...privileged(),
  commissionCents: 1,
  incomeCents: 5,
  pitchAgreementId: randomUUID(),
  songId: ids.otherSong,
  recordedBy: ids.victim,
  updatedAt: '2000-01-01T00:00:00.000Z',
});

let offeredReview = '';
let ratedReview = '';
let rewrittenReview = '';
const withdrawnOffer = randomUUID();
const signedOffer = randomUUID();
const declinedOffer = randomUUID();
const pitchedSongOffer = randomUUID();
const pitchedHold = randomUUID();

/** A song of the songwriter's whose review was sent, with an open pitch offer of the given id when asked. */
async function reviewedSong(songwriterId: string, offerId?: string): Promise<string> {
  const order = await makePaidOrder(t.db, songwriterId, 1);
  const [review] = await t.db
    .insert(schema.songReviews)
    .values({
      songwriterId,
      orderId: order.id,
      songNumber: 1,
      songTitle: 'Offered Song',
      storyArc: 'A story of ten.',
      aiUsage: 'None.',
      status: 'reviewed',
      adminReview: 'Good.',
      reviewedAt: new Date(),
    })
    .returning({ id: schema.songReviews.id });
  if (offerId) {
    await t.db.insert(schema.pitchAgreements).values({
      id: offerId,
      reviewId: review!.id,
      songwriterId,
      commissionPercent: 10,
      termMonths: 12,
      expiresAt: new Date(Date.now() + 86_400_000),
      textVersion: 'test',
      agreementText: 'The agreement as offered.',
    });
  }
  return review!.id;
}

/**
 * A preview user's playlist and its songs: the owner, the playlist an entry belongs to, positions and dates are
 * the server's. `victims` is another user's playlist, named in the fields to aim at it.
 */
function playlistCases(): Case[] {
  const [mine, victims] = [randomUUID(), randomUUID()];
  let copy = '';
  const fields = (): Row => ({
    ...privileged(),
    playlistId: victims,
    position: 99,
    updatedAt: '2000-01-01T00:00:00.000Z',
    addedAt: '2000-01-01T00:00:00.000Z',
  });
  const ownPlaylist = (name: string) => (r: Row) => {
    expect(r).toMatchObject({ ownerId: ids.preview, name });
    expect(r.id).not.toBe(privileged().id);
    recent(r.createdAt);
    recent(r.updatedAt);
  };
  const touched = { update: { key: mine, columns: ['updatedAt'], check: (r: Row) => recent(r.updatedAt) } };
  return [
    {
      route: 'POST /api/playlists',
      fields: fields(),
      prepare: async () => {
        await t.db.insert(schema.playlists).values([
          { id: mine, ownerId: ids.preview, name: 'Before' },
          { id: victims, ownerId: ids.victim, name: 'Not yours' },
        ]);
        await t.db.insert(schema.playlistSongs).values({ playlistId: mine, songId: ids.song, position: 0 });
      },
      send: (f) => as.preview.post('/api/playlists', { ...f, name: 'Fresh', songIds: [ids.song] }),
      allow: {
        playlists: { insert: ([p, ...more]) => (expect(more).toEqual([]), ownPlaylist('Fresh')(p!)) },
        playlist_songs: {
          insert: ([e, ...more]) => {
            expect(more).toEqual([]);
            expect(e).toMatchObject({ songId: ids.song, position: 0 });
            expect([mine, victims]).not.toContain(e!.playlistId);
            recent(e!.addedAt);
          },
        },
      },
    },
    {
      route: 'PATCH /api/playlists/:id',
      fields: fields(),
      send: (f) => as.preview.patch(`/api/playlists/${mine}`, { ...f, name: 'After', description: 'For the spring record' }),
      allow: {
        playlists: {
          update: {
            key: mine,
            columns: ['name', 'description', 'updatedAt'],
            check: (r) => expect(r).toMatchObject({ ownerId: ids.preview, name: 'After', description: 'For the spring record' }),
          },
        },
      },
    },
    {
      route: 'POST /api/playlists/:id/songs',
      fields: fields(),
      send: (f) => as.preview.post(`/api/playlists/${mine}/songs`, { ...f, songIds: [ids.otherSong] }),
      allow: {
        playlists: touched,
        playlist_songs: {
          insert: ([e, ...more]) => (
            expect(more).toEqual([]),
            expect(e).toMatchObject({ playlistId: mine, songId: ids.otherSong, position: 1 }),
            recent(e!.addedAt)
          ),
        },
      },
    },
    {
      route: 'PUT /api/playlists/:id/order',
      fields: fields(),
      send: (f) => as.preview.put(`/api/playlists/${mine}/order`, { ...f, songIds: [ids.otherSong, ids.song] }),
      allow: {
        playlists: touched,
        playlist_songs: {
          update: {
            key: EVERY_ROW,
            columns: ['position'],
            check: (e) => (expect(e.playlistId).toBe(mine), expect(e.position).toBe(e.songId === ids.otherSong ? 0 : 1)),
          },
        },
      },
    },
    {
      route: 'POST /api/playlists/:id/duplicate',
      fields: fields(),
      send: async (f) => {
        const res = await as.preview.post(`/api/playlists/${mine}/duplicate`, { ...f, name: 'Copy' });
        copy = String(res.body?.id);
        return res;
      },
      allow: {
        playlists: { insert: ([p, ...more]) => (expect(more).toEqual([]), ownPlaylist('Copy')(p!), expect(p!.id).toBe(copy)) },
        playlist_songs: {
          insert: (rows) =>
            expect(rows.map((e) => [e.playlistId, e.songId, e.position]).sort()).toEqual(
              [
                [copy, ids.otherSong, 0],
                [copy, ids.song, 1],
              ].sort(),
            ),
        },
      },
    },
    {
      route: 'DELETE /api/playlists/:id/songs/:songId',
      fields: fields(),
      send: (f) => bodyAndQuery(as.preview, 'DELETE', `/api/playlists/${mine}/songs/${ids.otherSong}`, f),
      allow: { playlists: touched, playlist_songs: { delete: exactly(`${mine}:${ids.otherSong}`) } },
    },
    {
      route: 'POST /api/playlists/:id/songs-like-this',
      fields: fields(),
      // The two songs get sound profiles, so the other is the one "like this one" and is added.
      prepare: async () => {
        for (const [songId, level] of [
          [ids.song, 0.2],
          [ids.otherSong, 0.4],
        ] as const) {
          const [song] = await t.db.select({ fileId: schema.songs.audioFileId }).from(schema.songs).where(eq(schema.songs.id, songId));
          await t.db
            .update(schema.storedFiles)
            .set({
              soundProfile: Array.from({ length: SOUND_PROFILE_LENGTH }, (_, i) => level + i / 100),
              soundProfileVersion: SOUND_PROFILE_VERSION,
            })
            .where(eq(schema.storedFiles.id, song!.fileId!));
        }
        clearCatalogueProfiles();
      },
      send: (f) => as.preview.post(`/api/playlists/${mine}/songs-like-this`, { ...f, songId: ids.song }),
      allow: {
        playlists: touched,
        playlist_songs: {
          insert: ([e, ...more]) => (
            expect(more).toEqual([]),
            expect(e).toMatchObject({ playlistId: mine, songId: ids.otherSong, position: 2 }),
            recent(e!.addedAt)
          ),
        },
      },
    },
    {
      route: 'DELETE /api/playlists/:id',
      fields: fields(),
      send: (f) => bodyAndQuery(as.preview, 'DELETE', `/api/playlists/${mine}`, f),
      allow: {
        playlists: { delete: exactly(mine) },
        playlist_songs: { delete: (rows) => expect(rows.map((r) => r.songId).sort()).toEqual([ids.song, ids.otherSong].sort()) },
      },
    },
  ];
}

/**
 * A brief's screening and shortlist: who gave the verdict and when, whether and when the song was shortlisted, the
 * shortlist's playlist, its owner and its entries are the server's.
 */
function briefShortlistCases(): Case[] {
  const [brief, answer] = [randomUUID(), randomUUID()];
  const fields = (): Row => ({
    ...privileged(),
    verdictBy: ids.victim,
    verdictAt: '2000-01-01T00:00:00.000Z',
    shortlistedAt: '2000-01-01T00:00:00.000Z',
    shortlistPlaylistId: randomUUID(),
    briefId: randomUUID(),
    position: 99,
  });
  return [
    {
      route: 'PUT /api/admin/brief-answers/:id/verdict',
      fields: fields(),
      prepare: async () => {
        await t.db.insert(schema.briefs).values({
          id: brief,
          ownerId: ids.preview,
          state: 'open',
          title: 'Uptempo country',
          description: 'Positive.',
          artistShown: 'a major-label artist',
          deadlineOn: '2100-01-01',
          approvedAt: new Date(),
        });
        await t.db.insert(schema.briefAnswers).values({ id: answer, briefId: brief, songwriterId: ids.writer, songId: ids.otherSong });
      },
      send: (f) => as.admin.put(`/api/admin/brief-answers/${answer}/verdict`, { ...f, verdict: 'close', reason: 'Near, a little slow.' }),
      allow: {
        brief_answers: {
          update: {
            key: answer,
            columns: ['verdict', 'verdictReason', 'verdictBy', 'verdictAt'],
            check: (r) => (
              expect(r).toMatchObject({
                verdict: 'close',
                verdictReason: 'Near, a little slow.',
                verdictBy: ids.admin,
                shortlistedAt: null,
              }),
              recent(r.verdictAt)
            ),
          },
        },
      },
    },
    {
      route: 'POST /api/admin/briefs/:id/shortlist',
      fields: fields(),
      send: (f) => as.admin.post(`/api/admin/briefs/${brief}/shortlist`, { ...f, songIds: [ids.song] }),
      allow: {
        playlists: {
          insert: ([p, ...more]) => (
            expect(more).toEqual([]),
            expect(p).toMatchObject({ ownerId: ids.preview, name: 'Shortlist: Uptempo country' }),
            recent(p!.createdAt)
          ),
        },
        briefs: {
          update: { key: brief, columns: ['shortlistPlaylistId', 'updatedAt'], check: (r) => expect(r.shortlistPlaylistId).not.toBeNull() },
        },
        playlist_songs: {
          insert: ([e, ...more]) => (
            expect(more).toEqual([]),
            expect(e).toMatchObject({ songId: ids.song, position: 0 }),
            recent(e!.addedAt)
          ),
        },
      },
    },
  ];
}

/**
 * A buyer's shares (pitch links of kind share): the kind, the sender, the token, the password's hash, the dates
 * and the link's state are the server's. The unlock route writes nothing of ours (its tries are rate limits).
 */
function shareCases(): Case[] {
  const [playlist, shared] = [randomUUID(), randomUUID()];
  const lockedToken = newPitchToken();
  const fields = (): Row => ({
    ...privileged(),
    tokenHash: 'chosen',
    kind: 'pitch',
    createdBy: ids.victim,
    passwordHash: 'chosen',
    revokedAt: '2000-01-01T00:00:00.000Z',
    lastOpenedAt: '2000-01-01T00:00:00.000Z',
    expiresAt: '2100-01-01T00:00:00.000Z',
  });
  const link = (id: string, tokenHash: string, passwordHash: string | null = null) =>
    t.db.insert(schema.pitchLinks).values({
      id,
      tokenHash,
      kind: 'share',
      createdBy: ids.preview,
      passwordHash,
      recipientName: 'Sam',
      recipientEmail: 'sam@example.test',
      expiresAt: new Date(Date.now() + 86_400_000),
    });
  return [
    {
      route: 'POST /api/shares',
      fields: fields(),
      prepare: async () => {
        await t.db.insert(schema.playlists).values({ id: playlist, ownerId: ids.preview, name: 'To share' });
        await t.db.insert(schema.playlistSongs).values({ playlistId: playlist, songId: ids.song, position: 0 });
      },
      send: (f) =>
        as.preview.post('/api/shares', {
          ...f,
          playlistId: playlist,
          recipientName: 'Sam',
          recipientEmail: 'sam.share@example.test',
          expiresOn: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
        }),
      allow: {
        pitch_links: {
          insert: ([l, ...more]) => {
            expect(more).toEqual([]);
            expect(l).toMatchObject({
              kind: 'share',
              createdBy: ids.preview,
              playlistId: playlist,
              passwordHash: null,
              revokedAt: null,
              lastOpenedAt: null,
              downloadAllowed: false,
            });
            expect(l!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
            expect((l!.expiresAt as Date).getFullYear()).toBeLessThan(2100);
            recent(l!.createdAt);
          },
        },
        pitch_link_songs: { insert: (rows) => expect(rows.map((r) => [r.songId, r.position])).toEqual([[ids.song, 0]]) },
        mail_outbox: mailTo('sam.share@example.test', 'share-link'),
      },
    },
    {
      route: 'POST /api/shares/:id/revoke',
      fields: fields(),
      prepare: async () => {
        await link(shared, hashPitchToken(newPitchToken()));
      },
      send: (f) => bodyAndQuery(as.preview, 'POST', `/api/shares/${shared}/revoke`, f),
      allow: { pitch_links: { update: { key: shared, columns: ['revokedAt'], check: (r) => recent(r.revokedAt) } } },
    },
    {
      route: 'POST /api/pitch/:token/unlock',
      fields: fields(),
      prepare: async () => {
        await link(randomUUID(), hashPitchToken(lockedToken), await hashPassword('open sesame 1'));
      },
      send: (f) => as.anonymous.post(`/api/pitch/${lockedToken}/unlock`, { ...f, password: 'open sesame 1' }),
      allow: {},
    },
  ];
}

/** Briefs: the owner, the state, the approval and the screening are the server's to set, never the caller's. */
function briefCases(): Case[] {
  const [awaiting, open, closing] = [randomUUID(), randomUUID(), randomUUID()];
  const stateFields = (): Row => ({
    ...privileged(),
    state: 'open',
    approvedAt: '2000-01-01T00:00:00.000Z',
    approvedBy: ids.admin,
    closedAt: '2000-01-01T00:00:00.000Z',
    shortlistPlaylistId: randomUUID(),
  });
  const brief = (id: string, state: 'awaiting_approval' | 'open') => ({
    id,
    ownerId: ids.preview,
    title: 'A brief',
    description: 'Wanted.',
    artistShown: 'an artist',
    deadlineOn: '2100-01-01',
    state,
    approvedAt: state === 'open' ? new Date() : null,
  });
  let signedSong = '';
  const deadlineOn = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  return [
    {
      route: 'POST /api/briefs',
      fields: stateFields(),
      send: (f) =>
        as.preview.post('/api/briefs', {
          ...f,
          title: 'Fresh',
          description: 'Wanted.',
          artistShown: 'an artist',
          deadlineOn,
          referenceSongIds: [ids.song],
        }),
      allow: {
        briefs: {
          insert: ([b, ...more]) => {
            expect(more).toEqual([]);
            expect(b).toMatchObject({
              ownerId: ids.preview,
              state: 'awaiting_approval',
              approvedAt: null,
              approvedBy: null,
              closedAt: null,
              shortlistPlaylistId: null,
            });
            expect(b!.id).not.toBe(privileged().id);
            recent(b!.createdAt);
          },
        },
        brief_references: {
          insert: ([r, ...more]) => (expect(more).toEqual([]), expect(r).toMatchObject({ songId: ids.song, position: 0 })),
        },
      },
    },
    {
      route: 'POST /api/briefs/:id/answers',
      fields: {
        ...privileged(),
        verdict: 'fits',
        verdictReason: 'Chosen',
        verdictAt: '2000-01-01T00:00:00.000Z',
        verdictBy: ids.admin,
        shortlistedAt: '2000-01-01T00:00:00.000Z',
        submissionId: ids.review,
        briefId: awaiting,
      },
      prepare: async () => {
        await t.db.insert(schema.briefs).values(brief(open, 'open'));
        const order = await makePaidOrder(t.db, ids.writer, 1);
        const [review] = await t.db
          .insert(schema.songReviews)
          .values({
            songwriterId: ids.writer,
            orderId: order.id,
            songNumber: 1,
            songTitle: 'Signed',
            storyArc: 'A story.',
            aiUsage: 'None.',
          })
          .returning();
        const [agreement] = await t.db
          .insert(schema.pitchAgreements)
          .values({
            reviewId: review!.id,
            songwriterId: ids.writer,
            commissionPercent: 10,
            termMonths: 12,
            expiresAt: new Date(Date.now() + 86_400_000),
            status: 'accepted',
            textVersion: 'v1',
            agreementText: 'The agreement.',
            answeredAt: new Date(),
            signedName: 'Signer',
            textSha256: 'a'.repeat(64),
          })
          .returning();
        const song = await makeSong(t.db, t.storage, ids.admin, { title: 'Signed Song', seconds: 1 });
        await t.db.update(schema.songs).set({ pitchAgreementId: agreement!.id }).where(eq(schema.songs.id, song.id));
        signedSong = song.id;
      },
      send: (f) => as.writer.post(`/api/briefs/${open}/answers`, { ...f, songId: signedSong }),
      allow: {
        brief_answers: {
          insert: ([a, ...more]) => {
            expect(more).toEqual([]);
            expect(a).toMatchObject({ briefId: open, songwriterId: ids.writer, songId: signedSong, submissionId: null });
            expect(a).toMatchObject({ verdict: null, verdictReason: null, verdictAt: null, verdictBy: null, shortlistedAt: null });
          },
        },
      },
    },
    {
      route: 'POST /api/admin/briefs/:id/approve',
      fields: stateFields(),
      prepare: async () => {
        await t.db.insert(schema.briefs).values(brief(awaiting, 'awaiting_approval'));
      },
      send: (f) => as.admin.post(`/api/admin/briefs/${awaiting}/approve`, f),
      allow: {
        briefs: {
          update: {
            key: awaiting,
            columns: ['state', 'approvedAt', 'approvedBy', 'updatedAt'],
            check: (b) => (expect(b).toMatchObject({ state: 'open', approvedBy: ids.admin, ownerId: ids.preview }), recent(b.approvedAt)),
          },
        },
        audit_events: audited('brief.approve', ['state']),
      },
    },
    {
      route: 'POST /api/admin/briefs/:id/close',
      fields: stateFields(),
      prepare: async () => {
        await t.db.insert(schema.briefs).values(brief(closing, 'open'));
      },
      send: (f) => as.admin.post(`/api/admin/briefs/${closing}/close`, { ...f, state: 'closed' }),
      allow: {
        briefs: {
          update: {
            key: closing,
            columns: ['state', 'closedAt', 'updatedAt'],
            check: (b) => (expect(b).toMatchObject({ state: 'closed', ownerId: ids.preview }), recent(b.closedAt)),
          },
        },
        audit_events: audited('brief.close', ['state']),
      },
    },
  ];
}

/** The weekly new-songs e-mail turned off: for the caller, or for the buyer its link's token names, never another. */
/**
 * "Sounds like": a buyer's reference upload (its owner, bucket, key, day and measurements are the server's), and
 * the admin's suggestions for a pitch link's form, which write nothing.
 */
function referenceCases(): Case[] {
  return [
    {
      route: 'POST /api/references',
      fields: {
        ...privileged(),
        ownerId: ids.victim,
        fileId: ids.songAudio,
        expiresAt: '2999-01-01T00:00:00.000Z',
        bucket: 'song-audio',
        key: 'chosen-key',
        soundProfile: [1, 2, 3],
        soundProfileVersion: 1,
        detectedBpm: 300,
      },
      send: (f) => multipart(as.preview, 'POST', '/api/references', f, { audio: [synthesizeMp3({ seconds: 1 }), 'reference.mp3'] }),
      allow: {
        stored_files: {
          insert: ([file, ...more]) => {
            expect(more).toEqual([]);
            expect(file).toMatchObject({
              ownerId: ids.preview,
              bucket: 'reference-tracks',
              contentType: 'audio/mpeg',
              originalName: 'reference.mp3',
            });
            expect(file!.key).not.toBe('chosen-key');
            expect(file).toMatchObject({ soundProfile: null, soundProfileVersion: null, detectedBpm: null });
          },
        },
        analysis_jobs: queuedAnalysis,
        reference_tracks: {
          insert: ([r, ...more]) => {
            expect(more).toEqual([]);
            expect(r).toMatchObject({ ownerId: ids.preview });
            expect(r!.id).not.toBe(privileged().id);
            expect(r!.fileId).not.toBe(ids.songAudio);
            const hoursLeft = (new Date(String(r!.expiresAt)).getTime() - Date.now()) / 3_600_000;
            expect(hoursLeft).toBeGreaterThan(23);
            expect(hoursLeft).toBeLessThanOrEqual(24);
          },
        },
      },
    },
    {
      route: 'POST /api/admin/songs-like-this',
      fields: privileged(),
      send: (f) => as.admin.post('/api/admin/songs-like-this', { ...f, songId: ids.song, exclude: [] }),
      // It reads and suggests; it writes nothing.
      allow: {},
    },
  ];
}

function newSongsMailCases(): Case[] {
  const optedOut = (userId: string) => ({
    insert: ([r, ...more]: Row[]) => (expect(more).toEqual([]), expect(r).toMatchObject({ userId }), recent(r!.optedOutAt)),
  });
  return [
    {
      route: 'PUT /api/new-songs-mail',
      fields: privileged(),
      send: (f) => as.preview.put('/api/new-songs-mail', { ...f, weekly: false }),
      allow: { new_songs_mail_opt_outs: optedOut(ids.preview) },
    },
    {
      route: 'POST /api/new-songs-mail/unsubscribe',
      fields: privileged(),
      send: (f) => as.anonymous.post('/api/new-songs-mail/unsubscribe', { ...f, token: unsubscribeToken(t.config.authSecret, ids.noRole) }),
      allow: { new_songs_mail_opt_outs: optedOut(ids.noRole) },
    },
    {
      route: 'POST /api/new-songs-mail/unsubscribe/one-click',
      fields: privileged(),
      // The buyer turned it off above: on again, so this turning off is seen.
      prepare: async () => {
        await t.db.delete(schema.newSongsMailOptOuts).where(eq(schema.newSongsMailOptOuts.userId, ids.preview));
      },
      // A mail service's form POST; the fields go in the form beside List-Unsubscribe, as a forger would put them.
      send: (f) =>
        as.anonymous.request(
          'POST',
          `/api/new-songs-mail/unsubscribe/one-click?token=${encodeURIComponent(unsubscribeToken(t.config.authSecret, ids.preview))}`,
          Buffer.from(
            new URLSearchParams({
              ...Object.fromEntries(Object.entries(f).map(([k, v]) => [k, JSON.stringify(v)])),
              'List-Unsubscribe': 'One-Click',
            }).toString(),
          ),
          { 'content-type': 'application/x-www-form-urlencoded' },
        ),
      allow: { new_songs_mail_opt_outs: optedOut(ids.preview) },
    },
  ];
}

/** Fields no one may set on a pitch agreement: the signature, the state, who offered it and to whom. */
const agreementFields = (): Row => ({
  ...privileged(),
  status: 'accepted',
  offeredBy: ids.victim,
  signedName: 'Chosen Name',
  textSha256: 'chosen',
  signedIp: '203.0.113.9',
  signedUserAgent: 'chosen',
  agreementText: 'chosen',
  textVersion: 'chosen',
  expiresAt: '2100-01-01T00:00:00.000Z',
  answeredAt: '2000-01-01T00:00:00.000Z',
});

/** Runs a rule's check with the route and table in its message. */
function checking(where: string, check: () => void) {
  try {
    check();
  } catch (error) {
    (error as Error).message = `${where}: ${(error as Error).message}`;
    throw error;
  }
}

const WRITE_METHOD = /^(POST|PUT|PATCH|DELETE) /;
/** better-auth's own routes: one policy entry, of which the cases above take two. */
const AUTH_ROUTES = 'POST /api/auth/*';
const policyKeyOf = (route: string) => (route.startsWith('POST /api/auth/') ? AUTH_ROUTES : route);

/** What this file covers, counted from the cases themselves. */
const EXPECTED = { routes: 90, fields: 1721 };
function totals() {
  const all = cases();
  return {
    routes: new Set(all.map((c) => c.route)).size,
    cases: all.length,
    fields: all.reduce((n, c) => n + Object.keys(c.fields).length, 0),
    all,
  };
}

test('write routes ignore every field their caller may not set: the database holds only what the server decided', async () => {
  let routes = 0;
  let fields = 0;
  for (const c of cases()) {
    const app = c.app?.() ?? t;
    await c.prepare?.();
    const before = await snapshot(app);
    const res = await c.send(c.fields);
    expect(res.status, `${c.route}: ${res.text}`).toBeLessThan(300);
    const after = await snapshot(app);
    // Each rule stands for the route's own effect: it must happen, so a route that quietly did nothing fails too.
    const fired: string[] = [];
    for (const [table, rows] of Object.entries(after)) {
      const was = before[table]!;
      const rule = c.allow[table];
      const inserted = [...rows].filter(([k]) => !was.has(k)).map(([, r]) => r);
      const deleted = [...was].filter(([k]) => !rows.has(k)).map(([, r]) => r);
      const updated = [...rows].filter(([k, r]) => was.has(k) && JSON.stringify(r) !== JSON.stringify(was.get(k)));
      if (inserted.length > 0) fired.push(`${table} insert`);
      if (deleted.length > 0) fired.push(`${table} delete`);
      if (updated.length > 0) fired.push(`${table} update`);
      if (inserted.length > 0) {
        expect(rule?.insert, `${c.route}: may not insert into ${table}`).toBeDefined();
        checking(`${c.route}: row inserted into ${table}`, () => rule!.insert!(inserted));
      }
      if (deleted.length > 0) {
        expect(rule?.delete, `${c.route}: may not delete from ${table} (${deleted.map(keyOf).join(', ')})`).toBeDefined();
        checking(`${c.route}: row deleted from ${table}`, () => rule!.delete!(deleted));
      }
      for (const [key, row] of updated) {
        const where = `${c.route}: ${table} ${key}`;
        expect(rule?.update && [EVERY_ROW, key].includes(rule.update.key), `${where} may not be updated`).toBe(true);
        const changed = Object.keys(row).filter((col) => JSON.stringify(row[col]) !== JSON.stringify(was.get(key)![col]));
        expect(
          changed.filter((col) => !rule!.update!.columns.includes(col)),
          `${where}: columns changed`,
        ).toEqual([]);
        checking(where, () => rule!.update!.check?.(row));
      }
    }
    const declared = Object.entries(c.allow).flatMap(([table, rule]) =>
      (['insert', 'delete', 'update'] as const).filter((k) => rule[k]).map((k) => `${table} ${k}`),
    );
    expect(
      declared.filter((d) => !fired.includes(d)),
      `${c.route}: its own effect did not happen`,
    ).toEqual([]);
    routes += 1;
    fields += Object.keys(c.fields).length;
  }
  // Every case ran to its end: as many routes and fields as the cases declare.
  expect({ routes, fields }).toEqual({ routes: EXPECTED.routes, fields: totals().fields });
  // Every write route in turn, each with its own setup: minutes on a busy machine.
}, 180_000);

test('every declared write route has a case here, so none ships without one', () => {
  const endpoints = declaredEndpoints(t.app.routes);
  const required = [...endpoints.keys()].filter((r) => WRITE_METHOD.test(r) && r !== AUTH_ROUTES);
  // Every route of the app is declared (route-policy.test.ts): checked here too, for the write routes.
  const real = new Set(answeringRoutes(t.app.routes).map((r) => `${r.method} ${r.path}`));
  expect([...real].filter((r) => WRITE_METHOD.test(r) && r !== AUTH_ROUTES).sort()).toEqual([...required].sort());
  const covered = cases().map((c) => c.route);
  expect(
    required.filter((r) => !covered.includes(r)),
    'write routes without a mass-assignment case',
  ).toEqual([]);
  // Each case names a real write route once.
  expect(
    covered.filter((r) => !endpoints.has(policyKeyOf(r)) || !WRITE_METHOD.test(r)),
    'cases for no write route',
  ).toEqual([]);
  expect(covered.length).toBe(new Set(covered).size);
  expect(covered.filter((r) => policyKeyOf(r) === AUTH_ROUTES)).toEqual(['POST /api/auth/sign-up/email', 'POST /api/auth/update-user']);
  expect(covered).toHaveLength(required.length + 2);
});

test('totals: write routes covered and privileged fields sent', () => {
  const { routes, cases: count, fields, all } = totals();
  console.log(`mass assignment: ${routes} write routes covered, ${fields} privileged fields sent in all`);
  expect(routes).toBe(EXPECTED.routes);
  expect(count).toBe(EXPECTED.routes);
  expect(fields).toBe(EXPECTED.fields);
  // Every route gets at least the 15 fields of privileged() (the routes that set one of them get it in a field of their own).
  expect(all.filter((c) => Object.keys(c.fields).length < 15).map((c) => c.route)).toEqual([]);
});
