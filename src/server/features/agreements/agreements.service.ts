import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import {
  PITCH_AGREEMENT,
  PITCH_PIPELINE_STAGES,
  PLACEMENT_STATUSES,
  type PitchAgreementStatus,
  type PitchPipelineStage,
  type PlacementStatus,
} from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import { PAGE_PATHS, pathTo } from '../../../common/routes';
import type { PitchOfferValues } from '../../../common/schemas/agreements';
import { enqueueMail } from '../../adapters/mail/outbox';
import type { Db, DbOrTx } from '../../db/client';
import { pitchAgreements, placements, songReviews, songs, songwriterProfiles, users } from '../../db/schema';
import type { EmailContext } from '../../emails/layout';
import { pitchAgreementSignedEmail, pitchOfferDeclinedEmail, pitchOfferEmail, pitchOfferWithdrawnEmail } from '../../emails/pitch-offer';
import { changesOf, recordAudit } from '../audit';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import type { Actor } from '../accounts';
import { shortlistSignedSubmission } from '../briefs';
import { creditReviewFee } from '../orders';
import { songwriterSummary } from '../songwriters';
import { renderAgreementPdf } from './agreement-pdf';
import { createAgreementSong, scheduleAgreementSongMedia, type AgreementSongMediaDeps } from './agreement-song';
import { renderAgreementText, textHash, type AgreementParty } from './agreement-text';
import { getSiteSettings } from '../settings';

const m = MESSAGES.agreements;
/** The pipeline lists at most this many rows; the counts cover every agreement. */
const PITCH_PIPELINE_MAX_ROWS = 500;

export interface AgreementMail {
  emailCtx: EmailContext;
  adminEmail: string;
}

type AgreementRow = typeof pitchAgreements.$inferSelect;

/** An offer past its expiry reads as expired before anything stores it so. */
export const stateOf = (row: Pick<AgreementRow, 'status' | 'expiresAt'>, now = new Date()): PitchAgreementStatus =>
  row.status === 'offered' && row.expiresAt <= now ? 'expired' : row.status;

function readAgreements(db: DbOrTx, where: ReturnType<typeof and>) {
  return db
    .select({
      agreement: pitchAgreements,
      songTitle: songReviews.songTitle,
      writerEmail: users.email,
      catalogueSongId: songs.id,
      cataloguePublished: songs.isActive,
    })
    .from(pitchAgreements)
    .innerJoin(songReviews, eq(songReviews.id, pitchAgreements.reviewId))
    .innerJoin(users, eq(users.id, pitchAgreements.songwriterId))
    .leftJoin(songs, eq(songs.pitchAgreementId, pitchAgreements.id))
    .where(where)
    .orderBy(desc(pitchAgreements.createdAt));
}

/** What both sides read of an agreement: its terms, state, the text as offered and, once signed, the signature. */
function view({ agreement: a, songTitle, cataloguePublished }: Awaited<ReturnType<typeof readAgreements>>[number]) {
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
    text: a.agreementText,
    textSha256: a.textSha256,
    /** Where the signed song stands in the catalogue; null before it is there. */
    catalogue: cataloguePublished === null ? null : cataloguePublished ? ('published' as const) : ('unpublished' as const),
  };
}

/** The admin's view adds the catalogue song itself, to link to. */
const adminView = (row: Awaited<ReturnType<typeof readAgreements>>[number]) => ({ ...view(row), catalogueSongId: row.catalogueSongId });

/** What the site settings default to here: the site, reached at the admin notify address. */
const settingsDefaultsOf = (mail: AgreementMail) => ({ siteName: mail.emailCtx.siteName, contactEmail: mail.adminEmail });

type ProfileParts = Record<'firstName' | 'lastName' | 'streetAddress' | 'city' | 'stateProvince' | 'zip' | 'country', string | null>;

/** The songwriter as their profile names them: full name and postal address where given, and the account's e-mail. */
function writerParty(email: string, profile: ProfileParts | null): AgreementParty {
  const joined = (separator: string, ...parts: (string | null | undefined)[]) =>
    parts
      .map((p) => p?.trim())
      .filter(Boolean)
      .join(separator);
  const place = joined(', ', profile?.city, joined(' ', profile?.stateProvince, profile?.zip));
  const address = joined('\n', profile?.streetAddress, place, profile?.country);
  return { name: joined(' ', profile?.firstName, profile?.lastName) || null, address: address || null, email };
}

