import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { queryRows, type Db } from '../../src/server/db/client';
import {
  accountCredits,
  analysisJobs,
  placements,
  accounts,
  blockedRequests,
  mailOutbox,
  mailOutboxHold,
  orders,
  pitchAgreements,
  pitchLinkReplies,
  pitchLinks,
  pitchLinkSongs,
  playlists,
  playlistSongs,
  previewRequests,
  rateLimits,
  auditEvents,
  briefAnswers,
  briefReferences,
  briefs,
  reviewMessages,
  reviewNotes,
  reviewRatings,
  reviewScores,
  rowCounts,
  sessions,
  siteSettings,
  songComments,
  songDownloads,
  songPlayDays,
  songPlays,
  songResponses,
  songReviews,
  songs,
  songVersions,
  songWriters,
  songwriterProfiles,
  songwriterQuestionnaires,
  referenceTracks,
  storedFiles,
  userRoles,
  users,
} from '../../src/server/db/schema';
import { LIMITS } from '../../src/common/constants';
import { makeSongwriter, makeUser, uniqueEmail } from '../../src/server/db/seed/factories';
import { createTestDatabase, type TestDatabase } from '../setup/database';
import { constraintOf, expectRefusedBy as expectDatabaseRefusal } from './db-errors';

let database: TestDatabase;
let db: Db;
/** A verified user reused by tests that only need someone to point at. */
let someone: Awaited<ReturnType<typeof makeUser>>;
let writer: Awaited<ReturnType<typeof makeSongwriter>>;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  someone = await makeUser(db);
  writer = await makeSongwriter(db);
});
afterAll(() => database.dispose());

/**
 * Every constraint a case below has seen the database refuse a row with. The last test compares it with the
 * database's catalogue, so a constraint added by a migration without a case here fails the file.
 */
const covered = new Set<string>();

/** Expects the database to refuse the statement with the named constraint, and counts that constraint as covered. */
async function expectRefusedBy(statement: PromiseLike<unknown>, constraint: string): Promise<void> {
  await expectDatabaseRefusal(statement, constraint);
  covered.add(constraint);
}

const x = (n: number) => 'x'.repeat(n);
const slug = () => `song-${randomUUID().slice(0, 8)}`;

const previewRequest = (overrides: Partial<typeof previewRequests.$inferInsert> = {}) => ({
  name: 'Pat Publisher',
  companyName: 'Row Music',
  email: uniqueEmail('req'),
  proAffiliation: 'ASCAP' as const,
  projectDescription: 'Songs for a summer record.',
  ...overrides,
});

const song = (overrides: Partial<typeof songs.$inferInsert> = {}) => ({
  slug: slug(),
  title: 'Whiskey River Road',
  description: 'A mid-tempo story song.',
  lyrics: 'Verse one...',
  ...overrides,
});

const order = (overrides: Partial<typeof orders.$inferInsert> = {}) => ({
  songwriterId: writer.id,
  packageSize: 2,
  paymentProvider: 'test' as const,
  ...overrides,
});

const pitchLink = (overrides: Partial<typeof pitchLinks.$inferInsert> = {}) => ({
  tokenHash: randomBytes(32).toString('hex'),
  recipientName: 'Riley Producer',
  recipientEmail: uniqueEmail('recipient'),
  expiresAt: new Date(Date.now() + 7 * 86_400_000),
  createdBy: someone.id,
  ...overrides,
});

async function insertPitchLink(overrides: Partial<typeof pitchLinks.$inferInsert> = {}) {
  const [row] = await db.insert(pitchLinks).values(pitchLink(overrides)).returning();
  return row!;
}

async function insertSong(overrides: Partial<typeof songs.$inferInsert> = {}) {
  const [row] = await db.insert(songs).values(song(overrides)).returning();
  return row!;
}

async function insertReview(overrides: Partial<typeof songReviews.$inferInsert> = {}) {
  const [o] = await db
    .insert(orders)
    .values(order({ packageSize: 4 }))
    .returning();
  const [row] = await db
    .insert(songReviews)
    .values({
      songwriterId: writer.id,
      orderId: o!.id,
      songNumber: 1,
      songTitle: 'Gravel Road Goodbye',
      storyArc: 'Leaving home.',
      aiUsage: 'None',
      ...overrides,
    })
    .returning();
  return row!;
}

test('the helper finds the constraint name through drizzle’s error wrapper', async () => {
  let error: unknown;
  await db.execute(sql`insert into user_roles (user_id, role) values (${someone.id}, 'superuser')`).catch((e: unknown) => {
    error = e;
  });
  expect(constraintOf(error)).toBe('user_roles_role_check');
  expect(constraintOf(new Error('no constraint here'))).toBeUndefined();
});

describe('users and roles', () => {
  test('user_roles accepts only admin, preview and songwriter', async () => {
    await expectRefusedBy(
      db.execute(sql`insert into user_roles (user_id, role) values (${someone.id}, 'superuser')`),
      'user_roles_role_check',
    );
    await db.insert(userRoles).values({ userId: someone.id, role: 'preview' });
    await expectRefusedBy(db.insert(userRoles).values({ userId: someone.id, role: 'preview' }), 'user_roles_user_id_role_pk');
    await db.delete(userRoles).where(eq(userRoles.userId, someone.id));
  });

  test('users: an e-mail is unique whatever its letter case', async () => {
    await expectRefusedBy(
      db.insert(users).values({ id: randomUUID(), email: someone.email.toUpperCase(), name: 'Copy' }),
      'users_email_lower_unique',
    );
  });

  test('songwriter_profiles: a username is unique whatever its letter case, and 3 to 50 characters', async () => {
    const other = await makeUser(db);
    const [profile] = await db.select().from(songwriterProfiles).where(eq(songwriterProfiles.userId, writer.id));
    await expectRefusedBy(
      db.insert(songwriterProfiles).values({ userId: other.id, username: profile!.username.toUpperCase() }),
      'songwriter_profiles_username_unique',
    );
    await expectRefusedBy(db.insert(songwriterProfiles).values({ userId: other.id, username: 'ab' }), 'songwriter_profiles_username_check');
    await expectRefusedBy(
      db.insert(songwriterProfiles).values({ userId: other.id, username: x(51) }),
      'songwriter_profiles_username_check',
    );
    await db.insert(songwriterProfiles).values({ userId: other.id, username: `w${x(49)}` });
  });

  test('songwriter_questionnaire: the PRO is a known value', async () => {
    const other = await makeUser(db);
    const answers = {
      userId: other.id,
      yearsWriting: '2',
      songsWritten: '10',
      mostRecentSong: 'Porch Light',
      preferredGenre: 'Country',
      hasPublished: false,
      howFoundUs: 'A friend',
    };
    await expectRefusedBy(
      db.insert(songwriterQuestionnaires).values({ ...answers, proAffiliation: 'JASRAC' as never }),
      'songwriter_questionnaire_pro_check',
    );
    const [row] = await db.insert(songwriterQuestionnaires).values(answers).returning();
    expect(row!.proAffiliation).toBe('Not Affiliated');
  });

  test('sessions: a token belongs to one session', async () => {
    const other = await makeUser(db);
    const token = randomUUID();
    const expiresAt = new Date(Date.now() + 3_600_000);
    await db.insert(sessions).values({ id: randomUUID(), token, userId: someone.id, expiresAt });
    await expectRefusedBy(db.insert(sessions).values({ id: randomUUID(), token, userId: other.id, expiresAt }), 'sessions_token_unique');
  });

  test('rate_limits: one counter per key', async () => {
    const key = `/sign-in/email:${randomUUID()}`;
    await db.insert(rateLimits).values({ id: randomUUID(), key, count: 1, lastRequest: Date.now() });
    await expectRefusedBy(
      db.insert(rateLimits).values({ id: randomUUID(), key, count: 2, lastRequest: Date.now() }),
      'rate_limits_key_unique',
    );
    await db.insert(rateLimits).values({ id: randomUUID(), key: `${key}/other`, count: 1, lastRequest: Date.now() });
  });
});

