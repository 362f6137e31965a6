import { renderEmail, type EmailContext } from './layout';

/** Sent when repeated wrong passwords pause an account's sign-in. */
export const signInLockedEmail = (ctx: EmailContext, data: { url: string; minutes: number }) =>
  renderEmail(
    ctx,
    `Too many sign-in attempts on your ${ctx.siteName} account`,
    [
      `Someone entered a wrong password for your account many times, so sign-in is paused for ${data.minutes} minutes, even with the right password.`,
      'If it was you, wait and try again, or choose a new password with the link below (valid for one hour); a new password also ends the pause at once.',
      'If it was not you, your account is safe: the password was not guessed. Choosing a new, longer password is a good idea all the same.',
    ],
    { label: 'Choose a new password', url: data.url },
  );
