import { useQuery } from '@tanstack/react-query';
import { Radio } from 'lucide-react';
import type { PitchReportResponse, PitchReportSong } from '../../../common/responses';
import * as MESSAGES from '../../../common/messages';
import { EmptyState } from '../../components/empty-state';
import { QueryState } from '../../components/query-state';
import { Badge } from '../../components/ui/badge';
import { Progress } from '../../components/ui/progress';
import { Spinner } from '../../components/ui/spinner';
import { formatDate, formatDateTime } from '../../lib/format';
import { pitchReportQuery } from './pitch-report-api';

const m = MESSAGES.pitchReport;

/** On the songwriter's dashboard: how listeners met each pitched song, kept current while the page is open. */
export function PitchReportSection({ className }: { className?: string }) {
  const report = useQuery(pitchReportQuery);
  return (
    <section aria-labelledby="pitch-report-heading" className={className}>
      <h2 id="pitch-report-heading" className="text-2xl font-semibold">
        Pitch report
      </h2>
      <p className="mb-4 mt-1 text-sm text-muted-foreground">
        How industry listeners meet your pitched songs. We count listeners but do not share who they are.
      </p>
      <QueryState
        query={report}
        pending={<Spinner label="Loading your pitch report…" className="py-8" />}
        errorTitle={m.loadFailed}
        isEmpty={(data) => data.songs.length === 0}
        empty={<EmptyState icon={Radio} message={m.noPitchedSongs} />}
      >
        {(data) => (
          <ul className="grid gap-4 md:grid-cols-2">
            {data.songs.map((song) => (
              <li key={song.id}>
                <PitchedSong song={song} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

function PitchedSong({ song }: { song: PitchReportSong }) {
  const headingId = `pitched-song-${song.id}`;
  return (
    <article aria-labelledby={headingId} className="h-full rounded-xl border border-border bg-card p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="min-w-0 break-words text-lg font-semibold">
          {song.title}
        </h3>
        <Badge variant={song.published ? 'success' : 'outline'}>{song.published ? 'In the catalogue' : 'Not published'}</Badge>
      </div>
      {song.plays === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">{m.noPlays}</p>
      ) : (
        <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <div>
            <dt className="text-muted-foreground">Listeners</dt>
            <dd className="text-lg font-semibold tabular-nums">{song.listeners}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Plays</dt>
            <dd className="text-lg font-semibold tabular-nums">{song.plays}</dd>
          </div>
          {song.averageDepthPercent !== null && (
            <div className="col-span-2">
              <dt className="text-muted-foreground">Average listen depth</dt>
              <dd className="flex items-center gap-3">
                <Progress value={song.averageDepthPercent} label={`Average listen depth of ${song.title}`} className="flex-1" />
                <span className="font-semibold tabular-nums">{Math.round(song.averageDepthPercent)}%</span>
              </dd>
            </div>
          )}
        </dl>
      )}
      <Responses song={song} />
      {song.lastActivityAt && (
        <p className="mt-3 text-xs text-muted-foreground">
          Last activity <time dateTime={song.lastActivityAt}>{formatDateTime(song.lastActivityAt)}</time>
        </p>
      )}
    </article>
  );
}

function Responses({ song }: { song: PitchReportSong }) {
  const holds = song.responses.filter((r) => r.response === 'hold').length;
  const passes = song.responses.length - holds;
  return (
    <div className="mt-4">
      <h4 className="text-sm font-semibold">
        Holds and passes{' '}
        <span className="font-normal text-muted-foreground">
          ({holds} {holds === 1 ? 'hold' : 'holds'}, {passes} {passes === 1 ? 'pass' : 'passes'})
        </span>
      </h4>
      {song.responses.length > 0 && (
        <ul className="mt-2 grid gap-1.5 text-sm">
          {song.responses.map((r, i) => (
            <ResponseItem key={`${r.at}-${i}`} response={r} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ResponseItem({ response }: { response: PitchReportResponse }) {
  return (
    <li className="flex flex-wrap items-center gap-2">
      <Badge variant={response.response === 'hold' ? 'success' : 'secondary'}>{response.response === 'hold' ? 'Hold' : 'Pass'}</Badge>
      {response.company && <span className="break-words font-medium">{response.company}</span>}
      <time dateTime={response.at} className="text-muted-foreground">
        {formatDate(response.at)}
      </time>
    </li>
  );
}
