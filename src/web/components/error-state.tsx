import { CircleAlert } from 'lucide-react';
import * as MESSAGES from '../../common/messages';
import { Button } from './ui/button';

/** What a failed load shows: the title, the server's message and a way to try again. */
export function ErrorState({ title, error, onRetry }: { title: string; error?: unknown; onRetry?: () => void }) {
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-danger-line bg-danger-soft px-6 py-10 text-center text-danger-text"
    >
      <CircleAlert aria-hidden="true" className="size-8" />
      <p className="font-semibold">{title}</p>
      {detail && <p className="text-sm">{detail}</p>}
      {onRetry && (
        <Button variant="outline" size="sm" onClick={onRetry}>
          {MESSAGES.generic.retry}
        </Button>
      )}
    </div>
  );
}