/**
 * The admin offers to pitch a song whose review was sent. The agreement's text is rendered now and stored:
 * it is what the songwriter reads and what a signature covers, whatever later changes to the wording, the
 * site's name or the account. An earlier offer for the song that has expired is stored as expired first, so
 * the new one may take its place; an open or accepted one refuses the new offer.
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
          verdict: songReviews.verdict,
          songTitle: songReviews.songTitle,
          songwriterId: songReviews.songwriterId,
          email: users.email,
          profile: {
            firstName: songwriterProfiles.firstName,
            lastName: songwriterProfiles.lastName,
            streetAddress: songwriterProfiles.streetAddress,
            city: songwriterProfiles.city,
            stateProvince: songwriterProfiles.stateProvince,
            zip: songwriterProfiles.zip,
            country: songwriterProfiles.country,
          },
        })
        .from(songReviews)
        .innerJoin(users, eq(users.id, songReviews.songwriterId))
        .leftJoin(songwriterProfiles, eq(songwriterProfiles.userId, songReviews.songwriterId))
        .where(eq(songReviews.id, values.reviewId));
      if (!review) throw new AppError('NOT_FOUND', MESSAGES.reviews.reviewNotFound);
      if (review.status !== 'reviewed') throw new AppError('CONFLICT', m.reviewNotReviewed);
      // The offer builds on a Pitch-ready verdict; a review sent before the rubric has none and stays offerable.
      if (review.verdict !== null && review.verdict !== 'pitch_ready') throw new AppError('CONFLICT', MESSAGES.rubric.offerNeedsPitchReady);
      await tx
        .update(pitchAgreements)
        .set({ status: 'expired' })
        .where(
          and(eq(pitchAgreements.reviewId, review.id), eq(pitchAgreements.status, 'offered'), lte(pitchAgreements.expiresAt, sql`now()`)),
        );
      const company = await getSiteSettings({ db: tx, defaults: settingsDefaultsOf(mail) });
      const text = renderAgreementText({
        songTitle: review.songTitle,
        company: { name: company.companyLegalName, address: company.companyAddress, email: company.contactEmail },
        writer: writerParty(review.email, review.profile),
        governingLaw: company.governingLaw,
        commissionPercent: values.commissionPercent,
        termMonths: values.termMonths,
      });
      const [row] = await tx
        .insert(pitchAgreements)
        .values({
          reviewId: review.id,
          songwriterId: review.songwriterId,
          offeredBy: actor.id,
          commissionPercent: values.commissionPercent,
          termMonths: values.termMonths,
          note: values.note ?? null,
          // The database's clock, which also decides when the offer is no longer open.
          expiresAt: sql`now() + make_interval(days => ${values.expiresInDays})`,
          textVersion: PITCH_AGREEMENT.textVersion,
          agreementText: text,
        })
        .returning({ id: pitchAgreements.id, expiresAt: pitchAgreements.expiresAt });
      await recordAudit(tx, {
        actor,
        action: 'pitch_agreement.offer',
        subject: { kind: 'pitch_agreement', id: row!.id },
        summary: `Offered to pitch “${review.songTitle}” by ${review.email}`,
        changes: changesOf(null, {
          status: 'offered',
          commissionPercent: values.commissionPercent,
          termMonths: values.termMonths,
          expiresAt: row!.expiresAt,
          note: values.note ?? null,
        }),
      });
      await enqueueMail(tx, {
        to: review.email,
        kind: 'pitch-offer',
        ...pitchOfferEmail(mail.emailCtx, {
          songTitle: review.songTitle,
          reviewId: review.id,
          commissionPercent: values.commissionPercent,
          termMonths: values.termMonths,
          expiresAt: row!.expiresAt,
        }),
      });
      return row!.id;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error, 'pitch_agreements_one_live_per_review')) throw new AppError('CONFLICT', m.alreadyOpen);
      throw error;
    });
  return getAgreement({ db, id });
}

/** One agreement; a songwriter reads only their own (another's is not found). */
export async function getAgreement({ db, id, songwriterId }: { db: DbOrTx; id: string; songwriterId?: string }) {
  const [row] = await readAgreements(
    db,
    and(eq(pitchAgreements.id, id), songwriterId === undefined ? undefined : eq(pitchAgreements.songwriterId, songwriterId)),
  );
  if (!row) throw new AppError('NOT_FOUND', m.notFound);
  return view(row);
}

const signedAgreementFileName = (id: string) => `pitch-agreement-${id}.pdf`;

/** The signed agreement as a PDF, for the songwriter who signed it (songwriterId) or an admin. */
export async function signedAgreementPdf({ db, id, songwriterId }: { db: Db; id: string; songwriterId?: string }) {
  const agreement = await getAgreement({ db, id, songwriterId });
  if (agreement.state !== 'accepted') throw new AppError('NOT_FOUND', m.notSigned);
  return { fileName: signedAgreementFileName(agreement.id), pdf: await renderAgreementPdf(agreement) };
}

