import { PAGE_PATHS } from '../../common/routes';
import { pageUrl, renderEmail, type EmailContext } from './layout';

/** To the admins: an account was deleted, by its owner or by an admin on the owner's request. */
export const accountDeletedEmail = (
  ctx: EmailContext,
  data: { email: string; byAdmin: boolean; paidOrdersKept: number; signedAgreementsKept: number },
) =>
  renderEmail(
    ctx,
    `Account deleted: ${data.email}`,
    [
      data.byAdmin
        ? `The account of ${data.email} was deleted by an admin on the person's request.`
        : `${data.email} deleted their account.`,
      'Their personal data and uploaded files are erased and they are signed out everywhere.',
      `Kept without their name: ${data.paidOrdersKept} paid order${data.paidOrdersKept === 1 ? '' : 's'} (in Customers as a deleted customer) and ${data.signedAgreementsKept} signed pitch agreement${data.signedAgreementsKept === 1 ? '' : 's'} with their placements.`,
      'If they appear in any system outside this site (payments, mailing lists), remove them there too.',
    ],
    { label: 'Open Customers', url: pageUrl(ctx, PAGE_PATHS.adminCustomers) },
  );
