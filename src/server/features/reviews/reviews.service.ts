import { aliasedTable, and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { RUBRIC_CATEGORIES, type ReviewVerdict, type RubricCategory } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import type { ReviewDraftValues, ReviewRatingValues, ReviewSendValues } from '../../../common/schemas/reviews';
import { PAGE_PATHS, pathTo } from '../../../common/routes';
import { enqueueMail } from '../../adapters/mail/outbox';
import type { Db, DbOrTx } from '../../db/client';
import {
  orders,
  reviewMessages,
  reviewRatings,
  reviewScores,
  songReviews,
  songwriterProfiles,
  songwriterQuestionnaires,
  users,
} from '../../db/schema';
import { pageUrl, type EmailContext } from '../../emails/layout';
import { reviewMessageEmail } from '../../emails/review-message';
import { reviewSentEmail } from '../../emails/review-sent';
import { lateReviewCreditEmail } from '../../emails/late-review-credit';
import { creditLateReview } from '../orders';
import { changesOf, recordAudit } from '../audit';
import { AppError } from '../../lib/app-error';
import { assertMayWriteReview, reviewerOtherThan, type Actor } from '../accounts';
import { fileLink } from '../files';
import { measureLyricCraft } from '../lyrics';
import { likePattern } from '../../lib/like-pattern';
import { isUniqueViolation } from '../../lib/db-errors';
import { reviewDueOn } from '../submissions';
import { songwriterSummary, unreadBy } from '../songwriters';
import { rewriteDeadline, rewriteOfReview, rewriteRefusal, roundOf, scoreChanges } from './rewrites';

const m = MESSAGES.reviews;
const r = MESSAGES.rubric;

export interface ReviewMail {
  emailCtx: EmailContext;
  adminEmail: string;
}

type ReviewRow = typeof songReviews.$inferSelect;

/** The conversation of a review, oldest first, each message under its sender's name. */
async function conversation(db: DbOrTx, review: ReviewRow, viewerId: string) {
  const sender = aliasedTable(users, 'sender');
  const senderProfile = aliasedTable(songwriterProfiles, 'sender_profile');
  const rows = await db
    .select({
      id: reviewMessages.id,
      senderId: reviewMessages.senderId,
      // Songwriters by their profile's name (as the admin list shows them), admins by their account name.
      senderName: sql<
        string | null
      >`coalesce(nullif(trim(concat_ws(' ', ${senderProfile.firstName}, ${senderProfile.lastName})), ''), ${sender.name})`,
      message: reviewMessages.message,
      read: reviewMessages.read,
      createdAt: reviewMessages.createdAt,
    })
    .from(reviewMessages)
    .leftJoin(sender, eq(sender.id, reviewMessages.senderId))
    .leftJoin(senderProfile, eq(senderProfile.userId, reviewMessages.senderId))
    .where(eq(reviewMessages.reviewId, review.id))
    .orderBy(asc(reviewMessages.createdAt), asc(reviewMessages.id));
  return rows.map((r) => ({
    id: r.id,
    fromSongwriter: r.senderId === review.songwriterId,
    mine: r.senderId === viewerId,
    senderName: r.senderName || (r.senderId === review.songwriterId ? 'Songwriter' : 'Reviewer'),
    message: r.message,
    read: r.read,
    createdAt: r.createdAt,
  }));
}

/** Opening a conversation marks the other side's messages read. */
async function markOthersRead(db: DbOrTx, reviewId: string, viewerId: string) {
  await db
    .update(reviewMessages)
    .set({ read: true })
    .where(and(eq(reviewMessages.reviewId, reviewId), unreadBy(viewerId)));
}

function files(review: ReviewRow, viewerId: string, secret: string) {
  return {
    audioUrl: review.audioFileId ? fileLink(secret, review.audioFileId, viewerId) : null,
    lyricsFileUrl: review.lyricsFileId ? fileLink(secret, review.lyricsFileId, viewerId) : null,
  };
}

/** Where a review stands among the song's rounds: its round, the first review it answers, and its own rewrite. */
function roundFields(review: ReviewRow, rewrite: Awaited<ReturnType<typeof rewriteOfReview>>) {
  return {
    round: roundOf(review),
    rewriteOf: review.rewriteOf,
    rewriteNote: review.rewriteNote,
    rewrite: rewrite && { id: rewrite.id, status: rewrite.status, dueOn: rewrite.dueOn ?? reviewDueOn(rewrite.createdAt) },
  };
}

/** The rubric as saved, one entry per category in the rubric's order; a category not yet scored is all nulls. */
async function rubricOf(db: DbOrTx, reviewId: string) {
  const rows = await db.select().from(reviewScores).where(eq(reviewScores.reviewId, reviewId));
  const byCategory = new Map(rows.map((row) => [row.category, row]));
  return RUBRIC_CATEGORIES.map((category) => ({
    category,
    score: byCategory.get(category)?.score ?? null,
    reason: byCategory.get(category)?.reason ?? null,
  }));
}

async function ratingOf(db: DbOrTx, reviewId: string) {
  const [rating] = await db
    .select({ rating: reviewRatings.rating, comment: reviewRatings.comment, createdAt: reviewRatings.createdAt })
    .from(reviewRatings)
    .where(eq(reviewRatings.reviewId, reviewId));
  return rating ?? null;
}

type RubricInput = Partial<Record<RubricCategory, { score?: number | null; reason?: string } | undefined>>;

/** Replaces a review's rubric with what the reviewer sent; a category left empty keeps no row. */
async function replaceRubric(tx: DbOrTx, reviewId: string, scores: RubricInput | undefined) {
  await tx.delete(reviewScores).where(eq(reviewScores.reviewId, reviewId));
  const rows = RUBRIC_CATEGORIES.flatMap((category) => {
    const entry = scores?.[category];
    const score = entry?.score ?? null;
    const reason = entry?.reason || null;
    return score === null && reason === null ? [] : [{ reviewId, category, score, reason }];
  });
  if (rows.length > 0) await tx.insert(reviewScores).values(rows);
}

// ---------------------------------------------------------------- songwriter

/** The songwriter's own review; another songwriter's is "not found". Opening a sent review marks it read. */
export async function getSongwriterReview({ db, actor, reviewId, secret }: { db: Db; actor: Actor; reviewId: string; secret: string }) {
  const [review] = await db
    .select()
    .from(songReviews)
    .where(and(eq(songReviews.id, reviewId), eq(songReviews.songwriterId, actor.id)));
  if (!review) throw new AppError('NOT_FOUND', m.reviewNotFound);
  const [order] = await db.select({ id: orders.id, packageSize: orders.packageSize }).from(orders).where(eq(orders.id, review.orderId));
  if (!order) throw new AppError('NOT_FOUND', m.orderNotFound);
  if (review.status === 'reviewed' && !review.readBySongwriter) {
    await db.update(songReviews).set({ readBySongwriter: true, readAt: new Date() }).where(eq(songReviews.id, review.id));
  }
  await markOthersRead(db, review.id, actor.id);
  const sent = review.status === 'reviewed';
  const scores = sent ? await rubricOf(db, review.id) : null;
  const rewrite = await rewriteOfReview(db, review.id);
  return {
    id: review.id,
    orderId: order.id,
    packageSize: order.packageSize,
    songNumber: review.songNumber,
    ...roundFields(review, rewrite),
    rewriteUntil: rewriteRefusal(review, rewrite !== null, new Date()) === null ? rewriteDeadline(review.reviewedAt!) : null,
    // The rewrite's review beside the first one's, once sent: the first was sent before the rewrite existed.
    scoreChanges: scores && review.rewriteOf ? scoreChanges(await rubricOf(db, review.rewriteOf), scores) : null,
    songTitle: review.songTitle,
    lyricsText: review.lyricsText,
    storyArc: review.storyArc,
    aiUsage: review.aiUsage,
    additionalNotes: review.additionalNotes,
    status: review.status,
    // A draft, its scores and its verdict stay the reviewer's until the review is sent.
    adminReview: sent ? review.adminReview : null,
    scores,
    verdict: sent ? review.verdict : null,
    rating: await ratingOf(db, review.id),
    dueOn: review.dueOn ?? reviewDueOn(review.createdAt),
    reviewedAt: review.reviewedAt,
    createdAt: review.createdAt,
    ...files(review, actor.id, secret),
    messages: await conversation(db, review, actor.id),
  };
}

// ---------------------------------------------------------------- admin

/** Unread messages from songwriters: the red badge in the admin sidebar. */
export async function countUnreadFromSongwriters(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(reviewMessages)
    .innerJoin(songReviews, eq(songReviews.id, reviewMessages.reviewId))
    .where(and(eq(reviewMessages.read, false), eq(reviewMessages.senderId, songReviews.songwriterId)));
  return row?.n ?? 0;
}

export async function listAdminReviews({
  db,
  tab,
  q,
  page,
  pageSize,
}: {
  db: Db;
  tab: 'pending' | 'completed';
  q?: string;
  page: number;
  pageSize: number;
}) {
  const filters: SQL[] = [tab === 'pending' ? inArray(songReviews.status, ['pending', 'in_review']) : eq(songReviews.status, 'reviewed')];
  if (q) {
    const pattern = likePattern(q);
    filters.push(
      or(
        ilike(songReviews.songTitle, pattern),
        ilike(songwriterSummary.email, pattern),
        ilike(songwriterSummary.username, pattern),
        ilike(songwriterSummary.name, pattern),
      )!,
    );
  }
  const unread = db
    .select({ reviewId: reviewMessages.reviewId, n: count().as('n') })
    .from(reviewMessages)
    .innerJoin(songReviews, eq(songReviews.id, reviewMessages.reviewId))
    .where(and(eq(reviewMessages.read, false), eq(reviewMessages.senderId, songReviews.songwriterId)))
    .groupBy(reviewMessages.reviewId)
    .as('unread');
  const where = and(...filters);
  const reviewer = alias(users, 'reviewer');
  const base = db
    .select({
      id: songReviews.id,
      songTitle: songReviews.songTitle,
      songNumber: songReviews.songNumber,
      status: songReviews.status,
      createdAt: songReviews.createdAt,
      reviewedAt: songReviews.reviewedAt,
      dueOn: songReviews.dueOn,
      verdict: songReviews.verdict,
      rewriteOf: songReviews.rewriteOf,
      reviewerEmail: reviewer.email,
      songwriterName: songwriterSummary.name,
      songwriterEmail: songwriterSummary.email,
      unreadMessages: sql<number>`coalesce(${unread.n}, 0)::int`,
    })
    .from(songReviews)
    .innerJoin(songwriterSummary, eq(songwriterSummary.id, songReviews.songwriterId))
    .leftJoin(reviewer, eq(reviewer.id, songReviews.reviewerId))
    .leftJoin(unread, eq(unread.reviewId, songReviews.id))
    .where(where);
  const [rows, [total]] = await Promise.all([
    base
      .orderBy(
        // Pending: the soonest due first. Rows without a stored due date arrived before any that have one.
        ...(tab === 'pending' ? [sql`${songReviews.dueOn} asc nulls first`, asc(songReviews.createdAt)] : [desc(songReviews.reviewedAt)]),
        asc(songReviews.id),
      )
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: count() })
      .from(songReviews)
      .innerJoin(songwriterSummary, eq(songwriterSummary.id, songReviews.songwriterId))
      .where(where),
  ]);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      songTitle: row.songTitle,
      songNumber: row.songNumber,
      round: roundOf(row),
      status: row.status,
      createdAt: row.createdAt,
      reviewedAt: row.reviewedAt,
      dueOn: row.dueOn ?? reviewDueOn(row.createdAt),
      verdict: row.verdict,
      reviewerEmail: row.reviewerEmail,
      songwriterName: row.songwriterName,
      songwriterEmail: row.songwriterEmail,
      unreadMessages: row.unreadMessages,
    })),
    total: total?.total ?? 0,
    page,
    pageSize,
  };
}