/** Every agreement of a songwriter, newest first. */
export async function listAgreements({ db, songwriterId }: { db: Db; songwriterId: string }) {
  const rows = await readAgreements(db, eq(pitchAgreements.songwriterId, songwriterId));
  return rows.map(view);
}

/** Every agreement of a review, newest first, for the admin: with the catalogue song a signed one brought in. */
export async function listReviewAgreements({ db, reviewId }: { db: Db; reviewId: string }) {
  const rows = await readAgreements(db, eq(pitchAgreements.reviewId, reviewId));
  return rows.map(adminView);
}

/** The furthest status of an agreement's placements (released beyond cut beyond on hold), or null without any. */
const placementOrder = sql.raw(`array[${PLACEMENT_STATUSES.map((s) => `'${s}'`).join(', ')}]`);
const furthestPlacement = sql<PlacementStatus | null>`(
  select (${placementOrder})[max(array_position(${placementOrder}, ${placements.status}))]
  from ${placements} where ${placements.pitchAgreementId} = ${pitchAgreements.id})`;

/**
 * The stage as read: an offer past its expiry is expired, whatever is stored; a signed one is at its furthest
 * placement, else in the catalogue when its song is active, else accepted (no published song yet).
 */
const stageSql = sql<PitchPipelineStage>`case
  when ${pitchAgreements.status} = 'offered' and ${pitchAgreements.expiresAt} <= now() then 'expired'
  when ${pitchAgreements.status} <> 'accepted' then ${pitchAgreements.status}
  else coalesce(${furthestPlacement}, case when ${songs.isActive} then 'in_catalogue' else 'accepted' end)
end`;

/** The pitch pipeline: a count per stage, and every agreement (or those at one stage), newest first. */
export async function pitchPipeline({ db, state }: { db: Db; state?: PitchPipelineStage }) {
  const [counted, rows] = await Promise.all([
    db
      .select({ state: stageSql, count: sql<number>`count(*)::int` })
      .from(pitchAgreements)
      .leftJoin(songs, eq(songs.pitchAgreementId, pitchAgreements.id))
      .groupBy(stageSql),
    db
      .select({
        id: pitchAgreements.id,
        reviewId: pitchAgreements.reviewId,
        songTitle: songReviews.songTitle,
        writerName: songwriterSummary.name,
        writerEmail: songwriterSummary.email,
        state: stageSql,
        songId: songs.id,
        commissionPercent: pitchAgreements.commissionPercent,
        termMonths: pitchAgreements.termMonths,
        createdAt: pitchAgreements.createdAt,
        expiresAt: pitchAgreements.expiresAt,
        answeredAt: pitchAgreements.answeredAt,
      })
      .from(pitchAgreements)
      .innerJoin(songReviews, eq(songReviews.id, pitchAgreements.reviewId))
      .innerJoin(songwriterSummary, eq(songwriterSummary.id, pitchAgreements.songwriterId))
      .leftJoin(songs, eq(songs.pitchAgreementId, pitchAgreements.id))
      .where(state === undefined ? undefined : sql`${stageSql} = ${state}`)
      .orderBy(desc(pitchAgreements.createdAt))
      .limit(PITCH_PIPELINE_MAX_ROWS),
  ]);
  const counts = Object.fromEntries(PITCH_PIPELINE_STAGES.map((s) => [s, 0])) as Record<PitchPipelineStage, number>;
  for (const { state: s, count } of counted) counts[s] = count;
  return { counts, rows };
}

/** Why an answer to this offer is refused: not the caller's (not found), expired, or already answered. */
async function refusal(db: DbOrTx, id: string, songwriterId?: string): Promise<AppError> {
  const [row] = await db
    .select({ status: pitchAgreements.status, expiresAt: pitchAgreements.expiresAt })
    .from(pitchAgreements)
    .where(and(eq(pitchAgreements.id, id), songwriterId === undefined ? undefined : eq(pitchAgreements.songwriterId, songwriterId)));
  if (!row) return new AppError('NOT_FOUND', m.notFound);
  return stateOf(row) === 'expired' ? new AppError('CONFLICT', m.expired) : new AppError('CONFLICT', m.notOpen);
}

/** An offer still open: unanswered and not past its expiry, by the database's clock; the songwriter's own, when named. */
const openOffer = (id: string, songwriterId?: string) =>
  and(
    eq(pitchAgreements.id, id),
    songwriterId === undefined ? undefined : eq(pitchAgreements.songwriterId, songwriterId),
    eq(pitchAgreements.status, 'offered'),
    gt(pitchAgreements.expiresAt, sql`now()`),
  );

/**
 * The songwriter signs: one conditional update, so of two racing acceptances one wins and the other finds
 * the offer no longer open. The row keeps the hash of the stored text, the typed name, the time, the address
 * and the browser; the database refuses any later change to it.
 */
