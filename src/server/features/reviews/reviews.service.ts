import { aliasedTable, and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import * as MESSAGES from '../../../common/messages';
import { PAGE_PATHS, pathTo } from '../../../common/routes';
import { enqueueMail } from '../../adapters/mail/outbox';
import type { Db, DbOrTx } from '../../db/client';
import { orders, reviewMessages, songReviews, songwriterProfiles, songwriterQuestionnaires, users } from '../../db/schema';
import { pageUrl, type EmailContext } from '../../emails/layout';
import { reviewMessageEmail } from '../../emails/review-message';
import { reviewSentEmail } from '../../emails/review-sent';
import { changesOf, recordAudit } from '../audit/audit';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../accounts/accounts.service';
import { fileLink } from '../files/files.service';
import { likePattern } from '../../lib/like-pattern';

const m = MESSAGES.reviews;

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

/** The messages `viewerId` has yet to read: unread, and sent by the other side (or a deleted account). */
export function unreadBy(viewerId: string): SQL | undefined {
  return and(eq(reviewMessages.read, false), sql`${reviewMessages.senderId} is distinct from ${viewerId}`);
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
  return {
    id: review.id,
    orderId: order.id,
    packageSize: order.packageSize,
    songNumber: review.songNumber,
    songTitle: review.songTitle,
    lyricsText: review.lyricsText,
    storyArc: review.storyArc,
    aiUsage: review.aiUsage,
    additionalNotes: review.additionalNotes,
    status: review.status,
    // A draft stays the reviewer's until it is sent.
    adminReview: review.status === 'reviewed' ? review.adminReview : null,
    reviewedAt: review.reviewedAt,
    createdAt: review.createdAt,
    ...files(review, actor.id, secret),
    messages: await conversation(db, review, actor.id),
  };
}

// ---------------------------------------------------------------- admin

/** A songwriter as the admin pages name them: their profile's name, else username, else e-mail (joins profile and user). */
export const songwriterName = sql<string>`coalesce(nullif(trim(concat_ws(' ', ${songwriterProfiles.firstName}, ${songwriterProfiles.lastName})), ''), ${songwriterProfiles.username}, ${users.email})`;

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
        ilike(users.email, pattern),
        ilike(songwriterProfiles.username, pattern),
        ilike(sql`concat_ws(' ', ${songwriterProfiles.firstName}, ${songwriterProfiles.lastName})`, pattern),
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
  const base = db
    .select({
      id: songReviews.id,
      songTitle: songReviews.songTitle,
      songNumber: songReviews.songNumber,
      status: songReviews.status,
      createdAt: songReviews.createdAt,
      reviewedAt: songReviews.reviewedAt,
      songwriterName,
      songwriterEmail: users.email,
      unreadMessages: sql<number>`coalesce(${unread.n}, 0)::int`,
    })
    .from(songReviews)
    .innerJoin(users, eq(users.id, songReviews.songwriterId))
    .leftJoin(songwriterProfiles, eq(songwriterProfiles.userId, songReviews.songwriterId))
    .leftJoin(unread, eq(unread.reviewId, songReviews.id))
    .where(where);
  const [rows, [total]] = await Promise.all([
    base
      .orderBy(tab === 'pending' ? asc(songReviews.createdAt) : desc(songReviews.reviewedAt), asc(songReviews.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: count() })
      .from(songReviews)
      .innerJoin(users, eq(users.id, songReviews.songwriterId))
      .leftJoin(songwriterProfiles, eq(songwriterProfiles.userId, songReviews.songwriterId))
      .where(where),
  ]);
  return { rows, total: total?.total ?? 0, page, pageSize };
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
  return {
    id: review.id,
    orderId: review.orderId,
    songNumber: review.songNumber,
    songTitle: review.songTitle,
    lyricsText: review.lyricsText,
    storyArc: review.storyArc,
    aiUsage: review.aiUsage,
    additionalNotes: review.additionalNotes,
    status: review.status,
    adminReview: review.adminReview,
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
 * 'Save draft': the text is kept and the review is in progress; the songwriter sees nothing yet. A sent
 * review is what the songwriter reads, so a draft may not overwrite it.
 */
export async function saveReviewDraft({ db, id, text }: { db: Db; id: string; text: string }) {
  const [row] = await db
    .update(songReviews)
    .set({ adminReview: text, status: 'in_review' })
    .where(and(eq(songReviews.id, id), inArray(songReviews.status, ['pending', 'in_review'])))
    .returning({ status: songReviews.status });
  if (row) return row;
  await findReview(db, id);
  throw new AppError('CONFLICT', m.alreadySent);
}

/** 'Send review': stamps the reviewer and time and e-mails the songwriter, in one transaction. */
export async function sendReview({ db, actor, id, text, mail }: { db: Db; actor: Actor; id: string; text: string; mail: ReviewMail }) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(songReviews).where(eq(songReviews.id, id)).for('update');
    const [review] = await tx
      .update(songReviews)
      .set({ adminReview: text, status: 'reviewed', reviewedBy: actor.id, reviewedAt: new Date(), readBySongwriter: false, readAt: null })
      .where(eq(songReviews.id, id))
      .returning();
    if (!review) throw new AppError('NOT_FOUND', m.reviewNotFound);
    const [writer] = await tx.select({ email: users.email }).from(users).where(eq(users.id, review.songwriterId));
    await recordAudit(tx, {
      actor,
      action: 'review.send',
      subject: { kind: 'review', id },
      summary: `Sent the review of “${review.songTitle}” to ${writer?.email ?? 'a deleted account'}`,
      changes: changesOf(before ?? null, review, ['status', 'adminReview']),
    });
    if (writer)
      await enqueueMail(tx, {
        to: writer.email,
        kind: 'review-sent',
        ...reviewSentEmail(mail.emailCtx, { songTitle: review.songTitle, reviewId: review.id }),
      });
  });
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
