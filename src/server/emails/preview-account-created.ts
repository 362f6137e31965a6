import { PAGE_PATHS } from '../../common/routes';
import { pageUrl, renderEmail, type EmailContext } from './layout';

/** The password is never e-mailed: the admin gives it to the person, who may reset it at any time. */
export const previewAccountCreatedEmail = (ctx: EmailContext, data: { name: string; email: string }) =>
  renderEmail(
    ctx,
    `Your ${ctx.siteName} preview account is ready`,
    [
      `Hi ${data.name || 'there'},`,
      `Our team has set up a preview account for you (${data.email}) with access to the ${ctx.siteName} catalogue. Sign in with the password you were given, or choose a new one with "Forgot password?" on the sign-in page.`,
    ],
    { label: 'Sign in', url: pageUrl(ctx, PAGE_PATHS.auth) },
  );