describe('preview access', () => {
  test('preview_requests: status and PRO must be known values', async () => {
    await expectRefusedBy(
      db.execute(sql`insert into preview_requests (name, company_name, email, pro_affiliation, project_description, status)
        values ('A', 'B', ${uniqueEmail()}, 'BMI', 'C', 'maybe')`),
      'preview_requests_status_check',
    );
    await expectRefusedBy(
      db.execute(sql`insert into preview_requests (name, company_name, email, pro_affiliation, project_description)
        values ('A', 'B', ${uniqueEmail()}, 'JASRAC', 'C')`),
      'preview_requests_pro_check',
    );
  });

  test('preview_requests: name 1–100, company 1–150 and description 1–1000 characters', async () => {
    const cases: [Partial<typeof previewRequests.$inferInsert>, string][] = [
      [{ name: '' }, 'preview_requests_name_check'],
      [{ name: x(101) }, 'preview_requests_name_check'],
      [{ companyName: '' }, 'preview_requests_company_check'],
      [{ companyName: x(151) }, 'preview_requests_company_check'],
      [{ projectDescription: '' }, 'preview_requests_description_check'],
      [{ projectDescription: x(1001) }, 'preview_requests_description_check'],
    ];
    for (const [overrides, constraint] of cases) {
      await expectRefusedBy(db.insert(previewRequests).values(previewRequest(overrides)), constraint);
    }
    const [atLimits] = await db
      .insert(previewRequests)
      .values(previewRequest({ name: x(100), companyName: x(150), projectDescription: x(1000) }))
      .returning();
    expect(atLimits!.status).toBe('pending');
  });

  test('preview_requests: one open (pending or approved) request per e-mail, whatever its case', async () => {
    const email = uniqueEmail('open');
    await db.insert(previewRequests).values(previewRequest({ email, status: 'pending' }));
    await expectRefusedBy(
      db.insert(previewRequests).values(previewRequest({ email: email.toUpperCase(), status: 'pending' })),
      'preview_requests_open_email_unique',
    );
    await expectRefusedBy(
      db.insert(previewRequests).values(previewRequest({ email, status: 'approved' })),
      'preview_requests_open_email_unique',
    );
  });

  test('preview_requests: after a rejection the same e-mail may ask again', async () => {
    const email = uniqueEmail('again');
    await db.insert(previewRequests).values(previewRequest({ email, status: 'rejected' }));
    await db.insert(previewRequests).values(previewRequest({ email, status: 'rejected' }));
    await db.insert(previewRequests).values(previewRequest({ email, status: 'pending' }));
    const rows = await db.select({ status: previewRequests.status }).from(previewRequests).where(eq(previewRequests.email, email));
    expect(rows.map((r) => r.status).sort()).toEqual(['pending', 'rejected', 'rejected']);
  });

  test('blocked_requests: an e-mail is blocked once, whatever its case', async () => {
    const email = uniqueEmail('blocked');
    await db.insert(blockedRequests).values({ email });
    await expectRefusedBy(db.insert(blockedRequests).values({ email: email.toUpperCase() }), 'blocked_requests_email_unique');
  });
});