export async function acceptPitchAgreement({
  db,
  actor,
  id,
  legalName,
  signedFrom,
  mail,
  songMedia,
}: {
  db: Db;
  actor: Actor;
  id: string;
  legalName: string;
  signedFrom: { ip: string; userAgent: string };
  mail: AgreementMail;
  /** Where the catalogue song's audio and lyrics are taken from the submission, after the signing commits. */
  songMedia: Omit<AgreementSongMediaDeps, 'db'>;
}) {
  await db.transaction(async (tx) => {
    const [offer] = await readAgreements(tx, openOffer(id, actor.id));
    if (!offer) throw await refusal(tx, id, actor.id);
    const [signed] = await tx
      .update(pitchAgreements)
      .set({
        status: 'accepted',
        answeredAt: new Date(),
        signedName: legalName,
        textSha256: textHash(offer.agreement.agreementText),
        signedIp: signedFrom.ip,
        signedUserAgent: signedFrom.userAgent.slice(0, 500),
      })
      .where(openOffer(id, actor.id))
      .returning({ id: pitchAgreements.id });
    if (!signed) throw await refusal(tx, id, actor.id);
    await creditReviewFee(tx, signed.id);
    await createAgreementSong(tx, id);
    const reviewId = offer.agreement.reviewId;
    // A new song screened "fits" for a brief joins its shortlist now that it is in the catalogue.
    await shortlistSignedSubmission(tx, reviewId, new Date());
    // Both sides get the signed copy itself, as well as a link to where it stays downloadable.
    const signedCopy = await renderAgreementPdf(await getAgreement({ db: tx, id }));
    const signedEmail = (path: string) => ({
      kind: 'pitch-agreement-signed',
      ...pitchAgreementSignedEmail(mail.emailCtx, { songTitle: offer.songTitle, signedName: legalName, path }),
      attachments: [{ filename: signedAgreementFileName(id), contentType: 'application/pdf', content: signedCopy }],
    });
    await enqueueMail(tx, { to: offer.writerEmail, ...signedEmail(pathTo(PAGE_PATHS.songwriterReview, { reviewId })) });
    await enqueueMail(tx, { to: mail.adminEmail, ...signedEmail(pathTo(PAGE_PATHS.adminSongwriterReview, { id: reviewId })) });
  });
  void scheduleAgreementSongMedia({ db, ...songMedia }, id);
  return getAgreement({ db, id });
}

/** The songwriter declines an open offer, with an optional reason; the admin is told. */
export async function declinePitchAgreement({
  db,
  actor,
  id,
  reason,
  mail,
}: {
  db: Db;
  actor: Actor;
  id: string;
  reason: string | null;
  mail: AgreementMail;
}) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(pitchAgreements)
      .set({ status: 'declined', answeredAt: new Date(), declineReason: reason })
      .where(openOffer(id, actor.id))
      .returning({ reviewId: pitchAgreements.reviewId });
    if (!row) throw await refusal(tx, id, actor.id);
    const [review] = await tx.select({ songTitle: songReviews.songTitle }).from(songReviews).where(eq(songReviews.id, row.reviewId));
    await enqueueMail(tx, {
      to: mail.adminEmail,
      kind: 'pitch-offer-declined',
      ...pitchOfferDeclinedEmail(mail.emailCtx, {
        songTitle: review!.songTitle,
        reason,
        path: pathTo(PAGE_PATHS.adminSongwriterReview, { id: row.reviewId }),
      }),
    });
  });
  return getAgreement({ db, id });
}

/** The admin takes back an offer that is still open; the songwriter, who was told of it, is told again. */
export async function withdrawPitchAgreement({ db, actor, id, mail }: { db: Db; actor: Actor; id: string; mail: AgreementMail }) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(pitchAgreements)
      .set({ status: 'withdrawn', answeredAt: new Date() })
      .where(openOffer(id))
      .returning({ id: pitchAgreements.id });
    if (!row) throw await refusal(tx, id);
    const [withdrawn] = await readAgreements(tx, eq(pitchAgreements.id, id));
    await recordAudit(tx, {
      actor,
      action: 'pitch_agreement.withdraw',
      subject: { kind: 'pitch_agreement', id },
      summary: `Withdrew the pitch offer for “${withdrawn!.songTitle}” by ${withdrawn!.writerEmail}`,
      changes: { status: { before: 'offered', after: 'withdrawn' } },
    });
    await enqueueMail(tx, {
      to: withdrawn!.writerEmail,
      kind: 'pitch-offer-withdrawn',
      ...pitchOfferWithdrawnEmail(mail.emailCtx, { songTitle: withdrawn!.songTitle, reviewId: withdrawn!.agreement.reviewId }),
    });
  });
  return getAgreement({ db, id });
}
