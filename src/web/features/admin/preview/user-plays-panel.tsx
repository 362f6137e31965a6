import { useQuery } from '@tanstack/react-query';
import { Headphones, X } from 'lucide-react';
import { Link } from 'react-router';
import { MESSAGES } from '../../../../common/messages';
import { PAGE_PATHS, pathTo } from '../../../../common/routes';
import { ErrorState } from '../../../components/error-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/format';
import { userPlaysQuery } from './admin-preview-api';
import { formatListened } from './activity-format';
import { DepthMeter } from './listen-depth';

/** One preview user's plays, newest first, with how far into each song they got. */
export function UserPlaysPanel({ userId, label, onClose }: { userId: string; label: string; onClose: () => void }) {
  const plays = useQuery(userPlaysQuery(userId));
  return (
    <section id="user-plays" aria-labelledby="user-plays-title" className="rounded-xl border border-border bg-card p-4 shadow-sm sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <h2 id="user-plays-title" className="min-w-0 break-words text-xl font-semibold">
          Plays by {label}
        </h2>
        <Button variant="ghost" size="icon" className="-mr-2 -mt-2 shrink-0" onClick={onClose}>
          <X aria-hidden="true" />
          <span className="sr-only">Close the plays of {label}</span>
        </Button>
      </div>
      <div className="mt-4">
        {plays.isPending ? (
          <Spinner label="Loading plays" className="py-6" />
        ) : plays.isError ? (
          <ErrorState title={MESSAGES.previewAccess.playsLoadFailed} error={plays.error} onRetry={() => void plays.refetch()} />
        ) : plays.data.length === 0 ? (
          <p className="flex items-center gap-2 py-4 text-sm text-muted-foreground">
            <Headphones aria-hidden="true" className="size-4" />
            {MESSAGES.previewAccess.playsEmpty}
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[600px] text-left text-sm">
              <caption className="sr-only">Plays by {label}, newest first</caption>
              <thead className="border-b border-border text-muted-foreground">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">Song</th>
                  <th scope="col" className="py-2 pr-4 font-medium">When</th>
                  <th scope="col" className="py-2 pr-4 text-right font-medium">Listened</th>
                  <th scope="col" className="py-2 pr-4 font-medium">Completed</th>
                  <th scope="col" className="py-2 font-medium">Furthest</th>
                </tr>
              </thead>
              <tbody>
                {plays.data.map((play) => (
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
                    <td className="py-2 pr-4">
                      {play.completed ? <Badge variant="success">Yes</Badge> : <Badge variant="secondary">No</Badge>}
                    </td>
                    <td className="py-2">
                      <DepthMeter furthestSeconds={play.furthestSeconds} durationSeconds={play.songDurationSeconds} completed={play.completed} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}
