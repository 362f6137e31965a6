import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './ui/button';

/**
 * Previous / "Page n of m" / Next. Renders nothing when everything fits on one page. When the count stopped at a
 * cap (`totalCapped`), there are more pages than it says, and Next stays on.
 */
export function Pagination({
  page,
  total,
  totalCapped = false,
  pageSize,
  onPage,
}: {
  page: number;
  total: number;
  totalCapped?: boolean;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  if (totalPages <= 1 && page <= 1 && !totalCapped) return null;
  return (
    <nav aria-label="Pagination" className="mt-6 flex items-center justify-between gap-4">
      <Button
        variant="outline"
        size="sm"
        disabled={page <= 1}
        onClick={() => onPage(totalCapped ? page - 1 : Math.min(page - 1, totalPages))}
      >
        <ChevronLeft aria-hidden="true" />
        Previous
      </Button>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Page {page} of {totalCapped ? `more than ${totalPages.toLocaleString('en-US')}` : totalPages}
      </p>
      <Button variant="outline" size="sm" disabled={page >= totalPages && !totalCapped} onClick={() => onPage(page + 1)}>
        Next
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
