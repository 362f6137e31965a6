import { useQuery } from '@tanstack/react-query';
import * as MESSAGES from '../../../common/messages';
import type { BriefOutcome } from '../../../common/responses/brief-shortlist';
import { ErrorState } from '../../components/error-state';
import { Badge, type BadgeProps } from '../../components/ui/badge';
import { myBriefOutcomesQuery } from './screening-api';

const m = MESSAGES.briefShortlist;

const VARIANTS: Record<BriefOutcome, BadgeProps['variant']> = {
  awaiting: 'outline',
  not_shortlisted: 'secondary',
  awaiting_signature: 'warning',
  shortlisted: 'default',
  on_hold: 'success',
  passed: 'secondary',
};

/**
 * The songwriter's dashboard: each song they sent to a brief and where it stands (being screened, shortlisted, on
 * hold, passed). The buyer's note is never part of it. Nothing shows until they have answered a brief.
 */
export function MyBriefOutcomes({ className }: { className?: string }) {
  const outcomes = useQuery(myBriefOutcomesQuery);
  if (outcomes.isError) {
    return (
      <div className={className}>
        <ErrorState title={m.outcomesLoadFailed} error={outcomes.error} onRetry={() => void outcomes.refetch()} />
      </div>
    );
  }
  const rows = outcomes.data ?? [];
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="brief-outcomes-heading" className={className}>
      <h2 id="brief-outcomes-heading" className="mb-4 text-2xl font-semibold">
        Your songs on briefs
      </h2>
      <ul className="grid gap-2">
        {rows.map((o) => (
          <li key={o.answerId} className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-border bg-card p-3">
            <div className="min-w-0">
              <p className="break-words font-semibold">{o.songTitle}</p>
              <p className="break-words text-sm text-muted-foreground">For “{o.briefTitle}”</p>
            </div>
            <Badge variant={VARIANTS[o.outcome]}>{m.outcomeLabels[o.outcome]}</Badge>
          </li>
        ))}
      </ul>
    </section>
  );
}
