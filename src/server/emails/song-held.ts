import { renderEmail, type EmailContext } from './layout';

/** To the admin notify address when a listener puts a song on hold (not when they only edit the note). */
export const songHeldEmail = (
  ctx: EmailContext,
  data: {
    songTitle: string;
    note: string | null;
    listener: { name: string; email: string; company: string | null };
    via: 'preview' | 'pitch';
    url: string;
  },
) => {
  const who = data.listener.name || data.listener.email;
  const company = data.listener.company ? ` (${data.listener.company})` : '';
  return renderEmail(
    ctx,
    `On hold: "${data.songTitle}"`,
    [
      `${who}${company} put "${data.songTitle}" on hold${data.note ? ` for ${data.note}` : ''}.`,
      `Listener: ${data.listener.name ? `${data.listener.name}, ` : ''}${data.listener.email}${data.via === 'pitch' ? ', through a pitch link' : ', a preview user'}.`,
    ],
    { label: 'See their activity', url: data.url },
  );
};
