import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useId, type RefObject } from 'react';
import { Button } from '../../components/ui/button';
import { songCount, type CatalogueCount, type CatalogueFilters as Filters } from './catalogue-api';
import { CatalogueFilters, hasAnyFilter, type FilterPatch } from './catalogue-filters';

/** The sheet's closing button: how many songs the filters leave, once the list has said. */
const showLabel = (total: CatalogueCount | undefined) =>
  total === undefined || total.total === 0 ? 'Done' : `Show ${songCount(total.total, total.capped)}`;

/**
 * The filters' sheet from the bottom of the screen: a modal dialog (focus kept inside, Escape or the close button
 * closes it, focus goes back to the Filters button). Every change applies at once, as inline; the footer's button
 * applies what is being typed and closes, and Clear filters empties them. Loaded only when a phone opens it.
 */
export function FilterSheetDialog({
  id,
  open,
  onOpenChange,
  opener,
  filters,
  genres,
  total,
  onChange,
  onClear,
}: {
  /** The sheet's element id, which the Filters button names while it is open. */
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The Filters button, which gets focus back when the sheet closes. */
  opener: RefObject<HTMLButtonElement | null>;
  filters: Filters;
  genres: readonly string[];
  total: CatalogueCount | undefined;
  onChange: (patch: FilterPatch) => void;
  onClear: () => void;
}) {
  const formId = useId();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-stone-950/60" />
        <Dialog.Content
          id={id}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[85dvh] flex-col rounded-t-2xl border-t border-border bg-card shadow-xl"
        >
          <div className="flex items-center justify-between border-b border-border px-4 py-3">
            <Dialog.Title className="text-lg font-semibold">Filters</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon">
                <X aria-hidden="true" />
                <span className="sr-only">Close</span>
              </Button>
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4">
            <CatalogueFilters
              variant="sheet"
              id={formId}
              filters={filters}
              genres={genres}
              onChange={onChange}
              onClear={onClear}
              onSubmitted={() => onOpenChange(false)}
            />
          </div>
          <div className="flex items-center justify-between gap-3 border-t border-border px-4 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
            <Button variant="ghost" onClick={onClear} disabled={!hasAnyFilter(filters)}>
              Clear filters
            </Button>
            <Button type="submit" form={formId}>
              {showLabel(total)}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
