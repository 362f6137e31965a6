import { renderEmail, type EmailContext } from './layout';

/** Sent instead of a second verification e-mail when someone signs up with an address that has an account. */
export const existingAccountEmail = (ctx: EmailContext, data: { signInUrl: string; resetUrl: string }) =>
  renderEmail(ctx, `You already have a ${ctx.siteName} account`, [
    'Someone, probably you, tried to create an account with this email address, but one already exists.',
    `Sign in at ${data.signInUrl}. Forgotten the password? Reset it at ${data.resetUrl}.`,
    'If it was not you, no action is needed.',
  ]);
