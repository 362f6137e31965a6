import type { SongResponse } from '../../../common/constants';
import { Badge } from '../../components/ui/badge';

/** Hold in green, pass in grey, everywhere an admin reads answers. */
export function ResponseBadge({ response }: { response: SongResponse | null }) {
  if (response === 'hold') return <Badge variant="success">Hold</Badge>;
  if (response === 'pass') return <Badge variant="secondary">Pass</Badge>;
  return <span className="text-muted-foreground">—</span>;
}
