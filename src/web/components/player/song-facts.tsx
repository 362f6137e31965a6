import * as MESSAGES from '../../../common/messages';
import { Badge } from '../ui/badge';
import { cn } from '../../lib/cn';

/** "Written by Casey Rivers and Jo Whitfield", from the writers' names in credit order. */
export const writtenBy = (names: readonly string[]) => `Written by ${new Intl.ListFormat('en', { type: 'conjunction' }).format(names)}`;

/** "One-stop": one party clears every right in the song (master and publishing). */
export function OneStopBadge({ className }: { className?: string }) {
  return (
    <Badge variant="success" className={cn('whitespace-nowrap', className)}>
      {MESSAGES.songs.oneStop}
    </Badge>
  );
}

/** "Genre Country · BPM 92 · Key A minor" as a description list; nothing when none is known. */
export function SongFacts({
  genre,
  bpm,
  musicalKey = null,
  className,
}: {
  genre: string | null;
  bpm: number | null;
  musicalKey?: string | null;
  className?: string;
}) {
  if (!genre && bpm === null && !musicalKey) return null;
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
      {musicalKey && (
        <div className="flex gap-1.5">
          <dt className="font-medium text-foreground">Key</dt>
          <dd>{musicalKey}</dd>
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
