import { useQuery } from '@tanstack/react-query';
import { BadgeDollarSign } from 'lucide-react';
import * as MESSAGES from '../../../common/messages';
import { formatCents } from '../../../common/money';
import { Alert } from '../../components/ui/alert';
import { creditQuery } from './songwriter-api';

const m = MESSAGES.credits;

/** "$25.00 credit, applied to your next package": shown only while the songwriter has credit to spend. */
export function CreditNote({ className }: { className?: string }) {
  const credit = useQuery(creditQuery);
  const available = credit.data?.availableCents ?? 0;
  // The prices beside this note leave the credit out when it cannot be read; the server still applies it.
  if (credit.isError) {
    return (
      <Alert role="status" className={className}>
        <p className="text-sm">{m.unknown}</p>
      </Alert>
    );
  }
  if (available <= 0) return null;
  return (
    <Alert role="status" className={className}>
      <div className="flex gap-3">
        <BadgeDollarSign aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
        <div>
          <p className="font-medium">{m.available(formatCents(available))}</p>
          <p className="text-sm text-muted-foreground">{m.availableNote}</p>
        </div>
      </div>
    </Alert>
  );
}