describe('catalogue', () => {
  test('songs: bpm is empty or 1–300', async () => {
    await expectRefusedBy(db.insert(songs).values(song({ bpm: 0 })), 'songs_bpm_check');
    await expectRefusedBy(db.insert(songs).values(song({ bpm: 301 })), 'songs_bpm_check');
    const accepted = await db
      .insert(songs)
      .values([song({ bpm: 1 }), song({ bpm: 300 }), song({ bpm: null })])
      .returning({ bpm: songs.bpm });
    expect(accepted.map((r) => r.bpm)).toEqual([1, 300, null]);
  });

  test('songs: the slug is lower-case letters, digits and hyphens, and unique', async () => {
    for (const bad of ['Whiskey-River', 'whiskey river', 'whiskey_river', '', 'café']) {
      await expectRefusedBy(db.insert(songs).values(song({ slug: bad })), 'songs_slug_check');
    }
    const { slug: taken } = await insertSong({ slug: 'whiskey-river-2' });
    await expectRefusedBy(db.insert(songs).values(song({ slug: taken })), 'songs_slug_unique');
  });

  test('songs: order_index is never negative', async () => {
    await expectRefusedBy(db.insert(songs).values(song({ orderIndex: -1 })), 'songs_order_index_check');
    expect((await insertSong({ orderIndex: 0 })).orderIndex).toBe(0);
  });

  test('catalogue_version: one row only', async () => {
    await expectRefusedBy(db.execute(sql`insert into catalogue_version (id, version) values (false, 0)`), 'catalogue_version_one_row');
  });

  test('song_comments: name 1–100, e-mail 3–255 and text 1–1000 characters', async () => {
    const { id: songId } = await insertSong();
    const comment = (overrides: Partial<typeof songComments.$inferInsert>) => ({
      songId,
      commenterName: 'Pat',
      commenterEmail: 'pat@example.test',
      commentText: 'Love the bridge.',
      ...overrides,
    });
    const cases: [Partial<typeof songComments.$inferInsert>, string][] = [
      [{ commenterName: '' }, 'song_comments_name_check'],
      [{ commenterName: x(101) }, 'song_comments_name_check'],
      [{ commenterEmail: 'ab' }, 'song_comments_email_check'],
      [{ commenterEmail: x(256) }, 'song_comments_email_check'],
      [{ commentText: '' }, 'song_comments_text_check'],
      [{ commentText: x(1001) }, 'song_comments_text_check'],
    ];
    for (const [overrides, constraint] of cases) {
      await expectRefusedBy(db.insert(songComments).values(comment(overrides)), constraint);
    }
    await db.insert(songComments).values(comment({ commenterName: x(100), commenterEmail: x(255), commentText: x(1000) }));
  });

  test('songs: the key is empty or one of the 24', async () => {
    for (const bad of ['H major', 'a minor', 'F#m', 'C# major', '']) {
      await expectRefusedBy(db.insert(songs).values(song({ musicalKey: bad })), 'songs_musical_key_check');
    }
    const accepted = await db
      .insert(songs)
      .values([song({ musicalKey: 'F# major' }), song({ musicalKey: 'A minor' }), song({ musicalKey: null })])
      .returning({ musicalKey: songs.musicalKey });
    expect(accepted.map((r) => r.musicalKey)).toEqual(['F# major', 'A minor', null]);
  });

  test("songs: the media step's problem is empty or one the admin's page can name", async () => {
    for (const bad of ['timeout', '']) {
      await expectRefusedBy(db.insert(songs).values(song({ mediaProblem: bad as never })), 'songs_media_problem_check');
    }
    const accepted = await db
      .insert(songs)
      .values([song({ mediaProblem: 'lyrics-time-limit' }), song({ mediaProblem: 'gave-up' }), song({ mediaProblem: null })])
      .returning({ mediaProblem: songs.mediaProblem });
    expect(accepted.map((r) => r.mediaProblem)).toEqual(['lyrics-time-limit', 'gave-up', null]);
  });

  test('song_writers: a share above 0 and at most 100, a known PRO, an IPI/CAE of 9–11 digits, short names, one writer per place', async () => {
    const { id: songId } = await insertSong();
    const writer = (overrides: Partial<typeof songWriters.$inferInsert>) => ({
      songId,
      position: 0,
      name: 'Jo Lane',
      pro: 'BMI',
      share: 50,
      ...overrides,
    });
    const cases: [Partial<typeof songWriters.$inferInsert>, string][] = [
      [{ share: 0 }, 'song_writers_share_check'],
      // numeric(5, 2) keeps hundredths: a thousandth rounds to nothing.
      [{ share: 0.001 }, 'song_writers_share_check'],
      [{ share: -5 }, 'song_writers_share_check'],
      [{ share: 100.01 }, 'song_writers_share_check'],
      [{ pro: 'PRS for Music' }, 'song_writers_pro_check'],
      [{ pro: 'bmi' }, 'song_writers_pro_check'],
      [{ ipi: '12345678' }, 'song_writers_ipi_check'],
      [{ ipi: '123456789012' }, 'song_writers_ipi_check'],
      [{ ipi: '00 123 456 78' }, 'song_writers_ipi_check'],
      [{ ipi: '' }, 'song_writers_ipi_check'],
      [{ name: '' }, 'song_writers_name_check'],
      [{ name: x(101) }, 'song_writers_name_check'],
      [{ publisher: '' }, 'song_writers_publisher_check'],
      [{ publisher: x(201) }, 'song_writers_publisher_check'],
      [{ position: -1 }, 'song_writers_position_check'],
    ];
    for (const [overrides, constraint] of cases) {
      await expectRefusedBy(db.insert(songWriters).values(writer(overrides)), constraint);
    }
    const accepted = await db
      .insert(songWriters)
      .values([
        writer({ share: 0.01, ipi: '123456789', name: x(100), publisher: x(200) }),
        writer({ position: 1, share: 99.99, pro: 'APRA AMCOS', ipi: '12345678901' }),
      ])
      .returning({ share: songWriters.share });
    expect(accepted.map((r) => r.share)).toEqual([0.01, 99.99]);
    await expectRefusedBy(db.insert(songWriters).values(writer({ position: 1 })), 'song_writers_song_position_unique');
    await expectRefusedBy(db.insert(songWriters).values(writer({ songId: randomUUID() })), 'song_writers_song_id_songs_id_fk');
  });

  test('songs: the waveform holds at most 2000 peaks', async () => {
    const peaks = (n: number) => Array.from({ length: n }, (_, i) => i % 256);
    await expectRefusedBy(db.insert(songs).values(song({ audioPeaks: peaks(2001) })), 'songs_audio_peaks_check');
    const accepted = await db
      .insert(songs)
      .values([song({ audioPeaks: peaks(2000) }), song({ audioPeaks: [] }), song({ audioPeaks: null })])
      .returning({ audioPeaks: songs.audioPeaks });
    expect(accepted.map((r) => r.audioPeaks?.length ?? null)).toEqual([2000, 0, null]);
  });

  test('song_plays: a duration is never negative', async () => {
    const { id: songId } = await insertSong();
    await expectRefusedBy(db.insert(songPlays).values({ songId, userId: someone.id, durationSeconds: -1 }), 'song_plays_duration_check');
  });

  test('song_plays: the furthest point reached is never negative', async () => {
    const { id: songId } = await insertSong();
    await expectRefusedBy(db.insert(songPlays).values({ songId, userId: someone.id, furthestSeconds: -0.5 }), 'song_plays_furthest_check');
    await db.insert(songPlays).values({ songId, userId: someone.id, furthestSeconds: 0 });
  });

  test('song_plays: the listener is a user or a pitch link, exactly one of the two', async () => {
    const { id: songId } = await insertSong();
    const link = await insertPitchLink();
    await expectRefusedBy(db.insert(songPlays).values({ songId }), 'song_plays_listener_check');
    await expectRefusedBy(db.insert(songPlays).values({ songId, userId: someone.id, pitchLinkId: link.id }), 'song_plays_listener_check');
    const accepted = await db
      .insert(songPlays)
      .values([
        { songId, userId: someone.id },
        { songId, pitchLinkId: link.id },
      ])
      .returning();
    expect(accepted).toHaveLength(2);
  });

  test('song_downloads: an MP3 or a lyric sheet, by a user or a pitch link, exactly one of the two', async () => {
    const { id: songId } = await insertSong();
    const link = await insertPitchLink();
    await expectRefusedBy(db.insert(songDownloads).values({ songId, kind: 'mp3' }), 'song_downloads_listener_check');
    await expectRefusedBy(
      db.insert(songDownloads).values({ songId, kind: 'mp3', userId: someone.id, pitchLinkId: link.id }),
      'song_downloads_listener_check',
    );
    await expectRefusedBy(
      db.insert(songDownloads).values({ songId, kind: 'wav' as 'mp3', userId: someone.id }),
      'song_downloads_kind_check',
    );
    await expectRefusedBy(
      db.insert(songDownloads).values({ songId, kind: 'mp3', userId: someone.id, via: 'preview' as 'stream' }),
      'song_downloads_via_check',
    );
    const accepted = await db
      .insert(songDownloads)
      .values([
        { songId, kind: 'mp3', userId: someone.id },
        { songId, kind: 'lyric_sheet', pitchLinkId: link.id },
        { songId, kind: 'mp3', pitchLinkId: link.id, via: 'stream' },
      ])
      .returning();
    expect(accepted.map((r) => r.via)).toEqual(['download', 'download', 'stream']);
  });

  test('pitch_link_replies: a message of 1 character up to the limit', async () => {
    const link = await insertPitchLink();
    for (const bad of ['', x(LIMITS.pitchReplyMax + 1)]) {
      await expectRefusedBy(db.insert(pitchLinkReplies).values({ pitchLinkId: link.id, message: bad }), 'pitch_link_replies_message_check');
    }
    const accepted = await db
      .insert(pitchLinkReplies)
      .values([
        { pitchLinkId: link.id, message: 'y' },
        { pitchLinkId: link.id, message: x(LIMITS.pitchReplyMax) },
      ])
      .returning();
    expect(accepted).toHaveLength(2);
  });

  test('site_settings: one row only, and commenters shown in a way the pages know', async () => {
    const settings = {
      companyLegalName: 'Row Music LLC',
      companyAddress: 'Nashville',
      contactEmail: 'desk@example.test',
      governingLaw: 'the State of Tennessee',
    };
    await expectRefusedBy(db.insert(siteSettings).values({ ...settings, singleton: false }), 'site_settings_singleton_check');
    await expectRefusedBy(
      db.insert(siteSettings).values({ ...settings, commenterDisplay: 'nickname' as 'name' }),
      'site_settings_commenter_display_check',
    );
    const [row] = await db.insert(siteSettings).values(settings).returning();
    expect(row!.commenterDisplay).toBe('anonymous');
    await db.delete(siteSettings);
  });

  test('stored_files: only the four buckets, a size of at least 0, and one row per bucket and key', async () => {
    const file = { key: `k/${randomUUID()}`, contentType: 'audio/mpeg', sizeBytes: 10 };
    await expectRefusedBy(
      db.execute(sql`insert into stored_files (bucket, key, content_type, size_bytes) values ('public', 'a', 'audio/mpeg', 1)`),
      'stored_files_bucket_check',
    );
    await expectRefusedBy(db.insert(storedFiles).values({ ...file, bucket: 'song-audio', sizeBytes: -1 }), 'stored_files_size_check');
    await db.insert(storedFiles).values({ ...file, bucket: 'song-audio' });
    await expectRefusedBy(db.insert(storedFiles).values({ ...file, bucket: 'song-audio' }), 'stored_files_bucket_key_unique');
    await db.insert(storedFiles).values({ ...file, bucket: 'song-images' });
  });

  test("reference_tracks: a buyer's reference is in the reference-tracks bucket, and one row per stored file", async () => {
    const owner = await makeUser(db, { roles: ['preview'] });
    const [file] = await db
      .insert(storedFiles)
      .values({ bucket: 'reference-tracks', key: `r/${randomUUID()}`, contentType: 'audio/mpeg', sizeBytes: 10, ownerId: owner.id })
      .returning();
    const expiresAt = new Date(Date.now() + 86_400_000);
    await db.insert(referenceTracks).values({ ownerId: owner.id, fileId: file!.id, expiresAt });
    await expectRefusedBy(
      db.insert(referenceTracks).values({ ownerId: owner.id, fileId: file!.id, expiresAt }),
      'reference_tracks_file_unique',
    );
    // Its file removed (by the sweep), the row goes with it.
    await db.delete(storedFiles).where(eq(storedFiles.id, file!.id));
    expect(await db.select().from(referenceTracks).where(eq(referenceTracks.fileId, file!.id))).toEqual([]);
  });
});

