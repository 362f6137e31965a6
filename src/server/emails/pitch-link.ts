import { dayInWords } from '../../common/days';
import { renderEmail, type EmailContext } from './layout';

/** The recipient's unique link to a shortlist; no account needed. */
export const pitchLinkEmail = (
  ctx: EmailContext,
  data: { recipientName: string; message: string | null; songCount: number; expiresOn: string; url: string },
) =>
  renderEmail(
    ctx,
    `${data.songCount === 1 ? 'A song' : `${data.songCount} songs`} for you from ${ctx.siteName}`,
    [
      `Hi ${data.recipientName},`,
      ...(data.message ? [data.message] : []),
      `We picked ${data.songCount === 1 ? 'a song' : `${data.songCount} songs`} for you. Listen, read the lyrics and tell us "hold" or "pass" for each one: no account or password needed.`,
      `The link is yours alone and works until ${dayInWords(data.expiresOn)}. Please do not forward it.`,
    ],
    { label: 'Listen to the songs', url: data.url },
  );
