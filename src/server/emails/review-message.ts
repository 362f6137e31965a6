import { renderEmail, type EmailContext } from './layout';

export const reviewMessageEmail = (ctx: EmailContext, data: { songTitle: string; senderName: string; message: string; url: string }) =>
  renderEmail(ctx, `New reply about "${data.songTitle}"`, [`${data.senderName} wrote about "${data.songTitle}":`, data.message], {
    label: 'Open the conversation',
    url: data.url,
  });