describe('pitch agreements', () => {
  const agreement = (reviewId: string, overrides: Partial<typeof pitchAgreements.$inferInsert> = {}) => ({
    reviewId,
    songwriterId: writer.id,
    commissionPercent: 10,
    termMonths: 12,
    expiresAt: new Date(Date.now() + 86_400_000),
    textVersion: 'test',
    agreementText: 'The agreement.',
    ...overrides,
  });

  test('terms within their ranges, a known status, and a signature exactly when accepted', async () => {
    const review = await insertReview();
    const cases: [Partial<typeof pitchAgreements.$inferInsert>, string][] = [
      [{ commissionPercent: 0 }, 'pitch_agreements_commission_check'],
      [{ commissionPercent: 51 }, 'pitch_agreements_commission_check'],
      [{ termMonths: 0 }, 'pitch_agreements_term_check'],
      [{ termMonths: 61 }, 'pitch_agreements_term_check'],
      [{ status: 'signed' as 'accepted' }, 'pitch_agreements_status_check'],
      [{ status: 'accepted' }, 'pitch_agreements_signed_check'],
      [{ signedName: 'Someone', textSha256: 'x', answeredAt: new Date() }, 'pitch_agreements_signed_check'],
    ];
    for (const [overrides, constraint] of cases) {
      await expectRefusedBy(db.insert(pitchAgreements).values(agreement(review.id, overrides)), constraint);
    }
    await db.insert(pitchAgreements).values(agreement(review.id, { commissionPercent: 50, termMonths: 60 }));
  });

  test('one open or signed agreement per song; answered ones stay beside a new offer', async () => {
    const review = await insertReview();
    await db.insert(pitchAgreements).values([agreement(review.id, { status: 'declined' }), agreement(review.id, { status: 'expired' })]);
    await db.insert(pitchAgreements).values(agreement(review.id));
    await expectRefusedBy(db.insert(pitchAgreements).values(agreement(review.id)), 'pitch_agreements_one_live_per_review');
  });

  test('a signed agreement cannot be changed, but the offering admin may still be deleted', async () => {
    // The trigger's own refusal, under drizzle's wrapper.
    const finalRefusal = { cause: { message: 'a signed pitch agreement cannot be changed' } };
    const review = await insertReview();
    const offeringAdmin = await makeUser(db, { roles: ['admin'] });
    const [signed] = await db
      .insert(pitchAgreements)
      .values(
        agreement(review.id, {
          offeredBy: offeringAdmin.id,
          status: 'accepted',
          signedName: 'Luke Combs',
          textSha256: 'a'.repeat(64),
          answeredAt: new Date(),
        }),
      )
      .returning();
    await expect(db.update(pitchAgreements).set({ commissionPercent: 50 }).where(eq(pitchAgreements.id, signed!.id))).rejects.toMatchObject(
      finalRefusal,
    );
    await expect(db.update(pitchAgreements).set({ offeredBy: writer.id }).where(eq(pitchAgreements.id, signed!.id))).rejects.toMatchObject(
      finalRefusal,
    );
    await db.delete(users).where(eq(users.id, offeringAdmin.id));
    const [kept] = await db.select().from(pitchAgreements).where(eq(pitchAgreements.id, signed!.id));
    expect(kept).toMatchObject({ offeredBy: null, commissionPercent: 10, signedName: 'Luke Combs' });
  });

  const signedAgreement = async () =>
    (
      await db
        .insert(pitchAgreements)
        .values(
          agreement((await insertReview()).id, {
            status: 'accepted',
            signedName: 'Luke Combs',
            textSha256: 'a'.repeat(64),
            answeredAt: new Date(),
          }),
        )
        .returning()
    )[0]!;

  test('one credit per agreement, of a positive amount; an order takes off no negative credit', async () => {
    const signed = await signedAgreement();
    await expectRefusedBy(
      db.insert(accountCredits).values({ songwriterId: writer.id, pitchAgreementId: signed.id, amountCents: 0 }),
      'account_credits_amount_check',
    );
    await db.insert(accountCredits).values({ songwriterId: writer.id, pitchAgreementId: signed.id, amountCents: 2500 });
    await expectRefusedBy(
      db.insert(accountCredits).values({ songwriterId: writer.id, pitchAgreementId: signed.id, amountCents: 2500 }),
      'account_credits_pitch_agreement_id_unique',
    );
    await expectRefusedBy(db.insert(orders).values(order({ creditAppliedCents: -1 })), 'orders_credit_applied_check');
  });

  test('one catalogue song per agreement; a placement has an artist, short names, a known status and a commission within its income', async () => {
    const signed = await signedAgreement();
    const pitched = await insertSong({ pitchAgreementId: signed.id });
    await expectRefusedBy(db.insert(songs).values(song({ pitchAgreementId: signed.id })), 'songs_pitch_agreement_id_unique');

    const placement = (overrides: Partial<typeof placements.$inferInsert> = {}) => ({
      songId: pitched.id,
      pitchAgreementId: signed.id,
      artist: 'Lainey Wilson',
      ...overrides,
    });
    const cases: [Partial<typeof placements.$inferInsert>, string][] = [
      [{ artist: '' }, 'placements_artist_check'],
      [{ artist: x(201) }, 'placements_artist_check'],
      [{ project: x(201) }, 'placements_project_check'],
      [{ label: x(201) }, 'placements_label_check'],
      [{ status: 'recorded' as 'cut' }, 'placements_status_check'],
      [{ incomeCents: 1_000_000_001 }, 'placements_income_check'],
      [{ incomeCents: 100, commissionCents: 101 }, 'placements_commission_check'],
      [{ incomeCents: 100, commissionCents: -1 }, 'placements_commission_check'],
    ];
    for (const [overrides, constraint] of cases) await expectRefusedBy(db.insert(placements).values(placement(overrides)), constraint);
    await db.insert(placements).values(placement({ artist: x(200), status: 'released', incomeCents: 100_000, commissionCents: 10_000 }));
  });
});

