import type { UseQueryResult } from '@tanstack/react-query';
import { Headphones, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { QueryState } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';

interface DetailPanelProps<T> {
  /** The section's id; its heading is `${id}-title`. */
  id: string;
  heading: ReactNode;
  /** Its place in the page's outline. */
  level: 2 | 3;
  closeLabel: string;
  onClose: () => void;
  query: UseQueryResult<T>;
  loadingLabel: string;
  errorTitle: string;
  /** Shown, with a headphones icon, when `isEmpty` says there is nothing to list. */
  emptyText: string;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

/** A closable card under a table row of Preview Activity: the row's details, with loading, error and empty states. */
export function DetailPanel<T>({
  id,
  heading,
  level,
  closeLabel,
  onClose,
  query,
  loadingLabel,
  errorTitle,
  emptyText,
  isEmpty,
  children,
}: DetailPanelProps<T>) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="rounded-xl border border-border bg-card p-4 shadow-sm sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <Heading id={`${id}-title`} className={`min-w-0 break-words font-semibold ${level === 2 ? 'text-xl' : 'text-lg'}`}>
          {heading}
        </Heading>
        <Button variant="ghost" size="icon" className="-mr-2 -mt-2 shrink-0" onClick={onClose}>
          <X aria-hidden="true" />
          <span className="sr-only">{closeLabel}</span>
        </Button>
      </div>
      <div className="mt-4">
        <QueryState
          query={query}
          pending={<Spinner label={loadingLabel} className="py-6" />}
          errorTitle={errorTitle}
          isEmpty={isEmpty}
          empty={
            <p className="flex items-center gap-2 py-4 text-sm text-muted-foreground">
              <Headphones aria-hidden="true" className="size-4" />
              {emptyText}
            </p>
          }
        >
          {children}
        </QueryState>
      </div>
    </section>
  );
}
