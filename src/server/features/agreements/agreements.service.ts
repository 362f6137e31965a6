import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import { PITCH_AGREEMENT, type PitchAgreementStatus } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import type { PitchOfferValues } from '../../../common/schemas/agreements';
import { enqueueMail } from '../../adapters/mail/outbox';
import type { Db, DbOrTx } from '../../db/client';
import { pitchAgreements, songReviews, users } from '../../db/schema';
import type { EmailContext } from '../../emails/layout';
import { pitchAgreementSignedEmail, pitchOfferEmail } from '../../emails/pitch-offer';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import type { Actor } from '../accounts/accounts.service';
import { renderAgreementPdf } from './agreement-pdf';
import { renderAgreementText, textHash } from './agreement-text';

const m = MESSAGES.agreements;
const DAY_MS = 24 * 3600 * 1000;

export interface AgreementMail {
  emailCtx: EmailContext;
  adminEmail: string;
}

type AgreementRow = typeof pitchAgreements.$inferSelect;

/** An offer past its expiry reads as expired before anything stores it so. */
export const stateOf = (row: Pick<AgreementRow, 'status' | 'expiresAt'>, now = new Date()): PitchAgreementStatus =>
  row.status === 'offered' && row.expiresAt <= now ? 'expired' : row.status;

const COLUMNS = {
  agreement: pitchAgreements,
  songTitle: songReviews.songTitle,
  writerEmail: users.email,
};

async function readAgreements(db: DbOrTx, where: ReturnType<typeof and>) {
  return db
    .select(COLUMNS)
    .from(pitchAgreements)
    .innerJoin(songReviews, eq(songReviews.id, pitchAgreements.reviewId))
    .innerJoin(users, eq(users.id, pitchAgreements.songwriterId))
    .where(where)
    .orderBy(desc(pitchAgreements.createdAt));
}

/** What both sides read of an agreement: its terms, state, text and, once signed, the signature. */
function view({ agreement: a, songTitle, writerEmail }: Awaited<ReturnType<typeof readAgreements>>[number], siteName: string) {
  return {
    id: a.id,
    reviewId: a.reviewId,
    songTitle,
    state: stateOf(a),
    commissionPercent: a.commissionPercent,
    termMonths: a.termMonths,
    note: a.note,
    expiresAt: a.expiresAt,
    createdAt: a.createdAt,
    answeredAt: a.answeredAt,
    declineReason: a.declineReason,
    signedName: a.signedName,
    textVersion: a.textVersion,
    text: renderAgreementText({
      siteName,
      songTitle,
      writerEmail,
      commissionPercent: a.commissionPercent,
      termMonths: a.termMonths,
      textVersion: a.textVersion,
    }),
    textSha256: a.textSha256,
  };
}

/**
 * The admin offers to pitch a song whose review was sent. An earlier offer for the song that has expired is
 * stored as expired first, so the new one may take its place; an open or accepted one refuses the new offer.
 */
export async function offerPitchAgreement({
  db,
  actor,
  values,
  mail,
}: {
  db: Db;
  actor: Actor;
  values: PitchOfferValues;
  mail: AgreementMail;
}) {
  const id = await db
    .transaction(async (tx) => {
      const [review] = await tx
        .select({
          id: songReviews.id,
          status: songReviews.status,
          songTitle: songReviews.songTitle,
          songwriterId: songReviews.songwriterId,
          email: users.email,
        })
        .from(songReviews)
        .innerJoin(users, eq(users.id, songReviews.songwriterId))
        .where(eq(songReviews.id, values.reviewId));
      if (!review) throw new AppError('NOT_FOUND', MESSAGES.reviews.reviewNotFound);
      if (review.status !== 'reviewed') throw new AppError('CONFLICT', m.reviewNotReviewed);
      await tx
        .update(pitchAgreements)
        .set({ status: 'expired' })
        .where(
          and(eq(pitchAgreements.reviewId, review.id), eq(pitchAgreements.status, 'offered'), lte(pitchAgreements.expiresAt, sql`now()`)),
        );
      const expiresAt = new Date(Date.now() + values.expiresInDays * DAY_MS);
      const [row] = await tx
        .insert(pitchAgreements)
        .values({
          reviewId: review.id,
          songwriterId: review.songwriterId,
          offeredBy: actor.id,
          commissionPercent: values.commissionPercent,
          termMonths: values.termMonths,
          note: values.note ?? null,
          expiresAt,
          textVersion: PITCH_AGREEMENT.textVersion,
        })
        .returning({ id: pitchAgreements.id });
      await enqueueMail(tx, {
        to: review.email,
        kind: 'pitch-offer',
        ...pitchOfferEmail(mail.emailCtx, {
          songTitle: review.songTitle,
          reviewId: review.id,
          commissionPercent: values.commissionPercent,
          termMonths: values.termMonths,
          expiresOn: expiresAt.toISOString().slice(0, 10),
        }),
      });
      return row!.id;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error, 'pitch_agreements_one_live_per_review')) throw new AppError('CONFLICT', m.alreadyOpen);
      throw error;
    });
  return getAgreement({ db, id, siteName: mail.emailCtx.siteName });
}

/** One agreement; a songwriter reads only their own (another's is not found). */
export async function getAgreement({
  db,
  id,
  siteName,
  songwriterId,
}: {
  db: DbOrTx;
  id: string;
  siteName: string;
  songwriterId?: string;
}) {
  const [row] = await readAgreements(
    db,
    and(eq(pitchAgreements.id, id), songwriterId === undefined ? undefined : eq(pitchAgreements.songwriterId, songwriterId)),
  );
  if (!row) throw new AppError('NOT_FOUND', m.notFound);
  return view(row, siteName);
}

