import { renderEmail, type EmailContext } from './layout';

export const reviewSentEmail = (ctx: EmailContext, data: { songTitle: string; reviewId: string }) =>
  renderEmail(
    ctx,
    `Your review of "${data.songTitle}" is ready`,
    [
      `Our written review of "${data.songTitle}" is ready. Read it, and reply there if you have questions: the conversation stays with the song.`,
    ],
    { label: 'Read the review', url: `${ctx.publicUrl}/songwriter/review/${data.reviewId}` },
  );