async function findReview(db: DbOrTx, id: string) {
  const [review] = await db.select().from(songReviews).where(eq(songReviews.id, id));
  if (!review) throw new AppError('NOT_FOUND', m.reviewNotFound);
  return review;
}

/** Everything the reviewer needs on one page; opening it marks the songwriter's messages read. */
export async function getAdminReview({ db, actor, id, secret }: { db: Db; actor: Actor; id: string; secret: string }) {
  const review = await findReview(db, id);
  const [writer] = await db.select({ email: users.email }).from(users).where(eq(users.id, review.songwriterId));
  const [profile] = await db.select().from(songwriterProfiles).where(eq(songwriterProfiles.userId, review.songwriterId));
  const [questionnaire] = await db.select().from(songwriterQuestionnaires).where(eq(songwriterQuestionnaires.userId, review.songwriterId));
  await markOthersRead(db, review.id, actor.id);
  const {
    userId: _p,
    completedAt: _pd,
    createdAt: _pc,
    updatedAt: _pu,
    ...profileFields
  } = profile ?? ({} as typeof songwriterProfiles.$inferSelect);
  const {
    userId: _q,
    createdAt: _qc,
    updatedAt: _qu,
    ...questionnaireFields
  } = questionnaire ?? ({} as typeof songwriterQuestionnaires.$inferSelect);
  const [reviewer] = review.reviewerId ? await db.select({ email: users.email }).from(users).where(eq(users.id, review.reviewerId)) : [];
  const first = review.rewriteOf ? await findReview(db, review.rewriteOf) : null;
  return {
    id: review.id,
    orderId: review.orderId,
    songNumber: review.songNumber,
    ...roundFields(review, await rewriteOfReview(db, review.id)),
    reviewer: reviewer ? { email: reviewer.email, you: review.reviewerId === actor.id } : null,
    mayWrite: (await reviewerOtherThan(db, review, actor)) === null,
    lyricCraft: review.lyricsText ? await measureLyricCraft(review.lyricsText, review.songTitle) : null,
    firstRound: first && {
      id: first.id,
      ...files(first, actor.id, secret),
      lyricsText: first.lyricsText,
      adminReview: first.adminReview,
      scores: await rubricOf(db, first.id),
      verdict: first.verdict,
      reviewedAt: first.reviewedAt,
      sameAudio: first.audioFileId !== null && first.audioFileId === review.audioFileId,
    },
    songTitle: review.songTitle,
    lyricsText: review.lyricsText,
    storyArc: review.storyArc,
    aiUsage: review.aiUsage,
    additionalNotes: review.additionalNotes,
    status: review.status,
    adminReview: review.adminReview,
    scores: await rubricOf(db, review.id),
    verdict: review.verdict,
    rating: await ratingOf(db, review.id),
    dueOn: review.dueOn ?? reviewDueOn(review.createdAt),
    reviewedAt: review.reviewedAt,
    createdAt: review.createdAt,
    songwriter: {
      email: writer?.email ?? null,
      profile: profile ? profileFields : null,
      questionnaire: questionnaire ? questionnaireFields : null,
    },
    ...files(review, actor.id, secret),
    messages: await conversation(db, review, actor.id),
  };
}

