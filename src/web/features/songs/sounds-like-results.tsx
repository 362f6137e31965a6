import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import * as MESSAGES from '../../../common/messages';
import { PAGE_PATHS, pathTo } from '../../../common/routes';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { Switch } from '../../components/ui/switch';
import { AddToPlaylist } from '../playlists';
import { soundsLike, type SoundsLikeTarget } from './sounds-like-api';

const m = MESSAGES.referenceSearch;

/** The catalogue ranked by closeness to the reference, with why, narrowed by one-stop; each song can go to a playlist. */
export function Results({
  name,
  target,
  oneStop,
  onOneStop,
  onAgain,
}: {
  name: string;
  target: SoundsLikeTarget;
  oneStop: boolean;
  onOneStop: (oneStop: boolean) => void;
  onAgain: () => void;
}) {
  const switchId = useId();
  const ranked = useQuery({
    queryKey: ['sounds-like', target, oneStop],
    queryFn: ({ signal }) => soundsLike(target, oneStop, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <section className="mt-6" aria-labelledby={`${switchId}-title`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={`${switchId}-title`} className="font-semibold">
          {m.resultsFor(name)}
        </h3>
        <div className="flex items-center gap-2">
          <Switch id={switchId} checked={oneStop} onCheckedChange={onOneStop} />
          <Label htmlFor={switchId}>{m.oneStopOnly}</Label>
        </div>
      </div>
      {ranked.isPending ? (
        <p className="mt-4 text-sm text-muted-foreground" aria-live="polite">
          {MESSAGES.similarity.loading}
        </p>
      ) : ranked.isError ? (
        <p className="mt-4 text-sm text-destructive" role="alert">
          {m.searchFailed}
        </p>
      ) : ranked.data.songs.length === 0 ? (
        <p className="mt-4 text-sm text-muted-foreground">{ranked.data.measured ? m.empty : m.songNotMeasured}</p>
      ) : (
        <ol className="mt-4 divide-y divide-border" aria-busy={ranked.isPlaceholderData || undefined} aria-label={m.resultsFor(name)}>
          {ranked.data.songs.map((song) => (
            <li key={song.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <Link to={pathTo(PAGE_PATHS.song, { slug: song.slug })} className="font-medium underline-offset-4 hover:underline">
                  {song.title}
                </Link>
                <p className="text-sm text-muted-foreground">
                  {m.closeness(song.closeness)} · {song.reasons.join(', ')}
                  {song.isOneStop ? ' · one-stop' : ''}
                </p>
              </div>
              <AddToPlaylist songId={song.id} songTitle={song.title} />
            </li>
          ))}
        </ol>
      )}
      <Button variant="outline" className="mt-4" onClick={onAgain}>
        {m.title}
      </Button>
    </section>
  );
}
