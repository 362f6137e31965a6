import { useQuery } from '@tanstack/react-query';
import { LinkIcon, Music2 } from 'lucide-react';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { TAGLINE } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import type { PitchPage as PitchPageData } from '../../../common/responses';
import { pitchExpiryDate } from '../../../common/schemas/pitching';
import { ErrorState } from '../../components/error-state';
import { PageMeta } from '../../components/page-meta';
import { PageSpinner } from '../../components/ui/spinner';
import { isApiError } from '../../lib/api';
import { formatDay } from './format-day';
import { pitchQueueItem, PitchPlayer } from './pitch-player';
import { PitchReplyForm, PitchSender } from './pitch-reply';
import { PitchSongCard } from './pitch-song-card';
import { SharePasswordForm } from './share-password-form';
import { pitchPageQuery } from './pitching-api';
import { SITE_NAME } from '../../lib/site-name';

const m = MESSAGES.pitching;

/**
 * /p/:token: a pitch link's page for its recipient, who has no account. Its own branded frame (no site
 * navigation or sign-in: nothing here leads away from the songs); never indexed.
 */
export function PitchPage() {
  const { token = '' } = useParams();
  const page = useQuery(pitchPageQuery(token));
  const gone = page.isError && isApiError(page.error) && page.error.status === 404;
  const locked = page.isError && isApiError(page.error) && page.error.status === 401;

  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <PageMeta title="Songs for you" description={`Songs picked for you by ${SITE_NAME}.`} noIndex />
      <header className="border-b border-stone-800 bg-stone-950 text-white">
        <div className="mx-auto flex h-16 max-w-5xl items-center gap-2 px-4 sm:px-6">
          <Music2 aria-hidden="true" className="size-6 text-accent" />
          <span className="font-display text-xl font-bold">{SITE_NAME}</span>
        </div>
      </header>
      {/* Focusable by script: closing the player bar hands focus to the page. */}
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 focus:outline-none sm:px-6 sm:py-12">
        {page.data ? (
          <PitchPlayer token={token}>
            <PitchContent token={token} page={page.data} />
          </PitchPlayer>
        ) : locked ? (
          <SharePasswordForm token={token} />
        ) : gone ? (
          <div className="mx-auto max-w-xl py-16 text-center">
            <LinkIcon aria-hidden="true" className="mx-auto size-10 text-muted-foreground" />
            <h1 className="mt-4 text-3xl font-bold">{m.linkUnavailableTitle}</h1>
            <p className="mt-3 text-muted-foreground">{m.linkUnavailable}</p>
          </div>
        ) : page.isError ? (
          <>
            <h1 className="sr-only">Songs for you</h1>
            <ErrorState title={m.pageLoadFailed} error={page.error} onRetry={() => void page.refetch()} />
          </>
        ) : (
          <PageSpinner label="Loading your songs…" />
        )}
      </main>
      <footer className="border-t border-stone-800 bg-stone-950 px-4 py-6 text-center text-sm text-stone-300">
        <p className="font-display font-semibold text-white">{SITE_NAME}</p>
        <p className="mt-1 italic text-accent">{TAGLINE}</p>
      </footer>
    </div>
  );
}

function PitchContent({ token, page }: { token: string; page: PitchPageData }) {
  const queue = useMemo(() => page.songs.map(pitchQueueItem), [page.songs]);
  const share = page.kind === 'share';
  return (
    <>
      <p className="text-sm font-semibold uppercase tracking-wide text-primary">
        For {page.recipientName}
        {page.recipientCompany ? `, ${page.recipientCompany}` : ''}
      </p>
      <h1 className="mt-2 text-3xl font-bold sm:text-5xl">
        {share ? `${page.sender.name} shared songs with you` : 'Songs picked for you'}
      </h1>
      <PitchSender sender={page.sender} />
      {page.message && (
        <blockquote className="mt-6 whitespace-pre-wrap break-words rounded-xl border-l-4 border-primary bg-card p-4 leading-7 shadow-sm">
          {page.message}
        </blockquote>
      )}
      <p className="mt-4 text-muted-foreground">
        Listen, read the lyrics, and tell {share ? page.sender.name : 'us'} for each song: hold it for an artist or project, or pass. This
        link is yours alone and works until {formatDay(pitchExpiryDate(page.expiresAt))}.
      </p>
      {page.songs.length === 0 ? (
        <p className="mt-10 rounded-xl border border-dashed border-border bg-card p-8 text-center text-muted-foreground">
          {m.linkUnavailable}
        </p>
      ) : (
        <ol aria-label="Songs" className="mt-8 grid gap-8 sm:mt-10">
          {page.songs.map((song, index) => (
            <li key={song.id}>
              <PitchSongCard token={token} song={song} position={index + 1} queue={queue} downloadAllowed={page.downloadAllowed} />
            </li>
          ))}
        </ol>
      )}
      <PitchReplyForm token={token} sender={page.sender} />
    </>
  );
}
