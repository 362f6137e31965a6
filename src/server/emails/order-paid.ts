import { formatCents } from '../../common/money';
import { PAGE_PATHS } from '../../common/routes';
import { pageUrl, renderEmail, type EmailContext } from './layout';

/**
 * The receipt, sent once when a payment is confirmed (or a package is paid with account credit). An order nobody
 * has claimed yet says how to get to it.
 */
export const orderPaidEmail = (
  ctx: EmailContext,
  data: { packageSize: number; amountCents: number; creditCents?: number; claimed: boolean },
) =>
  renderEmail(
    ctx,
    `Payment received: your ${data.packageSize}-song review package`,
    [
      `Thank you. We received ${formatCents(data.amountCents)} for a review package of ${data.packageSize} ${data.packageSize === 1 ? 'song' : 'songs'}${
        data.creditCents ? `, after your account credit of ${formatCents(data.creditCents)}` : ''
      }.`,
      data.claimed
        ? 'Upload your songs from your dashboard whenever they are ready.'
        : `To upload your songs, sign up (or sign in) to ${ctx.siteName} with this email address: the order is added to your account when the address is confirmed.`,
    ],
    data.claimed
      ? { label: 'Open my dashboard', url: pageUrl(ctx, PAGE_PATHS.songwriterDashboard) }
      : { label: 'Create my account', url: pageUrl(ctx, PAGE_PATHS.songwriterSignup) },
  );
