import { formatCents } from '../../common/money';
import { PAGE_PATHS } from '../../common/routes';
import * as MESSAGES from '../../common/messages';
import { pageUrl, renderEmail, type EmailContext } from './layout';

/** The turnaround guarantee kept: a review came after its due day, and its fee is now credit (decision 0094). */
export const lateReviewCreditEmail = (ctx: EmailContext, data: { songTitle: string; daysLate: number; amountCents: number }) =>
  renderEmail(
    ctx,
    `A ${formatCents(data.amountCents)} credit: your review of "${data.songTitle}" came late`,
    [
      MESSAGES.credits.lateReason(data.songTitle, data.daysLate),
      `We have added ${formatCents(data.amountCents)} to your account. It is taken off your next package automatically.`,
    ],
    { label: 'See your credit', url: pageUrl(ctx, PAGE_PATHS.songwriterOrder) },
  );
