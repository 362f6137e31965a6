import { format, parseISO } from 'date-fns';
import type { DayPlays } from './dashboard-api';

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/** The smallest of 1, 2, 5, 10, 20, 50, ... that is at least `max`, so the top gridline is a round number. */
export function niceCeiling(max: number): number {
  if (max <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * magnitude >= max) return step * magnitude;
  return 10 * magnitude;
}

/** "120 plays in the last 30 days; the busiest day was Mar 3 with 14 plays." */
export function summarisePlays(days: DayPlays[]): string {
  const total = days.reduce((sum, d) => sum + d.plays, 0);
  if (total === 0) return `No plays in the last ${days.length} days.`;
  const busiest = days.reduce((best, d) => (d.plays > best.plays ? d : best));
  return `${plural(total, 'play')} in the last ${days.length} days; the busiest day was ${format(parseISO(busiest.day), 'MMM d')} with ${plural(busiest.plays, 'play')}.`;
}

const BAR = 10;
const HEIGHT = 100;

/**
 * Plays per day as bars. The picture is an image whose name carries the summary; the numbers of every
 * day are in a table that only screen readers see. Each bar's <title> shows its day and count on hover.
 */
export function PlaysChart({ days }: { days: DayPlays[] }) {
  const max = niceCeiling(Math.max(0, ...days.map((d) => d.plays)));
  const summary = summarisePlays(days);
  const first = days[0];
  const middle = days[Math.floor(days.length / 2)];
  const last = days[days.length - 1];
  const label = (day: DayPlays | undefined) => (day ? format(parseISO(day.day), 'MMM d') : '');

  return (
    <div>
      <p className="text-sm text-muted-foreground">{summary}</p>
      <div className="mt-4 flex gap-2">
        {/* The y axis: the round top value, half of it and zero. */}
        <div
          aria-hidden="true"
          className="flex h-44 w-8 shrink-0 flex-col justify-between text-right text-xs tabular-nums text-muted-foreground"
        >
          <span className="-mt-2">{max}</span>
          <span>{max / 2 >= 1 && Number.isInteger(max / 2) ? max / 2 : ''}</span>
          <span className="-mb-2">0</span>
        </div>
        <div className="min-w-0 flex-1">
          <svg
            role="img"
            aria-label={`Bar chart of plays per day over the last ${days.length} days. ${summary}`}
            viewBox={`0 0 ${days.length * BAR} ${HEIGHT}`}
            preserveAspectRatio="none"
            className="block h-44 w-full overflow-visible"
          >
            {[0, 0.5, 1].map((f) => (
              <line
                key={f}
                x1={0}
                x2={days.length * BAR}
                y1={HEIGHT - f * HEIGHT}
                y2={HEIGHT - f * HEIGHT}
                className="stroke-border"
                strokeWidth={1}
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {days.map((d, i) => {
              const h = (d.plays / max) * HEIGHT;
              return (
                <rect
                  key={d.day}
                  x={i * BAR + 1.5}
                  width={BAR - 3}
                  y={HEIGHT - h}
                  height={h}
                  rx={1}
                  className="fill-primary transition-colors hover:fill-accent-strong"
                >
                  <title>{`${format(parseISO(d.day), 'MMM d, yyyy')}: ${plural(d.plays, 'play')}`}</title>
                </rect>
              );
            })}
          </svg>
          <div aria-hidden="true" className="mt-2 flex justify-between text-xs text-muted-foreground">
            <span>{label(first)}</span>
            <span>{label(middle)}</span>
            <span>{label(last)}</span>
          </div>
        </div>
      </div>
      {/* Hidden on a wrapper: a table ignores the height and overflow that hide an element, and its rows would lengthen the page. */}
      <div className="sr-only">
        <table>
          <caption>Plays per day, last {days.length} days</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Plays</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{format(parseISO(d.day), 'MMM d, yyyy')}</th>
                <td>{d.plays}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
