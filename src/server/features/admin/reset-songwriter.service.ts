import { and, eq, inArray, or, sql } from 'drizzle-orm';
import * as MESSAGES from '../../../common/messages';
import type { Storage } from '../../adapters/storage/storage';
import type { Db, DbOrTx } from '../../db/client';
import {
  orders,
  pitchAgreements,
  reviewMessages,
  songReviews,
  songwriterProfiles,
  songwriterQuestionnaires,
  storedFiles,
  userRoles,
  users,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { emailIs } from '../../lib/email-match';
import { removeObjects } from '../files';
import type { Actor } from '../accounts';
import { changesOf, recordAudit } from '../audit';

/**
 * admin-reset-songwriter: in one transaction, deletes the songwriter's review messages, reviews, profile,
 * questionnaire and songwriter role and the rows of their uploaded files, and unlinks their orders; the
 * stored objects are removed after the commit. Pitch offers not signed go with the reviews; a songwriter
 * with a signed agreement is not reset. The account itself stays (with any other role, such as
 * preview access): signed in, the person starts again at step 1, choosing a username (joinAsSongwriter).
 * Admins are never reset.
 */
export async function resetSongwriter({ db, storage, actor, email }: { db: Db; storage: Storage; actor: Actor; email: string }) {
  const address = email.trim().toLowerCase();
  const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(emailIs(users.email, address));
  if (!user) return { deleted: false as const, message: MESSAGES.admin.resetNoUser, email: address };

  const reset = await db.transaction(async (tx) => {
    const roles = await tx.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, user.id)).for('update');
    if (roles.some((r) => r.role === 'admin')) throw new AppError('FORBIDDEN', MESSAGES.admin.resetRefusesAdmin);
    // Never a songwriter (a preview user, say), or reset already: nothing of theirs to delete.
    if (!roles.some((r) => r.role === 'songwriter') && !(await hasSongwriterRows(tx, user.id))) return undefined;
    await refuseSignedAgreement(tx, user.id);

    const reviews = await tx
      .select({ id: songReviews.id, audioFileId: songReviews.audioFileId, lyricsFileId: songReviews.lyricsFileId })
      .from(songReviews)
      .where(eq(songReviews.songwriterId, user.id));
    const reviewIds = reviews.map((r) => r.id);
    const fileIds = reviews.flatMap((r) => [r.audioFileId, r.lyricsFileId]).filter((f): f is string => Boolean(f));

    const messages = reviewIds.length
      ? await tx.delete(reviewMessages).where(inArray(reviewMessages.reviewId, reviewIds)).returning({ id: reviewMessages.id })
      : [];
    const deletedReviews = reviewIds.length
      ? await tx.delete(songReviews).where(inArray(songReviews.id, reviewIds)).returning({ id: songReviews.id })
      : [];
    // Their uploads: the files of their reviews, and any other private upload they own.
    const removedFiles = await tx
      .delete(storedFiles)
      .where(
        or(
          fileIds.length ? inArray(storedFiles.id, fileIds) : sql`false`,
          and(eq(storedFiles.ownerId, user.id), inArray(storedFiles.bucket, ['song-submissions', 'lyric-submissions'])),
        ),
      )
      .returning({ bucket: storedFiles.bucket, key: storedFiles.key });
    const profiles = await tx
      .delete(songwriterProfiles)
      .where(eq(songwriterProfiles.userId, user.id))
      .returning({ id: songwriterProfiles.userId });
    const questionnaires = await tx
      .delete(songwriterQuestionnaires)
      .where(eq(songwriterQuestionnaires.userId, user.id))
      .returning({ id: songwriterQuestionnaires.userId });
    // Only the songwriter role: a preview user who also writes keeps the catalogue.
    const deletedRoles = await tx
      .delete(userRoles)
      .where(and(eq(userRoles.userId, user.id), eq(userRoles.role, 'songwriter')))
      .returning({ role: userRoles.role });
    const unlinked = await tx
      .update(orders)
      .set({ songwriterId: null })
      .where(eq(orders.songwriterId, user.id))
      .returning({ id: orders.id });
    await recordAudit(tx, {
      actor,
      action: 'songwriter.reset',
      subject: { kind: 'user', id: user.id },
      summary: `Reset the songwriter ${user.email}`,
      changes: changesOf(
        {
          role: deletedRoles.length > 0 ? 'songwriter' : null,
          reviews: deletedReviews.length,
          reviewMessages: messages.length,
          profile: profiles.length > 0,
          questionnaire: questionnaires.length > 0,
          ordersLinked: unlinked.length,
          files: removedFiles.length,
        },
        { role: null, reviews: 0, reviewMessages: 0, profile: false, questionnaire: false, ordersLinked: 0, files: 0 },
      ),
    });
    return {
      files: removedFiles,
      counts: {
        orders_unlinked: unlinked.length,
        review_messages_deleted: messages.length,
        song_reviews_deleted: deletedReviews.length,
        profiles_deleted: profiles.length,
        questionnaires_deleted: questionnaires.length,
        roles_deleted: deletedRoles.length,
        files_deleted: removedFiles.length,
      },
    };
  });
  if (!reset) return { deleted: false as const, message: MESSAGES.admin.resetNotSongwriter, email: user.email };
  await removeObjects(storage, reset.files);
  return { deleted: true as const, message: `Reset ${user.email}`, email: user.email, userId: user.id, ...reset.counts };
}

