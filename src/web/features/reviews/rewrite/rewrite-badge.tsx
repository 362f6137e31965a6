import * as MESSAGES from '../../../../common/messages';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';

const m = MESSAGES.rewrites;

/** "Rewrite · Round 2": a review of a song's rewrite, on both sides' pages and lists. */
export function RewriteBadge({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-1.5 text-xs font-medium text-muted-foreground', className)}>
      <Badge variant="outline">{m.badge}</Badge>
      {m.roundText}
    </span>
  );
}
