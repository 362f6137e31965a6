import { and, eq, isNull } from 'drizzle-orm';
import * as MESSAGES from '../../../common/messages';
import { lyricsChanged, type RewriteValues } from '../../../common/schemas/rewrites';
import { enqueueMail } from '../../adapters/mail/outbox';
import type { Storage } from '../../adapters/storage/storage';
import type { Db, DbOrTx } from '../../db/client';
import { songReviews, users } from '../../db/schema';
import { rewriteReceivedEmail } from '../../emails/rewrite-received';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import type { UploadedFile } from '../../lib/multipart';
import type { Actor } from '../accounts';
import { removeObjects, type NewStoredFile } from '../files';
import { insertSubmissionAudio, putSubmissionAudio, reviewDueOn } from '../submissions';
import { songwriterSummary } from '../songwriters';
import type { ReviewMail } from './reviews.service';
import { rewriteOfReview, rewriteRefusal } from './rewrites';

const m = MESSAGES.rewrites;

/** The songwriter's own first review (another's is "not found"), locked when asked, and whether a rewrite may follow it now. */
async function firstReview(db: DbOrTx, actor: Actor, reviewId: string, lock: boolean) {
  const query = db
    .select()
    .from(songReviews)
    .where(and(eq(songReviews.id, reviewId), eq(songReviews.songwriterId, actor.id)));
  const [review] = lock ? await query.for('update') : await query;
  if (!review) throw new AppError('NOT_FOUND', MESSAGES.reviews.reviewNotFound);
  const refusal = rewriteRefusal(review, (await rewriteOfReview(db, review.id)) !== null, new Date());
  if (refusal) throw new AppError('CONFLICT', refusal);
  return review;
}

/** Whether the songwriter may send a rewrite of this review: checked before a byte of the upload is read. */
export async function assertRewriteAllowed({ db, actor, reviewId }: { db: Db; actor: Actor; reviewId: string }): Promise<void> {
  await firstReview(db, actor, reviewId, false);
}

/**
 * One rewrite of a song whose sent review says "Close: rewrite suggested", free, within 90 days of that review:
 * new audio, new lyrics or both, and a note on what changed. It is a review of its own, due 10 business days
 * from today, for the admin who sent the first review (who is e-mailed). What did not change is the first
 * version's: its audio file, or its lyrics. The first review is locked while the rewrite is written, and a
 * unique rewrite per review makes a concurrent second one a conflict.
 */
export async function sendRewrite({
  db,
  storage,
  actor,
  reviewId,
  values,
  audio,
  mail,
}: {
  db: Db;
  storage: Storage;
  actor: Actor;
  reviewId: string;
  values: RewriteValues;
  audio?: UploadedFile;
  mail: ReviewMail;
}) {
  const first = await firstReview(db, actor, reviewId, false);
  if (!audio && !lyricsChanged(first.lyricsText, values.lyricsText)) throw new AppError('INVALID', m.nothingChanged);

  const stored: NewStoredFile[] = [];
  try {
    if (audio) stored.push(await putSubmissionAudio(storage, audio, actor.id));
    return await db.transaction(async (tx) => {
      // The upload took time: an account deleted meanwhile (it holds this row for update) sends no rewrite.
      const [live] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, actor.id), isNull(users.deletedAt)))
        .for('share');
      if (!live) throw new AppError('UNAUTHENTICATED', MESSAGES.generic.unauthenticated);
      const locked = await firstReview(tx, actor, reviewId, true);
      const audioRow = stored[0] ? await insertSubmissionAudio(tx, stored[0]) : undefined;
      const newLyrics = lyricsChanged(locked.lyricsText, values.lyricsText);
      const dueOn = reviewDueOn(new Date());
      const [rewrite] = await tx
        .insert(songReviews)
        .values({
          songwriterId: actor.id,
          orderId: locked.orderId,
          songNumber: locked.songNumber,
          songTitle: locked.songTitle,
          audioFileId: audioRow?.id ?? locked.audioFileId,
          lyricsText: newLyrics ? values.lyricsText : locked.lyricsText,
          lyricsFileId: newLyrics ? null : locked.lyricsFileId,
          storyArc: locked.storyArc,
          aiUsage: locked.aiUsage,
          additionalNotes: locked.additionalNotes,
          status: 'pending',
          dueOn,
          rewriteOf: locked.id,
          rewriteNote: values.note,
          reviewerId: locked.reviewedBy,
        })
        .returning({ id: songReviews.id, dueOn: songReviews.dueOn });
      const [reviewer] = locked.reviewedBy
        ? await tx
            .select({ email: users.email })
            .from(users)
            .where(and(eq(users.id, locked.reviewedBy), isNull(users.deletedAt)))
        : [];
      const [writer] = await tx.select({ name: songwriterSummary.name }).from(songwriterSummary).where(eq(songwriterSummary.id, actor.id));
      const songwriterName = writer?.name ?? actor.email;
      await enqueueMail(tx, {
        to: reviewer?.email ?? mail.adminEmail,
        kind: 'rewrite-received',
        ...rewriteReceivedEmail(mail.emailCtx, {
          songTitle: locked.songTitle,
          songwriterName,
          note: values.note,
          dueOn,
          reviewId: rewrite!.id,
        }),
      });
      return { id: rewrite!.id, dueOn: rewrite!.dueOn ?? dueOn };
    });
  } catch (error) {
    await removeObjects(storage, stored);
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', m.alreadySent);
    throw error;
  }
}
