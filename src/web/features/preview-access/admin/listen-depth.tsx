import { ScrollBox } from '../../../components/scroll-box';
import { cn } from '../../../lib/cn';
import { formatListened } from './activity-format';

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** How far a listener got: "2:05 of 3:20" with a small bar; just the time while the length is unknown. */
export function DepthMeter({
  furthestSeconds,
  durationSeconds,
  completed,
}: {
  furthestSeconds: number;
  durationSeconds: number | null;
  completed?: boolean;
}) {
  if (!durationSeconds) return <span className="tabular-nums">{formatListened(furthestSeconds)}</span>;
  const share = completed ? 1 : Math.min(1, furthestSeconds / durationSeconds);
  return (
    <span className="inline-flex items-center gap-2 whitespace-nowrap">
      <span aria-hidden="true" className="h-1.5 w-14 overflow-hidden rounded-full bg-muted">
        <span className="block h-full rounded-full bg-primary" style={{ width: percent(share) }} />
      </span>
      <span className="tabular-nums">
        {formatListened(share * durationSeconds)} of {formatListened(durationSeconds)}
      </span>
    </span>
  );
}

/** The stretch of the song a bar stands for, as "0:30–0:35". */
const stretch = (i: number, count: number, duration: number) =>
  `${formatListened((i * duration) / count)}–${formatListened(((i + 1) * duration) / count)}`;

/** One sentence that says what the chart shows, for its label and under it. */
export function dropOffSummary(reached: number[], plays: number, duration: number): string {
  if (plays === 0) return 'No plays yet.';
  const half = reached.findIndex((n) => n / plays < 0.5);
  const middle =
    half === -1
      ? 'More than half of them reached the last stretch'
      : `Half of them stopped before ${formatListened((half * duration) / reached.length)}`;
  return `${plays} ${plays === 1 ? 'play' : 'plays'}: ${percent(reached[0]! / plays)} got past the start and ${percent(reached.at(-1)! / plays)} reached the end. ${middle}.`;
}

/**
 * Where listeners stop: for each equal stretch of the song, the share of plays that got into it. A bar
 * chart for the eye; the same figures in a table for screen readers and anyone who wants the numbers.
 */
export function DropOffChart({
  reached,
  plays,
  durationSeconds,
  className,
}: {
  reached: number[];
  plays: number;
  durationSeconds: number;
  className?: string;
}) {
  const count = reached.length;
  const summary = dropOffSummary(reached, plays, durationSeconds);
  return (
    <figure className={cn('grid gap-2', className)}>
      <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2">
        <div aria-hidden="true" className="flex h-32 flex-col justify-between text-right text-xs tabular-nums text-muted-foreground">
          <span>100%</span>
          <span>50%</span>
          <span>0%</span>
        </div>
        <svg
          role="img"
          aria-label={`Drop-off chart. ${summary}`}
          viewBox={`0 0 ${count} 100`}
          preserveAspectRatio="none"
          className="h-32 w-full border-b border-l border-border"
        >
          <line
            x1="0"
            x2={count}
            y1="50"
            y2="50"
            className="stroke-border"
            strokeWidth="0.5"
            vectorEffect="non-scaling-stroke"
            strokeDasharray="4 4"
          />
          {reached.map((n, i) => {
            const height = plays > 0 ? (n / plays) * 100 : 0;
            return (
              <rect key={i} x={i + 0.1} width="0.8" y={100 - height} height={height} className="fill-primary">
                <title>{`${stretch(i, count, durationSeconds)}: ${n} of ${plays} plays (${percent(plays ? n / plays : 0)})`}</title>
              </rect>
            );
          })}
        </svg>
        <div aria-hidden="true" className="col-start-2 flex justify-between text-xs tabular-nums text-muted-foreground">
          <span>0:00</span>
          <span>{formatListened(durationSeconds / 2)}</span>
          <span>{formatListened(durationSeconds)}</span>
        </div>
      </div>
      <figcaption className="text-sm text-muted-foreground">{summary}</figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer rounded-sm font-medium text-primary">The figures</summary>
        <ScrollBox label="The figures" className="mt-2 max-h-64">
          <table className="w-full text-left tabular-nums">
            <caption className="sr-only">Plays that reached each stretch of the song</caption>
            <thead className="text-muted-foreground">
              <tr>
                <th scope="col" className="py-1 pr-4 font-medium">
                  Stretch
                </th>
                <th scope="col" className="py-1 pr-4 text-right font-medium">
                  Plays that reached it
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Share
                </th>
              </tr>
            </thead>
            <tbody>
              {reached.map((n, i) => (
                <tr key={i} className="border-t border-border">
                  <th scope="row" className="py-1 pr-4 font-normal">
                    {stretch(i, count, durationSeconds)}
                  </th>
                  <td className="py-1 pr-4 text-right">{n}</td>
                  <td className="py-1 text-right">{percent(plays ? n / plays : 0)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      </details>
    </figure>
  );
}
