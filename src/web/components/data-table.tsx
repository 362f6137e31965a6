import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { TableScroll } from './table-scroll';

/** A column's header: its label, right-aligned when it holds figures, and any classes of its own (widths, breakpoints). */
export interface DataTableColumn {
  label: ReactNode;
  numeric?: boolean;
  className?: string;
}

/** `card`: a page's main table, framed, its header shaded. `panel`: a table inside a panel that is already framed. */
type DataTableVariant = 'card' | 'panel';

const FRAME: Record<DataTableVariant, string> = { card: 'rounded-xl border border-border bg-card', panel: '' };
const HEAD: Record<DataTableVariant, string> = {
  card: 'border-b border-border bg-muted text-muted-foreground',
  panel: 'border-b border-border text-muted-foreground',
};
const HEADER_CELL: Record<DataTableVariant, string> = { card: 'px-4 py-3 font-medium', panel: 'py-2 pr-4 font-medium last:pr-0' };

/** The cells of a compact table: less room between columns, the usual margin at its edges. */
export const COMPACT_CELL = 'px-3 py-3 first:pl-4 last:pr-4';

/**
 * The admin area's tables, one frame for all: it scrolls sideways when wider than the screen (TableScroll),
 * names itself to screen readers by a hidden caption, and heads each column alike. Rows are the children.
 */
export function DataTable({
  label,
  caption,
  columns,
  variant = 'card',
  className,
  tableClassName,
  compact = false,
  children,
}: {
  /** Names the scroll region when the table overflows. */
  label: string;
  /** Read by screen readers before the table: what the rows are and in which order. */
  caption: string;
  /** A plain string is a column of text. */
  columns: (DataTableColumn | string)[];
  variant?: DataTableVariant;
  /** Classes of the frame, e.g. when it shows. */
  className?: string;
  /** Classes of the table, e.g. its minimum width. */
  tableClassName?: string;
  /** For a wide table of many columns: COMPACT_CELL spacing, and header labels kept on one line. */
  compact?: boolean;
  children: ReactNode;
}) {
  const headerCell = cn(HEADER_CELL[variant], compact && `${COMPACT_CELL} whitespace-nowrap`);
  return (
    <TableScroll label={label} className={cn(FRAME[variant], className)}>
      <table className={cn('w-full text-left text-sm', tableClassName)}>
        <caption className="sr-only">{caption}</caption>
        <thead className={HEAD[variant]}>
          <tr>
            {columns.map((column, index) =>
              typeof column === 'string' ? (
                <th key={index} scope="col" className={headerCell}>
                  {column}
                </th>
              ) : (
                <th key={index} scope="col" className={cn(headerCell, column.numeric && 'text-right', column.className)}>
                  {column.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableScroll>
  );
}

/**
 * The name in a row's header cell that shows the row's details beside the table: pressed while they show.
 * Rows that are clickable as a whole (for the mouse) keep this button for the keyboard; it does not click them too.
 */
export function RowSelectButton({
  selected,
  controls,
  onSelect,
  children,
}: {
  selected: boolean;
  /** The id of the details panel, present while this row's details show. */
  controls: string;
  onSelect: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      aria-controls={selected ? controls : undefined}
      className="rounded-sm text-left font-medium text-primary hover:underline"
      onClick={(event) => {
        event.stopPropagation();
        onSelect();
      }}
    >
      {children}
    </button>
  );
}
