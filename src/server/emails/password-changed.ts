import { renderEmail, type EmailContext } from './layout';

/** Sent after every password reset or change, so an owner learns of one they did not make. */
export const passwordChangedEmail = (ctx: EmailContext, data: { resetUrl: string }) =>
  renderEmail(ctx, `Your ${ctx.siteName} password was changed`, [
    'The password of your account was just changed. Every other device signed in to the account has been signed out, and any password reset link sent earlier no longer works.',
    `If it was not you, choose a new password at once at ${data.resetUrl}.`,
  ]);
