import { LayoutGrid, List } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { CATALOGUE_SORTS, type CatalogueSort, type CatalogueView, type SongResponse } from '../../../common/constants';
import type { CatalogueListItem } from '../../../common/responses';
import * as MESSAGES from '../../../common/messages';
import { Button } from '../../components/ui/button';
import { NativeSelect } from '../../components/ui/select';
import { toast } from '../../lib/toast';
import { useBulkAnswers } from '../pitching';
import { queueItemOf, SongCard } from './song-card';
import type { Selection } from './song-marks';
import { SongRows } from './song-rows';

/** Sort, view, and "select all on this page": the row above the songs. */
export function CatalogueToolbar({
  sort,
  view,
  onSort,
  onView,
}: {
  sort: CatalogueSort;
  view: CatalogueView;
  onSort: (sort: CatalogueSort) => void;
  onView: (view: CatalogueView) => void;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <label className="grid gap-1.5 text-sm font-medium">
        Sort by
        <NativeSelect value={sort} onChange={(event) => onSort(event.target.value as CatalogueSort)} className="w-auto min-w-52">
          {CATALOGUE_SORTS.map((s) => (
            <option key={s} value={s}>
              {MESSAGES.songs.sortLabels[s]}
            </option>
          ))}
        </NativeSelect>
      </label>
      <div role="group" aria-label="View" className="flex gap-1">
        <Button variant={view === 'cards' ? 'secondary' : 'ghost'} aria-pressed={view === 'cards'} onClick={() => onView('cards')}>
          <LayoutGrid aria-hidden="true" />
          Cards
        </Button>
        <Button variant={view === 'list' ? 'secondary' : 'ghost'} aria-pressed={view === 'list'} onClick={() => onView('list')}>
          <List aria-hidden="true" />
          List
        </Button>
      </div>
    </div>
  );
}

/**
 * A page of songs as cards or rows, with a checkbox on each for the bulk actions. The selection belongs to the
 * page shown: the parent gives this a new key when the page or its filters change, and a view switch keeps it.
 */
export function CatalogueResults({
  rows,
  view,
  showHeld,
  dimmed,
}: {
  rows: CatalogueListItem[];
  view: CatalogueView;
  showHeld: boolean;
  dimmed: boolean;
}) {
  const playable = useMemo(() => rows.filter((song) => !song.audioProcessing), [rows]);
  const queue = useMemo(() => playable.map(queueItemOf), [playable]);
  const { answers, answer, pending } = useBulkAnswers();
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  // Only songs still on the page count (a refetch may have dropped one).
  const selected = rows.filter((song) => picked.has(song.id)).map((song) => song.id);
  const selection: Selection = {
    has: (id) => picked.has(id),
    toggle: (id, on) =>
      setPicked((old) => {
        const next = new Set(old);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
  };
  const setAll = (on: boolean) => setPicked(on ? new Set(rows.map((song) => song.id)) : new Set());

  const respond = async (response: SongResponse) => {
    const result = await answer({ songIds: selected, response });
    if (result.failed > 0) toast.error(MESSAGES.songs.bulkFailed(result.failed));
    else toast.success(response === 'hold' ? MESSAGES.songs.bulkHeld(selected.length) : MESSAGES.songs.bulkPassed(selected.length));
    if (result.failed === 0) setPicked(new Set());
  };

  return (
    <div className={dimmed ? 'opacity-60' : undefined}>
      <SelectAll count={selected.length} total={rows.length} onChange={setAll} />
      {selected.length > 0 && (
        <BulkBar count={selected.length} pending={pending} onClear={() => setPicked(new Set())}>
          <Button size="sm" disabled={pending} onClick={() => void respond('hold')}>
            {MESSAGES.songs.holdSelected}
          </Button>
          <Button size="sm" variant="outline" disabled={pending} onClick={() => void respond('pass')}>
            {MESSAGES.songs.passSelected}
          </Button>
          {/* "Add to playlist" joins here, as a button taking `selected`, once buyer playlists exist. */}
        </BulkBar>
      )}
      {view === 'list' ? (
        <SongRows rows={rows} queue={queue} playable={playable} selection={selection} answers={answers} showHeld={showHeld} />
      ) : (
        <ul className="mt-4 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {rows.map((song) => (
            <li key={song.id}>
              <SongCard song={song} queue={queue} index={playable.indexOf(song)} selection={selection} answer={answers.get(song.id)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One checkbox for every song on the page: ticked when all are, mixed when some are. */
function SelectAll({ count, total, onChange }: { count: number; total: number; onChange: (on: boolean) => void }) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = count > 0 && count < total;
  }, [count, total]);
  return (
    <label className="mt-3 inline-flex min-h-8 cursor-pointer items-center gap-2 text-sm font-medium">
      <span className="inline-flex size-8 items-center justify-center">
        <input
          ref={box}
          type="checkbox"
          className="size-4 accent-primary"
          checked={total > 0 && count === total}
          onChange={(event) => onChange(event.target.checked)}
        />
      </span>
      {MESSAGES.songs.selectAllOnPage}
    </label>
  );
}

/** The selection's count and what may be done with it; sticky below the site's header, so it stays in reach down a long page. */
function BulkBar({
  count,
  pending,
  onClear,
  children,
}: {
  count: number;
  pending: boolean;
  onClear: () => void;
  children: React.ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label="Selected songs"
      aria-busy={pending || undefined}
      className="sticky top-20 z-20 mt-2 flex flex-wrap items-center gap-2 rounded-xl border border-border bg-card p-3 shadow-sm"
    >
      <p className="mr-auto text-sm font-medium" aria-live="polite">
        {MESSAGES.songs.selectedCount(count)}
      </p>
      {children}
      <Button size="sm" variant="ghost" onClick={onClear}>
        {MESSAGES.songs.clearSelection}
      </Button>
    </div>
  );
}