/** A signed pitch agreement is a record both sides keep; deleting the reviews would take it with them. */
async function refuseSignedAgreement(tx: DbOrTx, userId: string) {
  const [signed] = await tx
    .select({ id: pitchAgreements.id })
    .from(pitchAgreements)
    .where(and(eq(pitchAgreements.songwriterId, userId), eq(pitchAgreements.status, 'accepted')))
    .limit(1);
  if (signed) throw new AppError('CONFLICT', MESSAGES.admin.resetRefusesSignedAgreement);
}

/**
 * What a reset of this address would do, asked before the admin confirms: the songwriter's name and what would
 * go. Refused, in the reset's own words and on the e-mail field, when there is nobody to reset.
 */
export async function previewSongwriterReset({ db, email }: { db: Db; email: string }) {
  const address = email.trim().toLowerCase();
  const onField = (code: 'NOT_FOUND' | 'FORBIDDEN' | 'CONFLICT', message: string) => new AppError(code, message, { email: [message] });
  const [user] = await db.select({ id: users.id, email: users.email, name: users.name }).from(users).where(emailIs(users.email, address));
  if (!user) throw onField('NOT_FOUND', MESSAGES.admin.resetNoUser);
  const roles = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, user.id));
  if (roles.some((r) => r.role === 'admin')) throw onField('FORBIDDEN', MESSAGES.admin.resetRefusesAdmin);
  if (!roles.some((r) => r.role === 'songwriter') && !(await hasSongwriterRows(db, user.id))) {
    throw onField('CONFLICT', MESSAGES.admin.resetNotSongwriter);
  }
  try {
    await refuseSignedAgreement(db, user.id);
  } catch (error) {
    throw error instanceof AppError ? onField('CONFLICT', error.message) : error;
  }
  const theirReviews = db.select({ id: songReviews.id }).from(songReviews).where(eq(songReviews.songwriterId, user.id));
  const [reviews, messages, theirOrders] = await Promise.all([
    db.$count(songReviews, eq(songReviews.songwriterId, user.id)),
    db.$count(reviewMessages, inArray(reviewMessages.reviewId, theirReviews)),
    db.$count(orders, eq(orders.songwriterId, user.id)),
  ]);
  return { email: user.email, name: user.name, reviews, messages, orders: theirOrders };
}

/** Whether anything a songwriter leaves behind (a profile, a questionnaire, a review, a linked order) is theirs. */
async function hasSongwriterRows(tx: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({
      any: sql<boolean>`exists (select 1 from ${songwriterProfiles} where ${songwriterProfiles.userId} = ${userId})
      or exists (select 1 from ${songwriterQuestionnaires} where ${songwriterQuestionnaires.userId} = ${userId})
      or exists (select 1 from ${songReviews} where ${songReviews.songwriterId} = ${userId})
      or exists (select 1 from ${orders} where ${orders.songwriterId} = ${userId})`,
    })
    .from(sql`(select 1) as one`);
  return Boolean(row?.any);
}
