import { PAGE_PATHS, pathTo } from '../../common/routes';
import { pageUrl, renderEmail, type EmailContext } from './layout';

export const reviewSentEmail = (ctx: EmailContext, data: { songTitle: string; reviewId: string }) =>
  renderEmail(
    ctx,
    `Your review of "${data.songTitle}" is ready`,
    [
      `Our written review of "${data.songTitle}" is ready. Read it, and reply there if you have questions: the conversation stays with the song.`,
    ],
    { label: 'Read the review', url: pageUrl(ctx, pathTo(PAGE_PATHS.songwriterReview, { reviewId: data.reviewId })) },
  );
