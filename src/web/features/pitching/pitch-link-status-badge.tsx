import type { PitchLinkStatus } from '../../../common/responses';
import { Badge } from '../../components/ui/badge';

const LOOK = {
  active: { variant: 'success', label: 'Active' },
  expired: { variant: 'warning', label: 'Expired' },
  revoked: { variant: 'destructive', label: 'Revoked' },
} as const;

export function PitchLinkStatusBadge({ status }: { status: PitchLinkStatus }) {
  return <Badge variant={LOOK[status].variant}>{LOOK[status].label}</Badge>;
}
