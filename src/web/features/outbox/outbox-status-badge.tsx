import type { OutboxStatus } from '../../../common/constants';
import { Badge, type BadgeProps } from '../../components/ui/badge';

const VARIANT: Record<OutboxStatus, BadgeProps['variant']> = {
  pending: 'warning',
  sent: 'success',
  dead: 'destructive',
  discarded: 'secondary',
};

export function OutboxStatusBadge({ status }: { status: OutboxStatus }) {
  return <Badge variant={VARIANT[status]}>{status}</Badge>;
}
