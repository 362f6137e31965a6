import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import * as MESSAGES from '../../../../common/messages';
import { PAGE_PATHS, pathTo } from '../../../../common/routes';
import { Badge } from '../../../components/ui/badge';
import { formatDateTime } from '../../../lib/format';
import { userPlaysQuery } from './admin-preview-api';
import { formatListened } from './activity-format';
import { DepthMeter } from './listen-depth';
import { DetailPanel } from './detail-panel';
import { DataTable } from '../../../components/data-table';

/** One preview user's plays, newest first, with how far into each song they got. */
export function UserPlaysPanel({ userId, label, onClose }: { userId: string; label: string; onClose: () => void }) {
  return (
    <DetailPanel
      id="user-plays"
      heading={<>Plays by {label}</>}
      level={2}
      closeLabel={`Close the plays of ${label}`}
      onClose={onClose}
      query={useQuery(userPlaysQuery(userId))}
      loadingLabel="Loading plays"
      errorTitle={MESSAGES.previewAccess.playsLoadFailed}
      emptyText={MESSAGES.previewAccess.playsEmpty}
      isEmpty={(plays) => plays.length === 0}
    >
      {(plays) => (
        <DataTable
          label="Plays"
          caption={`Plays by ${label}, newest first`}
          variant="panel"
          tableClassName="min-w-[600px]"
          columns={['Song', 'When', { label: 'Listened', numeric: true }, 'Completed', 'Furthest']}
        >
          {plays.map((play) => (
            <tr key={play.id} className="border-b border-border last:border-0">
              <td className="py-2 pr-4">
                <Link to={pathTo(PAGE_PATHS.song, { slug: play.songSlug })} className="link">
                  {play.songTitle}
                </Link>
              </td>
              <td className="whitespace-nowrap py-2 pr-4">
                <time dateTime={play.playedAt}>{formatDateTime(play.playedAt)}</time>
              </td>
              <td className="py-2 pr-4 text-right tabular-nums">{formatListened(play.durationSeconds)}</td>
              <td className="py-2 pr-4">{play.completed ? <Badge variant="success">Yes</Badge> : <Badge variant="secondary">No</Badge>}</td>
              <td className="py-2">
                <DepthMeter furthestSeconds={play.furthestSeconds} durationSeconds={play.songDurationSeconds} completed={play.completed} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </DetailPanel>
  );
}
