import type { ReactNode } from 'react';
import * as MESSAGES from '../../common/messages';
import { cn } from '../lib/cn';
import { useScrollState } from './scroll-box';

/**
 * The frame of a table that may be wider than the screen: it scrolls sideways inside itself, and only while
 * it does, it can be focused and scrolled from the keyboard (a named region) and says so under the table.
 */
export function TableScroll({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  const { ref: frame, overflows } = useScrollState<HTMLDivElement>();
  return (
    <>
      <div
        ref={frame}
        role={overflows ? 'region' : undefined}
        aria-label={overflows ? label : undefined}
        tabIndex={overflows ? 0 : undefined}
        // relative: hidden labels in the cells (sr-only, positioned) then belong to this box and scroll inside it,
        // instead of widening the page from wherever the table has scrolled them.
        className={cn('relative overflow-x-auto', className)}
      >
        {children}
      </div>
      {overflows && <p className="mt-2 text-xs text-muted-foreground">{MESSAGES.generic.tableScrollHint}</p>}
    </>
  );
}
