import { renderEmail, type EmailContext } from './layout';

export const verifyEmail = (ctx: EmailContext, data: { name: string; url: string }) =>
  renderEmail(
    ctx,
    `Confirm your email address for ${ctx.siteName}`,
    [
      `Hi${data.name ? ` ${data.name}` : ''},`,
      `Please confirm your email address to finish setting up your ${ctx.siteName} account. The link is valid for one hour.`,
      'If you did not sign up, you can ignore this message.',
    ],
    { label: 'Confirm my email address', url: data.url },
  );
