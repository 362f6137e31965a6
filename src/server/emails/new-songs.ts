import { renderEmail, type EmailContext } from './layout';

/** How many songs the e-mail names; the rest are counted, and the catalogue lists them all. */
export const NEW_SONGS_LISTED_MAX = 30;

export interface NewSongLine {
  title: string;
  genre: string | null;
  url: string;
}

const line = (song: NewSongLine) => `“${song.title}”${song.genre ? ` (${song.genre})` : ''}: ${song.url}`;

/** To a buyer, early on Monday: the songs added to the catalogue since their last such e-mail, and how to stop it. */
export function newSongsEmail(
  ctx: EmailContext,
  data: { name: string; songs: NewSongLine[]; total: number; catalogueUrl: string; unsubscribeUrl: string },
) {
  const more = data.total - data.songs.length;
  const count = data.total === 1 ? 'a new song' : `${data.total} new songs`;
  return renderEmail(
    ctx,
    data.total === 1 ? `A new song in the ${ctx.siteName} catalogue` : `${data.total} new songs in the ${ctx.siteName} catalogue`,
    [
      `Hi ${data.name}, the catalogue has ${count} since our last e-mail.`,
      [...data.songs.map(line), ...(more > 0 ? [`…and ${more} more.`] : [])].join('\n'),
      `You get this e-mail once a week when new songs come in. To stop it, open this link (no sign-in needed): ${data.unsubscribeUrl}`,
    ],
    { label: 'Open the catalogue', url: data.catalogueUrl },
  );
}
