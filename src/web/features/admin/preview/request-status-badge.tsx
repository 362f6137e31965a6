import { Badge, type BadgeProps } from '../../../components/ui/badge';
import type { AdminPreviewRequest } from './admin-preview-api';

type Shown = 'pending' | 'approved' | 'rejected' | 'revoked';

const LOOK: Record<Shown, { label: string; variant: BadgeProps['variant'] }> = {
  pending: { label: 'Pending', variant: 'warning' },
  approved: { label: 'Approved', variant: 'success' },
  rejected: { label: 'Rejected', variant: 'destructive' },
  revoked: { label: 'Revoked', variant: 'destructive' },
};

/** Revoked access is an approved request with revokedAt set; it shows as its own state. */
export const shownStatus = (request: Pick<AdminPreviewRequest, 'status' | 'revokedAt'>): Shown =>
  request.status === 'approved' && request.revokedAt ? 'revoked' : request.status;

export function RequestStatusBadge({ request }: { request: Pick<AdminPreviewRequest, 'status' | 'revokedAt'> }) {
  const look = LOOK[shownStatus(request)];
  return <Badge variant={look.variant}>{look.label}</Badge>;
}
