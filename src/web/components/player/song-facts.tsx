import { Badge } from '../ui/badge';
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

/** A song's tags as a list of badges; nothing without tags. */
export function SongTags({ tags, className }: { tags: readonly string[]; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label="Tags" className={cn('flex flex-wrap gap-1.5', className)}>
      {tags.map((tag) => (
        <li key={tag}>
          <Badge variant="secondary">{tag}</Badge>
        </li>
      ))}
    </ul>
  );
}
