import { renderEmail, type EmailContext } from './layout';

export const claimOrdersEmail = (ctx: EmailContext, data: { url: string; accountEmail: string }) =>
  renderEmail(
    ctx,
    `Confirm this address to claim your ${ctx.siteName} orders`,
    [
      `The songwriter account ${data.accountEmail} asked to claim the review orders paid with this email address.`,
      'If that is you, open the link below while signed in to that account. The link is valid for one hour.',
      'If it was not you, ignore this message: nothing changes.',
    ],
    { label: 'Claim my orders', url: data.url },
  );
