import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import * as MESSAGES from '../../../common/messages';
import type { SimilarSongs } from '../../../common/responses/similarity';
import { ErrorState } from '../../components/error-state';
import { SongFacts } from '../../components/player/song-facts';
import { Spinner } from '../../components/ui/spinner';
import { Switch } from '../../components/ui/switch';
import { api } from '../../lib/api';
import { CATALOGUE_KEY } from '../../lib/query-keys';

const m = MESSAGES.similarity;

export const similarSongsQuery = (slug: string, lyrics: boolean) =>
  queryOptions({
    queryKey: [...CATALOGUE_KEY, 'similar', slug, lyrics],
    queryFn: ({ signal }) =>
      api<SimilarSongs>(`/api/songs/${encodeURIComponent(slug)}/similar`, { query: { lyrics: lyrics ? 'true' : undefined }, signal }),
    placeholderData: keepPreviousData,
  });

/** True once the element has come near the screen: the section asks for its songs only then. */
function useNearScreen<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    if (typeof IntersectionObserver === 'undefined') return void setNear(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: '200px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near };
}

/** "More like this" on a catalogue song's page: the ten songs nearest by sound, each with why, lyrics optional. */
export function MoreLikeThis({ slug, className }: { slug: string; className?: string }) {
  const { ref, near } = useNearScreen<HTMLElement>();
  const [lyrics, setLyrics] = useState(false);
  const similar = useQuery({ ...similarSongsQuery(slug, lyrics), enabled: near });
  const headingId = useId();
  const switchId = useId();
  return (
    <section ref={ref} aria-labelledby={headingId} aria-busy={similar.isFetching} className={className}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-2xl font-bold">
          {m.sectionTitle}
        </h2>
        <div className="flex items-center gap-2">
          <Switch id={switchId} checked={lyrics} onCheckedChange={setLyrics} />
          <label htmlFor={switchId} className="text-sm">
            {m.lyricsToggle}
          </label>
        </div>
      </div>
      <div className="mt-4">
        {similar.isError ? (
          <ErrorState title={m.failed} error={similar.error} onRetry={() => void similar.refetch()} />
        ) : !similar.data ? (
          <Spinner label={m.loading} className="text-sm" />
        ) : !similar.data.measured ? (
          <p className="text-sm text-muted-foreground">{m.notMeasured}</p>
        ) : similar.data.songs.length === 0 ? (
          <p className="text-sm text-muted-foreground">{m.empty}</p>
        ) : (
          <SimilarList songs={similar.data.songs} />
        )}
      </div>
    </section>
  );
}

function SimilarList({ songs }: { songs: SimilarSongs['songs'] }) {
  return (
    <ol className="grid gap-3 sm:grid-cols-2">
      {songs.map((song) => (
        <li key={song.id} className="rounded-xl border border-border bg-card p-4 shadow-sm">
          <div className="flex items-baseline justify-between gap-3">
            <Link to={`/songs/${encodeURIComponent(song.slug)}`} className="rounded-sm font-semibold text-primary hover:underline">
              {song.title}
            </Link>
            <span className="shrink-0 text-sm text-muted-foreground">{m.closeness(song.closeness)}</span>
          </div>
          <SongFacts genre={song.genre} bpm={song.bpm} musicalKey={song.musicalKey} className="mt-1 text-sm" />
          <p className="mt-2 text-sm">{song.reasons.join(', ')}</p>
        </li>
      ))}
    </ol>
  );
}
