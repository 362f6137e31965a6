import { and, asc, count, eq } from 'drizzle-orm';
import { REVIEW_NOTE_LIMITS } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import type { Db, DbOrTx } from '../../db/client';
import { reviewNotes, songReviews, storedFiles } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertMayWriteReview, reviewerOtherThan, type Actor } from '../accounts';
import { canDrawWaveform, songFactColumns, songFactsOf } from '../audio';

const m = MESSAGES.reviewNotes;

type ReviewRow = Pick<typeof songReviews.$inferSelect, 'id' | 'status' | 'audioFileId' | 'reviewerId'>;

const noteColumns = {
  id: reviewNotes.id,
  atSeconds: reviewNotes.atSeconds,
  text: reviewNotes.text,
  createdAt: reviewNotes.createdAt,
  updatedAt: reviewNotes.updatedAt,
};

/** A review's notes in the order of the song; notes at the same moment in the order they were written. */
function notesOf(db: DbOrTx, reviewId: string) {
  return db
    .select(noteColumns)
    .from(reviewNotes)
    .where(eq(reviewNotes.reviewId, reviewId))
    .orderBy(asc(reviewNotes.atSeconds), asc(reviewNotes.createdAt), asc(reviewNotes.id));
}

async function audioOf(db: DbOrTx, review: ReviewRow) {
  if (!review.audioFileId) return null;
  const [file] = await db
    .select({
      contentType: storedFiles.contentType,
      peaks: storedFiles.audioPeaks,
      durationSeconds: storedFiles.audioDurationSeconds,
      ...songFactColumns,
    })
    .from(storedFiles)
    .where(eq(storedFiles.id, review.audioFileId));
  if (!file) return null;
  return {
    peaks: file.peaks,
    durationSeconds: file.durationSeconds,
    waveformSupported: canDrawWaveform(file.contentType),
    facts: songFactsOf(file),
  };
}

const reviewColumns = {
  id: songReviews.id,
  status: songReviews.status,
  audioFileId: songReviews.audioFileId,
  reviewerId: songReviews.reviewerId,
};

/** The reviewer's studio: the waveform and every note; the notes can be changed until the review is sent, by whoever may write it. */
export async function getAdminStudio({ db, actor, reviewId }: { db: Db; actor: Actor; reviewId: string }) {
  const [review] = await db.select(reviewColumns).from(songReviews).where(eq(songReviews.id, reviewId));
  if (!review) throw new AppError('NOT_FOUND', MESSAGES.reviews.reviewNotFound);
  const editable = review.status !== 'reviewed' && (await reviewerOtherThan(db, review, actor)) === null;
  return { audio: await audioOf(db, review), notes: await notesOf(db, review.id), notesEditable: editable };
}

/** The songwriter's own studio (another's is "not found"): the notes only once the review is sent, with it. */
export async function getSongwriterStudio({ db, actor, reviewId }: { db: Db; actor: Actor; reviewId: string }) {
  const [review] = await db
    .select(reviewColumns)
    .from(songReviews)
    .where(and(eq(songReviews.id, reviewId), eq(songReviews.songwriterId, actor.id)));
  if (!review) throw new AppError('NOT_FOUND', MESSAGES.reviews.reviewNotFound);
  const sent = review.status === 'reviewed';
  return { audio: await audioOf(db, review), notes: sent ? await notesOf(db, review.id) : [], notesEditable: false };
}

/**
 * Locks the review for the change of one of its notes: sending takes the same row lock, so a note is never
 * changed once the review is sent, even by a request that began before the send. A rewrite's notes are its
 * reviewer's, like its text.
 */
async function lockUnsentReview(tx: DbOrTx, reviewId: string, actor: Actor) {
  const [review] = await tx.select(reviewColumns).from(songReviews).where(eq(songReviews.id, reviewId)).for('update');
  if (!review) throw new AppError('NOT_FOUND', MESSAGES.reviews.reviewNotFound);
  if (review.status === 'reviewed') throw new AppError('CONFLICT', m.locked);
  await assertMayWriteReview(tx, review, actor);
  return review;
}

export async function addReviewNote({
  db,
  actor,
  reviewId,
  atSeconds,
  text,
}: {
  db: Db;
  actor: Actor;
  reviewId: string;
  atSeconds: number;
  text: string;
}) {
  return db.transaction(async (tx) => {
    await lockUnsentReview(tx, reviewId, actor);
    const [existing] = await tx.select({ n: count() }).from(reviewNotes).where(eq(reviewNotes.reviewId, reviewId));
    if ((existing?.n ?? 0) >= REVIEW_NOTE_LIMITS.perReview) throw new AppError('CONFLICT', m.tooMany);
    const [note] = await tx.insert(reviewNotes).values({ reviewId, atSeconds, text, authorId: actor.id }).returning(noteColumns);
    return note!;
  });
}

export async function changeReviewNote({
  db,
  actor,
  reviewId,
  noteId,
  change,
}: {
  db: Db;
  actor: Actor;
  reviewId: string;
  noteId: string;
  change: { atSeconds?: number; text?: string };
}) {
  return db.transaction(async (tx) => {
    await lockUnsentReview(tx, reviewId, actor);
    const [note] = await tx
      .update(reviewNotes)
      .set({ atSeconds: change.atSeconds, text: change.text })
      .where(and(eq(reviewNotes.id, noteId), eq(reviewNotes.reviewId, reviewId)))
      .returning(noteColumns);
    if (!note) throw new AppError('NOT_FOUND', m.noteNotFound);
    return note;
  });
}

export async function deleteReviewNote({ db, actor, reviewId, noteId }: { db: Db; actor: Actor; reviewId: string; noteId: string }) {
  await db.transaction(async (tx) => {
    await lockUnsentReview(tx, reviewId, actor);
    const [note] = await tx
      .delete(reviewNotes)
      .where(and(eq(reviewNotes.id, noteId), eq(reviewNotes.reviewId, reviewId)))
      .returning({ id: reviewNotes.id });
    if (!note) throw new AppError('NOT_FOUND', m.noteNotFound);
  });
}