describe('pitching', () => {
  test('pitch_links: recipient name 1–100, e-mail 3–255, message at most 2000 characters, kind pitch or share', async () => {
    const cases: [Partial<typeof pitchLinks.$inferInsert>, string][] = [
      [{ recipientName: '' }, 'pitch_links_recipient_name_check'],
      [{ recipientName: x(101) }, 'pitch_links_recipient_name_check'],
      [{ recipientEmail: 'ab' }, 'pitch_links_recipient_email_check'],
      [{ recipientEmail: x(256) }, 'pitch_links_recipient_email_check'],
      [{ message: x(2001) }, 'pitch_links_message_check'],
      [{ kind: 'forward' as never }, 'pitch_links_kind_check'],
    ];
    for (const [overrides, constraint] of cases) {
      await expectRefusedBy(db.insert(pitchLinks).values(pitchLink(overrides)), constraint);
    }
    const accepted = await db
      .insert(pitchLinks)
      .values([
        pitchLink({ recipientName: x(100), recipientEmail: x(255), message: x(2000) }),
        pitchLink({ message: '' }),
        pitchLink({ message: null, kind: 'share' }),
      ])
      .returning({ message: pitchLinks.message });
    expect(accepted.map((r) => r.message?.length ?? null)).toEqual([2000, 0, null]);
  });

  test('pitch_links: a token hash opens one link', async () => {
    const { tokenHash } = await insertPitchLink();
    await expectRefusedBy(db.insert(pitchLinks).values(pitchLink({ tokenHash })), 'pitch_links_token_hash_unique');
  });

  test('pitch_link_songs: a position is never negative', async () => {
    const link = await insertPitchLink();
    const first = await insertSong();
    const second = await insertSong();
    await expectRefusedBy(
      db.insert(pitchLinkSongs).values({ pitchLinkId: link.id, songId: first.id, position: -1 }),
      'pitch_link_songs_position_check',
    );
    await db.insert(pitchLinkSongs).values([
      { pitchLinkId: link.id, songId: first.id, position: 0 },
      { pitchLinkId: link.id, songId: second.id, position: 1 },
    ]);
  });

  test('playlists: a name of 1 to 100 characters, a description of at most 500', async () => {
    await expectRefusedBy(db.insert(playlists).values({ ownerId: someone.id, name: '' }), 'playlists_name_check');
    await expectRefusedBy(
      db.insert(playlists).values({ ownerId: someone.id, name: x(LIMITS.playlistNameMax + 1) }),
      'playlists_name_check',
    );
    await expectRefusedBy(
      db.insert(playlists).values({ ownerId: someone.id, name: 'Spring', description: x(LIMITS.playlistDescriptionMax + 1) }),
      'playlists_description_check',
    );
    await db
      .insert(playlists)
      .values({ ownerId: someone.id, name: x(LIMITS.playlistNameMax), description: x(LIMITS.playlistDescriptionMax) });
  });

  test('playlist_songs: a position is never negative', async () => {
    const [list] = await db.insert(playlists).values({ ownerId: someone.id, name: 'Spring' }).returning();
    const { id: songId } = await insertSong();
    await expectRefusedBy(db.insert(playlistSongs).values({ playlistId: list!.id, songId, position: -1 }), 'playlist_songs_position_check');
    await db.insert(playlistSongs).values({ playlistId: list!.id, songId, position: 0 });
  });

  test('song_responses: hold or pass, with a note of at most 200 characters', async () => {
    const { id: songId } = await insertSong();
    await expectRefusedBy(
      db.execute(sql`insert into song_responses (song_id, user_id, response) values (${songId}, ${someone.id}, 'maybe')`),
      'song_responses_response_check',
    );
    await expectRefusedBy(
      db.insert(songResponses).values({ songId, userId: someone.id, response: 'hold', note: x(201) }),
      'song_responses_note_check',
    );
    const [held] = await db
      .insert(songResponses)
      .values({ songId, userId: someone.id, response: 'hold', note: x(200) })
      .returning();
    expect(held!.note).toHaveLength(200);
  });

  test('song_responses: the listener is a user or a pitch link, exactly one of the two', async () => {
    const { id: songId } = await insertSong();
    const link = await insertPitchLink();
    await expectRefusedBy(db.insert(songResponses).values({ songId, response: 'pass' }), 'song_responses_listener_check');
    await expectRefusedBy(
      db.insert(songResponses).values({ songId, userId: someone.id, pitchLinkId: link.id, response: 'pass' }),
      'song_responses_listener_check',
    );
  });

  test('song_responses: one answer per listener and song', async () => {
    const { id: songId } = await insertSong();
    const listener = await makeUser(db, { roles: ['preview'] });
    const link = await insertPitchLink();
    const otherLink = await insertPitchLink();
    await db.insert(songResponses).values({ songId, userId: listener.id, response: 'hold' });
    await expectRefusedBy(
      db.insert(songResponses).values({ songId, userId: listener.id, response: 'pass' }),
      'song_responses_song_user_unique',
    );
    await db.insert(songResponses).values({ songId, pitchLinkId: link.id, response: 'hold' });
    await expectRefusedBy(
      db.insert(songResponses).values({ songId, pitchLinkId: link.id, response: 'pass' }),
      'song_responses_song_pitch_link_unique',
    );
    // The empty side of each pair never collides: other listeners may answer the same song.
    await db.insert(songResponses).values([
      { songId, pitchLinkId: otherLink.id, response: 'pass' },
      { songId, userId: someone.id, response: 'pass' },
    ]);
    expect(await db.select().from(songResponses).where(eq(songResponses.songId, songId))).toHaveLength(4);
  });
});

describe('dashboard counts', () => {
  test('song_play_days: a day never counts fewer than zero plays', async () => {
    await expectRefusedBy(db.insert(songPlayDays).values({ day: '1999-12-31', plays: -1 }), 'song_play_days_plays_check');
    await db.insert(songPlayDays).values({ day: '1999-12-31', plays: 0 });
  });

  test('row_counts: a count is never negative', async () => {
    await expectRefusedBy(db.insert(rowCounts).values({ tableName: 'constraints_test', rows: -1 }), 'row_counts_rows_check');
    // The users row that migration 0008 and its triggers keep.
    await expectRefusedBy(db.update(rowCounts).set({ rows: -1 }).where(eq(rowCounts.tableName, 'users')), 'row_counts_rows_check');
  });
});

describe('orders and reviews', () => {
  test('orders: a package holds 1 to 4 songs', async () => {
    await expectRefusedBy(db.insert(orders).values(order({ packageSize: 0 })), 'orders_package_size_check');
    await expectRefusedBy(db.insert(orders).values(order({ packageSize: 5 })), 'orders_package_size_check');
    const ok = await db
      .insert(orders)
      .values([order({ packageSize: 1 }), order({ packageSize: 4 })])
      .returning();
    expect(ok.map((o) => o.packageSize)).toEqual([1, 4]);
  });

  test('orders: the amount is never negative and status and provider are known values', async () => {
    await expectRefusedBy(db.insert(orders).values(order({ amountPaidCents: -1 })), 'orders_amount_check');
    await expectRefusedBy(
      db.execute(sql`insert into orders (package_size, payment_provider, payment_status) values (1, 'test', 'refunded')`),
      'orders_status_check',
    );
    await expectRefusedBy(
      db.execute(sql`insert into orders (package_size, payment_provider) values (1, 'paypal')`),
      'orders_provider_check',
    );
  });

  test('orders: songs_submitted never exceeds the package size, on insert or update', async () => {
    await expectRefusedBy(db.insert(orders).values(order({ packageSize: 2, songsSubmitted: 3 })), 'orders_songs_submitted_check');
    await expectRefusedBy(db.insert(orders).values(order({ songsSubmitted: -1 })), 'orders_songs_submitted_check');
    const [o] = await db
      .insert(orders)
      .values(order({ packageSize: 2, songsSubmitted: 2 }))
      .returning();
    await expectRefusedBy(
      db
        .update(orders)
        .set({ songsSubmitted: sql`${orders.songsSubmitted} + 1` })
        .where(eq(orders.id, o!.id)),
      'orders_songs_submitted_check',
    );
  });

  test('orders: one order per provider checkout session', async () => {
    const checkoutSessionId = `cs_${randomUUID()}`;
    await db.insert(orders).values(order({ checkoutSessionId }));
    await expectRefusedBy(db.insert(orders).values(order({ checkoutSessionId })), 'orders_checkout_session_unique');
    await db.insert(orders).values(order({ checkoutSessionId, paymentProvider: 'stripe' }));
  });

  test('song_reviews: status is a known value and the song number is 1–4, once per order', async () => {
    const review = await insertReview();
    await expectRefusedBy(
      db
        .update(songReviews)
        .set({ status: 'done' as never })
        .where(eq(songReviews.id, review.id)),
      'song_reviews_status_check',
    );
    await expectRefusedBy(
      db.update(songReviews).set({ songNumber: 0 }).where(eq(songReviews.id, review.id)),
      'song_reviews_song_number_check',
    );
    await expectRefusedBy(
      db.update(songReviews).set({ songNumber: 5 }).where(eq(songReviews.id, review.id)),
      'song_reviews_song_number_check',
    );
    await expectRefusedBy(
      db.insert(songReviews).values({
        songwriterId: writer.id,
        orderId: review.orderId,
        songNumber: 1,
        songTitle: 'Second take',
        storyArc: '-',
        aiUsage: 'None',
      }),
      'song_reviews_first_round_unique',
    );
  });

  test('song_reviews: one rewrite per first review, sharing its song; only a rewrite has a note (never blank) and a reviewer', async () => {
    const review = await insertReview();
    const rewrite = (overrides: Partial<typeof songReviews.$inferInsert> = {}) => ({
      songwriterId: writer.id,
      orderId: review.orderId,
      songNumber: review.songNumber,
      songTitle: review.songTitle,
      storyArc: review.storyArc,
      aiUsage: review.aiUsage,
      rewriteOf: review.id,
      rewriteNote: 'A new second verse.',
      reviewerId: someone.id,
      ...overrides,
    });
    const [second] = await db.insert(songReviews).values(rewrite()).returning();
    await expectRefusedBy(db.insert(songReviews).values(rewrite({ rewriteNote: 'Again.' })), 'song_reviews_rewrite_of_unique');
    await expectRefusedBy(
      db.update(songReviews).set({ rewriteNote: 'What changed' }).where(eq(songReviews.id, review.id)),
      'song_reviews_rewrite_fields_check',
    );
    await expectRefusedBy(
      db.update(songReviews).set({ reviewerId: someone.id }).where(eq(songReviews.id, review.id)),
      'song_reviews_rewrite_fields_check',
    );
    for (const rewriteNote of ['', ' \n\t ', x(1001)]) {
      await expectRefusedBy(
        db.update(songReviews).set({ rewriteNote }).where(eq(songReviews.id, second!.id)),
        'song_reviews_rewrite_note_check',
      );
    }
    // An erased writer's note goes; the reviewer's account may go too.
    await db.update(songReviews).set({ rewriteNote: null, reviewerId: null }).where(eq(songReviews.id, second!.id));
    // The rewrite goes with its first review.
    await db.delete(songReviews).where(eq(songReviews.id, review.id));
    expect(await db.select().from(songReviews).where(eq(songReviews.id, second!.id))).toEqual([]);
  });

  test('review_messages: a blank message is refused', async () => {
    const review = await insertReview();
    for (const message of ['', '   ', '\n\t \n']) {
      await expectRefusedBy(
        db.insert(reviewMessages).values({ reviewId: review.id, senderId: writer.id, message }),
        'review_messages_message_check',
      );
    }
    await db.insert(reviewMessages).values({ reviewId: review.id, senderId: writer.id, message: '  Thanks!  ' });
  });
});

