import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import type { CatalogueSong } from '../../../common/responses';
import * as MESSAGES from '../../../common/messages';
import { PAGE_PATHS } from '../../../common/routes';
import { ErrorState } from '../../components/error-state';
import { staleLinkState } from '../../components/stale-link-notice';
import { PageMeta } from '../../components/page-meta';
import { PageSpinner } from '../../components/ui/spinner';
import { isApiError } from '../../lib/api';
import { SongPlayer } from '../../components/player/song-player';
import { catalogueMedia, songQuery } from './catalogue-api';
import { ShareButton, SongHoldPass } from '../pitching';
import { AddToPlaylist } from '../playlists';
import { SongComments } from './song-comments';
import { SongCover } from '../../components/player/song-cover';
import { OneStopBadge, SongFacts, SongTags, writtenBy } from '../../components/player/song-facts';
import { SongWriters } from './song-writers';
import { ProcessingBadge } from './song-card';
import { SITE_NAME } from '../../lib/site-name';
import { DownloadButtons } from '../../components/download-buttons';
import { FactsPanel } from '../../components/facts/facts-panel';
import { SongVersionDownloads } from './song-version-downloads';

// Below the fold and asked for only when scrolled near: its code stays out of the page's first load.
const MoreLikeThis = lazy(() => import('./more-like-this').then((m) => ({ default: m.MoreLikeThis })));

/** The page's description before (or without) its song. */
const ANY_SONG_DESCRIPTION = `A song from the ${SITE_NAME} catalogue.`;

/** /songs/:slug. A song that does not exist or is not active sends the visitor back to the list, which says why. */
export function SongPage() {
  const { slug = '' } = useParams();
  const song = useQuery(songQuery(slug));
  // Not found, not active, or an address no song could have (400): back to the list, which says why.
  if (song.isError && isApiError(song.error) && (song.error.status === 404 || song.error.status === 400))
    return <Navigate to={PAGE_PATHS.songs} replace state={staleLinkState('song')} />;
  // A failed background refetch keeps the song on screen (and the player playing).
  if (song.data) return <SongView key={song.data.id} song={song.data} />;
  if (song.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <PageMeta title="Song" description={ANY_SONG_DESCRIPTION} />
        <h1 className="sr-only">Song</h1>
        <ErrorState title={MESSAGES.songs.loadOneFailed} error={song.error} onRetry={() => void song.refetch()} />
        <BackLink className="mt-6" />
      </div>
    );
  }
  // A title while the song loads: without it the tab would have none, the list's having left with the list.
  return (
    <>
      <PageMeta title="Song" description={ANY_SONG_DESCRIPTION} />
      <PageSpinner label={MESSAGES.songs.loadingSong} />
    </>
  );
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
  // The picture keeps the link it loaded with: the player's link refresh refetches the song, and a new
  // image link would make the browser download the same picture again.
  const [imageUrl] = useState(song.imageUrl);
  const item = useMemo(() => ({ songId: song.id, title: song.title, slug: song.slug }), [song.id, song.title, song.slug]);

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
          {/* The writers are the song's credit; its free-text writer info only stands in for a song without them. */}
          {song.writers.length > 0 ? (
            <p className="mt-3 text-lg text-muted-foreground">{writtenBy(song.writers.map((w) => w.name))}</p>
          ) : (
            song.writerInfo && <p className="mt-3 text-lg text-muted-foreground">{song.writerInfo}</p>
          )}
          <SongFacts genre={song.genre} bpm={song.bpm} musicalKey={song.musicalKey} className="mt-4 text-base" />
          {song.isOneStop && (
            <p className="mt-3 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <OneStopBadge />
              {MESSAGES.songs.oneStopHint}
            </p>
          )}
          {/* The player comes before the tags and the description: on a phone it shows on the first screen,
              however long the title or the description. */}
          {song.audioUrl ? (
            // The catalogue's one player: a song already playing in the bar plays on here, as the same play.
            <SongPlayer className="mt-6" item={item} media={catalogueMedia(song)} sections={song.facts.sections} cue />
          ) : song.audioProcessing ? (
            <p
              role="status"
              className="mt-6 flex flex-wrap items-center gap-3 rounded-xl border border-border bg-card p-4 text-sm text-muted-foreground"
            >
              <ProcessingBadge />
              {MESSAGES.songs.audioProcessingHint}
            </p>
          ) : (
            <p className="mt-6 rounded-xl border border-border bg-card p-4 text-sm text-muted-foreground">
              {MESSAGES.songs.audioLoadError}
            </p>
          )}
          {song.audioUrl && <FactsPanel className="mt-4" facts={song.facts} durationSeconds={song.durationSeconds} audience="buyer" />}
          <SongHoldPass className="mt-4" songId={song.id} songTitle={song.title} />
          <div className="mt-4 flex flex-wrap gap-2">
            <AddToPlaylist songId={song.id} songTitle={song.title} />
            <ShareButton target={{ songId: song.id, name: song.title }} canDownload={song.canDownload} />
          </div>
          {song.canDownload && (
            <>
              <DownloadButtons className="mt-4" base={`/api/songs/${encodeURIComponent(song.slug)}`} songTitle={song.title} />
              <SongVersionDownloads className="mt-2" slug={song.slug} songTitle={song.title} versions={song.versions} />
            </>
          )}
          <SongTags tags={song.tags} className="mt-6" />
          <p className="mt-4 leading-7 text-foreground/90">{song.description}</p>
          <SongWriters writers={song.writers} className="mt-8" />
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
      <Suspense fallback={null}>
        <MoreLikeThis slug={song.slug} className="mt-12" />
      </Suspense>
    </article>
  );
}
