import { renderEmail, type EmailContext } from './layout';

/** To the admin who sent a pitch link, when its recipient writes back from the link's page. */
export const pitchReplyEmail = (
  ctx: EmailContext,
  data: { recipientName: string; recipientEmail: string; recipientCompany: string | null; message: string; url: string },
) => {
  const company = data.recipientCompany ? ` (${data.recipientCompany})` : '';
  return renderEmail(
    ctx,
    `Reply from ${data.recipientName} on their pitch link`,
    [
      `${data.recipientName}${company} <${data.recipientEmail}> wrote back from the songs you sent them:`,
      data.message,
      'Reply to this e-mail to answer them.',
    ],
    { label: 'See the pitch link', url: data.url },
  );
};
