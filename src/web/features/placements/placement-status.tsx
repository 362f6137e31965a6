import type { PlacementStatus } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import { Badge } from '../../components/ui/badge';
import { formatDate } from '../../lib/format';

export const STATUS_LABELS = MESSAGES.placements.statusLabels;

export function PlacementStatusBadge({ status }: { status: PlacementStatus }) {
  return <Badge variant={status === 'released' ? 'success' : status === 'cut' ? 'warning' : 'outline'}>{STATUS_LABELS[status]}</Badge>;
}

/** A release day (YYYY-MM-DD) as the pages show dates, read as that calendar day wherever the browser is. */
export const formatDay = (day: string | null) => (day ? formatDate(`${day}T00:00:00`) : '—');
