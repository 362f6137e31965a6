import { dayInWords } from '../../common/days';
import { PAGE_PATHS, pathTo } from '../../common/routes';
import { pageUrl, renderEmail, type EmailContext } from './layout';

/** To the reviewer of a first version: the songwriter sent its rewrite, with what they changed and when it is due. */
export const rewriteReceivedEmail = (
  ctx: EmailContext,
  data: { songTitle: string; songwriterName: string; note: string; dueOn: string; reviewId: string },
) =>
  renderEmail(
    ctx,
    `Rewrite for review: ${data.songTitle}`,
    [
      `${data.songwriterName} sent a rewrite of "${data.songTitle}", which you reviewed. It comes to you, and is due on ${dayInWords(data.dueOn)}.`,
      `What they changed:\n${data.note}`,
    ],
    { label: 'Open the rewrite', url: pageUrl(ctx, pathTo(PAGE_PATHS.adminSongwriterReview, { id: data.reviewId })) },
  );