/**
 * 'Save draft': the text, the scores so far and the verdict if chosen are kept and the review is in
 * progress; the songwriter sees nothing yet. A sent review is what the songwriter reads, so a draft may not
 * overwrite it.
 */
export async function saveReviewDraft({ db, actor, id, values }: { db: Db; actor: Actor; id: string; values: ReviewDraftValues }) {
  return db.transaction(async (tx) => {
    await assertMayWriteReview(tx, await findReview(tx, id), actor);
    const [row] = await tx
      .update(songReviews)
      .set({ adminReview: values.text, verdict: values.verdict ?? null, status: 'in_review' })
      .where(and(eq(songReviews.id, id), inArray(songReviews.status, ['pending', 'in_review'])))
      .returning({ status: songReviews.status });
    if (!row) {
      await findReview(tx, id);
      throw new AppError('CONFLICT', m.alreadySent);
    }
    await replaceRubric(tx, id, values.scores);
    return row;
  });
}

/**
 * 'Send review': the text, every score and the verdict; stamps the reviewer and time and e-mails the songwriter,
 * in one transaction. The first send after the due day also credits the review's fee back and says so by e-mail
 * (decision 0094): the row lock makes a concurrent send wait and then find the review already sent.
 */
export async function sendReview({
  db,
  actor,
  id,
  values,
  mail,
  now = new Date(),
}: {
  db: Db;
  actor: Actor;
  id: string;
  values: ReviewSendValues;
  mail: ReviewMail;
  /** The moment of sending (tests pass their own clock's). */
  now?: Date;
}) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(songReviews).where(eq(songReviews.id, id)).for('update');
    if (before) await assertMayWriteReview(tx, before, actor);
    const [review] = await tx
      .update(songReviews)
      .set({
        adminReview: values.text,
        verdict: values.verdict satisfies ReviewVerdict,
        status: 'reviewed',
        reviewedBy: actor.id,
        reviewedAt: now,
        readBySongwriter: false,
        readAt: null,
      })
      .where(eq(songReviews.id, id))
      .returning();
    if (!review) throw new AppError('NOT_FOUND', m.reviewNotFound);
    await replaceRubric(tx, id, values.scores);
    const [writer] = await tx.select({ email: users.email }).from(users).where(eq(users.id, review.songwriterId));
    await recordAudit(tx, {
      actor,
      action: 'review.send',
      subject: { kind: 'review', id },
      summary: `Sent the review of ${review.rewriteOf ? 'the rewrite of ' : ''}“${review.songTitle}” to ${writer?.email ?? 'a deleted account'}`,
      changes: changesOf(before ?? null, review, ['status', 'adminReview']),
    });
    if (writer)
      await enqueueMail(tx, {
        to: writer.email,
        kind: 'review-sent',
        ...reviewSentEmail(mail.emailCtx, { songTitle: review.songTitle, reviewId: review.id }),
      });
    // Only the first send is measured against the due day: an updated review sent later is not a late one.
    const credit = before && before.status !== 'reviewed' ? await creditLateReview(tx, review.id, now) : null;
    if (credit && writer)
      await enqueueMail(tx, {
        to: writer.email,
        kind: 'late-review-credit',
        ...lateReviewCreditEmail(mail.emailCtx, { songTitle: review.songTitle, ...credit }),
      });
  });
}

