import { useQuery } from '@tanstack/react-query';
import * as MESSAGES from '../../../../common/messages';
import { Badge } from '../../../components/ui/badge';
import { formatDateTime } from '../../../lib/format';
import { formatListened } from './activity-format';
import { DetailPanel } from './detail-panel';
import { songListenDepthQuery, type SongListenDepth } from './admin-preview-api';
import { DepthMeter, DropOffChart } from './listen-depth';
import { DataTable } from '../../../components/data-table';

const m = MESSAGES.previewAccess;

/** One song's listening: where listeners stop (the drop-off chart) and each listener with how far they got. */
export function SongDepthPanel({ songId, label, onClose }: { songId: string; label: string; onClose: () => void }) {
  return (
    <DetailPanel
      id="song-depth"
      heading={<>Listening to {label}</>}
      level={3}
      closeLabel={`Close the listening of ${label}`}
      onClose={onClose}
      query={useQuery(songListenDepthQuery(songId))}
      loadingLabel="Loading listening"
      errorTitle={m.depthLoadFailed}
      emptyText={m.depthNoPlays}
      isEmpty={(data) => data.plays === 0}
    >
      {(data) => <SongDepth data={data} />}
    </DetailPanel>
  );
}

function SongDepth({ data }: { data: SongListenDepth }) {
  const duration = data.song.durationSeconds;
  return (
    <div className="grid gap-6">
      <div>
        <h4 className="font-medium">Where listeners stop</h4>
        {data.reached && duration ? (
          <DropOffChart className="mt-3" reached={data.reached} plays={data.plays} durationSeconds={duration} />
        ) : (
          <p className="mt-2 text-sm text-muted-foreground">{m.depthNoLength}</p>
        )}
      </div>
      <div>
        <h4 className="font-medium">Listeners</h4>
        <DataTable
          label="Listeners"
          caption="Listeners of this song, most recent first, with how far each got"
          variant="panel"
          className="mt-2"
          tableClassName="min-w-[560px]"
          columns={['Listener', { label: 'Plays', numeric: true }, { label: 'Listened', numeric: true }, 'Furthest', 'Last played']}
        >
          {data.listeners.map((listener) => (
            <tr key={`${listener.kind}:${listener.id}`} className="border-b border-border last:border-0">
              <th scope="row" className="py-2 pr-4 font-normal">
                <span className="font-medium">{listener.name || listener.email}</span>
                {listener.kind === 'pitch' && (
                  <Badge variant="secondary" className="ml-2">
                    Pitch link
                  </Badge>
                )}
                <span className="block break-all text-muted-foreground">
                  {[listener.name && listener.email, listener.company].filter(Boolean).join(' · ')}
                </span>
              </th>
              <td className="py-2 pr-4 text-right tabular-nums">{listener.plays}</td>
              <td className="py-2 pr-4 text-right tabular-nums">{formatListened(listener.listenedSeconds)}</td>
              <td className="py-2 pr-4">
                <DepthMeter furthestSeconds={listener.furthestSeconds} durationSeconds={duration} completed={listener.completed} />
              </td>
              <td className="whitespace-nowrap py-2">
                <time dateTime={listener.lastPlayedAt}>{formatDateTime(listener.lastPlayedAt)}</time>
              </td>
            </tr>
          ))}
        </DataTable>
      </div>
    </div>
  );
}
