import type { SongResponse } from '../../../common/constants';
import type { CatalogueListItem } from '../../../common/responses';
import * as MESSAGES from '../../../common/messages';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../lib/cn';

/** The songs ticked on this page, and how to tick one. */
export interface Selection {
  has(songId: string): boolean;
  toggle(songId: string, on: boolean): void;
}

/** A song added since the listener's last visit: said in words, not by colour alone. */
export function NewBadge({ className }: { className?: string }) {
  return (
    <Badge variant="secondary" className={className} title={MESSAGES.songs.newBadgeHint}>
      {MESSAGES.songs.newBadge}
      <span className="sr-only">: {MESSAGES.songs.newBadgeHint.toLowerCase()}</span>
    </Badge>
  );
}

/** The listener's own hold or pass on the song, if any. */
export function AnswerBadge({ answer, className }: { answer: SongResponse | undefined; className?: string }) {
  if (!answer) return null;
  return (
    <Badge variant={answer === 'hold' ? 'success' : 'outline'} className={className}>
      {answer === 'hold' ? MESSAGES.songs.answerHeld : MESSAGES.songs.answerPassed}
    </Badge>
  );
}

/**
 * A song's checkbox for the bulk actions, named with its title; its label makes the target 32 px high. `labelled`
 * shows the word "Select" beside it (a card; a row has its column).
 */
export function SelectBox({
  song,
  selection,
  labelled = false,
  className,
}: {
  song: CatalogueListItem;
  selection: Selection;
  labelled?: boolean;
  className?: string;
}) {
  return (
    <label className={cn('inline-flex min-h-8 min-w-8 shrink-0 cursor-pointer items-center justify-center gap-2 text-sm', className)}>
      <input
        type="checkbox"
        className="size-4 accent-primary"
        aria-label={MESSAGES.songs.selectSong(song.title)}
        checked={selection.has(song.id)}
        onChange={(event) => selection.toggle(song.id, event.target.checked)}
      />
      {labelled && <span aria-hidden="true">Select</span>}
    </label>
  );
}
