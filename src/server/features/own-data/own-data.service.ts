import { and, asc, eq, inArray, isNotNull, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import * as MESSAGES from '../../../common/messages';
import type { PersonalDataExport } from '../../../common/responses/own-data';
import type { DeleteAccountInput } from '../../../common/schemas/own-data';
import { enqueueMail } from '../../adapters/mail/outbox';
import type { Storage } from '../../adapters/storage/storage';
import type { Db, DbOrTx } from '../../db/client';
import {
  accountCredits,
  accounts,
  listenerLastPlays,
  catalogueVisits,
  mailOutbox,
  orders,
  pitchAgreements,
  pitchReportDigests,
  newSongsMailOptOuts,
  newSongsMails,
  placements,
  pitchLinks,
  pitchLinkSongs,
  previewRequests,
  reviewMessages,
  reviewNotes,
  reviewRatings,
  reviewScores,
  sessions,
  songComments,
  songPlays,
  songResponses,
  playlists,
  playlistSongs,
  songReviews,
  songs,
  songwriterProfiles,
  songwriterQuestionnaires,
  storedFiles,
  userRoles,
  users,
  verifications,
} from '../../db/schema';
import type { EmailContext } from '../../emails/layout';
import { accountDeletedEmail } from '../../emails/account-deleted';
import { recordAudit } from '../audit';
import { AppError } from '../../lib/app-error';
import { emailIs } from '../../lib/email-match';
import { verifyPassword } from '../../lib/passwords';
import { consumeRateLimit, RATE_RULES } from '../../lib/rate-limit';
import type { Actor } from '../accounts';
import { removeObjects } from '../files';
import { isPaidOrder } from '../orders';
import { roundOf } from '../reviews';

/** The private upload buckets: what a person uploaded themselves, removed with their account. */
const PRIVATE_BUCKETS = ['song-submissions', 'lyric-submissions'] as const;

/** The address a deleted account keeps: unique (the users index), reaching nobody (.invalid), naming nobody. */
export const deletedAccountEmail = (userId: string) => `deleted-${userId}@deleted.invalid`;

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

// ---------------------------------------------------------------- export

/**
 * Everything kept about one account, as JSON: the account, profile, questionnaire, orders, credits, submissions
 * (their metadata and the review conversation), pitch agreements, placements, preview requests, comments, plays,
 * holds, playlists, the links they shared songs by, and their weekly e-mail setting. Every query is by this account's id (or, for preview requests, its address); another person
 * appears only as "reviewer" in a conversation, never by account.
 */
export async function exportPersonalData({ db, userId }: { db: Db; userId: string }): Promise<PersonalDataExport> {
  // One read-only snapshot on one connection: the parts agree with each other, and one download takes one connection.
  return db.transaction((tx) => readPersonalData(tx, userId), { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

/** An admin's export of a person's data (when the person asks through them): kept in the audit trail. */
export async function exportPersonalDataForAdmin({ db, admin, userId }: { db: Db; admin: Actor; userId: string }) {
  const data = await exportPersonalData({ db, userId });
  await recordAudit(db, {
    actor: admin,
    action: 'account.export',
    subject: { kind: 'user', id: userId },
    summary: `Exported the personal data of ${data.account.email}`,
  });
  return data;
}

async function readPersonalData(db: DbOrTx, userId: string): Promise<PersonalDataExport> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) throw new AppError('NOT_FOUND', MESSAGES.generic.notFound);
  const [roles, songwriter, submissions, agreements, listener, ownPlaylists, shares, newSongsMail] = await Promise.all([
    db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)).orderBy(asc(userRoles.role)),
    readSongwriterData(db, userId),
    readSubmissions(db, userId),
    readAgreements(db, userId),
    readListenerData(db, user),
    readPlaylists(db, userId),
    readShares(db, userId),
    readNewSongsMail(db, userId),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    account: {
      id: user.id,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified,
      roles: roles.map((r) => r.role),
      createdAt: iso(user.createdAt),
      lastSignInAt: isoOrNull(user.lastSignInAt),
    },
    ...songwriter,
    ...submissions,
    ...agreements,
    ...listener,
    playlists: ownPlaylists,
    shares,
    newSongsMail,
  };
}

/** The songwriter's profile, questionnaire, orders and credits. */
async function readSongwriterData(
  db: DbOrTx,
  userId: string,
): Promise<Pick<PersonalDataExport, 'songwriterProfile' | 'questionnaire' | 'orders' | 'accountCredits'>> {
  const [[profile], [questionnaire], myOrders, credits] = await Promise.all([
    db.select().from(songwriterProfiles).where(eq(songwriterProfiles.userId, userId)),
    db.select().from(songwriterQuestionnaires).where(eq(songwriterQuestionnaires.userId, userId)),
    db.select().from(orders).where(eq(orders.songwriterId, userId)).orderBy(asc(orders.createdAt)),
    db.select().from(accountCredits).where(eq(accountCredits.songwriterId, userId)).orderBy(asc(accountCredits.createdAt)),
  ]);
  return {
    songwriterProfile: profile
      ? {
          username: profile.username,
          firstName: profile.firstName,
          lastName: profile.lastName,
          email: profile.email,
          phone: profile.phone,
          streetAddress: profile.streetAddress,
          city: profile.city,
          stateProvince: profile.stateProvince,
          zip: profile.zip,
          country: profile.country,
          completedAt: isoOrNull(profile.completedAt),
        }
      : null,
    questionnaire: questionnaire
      ? {
          yearsWriting: questionnaire.yearsWriting,
          songsWritten: questionnaire.songsWritten,
          mostRecentSong: questionnaire.mostRecentSong,
          preferredGenre: questionnaire.preferredGenre,
          hasPublished: questionnaire.hasPublished,
          proAffiliation: questionnaire.proAffiliation,
          howFoundUs: questionnaire.howFoundUs,
        }
      : null,
    orders: myOrders.map((o) => ({
      id: o.id,
      packageSize: o.packageSize,
      amountPaidCents: o.amountPaidCents,
      creditAppliedCents: o.creditAppliedCents,
      paymentStatus: o.paymentStatus,
      songsSubmitted: o.songsSubmitted,
      customerName: o.customerName,
      customerEmail: o.customerEmail,
      createdAt: iso(o.createdAt),
      paidAt: isoOrNull(o.paidAt),
    })),
    accountCredits: credits.map((c) => ({ amountCents: c.amountCents, usedByOrderId: c.orderId, createdAt: iso(c.createdAt) })),
  };
}

/** The submissions with their review conversation: messages, and once sent, the rubric, notes and rating. */
async function readSubmissions(db: DbOrTx, userId: string): Promise<Pick<PersonalDataExport, 'submissions'>> {
  const audio = alias(storedFiles, 'audio_file');
  const lyrics = alias(storedFiles, 'lyrics_file');
  const [reviews, messages, scores, notes, ratings] = await Promise.all([
    db
      .select({ review: songReviews, audio, lyrics })
      .from(songReviews)
      .leftJoin(audio, eq(audio.id, songReviews.audioFileId))
      .leftJoin(lyrics, eq(lyrics.id, songReviews.lyricsFileId))
      .where(eq(songReviews.songwriterId, userId))
      .orderBy(asc(songReviews.createdAt)),
    db
      .select({
        reviewId: reviewMessages.reviewId,
        senderId: reviewMessages.senderId,
        message: reviewMessages.message,
        sentAt: reviewMessages.createdAt,
      })
      .from(reviewMessages)
      .innerJoin(songReviews, eq(songReviews.id, reviewMessages.reviewId))
      .where(eq(songReviews.songwriterId, userId))
      .orderBy(asc(reviewMessages.createdAt)),
    // The rubric and the reviewer's notes are the person's once the review is sent, as on their review page.
    db
      .select({ reviewId: reviewScores.reviewId, category: reviewScores.category, score: reviewScores.score, reason: reviewScores.reason })
      .from(reviewScores)
      .innerJoin(songReviews, eq(songReviews.id, reviewScores.reviewId))
      .where(and(eq(songReviews.songwriterId, userId), eq(songReviews.status, 'reviewed'))),
    db
      .select({ reviewId: reviewNotes.reviewId, atSeconds: reviewNotes.atSeconds, text: reviewNotes.text })
      .from(reviewNotes)
      .innerJoin(songReviews, eq(songReviews.id, reviewNotes.reviewId))
      .where(and(eq(songReviews.songwriterId, userId), eq(songReviews.status, 'reviewed')))
      .orderBy(asc(reviewNotes.atSeconds)),
    db.select().from(reviewRatings).where(eq(reviewRatings.songwriterId, userId)),
  ]);
  const fileOf = (f: typeof storedFiles.$inferSelect | null) =>
    f ? { originalName: f.originalName, contentType: f.contentType, sizeBytes: f.sizeBytes, uploadedAt: iso(f.createdAt) } : null;
  return {
    submissions: reviews.map(({ review: r, audio: a, lyrics: l }) => ({
      id: r.id,
      orderId: r.orderId,
      songNumber: r.songNumber,
      round: roundOf(r),
      rewriteOf: r.rewriteOf,
      rewriteNote: r.rewriteNote,
      songTitle: r.songTitle,
      storyArc: r.storyArc,
      aiUsage: r.aiUsage,
      additionalNotes: r.additionalNotes,
      lyricsText: r.lyricsText,
      audioFile: fileOf(a),
      lyricsFile: fileOf(l),
      status: r.status,
      // A draft stays the reviewer's until the review is sent.
      review: r.status === 'reviewed' ? r.adminReview : null,
      verdict: r.status === 'reviewed' ? r.verdict : null,
      scores: scores.filter((score) => score.reviewId === r.id).map(({ category, score, reason }) => ({ category, score, reason })),
      notes: notes.filter((note) => note.reviewId === r.id).map(({ atSeconds, text }) => ({ atSeconds, text })),
      yourRating:
        ratings
          .filter((rating) => rating.reviewId === r.id)
          .map(({ rating, comment, createdAt }) => ({ rating, comment, ratedAt: iso(createdAt) }))[0] ?? null,
      reviewedAt: isoOrNull(r.reviewedAt),
      submittedAt: iso(r.createdAt),
      messages: messages
        .filter((m) => m.reviewId === r.id)
        .map((m) => ({
          from: m.senderId === userId ? ('you' as const) : ('reviewer' as const),
          message: m.message,
          sentAt: iso(m.sentAt),
        })),
    })),
  };
}

/** The pitch agreements offered on the person's songs, and their placements. */
async function readAgreements(db: DbOrTx, userId: string): Promise<Pick<PersonalDataExport, 'pitchAgreements' | 'placements'>> {
  const [agreements, myPlacements] = await Promise.all([
    db
      .select({ agreement: pitchAgreements, songTitle: songReviews.songTitle })
      .from(pitchAgreements)
      .innerJoin(songReviews, eq(songReviews.id, pitchAgreements.reviewId))
      .where(eq(pitchAgreements.songwriterId, userId))
      .orderBy(asc(pitchAgreements.createdAt)),
    db
      .select({ placement: placements })
      .from(placements)
      .innerJoin(pitchAgreements, eq(pitchAgreements.id, placements.pitchAgreementId))
      .where(eq(pitchAgreements.songwriterId, userId))
      .orderBy(asc(placements.createdAt)),
  ]);
  return {
    pitchAgreements: agreements.map(({ agreement: a, songTitle }) => ({
      id: a.id,
      songTitle,
      status: a.status,
      commissionPercent: a.commissionPercent,
      termMonths: a.termMonths,
      agreementText: a.agreementText,
      offeredAt: iso(a.createdAt),
      answeredAt: isoOrNull(a.answeredAt),
      declineReason: a.declineReason,
      signedName: a.signedName,
      signedIp: a.signedIp,
      signedUserAgent: a.signedUserAgent,
    })),
    placements: myPlacements.map(({ placement: p }) => ({
      pitchAgreementId: p.pitchAgreementId,
      artist: p.artist,
      project: p.project,
      label: p.label,
      status: p.status,
      releaseDate: p.releaseDate,
      incomeCents: p.incomeCents,
      commissionCents: p.commissionCents,
      createdAt: iso(p.createdAt),
    })),
  };
}

/** What the person did as a listener: preview requests (by account or address), comments, plays and holds. */
async function readListenerData(
  db: DbOrTx,
  user: { id: string; email: string },
): Promise<Pick<PersonalDataExport, 'previewRequests' | 'comments' | 'plays' | 'holds'>> {
  const userId = user.id;
  const [requests, comments, plays, holds] = await Promise.all([
    db
      .select()
      .from(previewRequests)
      .where(or(eq(previewRequests.userId, userId), emailIs(previewRequests.email, user.email)))
      .orderBy(asc(previewRequests.createdAt)),
    db
      .select({ comment: songComments, songTitle: songs.title })
      .from(songComments)
      .innerJoin(songs, eq(songs.id, songComments.songId))
      .where(eq(songComments.userId, userId))
      .orderBy(asc(songComments.createdAt)),
    db
      .select({ play: songPlays, songTitle: songs.title })
      .from(songPlays)
      .innerJoin(songs, eq(songs.id, songPlays.songId))
      .where(eq(songPlays.userId, userId))
      .orderBy(asc(songPlays.playedAt)),
    db
      .select({ hold: songResponses, songTitle: songs.title })
      .from(songResponses)
      .innerJoin(songs, eq(songs.id, songResponses.songId))
      .where(eq(songResponses.userId, userId))
      .orderBy(asc(songResponses.updatedAt)),
  ]);
  return {
    previewRequests: requests.map((r) => ({
      name: r.name,
      companyName: r.companyName,
      email: r.email,
      phone: r.phone,
      proAffiliation: r.proAffiliation,
      projectDescription: r.projectDescription,
      status: r.status,
      createdAt: iso(r.createdAt),
      revokedAt: isoOrNull(r.revokedAt),
    })),
    comments: comments.map(({ comment: c, songTitle }) => ({
      songTitle,
      commenterName: c.commenterName,
      commenterEmail: c.commenterEmail,
      commentText: c.commentText,
      approved: c.isApproved,
      createdAt: iso(c.createdAt),
    })),
    plays: plays.map(({ play: p, songTitle }) => ({
      songTitle,
      playedAt: iso(p.playedAt),
      durationSeconds: p.durationSeconds,
      furthestSeconds: p.furthestSeconds,
      completed: p.completed,
    })),
    holds: holds.map(({ hold: h, songTitle }) => ({ songTitle, response: h.response, note: h.note, updatedAt: iso(h.updatedAt) })),
  };
}

/** The person's own playlists, oldest first, each with its songs' titles in their order. */
async function readPlaylists(db: DbOrTx, userId: string): Promise<PersonalDataExport['playlists']> {
  const lists = await db.select().from(playlists).where(eq(playlists.ownerId, userId)).orderBy(asc(playlists.createdAt));
  if (lists.length === 0) return [];
  const entries = await db
    .select({ playlistId: playlistSongs.playlistId, songTitle: songs.title })
    .from(playlistSongs)
    .innerJoin(songs, eq(songs.id, playlistSongs.songId))
    .where(
      inArray(
        playlistSongs.playlistId,
        lists.map((l) => l.id),
      ),
    )
    .orderBy(asc(playlistSongs.position), asc(playlistSongs.addedAt));
  return lists.map((l) => ({
    name: l.name,
    description: l.description,
    songs: entries.filter((e) => e.playlistId === l.id).map((e) => e.songTitle),
    createdAt: iso(l.createdAt),
    updatedAt: iso(l.updatedAt),
  }));
}

/** The links the person shared songs onward by (a buyer's `share` links), oldest first, each with its songs' titles in order. */
async function readShares(db: DbOrTx, userId: string): Promise<PersonalDataExport['shares']> {
  const links = await db
    .select()
    .from(pitchLinks)
    .where(and(eq(pitchLinks.createdBy, userId), eq(pitchLinks.kind, 'share')))
    .orderBy(asc(pitchLinks.createdAt));
  if (links.length === 0) return [];
  const entries = await db
    .select({ pitchLinkId: pitchLinkSongs.pitchLinkId, songTitle: songs.title })
    .from(pitchLinkSongs)
    .innerJoin(songs, eq(songs.id, pitchLinkSongs.songId))
    .where(
      inArray(
        pitchLinkSongs.pitchLinkId,
        links.map((l) => l.id),
      ),
    )
    .orderBy(asc(pitchLinkSongs.position));
  return links.map((l) => ({
    recipientName: l.recipientName,
    recipientEmail: l.recipientEmail,
    recipientCompany: l.recipientCompany,
    message: l.message,
    songs: entries.filter((e) => e.pitchLinkId === l.id).map((e) => e.songTitle),
    downloadAllowed: l.downloadAllowed,
    hasPassword: l.passwordHash !== null,
    createdAt: iso(l.createdAt),
    expiresAt: iso(l.expiresAt),
    revokedAt: isoOrNull(l.revokedAt),
    lastOpenedAt: isoOrNull(l.lastOpenedAt),
  }));
}

/** The weekly e-mail of new songs: on unless they turned it off, and the weeks it went out for. */
async function readNewSongsMail(db: DbOrTx, userId: string): Promise<PersonalDataExport['newSongsMail']> {
  const [[off], sent] = await Promise.all([
    db.select({ userId: newSongsMailOptOuts.userId }).from(newSongsMailOptOuts).where(eq(newSongsMailOptOuts.userId, userId)),
    db.select().from(newSongsMails).where(eq(newSongsMails.userId, userId)).orderBy(asc(newSongsMails.weekStart)),
  ]);
  return {
    weekly: !off,
    sent: sent.map((m) => ({ weekStart: m.weekStart, songCount: m.songCount, sentAt: iso(m.sentAt) })),
  };
}

/** The download's file name: the service's word for it and the day, never the person's address. */
export const exportFileName = (now = new Date()) => `pitchroom-my-data-${now.toISOString().slice(0, 10)}.json`;

// ---------------------------------------------------------------- deletion

interface MailSettings {
  emailCtx: EmailContext;
  adminEmail: string;
}

/** The signed-in person deletes their own account, confirming with their password. */
export async function deleteOwnAccount({
  db,
  storage,
  mail,
  actor,
  input,
}: {
  db: Db;
  storage: Storage;
  mail: MailSettings;
  actor: Actor;
  input: DeleteAccountInput;
}): Promise<void> {
  await consumeRateLimit(db, `delete-account:${actor.id}`, RATE_RULES.deleteAccountPassword);
  const [credential] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, actor.id), eq(accounts.providerId, 'credential')));
  if (!credential?.password || !(await verifyPassword({ hash: credential.password, password: input.password }))) {
    throw new AppError('INVALID', MESSAGES.ownData.wrongPassword, { password: [MESSAGES.ownData.wrongPassword] });
  }
  await deleteAccount({ db, storage, mail, userId: actor.id });
}

