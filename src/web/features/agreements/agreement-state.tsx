import type { PitchAgreementStatus, PitchPipelineStage } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
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

/** The pipeline's stages: the agreement's state, or how far a signed one has come. */
export const STAGE_LABELS: Record<PitchPipelineStage, string> = {
  ...STATE_LABELS,
  in_catalogue: 'In catalogue',
  ...MESSAGES.placements.statusLabels,
};

const LATER_STAGES: readonly PitchPipelineStage[] = ['accepted', 'in_catalogue', 'on_hold', 'cut', 'released'];

export function PipelineStageBadge({ stage }: { stage: PitchPipelineStage }) {
  return (
    <Badge variant={LATER_STAGES.includes(stage) ? 'success' : stage === 'offered' ? 'warning' : 'outline'}>{STAGE_LABELS[stage]}</Badge>
  );
}

/** The terms in one line: "10% of placement income, for 12 months". */
export const termsLine = (a: { commissionPercent: number; termMonths: number }) =>
  `${a.commissionPercent}% of placement income, for ${a.termMonths} month${a.termMonths === 1 ? '' : 's'}`;
