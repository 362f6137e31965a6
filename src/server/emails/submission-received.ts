import { PAGE_PATHS } from '../../common/routes';
import { pageUrl, renderEmail, type EmailContext } from './layout';

export const submissionReceivedEmail = (
  ctx: EmailContext,
  data: { songTitle: string; songwriterName: string; songNumber: number; packageSize: number },
) =>
  renderEmail(
    ctx,
    `New song for review: ${data.songTitle}`,
    [`${data.songwriterName} submitted "${data.songTitle}" (song ${data.songNumber} of ${data.packageSize}) for review.`],
    { label: 'Open pending reviews', url: pageUrl(ctx, PAGE_PATHS.adminSongwriterReviews) },
  );