describe('the review studio and the audit trail', () => {
  test('song_reviews: the verdict is one of the three', async () => {
    const review = await insertReview();
    await expectRefusedBy(
      db
        .update(songReviews)
        .set({ verdict: 'maybe' as never })
        .where(eq(songReviews.id, review.id)),
      'song_reviews_verdict_check',
    );
  });

  test('review_scores: a known category, scored 1 to 5', async () => {
    const review = await insertReview();
    await expectRefusedBy(
      db.insert(reviewScores).values({ reviewId: review.id, category: 'vibe' as never, score: 3 }),
      'review_scores_category_check',
    );
    for (const score of [0, 6]) {
      await expectRefusedBy(db.insert(reviewScores).values({ reviewId: review.id, category: 'hook', score }), 'review_scores_score_check');
    }
    await db.insert(reviewScores).values({ reviewId: review.id, category: 'hook', score: 5 });
  });

  test('review_ratings: 1 to 5', async () => {
    const review = await insertReview();
    for (const rating of [0, 6]) {
      await expectRefusedBy(
        db.insert(reviewRatings).values({ reviewId: review.id, songwriterId: writer.id, rating }),
        'review_ratings_rating_check',
      );
    }
    await db.insert(reviewRatings).values({ reviewId: review.id, songwriterId: writer.id, rating: 1 });
  });

  test("review_notes: a moment within the song's possible length, and words", async () => {
    const review = await insertReview();
    for (const atSeconds of [-1, 24 * 3600 + 1]) {
      await expectRefusedBy(
        db.insert(reviewNotes).values({ reviewId: review.id, atSeconds, text: 'Late chorus' }),
        'review_notes_at_seconds_check',
      );
    }
    await expectRefusedBy(db.insert(reviewNotes).values({ reviewId: review.id, atSeconds: 3, text: ' \n ' }), 'review_notes_text_check');
    await db.insert(reviewNotes).values({ reviewId: review.id, atSeconds: 0, text: 'Open strong' });
  });

  test('stored_files: a waveform holds at most its set number of peaks', async () => {
    const file = {
      bucket: 'song-submissions' as const,
      key: `k-${randomUUID()}`,
      originalName: 'a.mp3',
      contentType: 'audio/mpeg',
      sizeBytes: 1,
    };
    await expectRefusedBy(db.insert(storedFiles).values({ ...file, audioPeaks: Array(100_000).fill(1) }), 'stored_files_audio_peaks_check');
  });

  test('account_credits: a late-review credit once per review, for whole days late, and each credit has one reason', async () => {
    const late = await insertReview();
    await expectRefusedBy(db.insert(accountCredits).values({ songwriterId: writer.id, amountCents: 2500 }), 'account_credits_reason_check');
    await expectRefusedBy(
      db.insert(accountCredits).values({ songwriterId: writer.id, lateReviewId: late.id, amountCents: 2500 }),
      'account_credits_reason_check',
    );
    await expectRefusedBy(
      db.insert(accountCredits).values({ songwriterId: writer.id, lateReviewId: late.id, daysLate: 0, amountCents: 2500 }),
      'account_credits_reason_check',
    );
    await db.insert(accountCredits).values({ songwriterId: writer.id, lateReviewId: late.id, daysLate: 2, amountCents: 2500 });
    await expectRefusedBy(
      db.insert(accountCredits).values({ songwriterId: writer.id, lateReviewId: late.id, daysLate: 2, amountCents: 2500 }),
      'account_credits_late_review_id_unique',
    );
  });

  test('orders: a song price above 0 and a turnaround of 1 to the standard business days', async () => {
    await expectRefusedBy(db.insert(orders).values(order({ songPriceCents: 0 })), 'orders_song_price_check');
    await expectRefusedBy(db.insert(orders).values(order({ turnaroundBusinessDays: 0 })), 'orders_turnaround_check');
    await expectRefusedBy(db.insert(orders).values(order({ turnaroundBusinessDays: 99 })), 'orders_turnaround_check');
  });

  test('site_settings: the faster review has both a price and a turnaround, or neither', async () => {
    const settings = {
      companyLegalName: 'Row Music LLC',
      companyAddress: 'Nashville',
      contactEmail: 'desk@example.test',
      governingLaw: 'the State of Tennessee',
    };
    await expectRefusedBy(db.insert(siteSettings).values({ ...settings, fastReviewPriceCents: 6000 }), 'site_settings_fast_review_check');
    await expectRefusedBy(db.insert(siteSettings).values({ ...settings, fastReviewBusinessDays: 3 }), 'site_settings_fast_review_check');
  });

  test('song_versions: a known kind, a name of 1 to the limit, one of each kind per song', async () => {
    const target = await insertSong();
    const file = async () =>
      (
        await db
          .insert(storedFiles)
          .values({ bucket: 'song-audio', key: `v/${randomUUID()}`, contentType: 'audio/mpeg', sizeBytes: 1 })
          .returning()
      )[0]!;
    const version = async (overrides: Partial<typeof songVersions.$inferInsert>) =>
      db
        .insert(songVersions)
        .values({ songId: target.id, kind: 'instrumental', label: 'Instrumental', fileId: (await file()).id, ...overrides });
    await expectRefusedBy(version({ kind: 'karaoke' as 'instrumental' }), 'song_versions_kind_check');
    await expectRefusedBy(version({ label: '' }), 'song_versions_label_check');
    await expectRefusedBy(version({ label: x(500) }), 'song_versions_label_check');
    await version({});
    await expectRefusedBy(version({}), 'song_versions_song_kind_unique');
  });

  test('stored_files: an energy curve of at most its set number of points', async () => {
    const file = { bucket: 'song-audio' as const, key: `e/${randomUUID()}`, contentType: 'audio/mpeg', sizeBytes: 1 };
    await expectRefusedBy(db.insert(storedFiles).values({ ...file, energy: Array(10_000).fill(1) }), 'stored_files_energy_check');
  });

  test('stored_files: a sound profile with its version, of at most its set length, or neither', async () => {
    const file = () => ({ bucket: 'song-audio' as const, key: `p/${randomUUID()}`, contentType: 'audio/mpeg', sizeBytes: 1 });
    await expectRefusedBy(db.insert(storedFiles).values({ ...file(), soundProfile: [1, 2, 3] }), 'stored_files_sound_profile_check');
    await expectRefusedBy(db.insert(storedFiles).values({ ...file(), soundProfileVersion: 1 }), 'stored_files_sound_profile_check');
    await expectRefusedBy(
      db.insert(storedFiles).values({ ...file(), soundProfile: Array(257).fill(0), soundProfileVersion: 1 }),
      'stored_files_sound_profile_check',
    );
    await db.insert(storedFiles).values({ ...file(), soundProfile: [0.5, 1, 2], soundProfileVersion: 1 });
    await db.insert(storedFiles).values({ ...file(), soundProfile: null, soundProfileVersion: null });
  });

  test('stored_files: a detected tempo within the form’s BPM range and a detected key from the list, or none', async () => {
    const file = () => ({ bucket: 'song-audio' as const, key: `k-${randomUUID()}`, contentType: 'audio/mpeg', sizeBytes: 1 });
    await expectRefusedBy(db.insert(storedFiles).values({ ...file(), detectedBpm: 0 }), 'stored_files_detected_bpm_check');
    await expectRefusedBy(db.insert(storedFiles).values({ ...file(), detectedBpm: 301 }), 'stored_files_detected_bpm_check');
    await expectRefusedBy(
      db.execute(
        sql`insert into stored_files (bucket, key, content_type, size_bytes, detected_key) values ('song-audio', ${randomUUID()}, 'audio/mpeg', 1, 'H minor')`,
      ),
      'stored_files_detected_key_check',
    );
    await db.insert(storedFiles).values({ ...file(), detectedBpm: 128, detectedKey: 'A minor' });
    await db.insert(storedFiles).values({ ...file(), detectedBpm: null, detectedKey: null });
  });

  test('audit_events: a known action and subject kind', async () => {
    const event = { actorEmail: 'admin@example.test', subjectId: 'x', summary: 's' };
    await expectRefusedBy(
      db.insert(auditEvents).values({ ...event, action: 'song.burn' as never, subjectKind: 'song' }),
      'audit_events_action_check',
    );
    await expectRefusedBy(
      db.insert(auditEvents).values({ ...event, action: 'song.delete', subjectKind: 'planet' as never }),
      'audit_events_subject_kind_check',
    );
  });
});

