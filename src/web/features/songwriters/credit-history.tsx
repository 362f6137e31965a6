import { useQuery } from '@tanstack/react-query';
import * as MESSAGES from '../../../common/messages';
import { formatCents } from '../../../common/money';
import type { CreditHistoryEntry } from '../../../common/responses/orders';
import { formatDate } from '../../lib/format';
import { creditQuery } from './songwriter-api';

const m = MESSAGES.credits;

/** Why a credit was given, in the songwriter's words: a late review, or a signed pitch agreement. */
export function creditReason(entry: CreditHistoryEntry): string {
  if (entry.songTitle === null) return m.goneReason;
  return entry.reason === 'late_review' ? m.lateReason(entry.songTitle, entry.daysLate ?? 1) : m.agreementReason(entry.songTitle);
}

/** "Your credits": every review fee credited back, newest first, with its reason and whether a package used it. */
export function CreditHistory({ className }: { className?: string }) {
  const credit = useQuery(creditQuery);
  const history = credit.data?.history ?? [];
  if (history.length === 0) return null;
  return (
    <section aria-labelledby="credit-history-title" className={className}>
      <h2 id="credit-history-title" className="text-xl font-semibold">
        {m.historyTitle}
      </h2>
      <ul className="mt-3 grid gap-2">
        {history.map((entry) => (
          <li key={entry.id} className="flex flex-col gap-1 rounded-md border px-4 py-3 sm:flex-row sm:items-baseline sm:gap-4">
            <span className="font-display text-lg font-bold text-success">{formatCents(entry.amountCents)}</span>
            <span className="flex-1">{creditReason(entry)}</span>
            <span className="text-sm text-muted-foreground">
              {formatDate(entry.createdAt)} · {entry.spent ? m.spent : m.unspent}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
