import { PAGE_PATHS, pathTo } from '../../common/routes';
import { pageUrl, renderEmail, type EmailContext } from './layout';

export const pitchOfferEmail = (
  ctx: EmailContext,
  data: { songTitle: string; reviewId: string; commissionPercent: number; termMonths: number; expiresOn: string },
) =>
  renderEmail(
    ctx,
    `We would like to pitch "${data.songTitle}"`,
    [
      `After reviewing "${data.songTitle}", we would like to pitch it to artists, producers and labels for ${data.termMonths} months, for ${data.commissionPercent}% of the income if it is placed. You keep all your rights, and the agreement is not exclusive.`,
      `The offer is open until ${data.expiresOn}. Read the agreement, then sign or decline it with your review.`,
    ],
    { label: 'Read the offer', url: pageUrl(ctx, pathTo(PAGE_PATHS.songwriterReview, { reviewId: data.reviewId })) },
  );

/** To both sides; `path` is the page each reads the agreement on. */
export const pitchAgreementSignedEmail = (ctx: EmailContext, data: { songTitle: string; signedName: string; path: string }) =>
  renderEmail(
    ctx,
    `Pitch agreement signed: "${data.songTitle}"`,
    [
      `${data.signedName} signed the pitch agreement for "${data.songTitle}". The signed agreement stays with the review, for both sides to read and download.`,
    ],
    { label: 'Open the review', url: pageUrl(ctx, data.path) },
  );