test('mail_outbox: status is pending, sent, dead or discarded and attempts are never negative', async () => {
  const mail = { toAddress: 'a@example.test', subject: 'S', textBody: 'T', kind: 'test' };
  await expectRefusedBy(db.insert(mailOutbox).values({ ...mail, status: 'queued' as never }), 'mail_outbox_status_check');
  await expectRefusedBy(db.insert(mailOutbox).values({ ...mail, attempts: -1 }), 'mail_outbox_attempts_check');
});

test('analysis_jobs: one job per file and kind, of a known kind and state, its tries never negative', async () => {
  const [file] = await db
    .insert(storedFiles)
    .values({ bucket: 'song-audio', key: `k-${randomUUID()}`, contentType: 'audio/mpeg', sizeBytes: 1 })
    .returning();
  const job = { fileId: file!.id, kind: 'audio' as const };
  await expectRefusedBy(db.insert(analysisJobs).values({ ...job, kind: 'video' as never }), 'analysis_jobs_kind_check');
  await expectRefusedBy(db.insert(analysisJobs).values({ ...job, state: 'lost' as never }), 'analysis_jobs_state_check');
  await expectRefusedBy(db.insert(analysisJobs).values({ ...job, attempts: -1 }), 'analysis_jobs_attempts_check');
  await db.insert(analysisJobs).values(job);
  await expectRefusedBy(db.insert(analysisJobs).values(job), 'analysis_jobs_file_kind_unique');
});

test('mail_outbox_hold: one row at most, holding a count never negative', async () => {
  const hold = { backupCreatedAt: new Date(), pendingInBackup: 0 };
  await expectRefusedBy(db.insert(mailOutboxHold).values({ ...hold, singleton: false }), 'mail_outbox_hold_singleton_check');
  await expectRefusedBy(db.insert(mailOutboxHold).values({ ...hold, pendingInBackup: -1 }), 'mail_outbox_hold_pending_check');
});

describe('what a delete takes with it', () => {
  test('deleting a user removes their roles, sessions, accounts and plays, and unlinks their requests and orders', async () => {
    const leaving = await makeUser(db, { roles: ['preview', 'songwriter'] });
    const { id: songId } = await insertSong();
    await db
      .insert(sessions)
      .values({ id: randomUUID(), token: randomUUID(), userId: leaving.id, expiresAt: new Date(Date.now() + 3_600_000) });
    await db.insert(songPlays).values({ songId, userId: leaving.id, durationSeconds: 30 });
    const [request] = await db
      .insert(previewRequests)
      .values(previewRequest({ userId: leaving.id, email: leaving.email }))
      .returning();
    const [paid] = await db
      .insert(orders)
      .values(order({ songwriterId: leaving.id, customerEmail: leaving.email }))
      .returning();

    const owned = async () => ({
      roles: (await db.select().from(userRoles).where(eq(userRoles.userId, leaving.id))).length,
      sessions: (await db.select().from(sessions).where(eq(sessions.userId, leaving.id))).length,
      accounts: (await db.select().from(accounts).where(eq(accounts.userId, leaving.id))).length,
      plays: (await db.select().from(songPlays).where(eq(songPlays.userId, leaving.id))).length,
    });
    expect(await owned()).toEqual({ roles: 2, sessions: 1, accounts: 1, plays: 1 });

    await db.delete(users).where(eq(users.id, leaving.id));

    expect(await owned()).toEqual({ roles: 0, sessions: 0, accounts: 0, plays: 0 });
    const [requestAfter] = await db.select().from(previewRequests).where(eq(previewRequests.id, request!.id));
    expect(requestAfter).toMatchObject({ userId: null, email: leaving.email });
    const [orderAfter] = await db.select().from(orders).where(eq(orders.id, paid!.id));
    expect(orderAfter).toMatchObject({ songwriterId: null, customerEmail: leaving.email });
    // The song itself stays.
    expect(await db.select({ id: songs.id }).from(songs).where(eq(songs.id, songId))).toHaveLength(1);
  });

  test('deleting a song removes its comments and plays', async () => {
    const { id: songId } = await insertSong();
    await db
      .insert(songComments)
      .values({ songId, userId: someone.id, commenterName: 'P', commenterEmail: 'p@x.test', commentText: 'Nice' });
    await db.insert(songPlays).values({ songId, userId: someone.id });
    expect(await db.select().from(songComments).where(eq(songComments.songId, songId))).toHaveLength(1);
    expect(await db.select().from(songPlays).where(eq(songPlays.songId, songId))).toHaveLength(1);

    await db.delete(songs).where(eq(songs.id, songId));

    expect(await db.select().from(songComments).where(eq(songComments.songId, songId))).toEqual([]);
    expect(await db.select().from(songPlays).where(eq(songPlays.songId, songId))).toEqual([]);
    // The listener is untouched.
    expect(await db.select({ id: users.id }).from(users).where(eq(users.id, someone.id))).toHaveLength(1);
  });

  test("a catalogue song's audio file cannot be deleted while the song points at it", async () => {
    const [file] = await db
      .insert(storedFiles)
      .values({ bucket: 'song-audio', key: `a/${randomUUID()}.mp3`, contentType: 'audio/mpeg', sizeBytes: 100 })
      .returning();
    await insertSong({ audioFileId: file!.id });
    await expectRefusedBy(db.delete(storedFiles).where(eq(storedFiles.id, file!.id)), 'songs_audio_file_id_stored_files_id_fk');
  });
});