/** The signed agreement as a PDF, for the songwriter who signed it (songwriterId) or an admin. */
export async function signedAgreementPdf({
  db,
  id,
  siteName,
  songwriterId,
}: {
  db: Db;
  id: string;
  siteName: string;
  songwriterId?: string;
}) {
  const agreement = await getAgreement({ db, id, siteName, songwriterId });
  if (agreement.state !== 'accepted') throw new AppError('NOT_FOUND', m.notSigned);
  return { fileName: `pitch-agreement-${agreement.id}.pdf`, pdf: await renderAgreementPdf(agreement) };
}

/** Every agreement of a review (admin), or of a songwriter, newest first. */
export async function listAgreements({
  db,
  siteName,
  reviewId,
  songwriterId,
}: {
  db: Db;
  siteName: string;
  reviewId?: string;
  songwriterId?: string;
}) {
  const rows = await readAgreements(
    db,
    and(
      reviewId === undefined ? undefined : eq(pitchAgreements.reviewId, reviewId),
      songwriterId === undefined ? undefined : eq(pitchAgreements.songwriterId, songwriterId),
    ),
  );
  return rows.map((row) => view(row, siteName));
}

/** Why an answer to this offer is refused: not the caller's (not found), expired, or already answered. */
async function refusal(db: DbOrTx, id: string, songwriterId: string): Promise<AppError> {
  const [row] = await db
    .select({ status: pitchAgreements.status, expiresAt: pitchAgreements.expiresAt })
    .from(pitchAgreements)
    .where(and(eq(pitchAgreements.id, id), eq(pitchAgreements.songwriterId, songwriterId)));
  if (!row) return new AppError('NOT_FOUND', m.notFound);
  return stateOf(row) === 'expired' ? new AppError('CONFLICT', m.expired) : new AppError('CONFLICT', m.notOpen);
}

const openOfferOf = (id: string, songwriterId: string) =>
  and(
    eq(pitchAgreements.id, id),
    eq(pitchAgreements.songwriterId, songwriterId),
    eq(pitchAgreements.status, 'offered'),
    gt(pitchAgreements.expiresAt, sql`now()`),
  );

/**
 * The songwriter signs: one conditional update, so of two racing acceptances one wins and the other finds
 * the offer no longer open. The row keeps the signed text's hash, the typed name, the time, the address and
 * the browser; the database refuses any later change to it.
 */
export async function acceptPitchAgreement({
  db,
  actor,
  id,
  legalName,
  signedFrom,
  mail,
}: {
  db: Db;
  actor: Actor;
  id: string;
  legalName: string;
  signedFrom: { ip: string; userAgent: string };
  mail: AgreementMail;
}) {
  const siteName = mail.emailCtx.siteName;
  await db.transaction(async (tx) => {
    const [offer] = await readAgreements(tx, openOfferOf(id, actor.id));
    if (!offer) throw await refusal(tx, id, actor.id);
    const { text } = view(offer, siteName);
    const [signed] = await tx
      .update(pitchAgreements)
      .set({
        status: 'accepted',
        answeredAt: new Date(),
        signedName: legalName,
        textSha256: textHash(text),
        signedIp: signedFrom.ip,
        signedUserAgent: signedFrom.userAgent.slice(0, 500),
      })
      .where(openOfferOf(id, actor.id))
      .returning({ id: pitchAgreements.id });
    if (!signed) throw await refusal(tx, id, actor.id);
    const message = pitchAgreementSignedEmail(mail.emailCtx, {
      songTitle: offer.songTitle,
      signedName: legalName,
      reviewId: offer.agreement.reviewId,
    });
    await enqueueMail(tx, { to: offer.writerEmail, kind: 'pitch-agreement-signed', ...message });
    await enqueueMail(tx, { to: mail.adminEmail, kind: 'pitch-agreement-signed', ...message });
  });
  return getAgreement({ db, id, siteName });
}

/** The songwriter declines, with an optional reason. */
export async function declinePitchAgreement({
  db,
  actor,
  id,
  reason,
  siteName,
}: {
  db: Db;
  actor: Actor;
  id: string;
  reason: string | null;
  siteName: string;
}) {
  const [row] = await db
    .update(pitchAgreements)
    .set({ status: 'declined', answeredAt: new Date(), declineReason: reason })
    .where(openOfferOf(id, actor.id))
    .returning({ id: pitchAgreements.id });
  if (!row) throw await refusal(db, id, actor.id);
  return getAgreement({ db, id, siteName });
}

/** The admin takes back an offer nobody has answered yet. */
export async function withdrawPitchAgreement({ db, id, siteName }: { db: Db; id: string; siteName: string }) {
  const [row] = await db
    .update(pitchAgreements)
    .set({ status: 'withdrawn', answeredAt: new Date() })
    .where(and(eq(pitchAgreements.id, id), eq(pitchAgreements.status, 'offered')))
    .returning({ id: pitchAgreements.id });
  if (!row) {
    const [exists] = await db.select({ id: pitchAgreements.id }).from(pitchAgreements).where(eq(pitchAgreements.id, id));
    throw exists ? new AppError('CONFLICT', m.notOpen) : new AppError('NOT_FOUND', m.notFound);
  }
  return getAgreement({ db, id, siteName });
}
