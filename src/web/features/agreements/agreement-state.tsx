import type { PitchAgreementStatus } from '../../../common/constants';
import { Badge } from '../../components/ui/badge';

export const STATE_LABELS: Record<PitchAgreementStatus, string> = {
  offered: 'Offer open',
  accepted: 'Signed',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};

export function AgreementStateBadge({ state }: { state: PitchAgreementStatus }) {
  return <Badge variant={state === 'accepted' ? 'success' : state === 'offered' ? 'warning' : 'outline'}>{STATE_LABELS[state]}</Badge>;
}

/** The terms in one line: "10% of placement income, for 12 months". */
export const termsLine = (a: { commissionPercent: number; termMonths: number }) =>
  `${a.commissionPercent}% of placement income, for ${a.termMonths} month${a.termMonths === 1 ? '' : 's'}`;
