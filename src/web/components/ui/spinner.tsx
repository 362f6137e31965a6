import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn';
import * as MESSAGES from '../../../common/messages';

/** A spinner that screen readers announce by its label. */
export function Spinner({ label = MESSAGES.generic.loading, className }: { label?: string; className?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-2 text-muted-foreground', className)}>
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/**
 * A spinner with its label visible, centred in the page area, for page-level loading. A screen tall, so
 * the footer waits below the fold instead of being pushed through the viewport when the page arrives.
 */
export function PageSpinner({ label = MESSAGES.generic.loading }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-dvh flex-col items-center justify-center gap-3 text-muted-foreground">
      <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-primary" />
      <span>{label}</span>
    </div>
  );
}

/** A decorative spinner for inside buttons and status lines that already say what is happening. */
export function InlineSpinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={cn('size-4 animate-spin', className)} />;
}
