import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import * as MESSAGES from '../../../../common/messages';
import { PAGE_PATHS, pathTo } from '../../../../common/routes';
import { Badge } from '../../../components/ui/badge';
import { formatDateTime } from '../../../lib/format';
import { QueryState } from '../../../components/query-state';
import { Spinner } from '../../../components/ui/spinner';
import { userDownloadsQuery, userPlaysQuery } from './admin-preview-api';
import { DownloadsList } from './downloads-list';
import { formatListened } from './activity-format';
import { DepthMeter } from './listen-depth';
import { DetailPanel } from './detail-panel';
import { DataTable } from '../../../components/data-table';

/** One preview user's plays, newest first, with how far into each song they got; then their downloads. */
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
      footer={<UserDownloads userId={userId} label={label} />}
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

/** The files a preview user has downloaded, newest first: a part of the panel with its own loading and error states. */
function UserDownloads({ userId, label }: { userId: string; label: string }) {
  return (
    <section aria-labelledby="user-downloads-title" className="mt-6">
      <h3 id="user-downloads-title" className="font-semibold">
        Downloads by {label}
      </h3>
      <div className="mt-3">
        <QueryState
          query={useQuery(userDownloadsQuery(userId))}
          pending={<Spinner label="Loading downloads" className="py-4" />}
          errorTitle={MESSAGES.downloads.userDownloadsLoadFailed}
          isEmpty={(downloads) => downloads.length === 0}
          empty={<p className="py-2 text-sm text-muted-foreground">{MESSAGES.downloads.userDownloadsEmpty}</p>}
        >
          {(downloads) => <DownloadsList label={`Downloads by ${label}`} downloads={downloads} />}
        </QueryState>
      </div>
    </section>
  );
}
