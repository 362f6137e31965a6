import { cn } from '../../lib/cn';

/** "Genre Country · BPM 92" as a description list; nothing when neither is known. */
export function SongFacts({ genre, bpm, className }: { genre: string | null; bpm: number | null; className?: string }) {
  if (!genre && bpm === null) return null;
  return (
    <dl className={cn('flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground', className)}>
      {genre && (
        <div className="flex gap-1.5">
          <dt className="font-medium text-foreground">Genre</dt>
          <dd>{genre}</dd>
        </div>
      )}
      {bpm !== null && (
        <div className="flex gap-1.5">
          <dt className="font-medium text-foreground">BPM</dt>
          <dd className="tabular-nums">{bpm}</dd>
        </div>
      )}
    </dl>
  );
}
