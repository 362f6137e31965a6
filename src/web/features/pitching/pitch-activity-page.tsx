import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Download, History } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import type { PitchActivityEvent } from '../../../common/responses';
import * as MESSAGES from '../../../common/messages';
import { adminPitchLinkPath, adminPreviewSongPath, adminPreviewUserPath } from '../../../common/routes';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { PageMeta } from '../../components/page-meta';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { NativeSelect } from '../../components/ui/select';
import { PageSpinner } from '../../components/ui/spinner';
import { formatDateTime } from '../../lib/format';
import { previewActivityQuery } from '../../lib/shared-queries';
import { formatSeconds } from './format-day';
import { pickableSongsQuery, pitchActivityQuery, pitchLinksQuery, type PitchActivityFilter } from './pitching-api';

const m = MESSAGES.pitching;

/** The activity with these filters as a CSV download. */
function pitchActivityExportUrl(filter: PitchActivityFilter): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) query.set(key, value);
  const text = query.toString();
  return `/api/admin/pitch-activity-export${text ? `?${text}` : ''}`;
}

const listenerPath = (listener: PitchActivityEvent['listener']) =>
  listener.kind === 'pitch' ? adminPitchLinkPath(listener.id) : adminPreviewUserPath(listener.id);

/**
 * /admin/pitch-activity: the latest holds, passes, link opens and plays across preview users and pitch link
 * recipients, newest first. ?song= and ?user= or ?link= filter it; "Load more" reads the next, older page.
 */
export function PitchActivityPage() {
  const [params, setParams] = useSearchParams();
  const filter: PitchActivityFilter = {
    songId: params.get('song') ?? undefined,
    userId: params.get('user') ?? undefined,
    pitchLinkId: params.get('user') ? undefined : (params.get('link') ?? undefined),
  };
  const listenerValue = filter.userId ? `user:${filter.userId}` : filter.pitchLinkId ? `link:${filter.pitchLinkId}` : '';
  const filtered = Boolean(filter.songId || listenerValue);
  const feed = useInfiniteQuery(pitchActivityQuery(filter));
  const events = feed.data?.pages.flatMap((p) => p.events) ?? [];

  const update = (changes: Partial<Record<'song' | 'user' | 'link', string | undefined>>) => {
    // From the address bar, not this render's params: a change made before the last one is drawn keeps it.
    const p = new URLSearchParams(window.location.search);
    for (const [key, value] of Object.entries(changes)) {
      if (value) p.set(key, value);
      else p.delete(key);
    }
    setParams(p, { replace: true, preventScrollReset: true });
  };
  const chooseListener = (value: string) => {
    const [kind, id] = value.split(/:(.*)/s) as [string, string | undefined];
    update({ user: kind === 'user' ? id : undefined, link: kind === 'link' ? id : undefined });
  };

  return (
    <div>
      <PageMeta
        title="Pitch Activity"
        description="The latest holds, passes, link opens and plays of preview users and pitch link recipients."
      />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Pitch Activity</h1>
          <p className="mt-1 text-muted-foreground">The latest holds, passes, link opens and plays, newest first.</p>
        </div>
        {/* A plain link: the browser downloads the file itself, with the filters on screen. */}
        <Button asChild variant="outline">
          <a href={pitchActivityExportUrl(filter)} download>
            <Download aria-hidden="true" />
            Download CSV
          </a>
        </Button>
      </div>

      <Filters
        songId={filter.songId ?? ''}
        listener={listenerValue}
        onSong={(song) => update({ song: song || undefined })}
        onListener={chooseListener}
        onClear={filtered ? () => update({ song: undefined, user: undefined, link: undefined }) : undefined}
      />

      <section aria-labelledby="pitch-activity-feed" aria-busy={feed.isFetching} className="mt-6">
        <h2 id="pitch-activity-feed" className="sr-only">
          Activity
        </h2>
        {feed.isPending ? (
          <PageSpinner label="Loading pitch activity…" />
        ) : feed.isError && events.length === 0 ? (
          <ErrorState title={m.activityLoadFailed} error={feed.error} onRetry={() => void feed.refetch()} />
        ) : events.length === 0 ? (
          <EmptyState icon={History} message={filtered ? m.activityEmptyFiltered : m.activityEmpty} />
        ) : (
          <>
            <ol className="divide-y divide-border rounded-xl border border-border bg-card">
              {events.map((event) => (
                <EventItem key={event.id} event={event} />
              ))}
            </ol>
            {feed.isFetchNextPageError && (
              <div className="mt-4">
                <ErrorState title={m.activityLoadFailed} error={feed.error} onRetry={() => void feed.fetchNextPage()} />
              </div>
            )}
            {feed.hasNextPage && !feed.isFetchNextPageError && (
              <div className="mt-4 flex justify-center">
                <Button variant="outline" disabled={feed.isFetchingNextPage} onClick={() => void feed.fetchNextPage()}>
                  {feed.isFetchingNextPage ? 'Loading…' : 'Load more'}
                </Button>
              </div>
            )}
          </>
        )}
      </section>
    </div>
  );
}

