import { useQuery } from '@tanstack/react-query';
import { Bookmark, ThumbsDown } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { MySongResponseItem } from '../../../common/responses';
import * as MESSAGES from '../../../common/messages';
import { PAGE_PATHS, pathTo } from '../../../common/routes';
import { EmptyState } from '../../components/empty-state';
import { PlaySongButton } from '../../components/player/play-song-button';
import { SongThumb } from '../../components/player/song-thumb';
import { ErrorState } from '../../components/error-state';
import { PageMeta } from '../../components/page-meta';
import { PageSpinner } from '../../components/ui/spinner';
import { formatDate } from '../../lib/format';
import { myResponsesQuery } from './pitching-api';

const m = MESSAGES.pitching;

/** /my-holds: the listener's holds, then their passes, newest first, each linking to its song and playing it in the bar. */
export function MyHoldsPage() {
  const mine = useQuery(myResponsesQuery);
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-12">
      <PageMeta title="My holds" description="The songs you have put on hold or passed on." />
      <h1 className="text-4xl font-bold">My holds</h1>
      <p className="mt-2 text-muted-foreground">
        Songs you are holding for an artist or project, and the ones you passed on. Change your mind on each song's page.
      </p>
      {mine.isPending ? (
        <PageSpinner label="Loading your holds…" />
      ) : mine.isError ? (
        <div className="mt-8">
          <ErrorState title={m.responsesLoadFailed} error={mine.error} onRetry={() => void mine.refetch()} />
        </div>
      ) : (
        <>
          <ResponseList
            title="On hold"
            rows={mine.data.filter((r) => r.response === 'hold')}
            empty={
              <EmptyState icon={Bookmark} message={m.noHolds}>
                <Link to={PAGE_PATHS.songs} className="link">
                  Browse the songs
                </Link>
              </EmptyState>
            }
          />
          <ResponseList
            title="Passed"
            rows={mine.data.filter((r) => r.response === 'pass')}
            empty={<p className="text-muted-foreground">{m.noPasses}</p>}
          />
        </>
      )}
    </div>
  );
}

function ResponseList({ title, rows, empty }: { title: string; rows: MySongResponseItem[]; empty: ReactNode }) {
  const id = `list-${title.toLowerCase().replace(/\s+/g, '-')}`;
  // A song played from here has this list as its queue: next and previous move through the holds (or the passes).
  const queue = useMemo(() => rows.map((row) => ({ songId: row.songId, title: row.songTitle, slug: row.songSlug })), [rows]);
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="flex items-center gap-2 text-2xl font-bold">
        {title === 'Passed' ? <ThumbsDown aria-hidden="true" className="size-5" /> : <Bookmark aria-hidden="true" className="size-5" />}
        {title} <span className="text-base font-normal text-muted-foreground">({rows.length})</span>
      </h2>
      <div className="mt-4">
        {rows.length === 0 ? (
          empty
        ) : (
          <ul className="grid grid-cols-1 gap-3">
            {rows.map((row, index) => (
              <li key={row.songId} className="flex items-start gap-3 rounded-xl border border-border bg-card p-4 shadow-sm">
                <SongThumb thumbnail={row.thumbnail} title={row.songTitle} look="row" />
                <PlaySongButton queue={queue} index={index} look="icon" />
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                    <Link to={pathTo(PAGE_PATHS.song, { slug: row.songSlug })} className="link text-lg font-semibold">
                      {row.songTitle}
                    </Link>
                    <time dateTime={row.updatedAt} className="text-sm text-muted-foreground">
                      {formatDate(row.updatedAt)}
                    </time>
                  </p>
                  {row.note && <p className="mt-1 break-words text-muted-foreground">For {row.note}</p>}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
