import { renderEmail, type EmailContext } from './layout';

export const resetPasswordEmail = (ctx: EmailContext, data: { url: string }) =>
  renderEmail(
    ctx,
    `Reset your ${ctx.siteName} password`,
    [
      'Someone asked to reset the password of your account. If it was you, choose a new password with the link below; it is valid for one hour.',
      'If it was not you, ignore this message: your password stays as it is.',
    ],
    { label: 'Choose a new password', url: data.url },
  );
