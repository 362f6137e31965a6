import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import * as MESSAGES from '../../../../common/messages';
import type { SoundsLike } from '../../../../common/responses/reference-search';
import { PAGE_PATHS, pathTo } from '../../../../common/routes';
import { api } from '../../../lib/api';

const m = MESSAGES.referenceSearch;

/** The reviewer's view of a submission: the three catalogue songs it sounds closest to, with why. */
export function SoundsClosest({ reviewId }: { reviewId: string }) {
  const near = useQuery({
    queryKey: ['review-sounds-like', reviewId],
    queryFn: ({ signal }) => api<SoundsLike>(`/api/admin/reviews/${encodeURIComponent(reviewId)}/sounds-like`, { signal }),
  });
  if (near.isPending) return <p className="text-sm text-muted-foreground">{MESSAGES.similarity.loading}</p>;
  if (near.isError)
    return (
      <p className="text-sm text-destructive" role="alert">
        {MESSAGES.similarity.failed}
      </p>
    );
  if (!near.data.measured) return <p className="text-sm text-muted-foreground">{m.studioNotMeasured}</p>;
  if (near.data.songs.length === 0) return <p className="text-sm text-muted-foreground">{m.studioEmpty}</p>;
  return (
    <ol className="grid gap-2 text-sm" data-testid="sounds-closest">
      {near.data.songs.map((song) => (
        <li key={song.id}>
          <Link to={pathTo(PAGE_PATHS.song, { slug: song.slug })} className="font-medium underline-offset-4 hover:underline">
            {song.title}
          </Link>{' '}
          <span className="text-muted-foreground">
            {m.closeness(song.closeness)} · {song.reasons.join(', ')}
          </span>
        </li>
      ))}
    </ol>
  );
}