/** The song and listener pickers, fed by the Songs, Preview Activity and Pitch Links lists. */
function Filters({
  songId,
  listener,
  onSong,
  onListener,
  onClear,
}: {
  songId: string;
  listener: string;
  onSong: (songId: string) => void;
  onListener: (value: string) => void;
  onClear: (() => void) | undefined;
}) {
  const songs = useQuery(pickableSongsQuery);
  const users = useQuery(previewActivityQuery);
  const links = useQuery(pitchLinksQuery);
  const failed = songs.isError || users.isError || links.isError;

  return (
    <div className="mt-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-end">
        <FormField label="Song" className="sm:w-72">
          <NativeSelect value={songId} onChange={(event) => onSong(event.target.value)} disabled={songs.isPending}>
            <option value="">All songs</option>
            {songId && !songs.data?.some((s) => s.id === songId) && <option value={songId}>Chosen song</option>}
            {songs.data?.map((song) => (
              <option key={song.id} value={song.id}>
                {song.title}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="Listener" className="sm:w-72">
          <NativeSelect value={listener} onChange={(event) => onListener(event.target.value)} disabled={users.isPending || links.isPending}>
            <option value="">All listeners</option>
            {listener && !users.isPending && !links.isPending && !knownListener(listener, users.data?.users, links.data) && (
              <option value={listener}>Chosen listener</option>
            )}
            {users.data && users.data.users.length > 0 && (
              <optgroup label="Preview users">
                {users.data.users.map((u) => (
                  <option key={u.userId} value={`user:${u.userId}`}>
                    {u.name || u.email}
                  </option>
                ))}
              </optgroup>
            )}
            {links.data && links.data.length > 0 && (
              <optgroup label="Pitch link recipients">
                {links.data.map((l) => (
                  <option key={l.id} value={`link:${l.id}`}>
                    {l.recipientName} ({l.recipientEmail})
                  </option>
                ))}
              </optgroup>
            )}
          </NativeSelect>
        </FormField>
        {onClear && (
          <Button variant="ghost" className="self-start sm:self-end" onClick={onClear}>
            Clear filters
          </Button>
        )}
      </div>
      {failed && (
        <p role="alert" className="mt-2 text-sm text-danger-text">
          {m.activityFiltersLoadFailed}
        </p>
      )}
    </div>
  );
}

function knownListener(value: string, users: { userId: string }[] | undefined, links: { id: string }[] | undefined) {
  return users?.some((u) => `user:${u.userId}` === value) || links?.some((l) => `link:${l.id}` === value);
}

const KIND_BADGE = {
  hold: <Badge variant="success">Hold</Badge>,
  pass: <Badge variant="secondary">Pass</Badge>,
  open: <Badge variant="outline">Last opened</Badge>,
  play: <Badge variant="outline">Play</Badge>,
  download: <Badge variant="outline">Download</Badge>,
} as const;

function EventItem({ event }: { event: PitchActivityEvent }) {
  const { listener, song } = event;
  return (
    <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-start sm:gap-4">
      <div className="flex shrink-0 items-center justify-between gap-3 sm:w-44 sm:flex-col sm:items-start sm:justify-start">
        {KIND_BADGE[event.kind]}
        <time dateTime={event.at} className="whitespace-nowrap text-sm text-muted-foreground">
          {formatDateTime(event.at)}
        </time>
      </div>
      <div className="min-w-0 flex-1">
        <p>
          <Link to={listenerPath(listener)} className="link font-medium">
            {listener.name || listener.email}
          </Link>
          <span className="text-muted-foreground"> {describe(event)} </span>
          {song ? (
            <Link to={adminPreviewSongPath(song.id)} className="link font-medium">
              {song.title}
            </Link>
          ) : (
            <Link to={listenerPath(listener)} className="link font-medium">
              their pitch link
            </Link>
          )}
        </p>
        <p className="mt-1 break-all text-sm text-muted-foreground">
          {[listener.company, listener.kind === 'pitch' ? 'pitch link' : 'preview user'].filter(Boolean).join(' · ')}
        </p>
        {event.note && <p className="mt-1 text-sm">For {event.note}</p>}
        {event.play && (
          <p className="mt-1 text-sm tabular-nums">
            {event.play.completed ? 'Played to the end' : `Got to ${formatSeconds(event.play.furthestSeconds)}`}
            {song?.durationSeconds ? ` of ${formatSeconds(song.durationSeconds)}` : ''}
            {` · listened ${formatSeconds(event.play.listenedSeconds)}`}
          </p>
        )}
      </div>
    </li>
  );
}

function describe(event: PitchActivityEvent): string {
  switch (event.kind) {
    case 'hold':
      return 'put on hold';
    case 'pass':
      return 'passed on';
    case 'open':
      return 'last opened';
    case 'play':
      return 'played';
    case 'download':
      return event.download === 'lyric_sheet' ? 'downloaded the lyric sheet of' : 'downloaded the MP3 of';
  }
}
