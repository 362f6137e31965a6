import { asc, eq, or } from 'drizzle-orm';
import * as MESSAGES from '../../../common/messages';
import type { BriefScreening, StudioBrief } from '../../../common/responses/brief-shortlist';
import type { BriefVerdictValues } from '../../../common/schemas/brief-shortlist';
import type { Db, DbOrTx } from '../../db/client';
import { briefAnswers, briefReferences, briefs, songReviews, songs } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertMayWriteReview, reviewerOtherThan, type Actor } from '../accounts';
import { shortlistAnswerIfReady } from './shortlist.service';

const m = MESSAGES.briefShortlist;

type AnswerRow = typeof briefAnswers.$inferSelect;

const screeningOf = (a: AnswerRow): BriefScreening => ({
  answerId: a.id,
  verdict: a.verdict,
  verdictReason: a.verdictReason,
  verdictAt: a.verdictAt?.toISOString() ?? null,
  shortlistedAt: a.shortlistedAt?.toISOString() ?? null,
});

/** The answer a review screens: its submission's, or (for a rewrite's review) the first submission's. */
async function answerOfReview(db: DbOrTx, reviewId: string): Promise<AnswerRow | null> {
  const [found] = await db
    .select({ answer: briefAnswers })
    .from(briefAnswers)
    .innerJoin(songReviews, eq(songReviews.id, reviewId))
    .where(or(eq(briefAnswers.submissionId, songReviews.id), eq(briefAnswers.submissionId, songReviews.rewriteOf)))
    .limit(1);
  return found?.answer ?? null;
}

/**
 * GET /api/admin/reviews/:id/brief: the brief a submission answers, for the studio beside the rubric, with its
 * screening so far; null for a submission that answers no brief.
 */
export async function getStudioBrief({ db, actor, reviewId }: { db: Db; actor: Actor; reviewId: string }): Promise<StudioBrief | null> {
  const [review] = await db
    .select({ id: songReviews.id, reviewerId: songReviews.reviewerId })
    .from(songReviews)
    .where(eq(songReviews.id, reviewId));
  if (!review) throw new AppError('NOT_FOUND', MESSAGES.reviews.reviewNotFound);
  const answer = await answerOfReview(db, reviewId);
  if (!answer) return null;
  const [brief] = await db.select().from(briefs).where(eq(briefs.id, answer.briefId));
  if (!brief) return null;
  const references = await db
    .select({ songId: songs.id, slug: songs.slug, title: songs.title })
    .from(briefReferences)
    .innerJoin(songs, eq(songs.id, briefReferences.songId))
    .where(eq(briefReferences.briefId, brief.id))
    .orderBy(asc(briefReferences.position));
  const mayWrite = (await reviewerOtherThan(db, review, actor)) === null;
  return {
    screening: screeningOf(answer),
    editable: mayWrite && answer.shortlistedAt === null,
    brief: {
      id: brief.id,
      title: brief.title,
      description: brief.description,
      genre: brief.genre,
      tempoMin: brief.tempoMin,
      tempoMax: brief.tempoMax,
      musicalKey: brief.musicalKey,
      vocal: brief.vocal,
      moods: brief.moods,
      oneStopRequired: brief.oneStopRequired,
      artistShown: brief.artistShown,
      deadlineOn: brief.deadlineOn,
      references,
    },
  };
}

/**
 * PUT /api/admin/brief-answers/:id/verdict: the screening of an answer. A new song's is its reviewer's (as the
 * review is: a rewrite's reviewer alone); a catalogue song's any admin's. A "fits" puts the song on the shortlist
 * at once when it is in the catalogue (a new song once its writer signs). A song on the shortlist keeps its
 * verdict: the buyer has it already.
 */
export async function setBriefVerdict({
  db,
  actor,
  answerId,
  values,
  now,
}: {
  db: Db;
  actor: Actor;
  answerId: string;
  values: BriefVerdictValues;
  now: Date;
}): Promise<BriefScreening> {
  return db.transaction(async (tx) => {
    const [answer] = await tx.select().from(briefAnswers).where(eq(briefAnswers.id, answerId)).for('update');
    if (!answer) throw new AppError('NOT_FOUND', m.answerNotFound);
    if (answer.shortlistedAt) throw new AppError('CONFLICT', m.alreadyShortlisted);
    if (answer.submissionId) {
      const [review] = await tx
        .select({ reviewerId: songReviews.reviewerId })
        .from(songReviews)
        .where(eq(songReviews.id, answer.submissionId));
      if (review) await assertMayWriteReview(tx, review, actor);
    }
    await tx
      .update(briefAnswers)
      .set({ verdict: values.verdict, verdictReason: values.reason, verdictBy: actor.id, verdictAt: now })
      .where(eq(briefAnswers.id, answerId));
    await shortlistAnswerIfReady(tx, answerId, now);
    const [saved] = await tx.select().from(briefAnswers).where(eq(briefAnswers.id, answerId));
    return screeningOf(saved!);
  });
}
