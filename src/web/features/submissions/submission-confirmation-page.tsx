import { CircleCheck, Clock, Mail, MessagesSquare, Music } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { REVIEW_TURNAROUND } from '../../../common/constants';
import { PAGE_PATHS } from '../../../common/routes';
import { Alert } from '../../components/ui/alert';
import { PageMeta } from '../../components/page-meta';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { lyricsLabel, readConfirmationState, type ConfirmationState } from './confirmation-state';

/**
 * /submission-confirmation: what the server took (from the navigation state /submit-song leaves) and what
 * happens next. Opened directly, or after a reload that lost the state, it confirms in general terms.
 */
export function SubmissionConfirmationPage() {
  const location = useLocation();
  const state = readConfirmationState(location.state);

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <PageMeta title="Submission Received" description="Your songs are in: what we received and what happens next." />
      <div className="flex flex-col items-center gap-3 text-center">
        <CircleCheck aria-hidden="true" className="size-12 text-success" />
        <h1 className="text-3xl font-bold sm:text-4xl">{headingOf(state)}</h1>
        <p className="max-w-xl text-lg text-muted-foreground">
          {state
            ? `Thank you! We received ${state.received.length === 1 ? 'your song' : `your ${state.received.length} songs`}.${state.songsRemaining > 0 ? '' : ' There is nothing more to do: we take it from here.'}`
            : 'Thank you! The songs you submitted are with us. Your dashboard lists every song we received.'}
        </p>
      </div>

      {state && state.songsRemaining > 0 && <SongsLeft state={state} />}
      {state && <ReceivedList state={state} />}

      <Card className="mt-8">
        <CardHeader>
          <CardTitle>What happens next</CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="grid gap-5">
            <Step icon={Clock} title="We listen and write your review">
              {REVIEW_TURNAROUND}
            </Step>
            <Step icon={Mail} title="You get an email when it is ready">
              The review then appears on your dashboard, marked New review, and each song has a page with its review.
            </Step>
            <Step icon={MessagesSquare} title="Ask us anything about it">
              Every review has a conversation with the reviewer: reply there with questions, and we answer in the same place.
            </Step>
          </ol>
        </CardContent>
      </Card>

      <div className="mt-8 flex justify-center">
        <Button asChild size="lg">
          <Link to={PAGE_PATHS.songwriterDashboard}>Go to your dashboard</Link>
        </Button>
      </div>
    </div>
  );
}

const headingOf = (state: ConfirmationState | null) =>
  !state ? 'Submission received' : state.received.length === 1 ? 'Your song is in' : 'Your songs are in';

/** The package's places still free: they wait for the songs not ready yet. */
function SongsLeft({ state }: { state: ConfirmationState }) {
  const left = `${state.songsRemaining} ${state.songsRemaining === 1 ? 'song' : 'songs'}`;
  return (
    <Alert role="status" className="mt-8 grid gap-3 sm:flex sm:items-center sm:justify-between">
      <p>
        <span className="font-semibold">{left} of your package still to send.</span> Their places are kept: send them from your dashboard
        whenever they are ready.
      </p>
      <Button asChild variant="outline" className="shrink-0">
        <Link to={`${PAGE_PATHS.submitSong}?order_id=${encodeURIComponent(state.orderId)}`}>Submit the next song</Link>
      </Button>
    </Alert>
  );
}

function ReceivedList({ state }: { state: ConfirmationState }) {
  const songs = [...state.received].sort((a, b) => a.songNumber - b.songNumber);
  return (
    <section aria-labelledby="received-heading" className="mt-10">
      <h2 id="received-heading" className="text-2xl font-semibold">
        Received
      </h2>
      <ul className="mt-4 grid gap-3">
        {songs.map((song) => (
          <li key={song.songNumber} className="flex gap-3 rounded-xl border border-border bg-card p-4 shadow-sm">
            <Music aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <div className="min-w-0">
              <p className="break-words font-semibold">
                Song {song.songNumber} of {state.packageSize}: {song.songTitle}
              </p>
              <p className="mt-1 break-all text-sm text-muted-foreground">
                Audio: {song.audioFileName} · Lyrics: {lyricsLabel(song.lyrics)}
              </p>
            </div>
          </li>
        ))}
      </ul>
      {state.earlier.length > 0 && (
        <p className="mt-3 text-sm text-muted-foreground">
          Received earlier:{' '}
          {[...state.earlier]
            .sort((a, b) => a.songNumber - b.songNumber)
            .map((song) => `song ${song.songNumber}, ${song.songTitle}`)
            .join('; ')}
          .
        </p>
      )}
    </section>
  );
}

function Step({ icon: Icon, title, children }: { icon: typeof Clock; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div>
        <p className="font-semibold">{title}</p>
        <p className="mt-1 text-muted-foreground">{children}</p>
      </div>
    </li>
  );
}
