import { SlidersHorizontal } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import * as MESSAGES from '../../../common/messages';
import { Button } from '../../components/ui/button';
import { InlineSpinner } from '../../components/ui/spinner';
import { toast } from '../../lib/toast';
import { whenIdle } from '../../lib/when-idle';
import type { CatalogueCount, CatalogueFilters as Filters } from './catalogue-api';
import { activeFilterCount, type FilterPatch } from './catalogue-filters';

type SheetModule = typeof import('./catalogue-filter-sheet-dialog');
// The sheet (and the dialog library under it) is not part of the list's first load: a phone fetches it once the
// page is idle, or at the first tap if that comes sooner.
let sheetModule: Promise<SheetModule> | undefined;
const loadSheet = () =>
  (sheetModule ??= import('./catalogue-filter-sheet-dialog').catch((error: unknown) => {
    sheetModule = undefined; // A later tap tries again.
    throw error;
  }));

const SHEET_ID = 'catalogue-filter-sheet';

/**
 * The catalogue's filters on a phone: a Filters button (with how many are on) that opens them in a sheet from
 * the bottom of the screen (catalogue-filter-sheet-dialog.tsx), so the first screen shows songs.
 */
export function CatalogueFilterSheet({
  filters,
  genres,
  total,
  onChange,
  onClear,
}: {
  filters: Filters;
  genres: readonly string[];
  /** The songs the list now holds; undefined while it loads. */
  total: CatalogueCount | undefined;
  onChange: (patch: FilterPatch) => void;
  onClear: () => void;
}) {
  // The sheet's component, once its chunk has arrived.
  const [Sheet, setSheet] = useState<SheetModule['FilterSheetDialog']>();
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const count = activeFilterCount(filters);

  // Only where the button shows (a phone's width): a wider screen has the filters inline and never needs it.
  useEffect(
    () =>
      whenIdle(() => {
        // A failed prefetch is tried again, and reported, at the tap.
        if (button.current?.offsetParent) loadSheet().catch(() => {});
      }),
    [],
  );

  const openSheet = () => {
    if (Sheet) {
      setOpen(true);
      return;
    }
    setLoading(true);
    loadSheet()
      .then(
        (module) => {
          setSheet(() => module.FilterSheetDialog);
          setOpen(true);
        },
        () => toast.error(MESSAGES.generic.network),
      )
      .finally(() => setLoading(false));
  };

  return (
    <>
      <Button
        ref={button}
        variant="outline"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? SHEET_ID : undefined}
        aria-busy={loading || undefined}
        onClick={openSheet}
      >
        {loading ? <InlineSpinner /> : <SlidersHorizontal aria-hidden="true" />}
        Filters
        {count > 0 && (
          <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold leading-5 text-primary-foreground">
            {count}
            <span className="sr-only"> on</span>
          </span>
        )}
      </Button>
      {Sheet && (
        <Sheet
          id={SHEET_ID}
          open={open}
          onOpenChange={setOpen}
          opener={button}
          filters={filters}
          genres={genres}
          total={total}
          onChange={onChange}
          onClear={onClear}
        />
      )}
    </>
  );
}
