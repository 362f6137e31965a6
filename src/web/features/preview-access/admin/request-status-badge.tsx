import { previewAccessStateOf, type PreviewAccessState, type PreviewRequestStatus } from '../../../../common/constants';
import { Badge, type BadgeProps } from '../../../components/ui/badge';

const LOOK: Record<PreviewAccessState, { label: string; variant: BadgeProps['variant'] }> = {
  pending: { label: 'Pending', variant: 'warning' },
  approved: { label: 'Approved', variant: 'success' },
  rejected: { label: 'Rejected', variant: 'destructive' },
  revoked: { label: 'Revoked', variant: 'destructive' },
};

export function RequestStatusBadge({ request }: { request: { status: PreviewRequestStatus; revokedAt: string | null } }) {
  const look = LOOK[previewAccessStateOf(request)];
  return <Badge variant={look.variant}>{look.label}</Badge>;
}
