import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** What an empty list shows: an icon, the message and an optional next step. */
export function EmptyState({ icon: Icon, message, children }: { icon: LucideIcon; message: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-card px-6 py-16 text-center text-muted-foreground">
      <Icon aria-hidden="true" className="size-10" />
      <p>{message}</p>
      {children}
    </div>
  );
}
