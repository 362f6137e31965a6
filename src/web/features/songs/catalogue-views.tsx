import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { CATALOGUE_SORTS, type CatalogueSort, type CatalogueView } from '../../../common/constants';
import type { CatalogueListItem } from '../../../common/responses';
import * as MESSAGES from '../../../common/messages';
import { Button } from '../../components/ui/button';
import { NativeSelect } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { queueItemOf, SongCard } from './song-card';
import type { Selection } from './song-marks';

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
          Cards
        </Button>
        <Button variant={view === 'list' ? 'secondary' : 'ghost'} aria-pressed={view === 'list'} onClick={() => onView('list')}>
          List
        </Button>
      </div>
    </div>
  );
}

// Off the first view (the cards): the list's rows and the bulk actions come with their first use.
const SongRows = lazy(() => import('./song-rows').then((m) => ({ default: m.SongRows })));
const BulkActions = lazy(() => import('./bulk-actions').then((m) => ({ default: m.BulkActions })));

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
  const clear = () => setPicked(new Set());

  return (
    <div className={dimmed ? 'opacity-60' : undefined}>
      <SelectAll count={selected.length} total={rows.length} onChange={setAll} />
      {selected.length > 0 && (
        <Suspense fallback={<Spinner className="mt-2 flex" />}>
          <BulkActions songIds={selected} onDone={clear} onClear={clear} />
        </Suspense>
      )}
      {view === 'list' ? (
        <Suspense fallback={<Spinner className="mt-4 flex" label={MESSAGES.songs.loadingList} />}>
          <SongRows rows={rows} queue={queue} playable={playable} selection={selection} showHeld={showHeld} />
        </Suspense>
      ) : (
        <ul className="mt-4 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {rows.map((song) => (
            <li key={song.id}>
              <SongCard song={song} queue={queue} index={playable.indexOf(song)} selection={selection} />
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
