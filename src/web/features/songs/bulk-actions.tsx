import { Suspense } from 'react';
import type { SongResponse } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../lib/toast';
import { useBulkAnswers } from '../pitching';
import { AddSelectedToPlaylist } from '../playlists';

/**
 * The selection's count and what may be done with it now: hold or pass on every song selected, add them to a
 * playlist, or clear the selection. Sticky below the site's header, so it stays in reach down a long page. Loaded with the first tick, off the first view.
 */
export function BulkActions({ songIds, onDone, onClear }: { songIds: readonly string[]; onDone: () => void; onClear: () => void }) {
  const { answer, pending } = useBulkAnswers();
  const respond = async (response: SongResponse) => {
    const result = await answer({ songIds, response });
    if (result.failed > 0) {
      toast.error(MESSAGES.songs.bulkFailed(result.failed));
      return;
    }
    toast.success(response === 'hold' ? MESSAGES.songs.bulkHeld(songIds.length) : MESSAGES.songs.bulkPassed(songIds.length));
    onDone();
  };
  return (
    <div
      role="region"
      aria-label="Selected songs"
      aria-busy={pending || undefined}
      className="sticky top-20 z-20 mt-2 flex flex-wrap items-center gap-2 rounded-xl border border-border bg-card p-3 shadow-sm"
    >
      <p className="mr-auto text-sm font-medium" aria-live="polite">
        {MESSAGES.songs.selectedCount(songIds.length)}
      </p>
      <Button size="sm" disabled={pending} onClick={() => void respond('hold')}>
        {MESSAGES.songs.holdSelected}
      </Button>
      <Button size="sm" variant="outline" disabled={pending} onClick={() => void respond('pass')}>
        {MESSAGES.songs.passSelected}
      </Button>
      <Suspense fallback={<Spinner />}>
        <AddSelectedToPlaylist songIds={songIds} onDone={onDone} disabled={pending} />
      </Suspense>
      <Button size="sm" variant="ghost" onClick={onClear}>
        {MESSAGES.songs.clearSelection}
      </Button>
    </div>
  );
}
