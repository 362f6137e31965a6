import { dayInWords } from '../../common/days';
import { renderEmail, type EmailContext } from './layout';

export interface DigestSong {
  title: string;
  listeners: number;
  plays: number;
  averageDepthPercent: number | null;
  holds: number;
  passes: number;
  /** Companies of holds the admin chose to show to the writer. */
  holdCompanies: string[];
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function songLine(song: DigestSong): string {
  const parts = [
    song.plays === 0 ? 'no plays' : `${plural(song.listeners, 'listener')}, ${plural(song.plays, 'play')}`,
    ...(song.averageDepthPercent === null ? [] : [`listened to ${Math.round(song.averageDepthPercent)}% of the song on average`]),
    ...(song.holds > 0
      ? [`${plural(song.holds, 'hold')}${song.holdCompanies.length > 0 ? ` (${song.holdCompanies.join(', ')})` : ''}`]
      : []),
    ...(song.passes > 0 ? [plural(song.passes, 'pass', 'passes')] : []),
  ];
  return `"${song.title}": ${parts.join('; ')}.`;
}

/** To a songwriter, the Monday after a week in which their pitched songs were played, held or passed. Listeners are never named. */
export const pitchReportDigestEmail = (
  ctx: EmailContext,
  data: { name: string; weekFrom: string; weekTo: string; songs: DigestSong[]; url: string },
) =>
  renderEmail(
    ctx,
    `Your pitch report for the week of ${dayInWords(data.weekFrom)}`,
    [
      `Hi ${data.name}, here is how listeners met your pitched songs from ${dayInWords(data.weekFrom)} to ${dayInWords(data.weekTo)}.`,
      data.songs.map(songLine).join('\n'),
      'Listeners are industry professionals we pitch to; we do not share their names.',
    ],
    { label: 'Open your pitch report', url: data.url },
  );
