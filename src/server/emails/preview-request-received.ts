import { PAGE_PATHS } from '../../common/routes';
import { pageUrl, renderEmail, type EmailContext } from './layout';

/** To the admin, so a new request does not wait for someone to open the admin page. */
export const previewRequestReceivedEmail = (
  ctx: EmailContext,
  data: { name: string; companyName: string; email: string; projectDescription: string },
) =>
  renderEmail(
    ctx,
    `Preview access requested: ${data.name} (${data.companyName})`,
    [`${data.name} of ${data.companyName} <${data.email}> asked for preview access:`, data.projectDescription],
    { label: 'Review requests', url: pageUrl(ctx, PAGE_PATHS.adminPreviewRequests) },
  );
