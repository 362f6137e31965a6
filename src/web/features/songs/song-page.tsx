import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import type { CatalogueSong } from '../../../common/responses';
import * as MESSAGES from '../../../common/messages';
import { PAGE_PATHS } from '../../../common/routes';
import { ErrorState } from '../../components/error-state';
import { PageMeta } from '../../components/page-meta';
import { PageSpinner } from '../../components/ui/spinner';
import { isApiError } from '../../lib/api';
import { AudioPlayer } from '../../components/player/audio-player';
import { songQuery } from './catalogue-api';
import { catalogueTracker } from './catalogue-tracker';
import { SongHoldPass } from '../pitching';
import { SongComments } from './song-comments';
import { SongCover } from '../../components/player/song-cover';
import { SongFacts, SongTags } from '../../components/player/song-facts';
import { SITE_NAME } from '../../lib/site-name';

/** /songs/:slug. A song that does not exist or is not active sends the visitor back to the list. */
export function SongPage() {
  const { slug = '' } = useParams();
  const song = useQuery(songQuery(slug));
  // Not found, not active, or an address no song could have (400): back to the list.
  if (song.isError && isApiError(song.error) && (song.error.status === 404 || song.error.status === 400))
    return <Navigate to={PAGE_PATHS.songs} replace />;
  // A failed background refetch keeps the song on screen (and the player playing).
  if (song.data) return <SongView key={song.data.id} song={song.data} />;
  if (song.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <PageMeta title="Song" description={`A song from the ${SITE_NAME} catalogue.`} />
        <h1 className="sr-only">Song</h1>
        <ErrorState title={MESSAGES.songs.loadOneFailed} error={song.error} onRetry={() => void song.refetch()} />
        <BackLink className="mt-6" />
      </div>
    );
  }
  return <PageSpinner label={MESSAGES.songs.loadingSong} />;
}

function BackLink({ className }: { className?: string }) {
  return (
    <Link
      to={PAGE_PATHS.songs}
      className={`inline-flex items-center gap-2 rounded-sm text-sm font-medium text-primary hover:underline ${className ?? ''}`}
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to Songs
    </Link>
  );
}

function SongView({ song }: { song: CatalogueSong }) {
  const queryClient = useQueryClient();
  // The picture keeps the link it loaded with: the player's link refresh refetches the song, and a new
  // image link would make the browser download the same picture again.
  const [imageUrl] = useState(song.imageUrl);

  const refreshAudio = async () => {
    const fresh = await queryClient.fetchQuery({ ...songQuery(song.slug), staleTime: 0 });
    return fresh.audioUrl;
  };

  return (
    <article className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-12">
      <PageMeta title={song.title} description={song.description} />
      <BackLink />
      <div className="mt-6 grid grid-cols-1 gap-8 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] md:gap-10">
        {/* Smaller on a phone, so the title and the player show without scrolling past the picture. */}
        <div className="mx-auto w-full max-w-48 sm:max-w-64 md:max-w-none">
          <SongCover imageUrl={imageUrl} title={song.title} />
        </div>
        <div className="min-w-0">
          <h1 className="text-4xl font-bold sm:text-5xl">{song.title}</h1>
          {song.writerInfo && <p className="mt-3 text-lg text-muted-foreground">{song.writerInfo}</p>}
          <SongFacts genre={song.genre} bpm={song.bpm} className="mt-4 text-base" />
          {/* The player comes before the tags and the description: on a phone it shows on the first screen,
              however long the title or the description. */}
          {song.audioUrl ? (
            <AudioPlayer
              className="mt-6"
              songId={song.id}
              title={song.title}
              src={song.audioUrl}
              peaks={song.peaks}
              durationSeconds={song.durationSeconds}
              tracker={catalogueTracker}
              refreshSrc={refreshAudio}
            />
          ) : (
            <p className="mt-6 rounded-xl border border-border bg-card p-4 text-sm text-muted-foreground">
              {MESSAGES.songs.audioLoadError}
            </p>
          )}
          <SongHoldPass className="mt-4" songId={song.id} songTitle={song.title} />
          <SongTags tags={song.tags} className="mt-6" />
          <p className="mt-4 leading-7 text-foreground/90">{song.description}</p>
        </div>
      </div>

      <div className="mt-12 grid gap-12 lg:grid-cols-2">
        <section aria-labelledby="lyrics-heading">
          <h2 id="lyrics-heading" className="text-2xl font-bold">
            Lyrics
          </h2>
          <div className="mt-4 rounded-xl border border-border bg-card p-6 shadow-sm">
            <p className="whitespace-pre-wrap break-words leading-7">{song.lyrics}</p>
          </div>
        </section>
        <SongComments slug={song.slug} comments={song.comments} />
      </div>
    </article>
  );
}
