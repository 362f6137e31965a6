import { dayInWords } from '../../common/days';
import { renderEmail, type EmailContext } from './layout';

/** A buyer's share, e-mailed from the app to its recipient: who sent it, their note, and the link. */
export const shareLinkEmail = (
  ctx: EmailContext,
  data: {
    recipientName: string;
    senderName: string;
    senderCompany: string | null;
    what: string;
    songCount: number;
    message: string | null;
    expiresOn: string;
    passwordProtected: boolean;
    url: string;
  },
) => {
  const from = data.senderCompany ? `${data.senderName} (${data.senderCompany})` : data.senderName;
  const songs = data.songCount === 1 ? 'a song' : `${data.songCount} songs`;
  return renderEmail(
    ctx,
    `${data.senderName} shared ${data.what} with you`,
    [
      `Hi ${data.recipientName},`,
      `${from} shared ${songs} with you on ${ctx.siteName}: ${data.what}.`,
      ...(data.message ? [data.message] : []),
      data.passwordProtected
        ? `The page asks for a password: ${data.senderName} will give it to you.`
        : 'Listen and read the lyrics: no account needed.',
      `The link is yours alone and works until ${dayInWords(data.expiresOn)}. Please do not forward it.`,
    ],
    { label: 'Listen to the songs', url: data.url },
  );
};
