import * as MESSAGES from '../../../common/messages';
import { clockTime } from '../../../common/song-form';
import { cn } from '../../lib/cn';

/** The curve's drawing box: one unit a point across, 0–100 high. */
const HEIGHT = 100;

/**
 * A song's energy over its length (0–1 a point, spread evenly over `durationSeconds`) as a filled curve. A
 * picture with a name that says where the song is loudest; without a curve, a line that says so.
 */
export function EnergyCurve({
  energy,
  durationSeconds,
  className,
}: {
  energy: readonly number[] | null;
  durationSeconds: number | null;
  className?: string;
}) {
  if (!energy || energy.length < 2) return <p className="text-sm text-muted-foreground">{MESSAGES.songFacts.energyMissing}</p>;
  const last = energy.length - 1;
  const peak = energy.indexOf(Math.max(...energy));
  const peakAt = durationSeconds ? clockTime(((peak + 0.5) / energy.length) * durationSeconds) : null;
  const line = energy.map((value, i) => `${i},${(HEIGHT * (1 - value)).toFixed(1)}`).join(' ');
  return (
    <svg
      viewBox={`0 0 ${last} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={peakAt ? MESSAGES.songFacts.energy(peakAt) : 'Energy over the song'}
      className={cn('h-12 w-full overflow-visible', className)}
    >
      <polygon points={`0,${HEIGHT} ${line} ${last},${HEIGHT}`} className="fill-primary/15" />
      <polyline points={line} fill="none" vectorEffect="non-scaling-stroke" strokeWidth={2} className="stroke-primary" />
    </svg>
  );
}