/** An admin deletes an account on its owner's request. */
export async function deleteAccountOnRequest({
  db,
  storage,
  mail,
  admin,
  userId,
}: {
  db: Db;
  storage: Storage;
  mail: MailSettings;
  admin: Actor;
  userId: string;
}): Promise<{ email: string }> {
  return deleteAccount({ db, storage, mail, userId, byAdmin: admin });
}

/**
 * Erases an account in one transaction (decision 0047): every personal row goes, and the users row stays as a
 * nameless stub so what the business must keep still has its owner: paid orders (without name or address, so
 * Customers still totals them) and signed pitch agreements with their placements and the reviewed song they
 * cover. Sessions, password and roles go, so the person is signed out everywhere and cannot sign in; the admins
 * are e-mailed through the outbox; the stored files are removed after the commit.
 */
async function deleteAccount({
  db,
  storage,
  mail,
  userId,
  byAdmin,
}: {
  db: Db;
  storage: Storage;
  mail: MailSettings;
  userId: string;
  /** The admin deleting it on the person's request; none when the person deletes their own. */
  byAdmin?: Actor;
}): Promise<{ email: string }> {
  const done = await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ email: users.email, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) throw new AppError('NOT_FOUND', MESSAGES.generic.notFound);
    if (user.deletedAt) throw new AppError('CONFLICT', MESSAGES.ownData.alreadyDeleted);
    const [admin] = await tx
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'admin')));
    if (admin) throw new AppError('FORBIDDEN', MESSAGES.ownData.adminCannotBeDeleted);

    const files = await eraseSubmissions(tx, userId);
    await tx.delete(songwriterProfiles).where(eq(songwriterProfiles.userId, userId));
    await tx.delete(songwriterQuestionnaires).where(eq(songwriterQuestionnaires.userId, userId));
    await tx.delete(pitchReportDigests).where(eq(pitchReportDigests.songwriterId, userId));
    await tx.delete(newSongsMails).where(eq(newSongsMails.userId, userId));
    await tx.delete(newSongsMailOptOuts).where(eq(newSongsMailOptOuts.userId, userId));
    await tx.delete(previewRequests).where(or(eq(previewRequests.userId, userId), emailIs(previewRequests.email, user.email)));
    await tx.delete(songComments).where(eq(songComments.userId, userId));
    await tx.delete(songResponses).where(eq(songResponses.userId, userId));
    await tx.delete(playlists).where(eq(playlists.ownerId, userId));
    // Their shares go with them: the recipients' names and addresses were theirs to give, and the links die with
    // their access anyway; the recipients' plays, answers and replies on them go too (on cascade).
    await tx.delete(pitchLinks).where(and(eq(pitchLinks.createdBy, userId), eq(pitchLinks.kind, 'share')));
    await tx.delete(songPlays).where(eq(songPlays.userId, userId));
    await tx.delete(listenerLastPlays).where(eq(listenerLastPlays.userId, userId));
    await tx.delete(catalogueVisits).where(eq(catalogueVisits.userId, userId));
    // Orders stay for the accounts, without the name and address they were paid under; one never claimed,
    // bought under this address, loses them too.
    await tx
      .update(orders)
      .set({ customerName: null, customerEmail: null })
      .where(or(eq(orders.songwriterId, userId), and(isNull(orders.songwriterId), emailIs(orders.customerEmail, user.email))));
    // Signed out everywhere, and no password to sign in with; the database announces the change to every instance.
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(accounts).where(eq(accounts.userId, userId));
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    await tx.delete(verifications).where(or(eq(verifications.value, userId), emailIs(verifications.identifier, user.email)));
    // E-mails to the person not yet sent, and copies of those sent, hold their address and their words.
    await tx.delete(mailOutbox).where(emailIs(mailOutbox.toAddress, user.email));
    await tx
      .update(users)
      .set({ email: deletedAccountEmail(userId), name: '', image: null, lastSignInAt: null, deletedAt: new Date() })
      .where(eq(users.id, userId));
    if (byAdmin) {
      // The trail keeps which account it was (decision 0046): the business must be able to show the request was met.
      await recordAudit(tx, {
        actor: byAdmin,
        action: 'account.delete',
        subject: { kind: 'user', id: userId },
        summary: user.email,
        changes: { email: { before: user.email, after: deletedAccountEmail(userId) } },
      });
    }

    const [kept] = await tx
      .select({
        paidOrders: sql<number>`(select count(*)::int from ${orders} where ${orders.songwriterId} = ${userId} and ${isPaidOrder()})`,
        signedAgreements: sql<number>`(select count(*)::int from ${pitchAgreements} where ${pitchAgreements.songwriterId} = ${userId})`,
      })
      .from(sql`(select 1) as one`);
    await enqueueMail(tx, {
      to: mail.adminEmail,
      kind: 'account-deleted',
      ...accountDeletedEmail(mail.emailCtx, {
        email: user.email,
        byAdmin: Boolean(byAdmin),
        paidOrdersKept: Number(kept?.paidOrders ?? 0),
        signedAgreementsKept: Number(kept?.signedAgreements ?? 0),
      }),
    });
    return { email: user.email, files };
  });
  await removeObjects(storage, done.files);
  return { email: done.email };
}