describe('briefs', () => {
  const brief = (overrides: Partial<typeof briefs.$inferInsert> = {}) => ({
    ownerId: someone.id,
    title: 'Uptempo female country',
    description: 'Positive, for a March cut.',
    artistShown: 'a major-label artist',
    deadlineOn: '2030-03-01',
    ...overrides,
  });
  async function insertBrief(overrides: Partial<typeof briefs.$inferInsert> = {}) {
    const [row] = await db.insert(briefs).values(brief(overrides)).returning();
    return row!;
  }

  test('briefs: state, texts, tempo range, key, vocal, moods, and approval and end stamps that match the state', async () => {
    const now = new Date();
    const cases: [Partial<typeof briefs.$inferInsert>, string][] = [
      [{ state: 'draft' as never }, 'briefs_state_check'],
      [{ title: '' }, 'briefs_title_check'],
      [{ title: x(121) }, 'briefs_title_check'],
      [{ description: '' }, 'briefs_description_check'],
      [{ description: x(4001) }, 'briefs_description_check'],
      [{ genre: '' }, 'briefs_genre_check'],
      [{ genre: x(101) }, 'briefs_genre_check'],
      [{ tempoMin: 0 }, 'briefs_tempo_check'],
      [{ tempoMax: 301 }, 'briefs_tempo_check'],
      [{ tempoMin: 120, tempoMax: 100 }, 'briefs_tempo_check'],
      [{ musicalKey: 'H major' }, 'briefs_musical_key_check'],
      [{ vocal: 'choir' as never }, 'briefs_vocal_check'],
      [{ moods: Array.from({ length: 9 }, (_, i) => `mood${i}`) }, 'briefs_moods_check'],
      [{ artistShown: '' }, 'briefs_artist_shown_check'],
      [{ artistShown: x(121) }, 'briefs_artist_shown_check'],
      [{ state: 'open' }, 'briefs_approved_check'],
      [{ state: 'filled', closedAt: now }, 'briefs_approved_check'],
      [{ state: 'closed' }, 'briefs_closed_check'],
      [{ state: 'open', approvedAt: now, closedAt: now }, 'briefs_closed_check'],
    ];
    for (const [overrides, constraint] of cases) {
      await expectRefusedBy(db.insert(briefs).values(brief(overrides)), constraint);
    }
    const accepted = await db
      .insert(briefs)
      .values([
        brief({ title: x(120), description: x(4000), artistShown: x(120), tempoMin: 100, tempoMax: 100, moods: Array(8).fill('up') }),
        brief({ state: 'open', approvedAt: now, musicalKey: 'A minor', vocal: 'female' }),
        brief({ state: 'closed', closedAt: now }),
        brief({ state: 'filled', approvedAt: now, closedAt: now }),
      ])
      .returning({ state: briefs.state });
    expect(accepted.map((r) => r.state)).toEqual(['awaiting_approval', 'open', 'closed', 'filled']);
  });

  test('brief_references: a reference song once per brief, at positions 0 to 4', async () => {
    const b = await insertBrief();
    const s = await insertSong();
    await expectRefusedBy(
      db.insert(briefReferences).values({ briefId: b.id, songId: s.id, position: 5 }),
      'brief_references_position_check',
    );
    await expectRefusedBy(
      db.insert(briefReferences).values({ briefId: b.id, songId: s.id, position: -1 }),
      'brief_references_position_check',
    );
    await db.insert(briefReferences).values({ briefId: b.id, songId: s.id, position: 4 });
    await expect(db.insert(briefReferences).values({ briefId: b.id, songId: s.id, position: 0 })).rejects.toThrow();
  });

  test('brief_answers: a submission or a catalogue song, each once; a verdict with its reason and time; shortlisted only if it fits', async () => {
    const b = await insertBrief({ state: 'open', approvedAt: new Date() });
    const s = await insertSong();
    const review = await insertReview();
    const answer = (overrides: Partial<typeof briefAnswers.$inferInsert> = {}) => ({
      briefId: b.id,
      songwriterId: writer.id,
      songId: s.id,
      ...overrides,
    });
    const now = new Date();
    const cases: [Partial<typeof briefAnswers.$inferInsert>, string][] = [
      [{ songId: null }, 'brief_answers_song_check'],
      [{ submissionId: review.id }, 'brief_answers_song_check'],
      [{ verdict: 'maybe' as never, verdictReason: 'x', verdictAt: now }, 'brief_answers_verdict_check'],
      [{ verdict: 'fits', verdictReason: 'Right tempo' }, 'brief_answers_verdict_fields_check'],
      [{ verdict: 'fits', verdictAt: now }, 'brief_answers_verdict_fields_check'],
      [{ verdictReason: 'Right tempo', verdictAt: now }, 'brief_answers_verdict_fields_check'],
      [{ verdict: 'fits', verdictReason: '   ', verdictAt: now }, 'brief_answers_verdict_reason_check'],
      [{ verdict: 'fits', verdictReason: x(281), verdictAt: now }, 'brief_answers_verdict_reason_check'],
      [{ verdict: 'close', verdictReason: 'Slower than asked', verdictAt: now, shortlistedAt: now }, 'brief_answers_shortlist_check'],
      [{ shortlistedAt: now }, 'brief_answers_shortlist_check'],
    ];
    for (const [overrides, constraint] of cases) {
      await expectRefusedBy(db.insert(briefAnswers).values(answer(overrides)), constraint);
    }
    await db.insert(briefAnswers).values(answer({ verdict: 'fits', verdictReason: x(280), verdictAt: now, shortlistedAt: now }));
    await expectRefusedBy(db.insert(briefAnswers).values(answer()), 'brief_answers_brief_song_unique');
    await db.insert(briefAnswers).values(answer({ songId: null, submissionId: review.id }));
    const other = await insertBrief({ state: 'open', approvedAt: new Date() });
    await expectRefusedBy(
      db.insert(briefAnswers).values(answer({ briefId: other.id, songId: null, submissionId: review.id })),
      'brief_answers_submission_unique',
    );
  });
});

/**
 * Every CHECK and unique rule of the public schema, read from the database's catalogue: CHECK and UNIQUE
 * constraints (contype 'c' and 'u'; NOT NULL, which PostgreSQL 18 also lists there, is 'n'), and unique
 * indexes that back no constraint (lower(email), partial indexes). Must stay the file's last test: it
 * compares with the names the cases above saw the database refuse rows with.
 */
test('every CHECK constraint and unique rule of the schema has a case in this file', async () => {
  const rules = await queryRows<{ name: string }>(
    db,
    sql`select con.conname as name
          from pg_constraint con
          join pg_namespace ns on ns.oid = con.connamespace
          left join pg_class tbl on tbl.oid = con.conrelid
         where ns.nspname = 'public' and con.contype in ('c', 'u')
           and coalesce(tbl.relname, '') <> '__drizzle_migrations'
        union
        select idx.relname as name
          from pg_index ix
          join pg_class idx on idx.oid = ix.indexrelid
          join pg_class tbl on tbl.oid = ix.indrelid
          join pg_namespace ns on ns.oid = tbl.relnamespace
         where ns.nspname = 'public' and ix.indisunique and not ix.indisprimary
           and tbl.relname <> '__drizzle_migrations'
           and not exists (select 1 from pg_constraint c where c.conindid = ix.indexrelid and c.contype in ('p', 'u', 'x'))
         order by 1`,
  );
  const names = rules.map((r) => r.name);
  // The catalogue query sees each kind: a CHECK, a UNIQUE constraint, a unique index on an expression, a partial one.
  expect(names).toEqual(
    expect.arrayContaining(['songs_slug_check', 'songs_slug_unique', 'users_email_lower_unique', 'preview_requests_open_email_unique']),
  );
  const missing = names.filter((name) => !covered.has(name));
  expect(missing, `constraints without a case in this file (or whose cases did not run): ${missing.join(', ')}`).toEqual([]);
});
