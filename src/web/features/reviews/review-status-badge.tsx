import type { ReviewStatus } from '../../../common/constants';
import { Badge, type BadgeProps } from '../../components/ui/badge';

const STATUS: Record<ReviewStatus, { label: string; variant: BadgeProps['variant'] }> = {
  pending: { label: 'Pending', variant: 'warning' },
  in_review: { label: 'In review', variant: 'secondary' },
  reviewed: { label: 'Reviewed', variant: 'success' },
};

export const reviewStatusLabel = (status: ReviewStatus): string => STATUS[status].label;

/** A song review's status, as the songwriter's and the admin's pages show it. */
export function ReviewStatusBadge({ status, className }: { status: ReviewStatus; className?: string }) {
  const { label, variant } = STATUS[status];
  return (
    <Badge variant={variant} className={className}>
      {label}
    </Badge>
  );
}
