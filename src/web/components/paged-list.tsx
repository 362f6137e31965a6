import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Paged } from '../../common/responses';
import { EmptyState } from './empty-state';
import { Pagination } from './pagination';
import { QueryState } from './query-state';
import { Button } from './ui/button';
import { PageSpinner } from './ui/spinner';

interface PagedListProps<T> {
  list: UseQueryResult<Paged<T>>;
  page: number;
  onPage: (page: number) => void;
  loadingLabel: string;
  errorTitle: string;
  empty: { icon: LucideIcon; message: string };
  /** With filters on, an empty page offers to clear them. */
  filtered: boolean;
  onClearFilters: () => void;
  /** The rows; `busy` while the next page's answer is on its way (the previous rows stay). */
  children: (rows: T[], busy: boolean) => ReactNode;
}

/**
 * A paged admin table in its states: loading, failed (with Retry), empty (with Clear filters, or back to
 * the first page past the end), or the rows with the pagination under them.
 */
export function PagedList<T>({
  list,
  page,
  onPage,
  loadingLabel,
  errorTitle,
  empty,
  filtered,
  onClearFilters,
  children,
}: PagedListProps<T>) {
  return (
    <QueryState
      query={list}
      pending={<PageSpinner label={loadingLabel} />}
      errorTitle={errorTitle}
      isEmpty={(data) => data.rows.length === 0}
      empty={
        <EmptyState icon={empty.icon} message={empty.message}>
          {filtered ? (
            <Button variant="outline" size="sm" onClick={onClearFilters}>
              Clear filters
            </Button>
          ) : page > 1 ? (
            <Button variant="outline" size="sm" onClick={() => onPage(1)}>
              Go to the first page
            </Button>
          ) : null}
        </EmptyState>
      }
    >
      {(data) => (
        <>
          {children(data.rows, list.isPlaceholderData)}
          <Pagination page={page} total={data.total} totalCapped={data.totalCapped} pageSize={data.pageSize} onPage={onPage} />
        </>
      )}
    </QueryState>
  );
}