/**
 * The songwriter rates their own review, once, after it is sent. Another's review is "not found"; the
 * primary key on the review makes a second rating, even a concurrent one, a conflict.
 */
export async function rateReview({ db, actor, reviewId, values }: { db: Db; actor: Actor; reviewId: string; values: ReviewRatingValues }) {
  const [review] = await db
    .select({ status: songReviews.status })
    .from(songReviews)
    .where(and(eq(songReviews.id, reviewId), eq(songReviews.songwriterId, actor.id)));
  if (!review) throw new AppError('NOT_FOUND', m.reviewNotFound);
  if (review.status !== 'reviewed') throw new AppError('CONFLICT', r.notSentYet);
  try {
    const [row] = await db
      .insert(reviewRatings)
      .values({ reviewId, songwriterId: actor.id, rating: values.rating, comment: values.comment ?? null })
      .returning({ rating: reviewRatings.rating, comment: reviewRatings.comment, createdAt: reviewRatings.createdAt });
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', r.alreadyRated);
    throw error;
  }
}

/**
 * A reply in a review's conversation, from the songwriter who owns it or from an admin; the other side
 * is e-mailed in the same transaction.
 */
export async function postReviewMessage({
  db,
  actor,
  reviewId,
  message,
  mail,
}: {
  db: Db;
  actor: Actor;
  reviewId: string;
  message: string;
  mail: ReviewMail;
}) {
  const isAdmin = actor.roles.has('admin');
  return db.transaction(async (tx) => {
    const review = await findReview(tx, reviewId);
    if (!isAdmin && review.songwriterId !== actor.id) throw new AppError('NOT_FOUND', m.reviewNotFound);
    const [row] = await tx
      .insert(reviewMessages)
      .values({ reviewId, senderId: actor.id, message })
      .returning({ id: reviewMessages.id, createdAt: reviewMessages.createdAt });
    const fromSongwriter = review.songwriterId === actor.id;
    const [writer] = await tx.select({ email: users.email }).from(users).where(eq(users.id, review.songwriterId));
    const to = fromSongwriter ? mail.adminEmail : writer?.email;
    const url = pageUrl(
      mail.emailCtx,
      fromSongwriter ? pathTo(PAGE_PATHS.adminSongwriterReview, { id: reviewId }) : pathTo(PAGE_PATHS.songwriterReview, { reviewId }),
    );
    if (to) {
      await enqueueMail(tx, {
        to,
        kind: 'review-message',
        ...reviewMessageEmail(mail.emailCtx, {
          songTitle: review.songTitle,
          senderName: actor.name || (fromSongwriter ? 'The songwriter' : mail.emailCtx.siteName),
          message,
          url,
        }),
      });
    }
    return row!;
  });
}
