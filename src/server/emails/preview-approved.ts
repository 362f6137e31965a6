import { PAGE_PATHS } from '../../common/routes';
import { pageUrl, renderEmail, type EmailContext } from './layout';

export const previewApprovedEmail = (ctx: EmailContext, data: { name: string }) =>
  renderEmail(
    ctx,
    `Your ${ctx.siteName} preview access is approved`,
    [
      `Hi ${data.name || 'there'},`,
      `Good news: your request for preview access to the ${ctx.siteName} catalogue is approved. Sign in to listen to every song, read the lyrics and leave notes for our team.`,
    ],
    { label: 'Open the catalogue', url: pageUrl(ctx, PAGE_PATHS.songs) },
  );