/**
 * The person's submissions: reviews and their conversations go, and with them every pitch offer not signed.
 * A review under a signed agreement stays (the agreement and its placements need it), emptied of the
 * writer's own words. Every private upload of theirs goes; returns the stored objects to remove.
 */
async function eraseSubmissions(tx: DbOrTx, userId: string) {
  const reviews = await tx
    .select({ id: songReviews.id, audioFileId: songReviews.audioFileId, lyricsFileId: songReviews.lyricsFileId })
    .from(songReviews)
    .where(eq(songReviews.songwriterId, userId));
  const reviewIds = reviews.map((r) => r.id);
  const fileIds = reviews.flatMap((r) => [r.audioFileId, r.lyricsFileId]).filter((f): f is string => Boolean(f));
  // Every agreement of theirs, locked: one being signed meanwhile is either signed before this reads it (and
  // kept) or finds itself gone, never deleted with its review after it was signed.
  const agreements = await tx
    .select({ reviewId: pitchAgreements.reviewId, status: pitchAgreements.status })
    .from(pitchAgreements)
    .where(eq(pitchAgreements.songwriterId, userId))
    .for('update');
  const signedReviewIds = agreements.filter((a) => a.status === 'accepted').map((a) => a.reviewId);
  // A signed rewrite keeps its first review too: deleting that one would take the rewrite with it.
  const firstOfSigned = signedReviewIds.length
    ? await tx
        .select({ id: songReviews.rewriteOf })
        .from(songReviews)
        .where(and(inArray(songReviews.id, signedReviewIds), isNotNull(songReviews.rewriteOf)))
    : [];
  const keptReviewIds = [...signedReviewIds, ...firstOfSigned.map((r) => r.id!)];

  if (reviewIds.length) await tx.delete(reviewMessages).where(inArray(reviewMessages.reviewId, reviewIds));
  await tx.delete(pitchAgreements).where(and(eq(pitchAgreements.songwriterId, userId), ne(pitchAgreements.status, 'accepted')));
  await tx
    .delete(songReviews)
    .where(and(eq(songReviews.songwriterId, userId), keptReviewIds.length ? notInArray(songReviews.id, keptReviewIds) : undefined));
  if (keptReviewIds.length) {
    await tx
      .update(songReviews)
      .set({ storyArc: '', aiUsage: '', additionalNotes: null, lyricsText: null, rewriteNote: null })
      .where(inArray(songReviews.id, keptReviewIds));
    // Their rating of a kept review keeps its score; its comment is their own words.
    await tx.update(reviewRatings).set({ comment: null }).where(inArray(reviewRatings.reviewId, keptReviewIds));
  }
  return tx
    .delete(storedFiles)
    .where(
      or(
        fileIds.length ? inArray(storedFiles.id, fileIds) : sql`false`,
        and(eq(storedFiles.ownerId, userId), inArray(storedFiles.bucket, [...PRIVATE_BUCKETS])),
      ),
    )
    .returning({ bucket: storedFiles.bucket, key: storedFiles.key });
}
