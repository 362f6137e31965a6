import { dayInWords } from '../../common/days';
import { PAGE_PATHS, pathTo } from '../../common/routes';
import { pageUrl, renderEmail, type EmailContext } from './layout';

export const pitchOfferEmail = (
  ctx: EmailContext,
  data: { songTitle: string; reviewId: string; commissionPercent: number; termMonths: number; expiresAt: Date },
) =>
  renderEmail(
    ctx,
    `We would like to pitch "${data.songTitle}"`,
    [
      `After reviewing "${data.songTitle}", we would like to pitch it to artists, producers and labels for ${data.termMonths} months, for ${data.commissionPercent}% of the income if it is placed. You keep all your rights, and the agreement is not exclusive.`,
      `The offer is open until ${dayInWords(data.expiresAt)}. Read the agreement, then sign or decline it with your review.`,
    ],
    { label: 'Read the offer', url: pageUrl(ctx, pathTo(PAGE_PATHS.songwriterReview, { reviewId: data.reviewId })) },
  );

/** To both sides; `path` is the page each reads the agreement on. */
export const pitchAgreementSignedEmail = (ctx: EmailContext, data: { songTitle: string; signedName: string; path: string }) =>
  renderEmail(
    ctx,
    `Pitch agreement signed: "${data.songTitle}"`,
    [
      `${data.signedName} signed the pitch agreement for "${data.songTitle}". The signed agreement is attached as a PDF, and stays with the review for both sides to read and download.`,
    ],
    { label: 'Open the review', url: pageUrl(ctx, data.path) },
  );

/** To the admin notify address: the songwriter said no, with their reason when they gave one. */
export const pitchOfferDeclinedEmail = (ctx: EmailContext, data: { songTitle: string; reason: string | null; path: string }) =>
  renderEmail(
    ctx,
    `Pitch offer declined: "${data.songTitle}"`,
    [
      `The songwriter declined the pitch agreement for "${data.songTitle}".`,
      ...(data.reason ? [`Their reason: ${data.reason}`] : ['They gave no reason.']),
    ],
    { label: 'Open the review', url: pageUrl(ctx, data.path) },
  );

/** To the songwriter, who was told of the offer: it is no longer open. */
export const pitchOfferWithdrawnEmail = (ctx: EmailContext, data: { songTitle: string; reviewId: string }) =>
  renderEmail(
    ctx,
    `Our pitch offer for "${data.songTitle}" was withdrawn`,
    [
      `We have withdrawn our offer to pitch "${data.songTitle}", so there is nothing to sign. Your review and its conversation stay where they are; ask us there if you have questions.`,
    ],
    { label: 'Open the review', url: pageUrl(ctx, pathTo(PAGE_PATHS.songwriterReview, { reviewId: data.reviewId })) },
  );
