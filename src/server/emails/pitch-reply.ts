import { renderEmail, type EmailContext } from './layout';

/** To the admin who sent a pitch link, or the buyer who shared songs, when its recipient writes back from the link's page. */
export const pitchReplyEmail = (
  ctx: EmailContext,
  data: { recipientName: string; recipientEmail: string; recipientCompany: string | null; message: string; url: string; share?: boolean },
) => {
  const company = data.recipientCompany ? ` (${data.recipientCompany})` : '';
  return renderEmail(
    ctx,
    data.share ? `Reply from ${data.recipientName} on the songs you shared` : `Reply from ${data.recipientName} on their pitch link`,
    [
      `${data.recipientName}${company} <${data.recipientEmail}> wrote back from the songs you sent them:`,
      data.message,
      'Reply to this e-mail to answer them.',
    ],
    { label: data.share ? 'See your share' : 'See the pitch link', url: data.url },
  );
};
