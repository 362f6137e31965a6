import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CircleAlert, CircleCheck, Upload } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FormProvider, useForm, useFormContext, useFormState, useWatch, type FieldErrors, type Path } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import * as z from 'zod/mini';
import * as MESSAGES from '../../../common/messages';
import { PAGE_PATHS } from '../../../common/routes';
import { ErrorState } from '../../components/error-state';
import { PageMeta } from '../../components/page-meta';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { InlineSpinner, PageSpinner } from '../../components/ui/spinner';
import { isApiError } from '../../lib/api';
import type { ConfirmationState, ReceivedSong } from './confirmation-state';
import { SongCard, type SongStatus } from './song-card';
import {
  emptySong,
  isStarted,
  SONG_FIELDS,
  submissionData,
  SubmitSongsFormSchema,
  type SongFormOutput,
  type SubmitSongsFormInput,
  type SubmitSongsFormOutput,
} from './submission-form-schema';
import { submissionOrderQuery, submitSong, type SubmissionOrder } from './submissions-api';

const m = MESSAGES.reviews;
const isUuid = (value: string) => z.uuid().safeParse(value).success;
const songsLabel = (n: number) => `${n} ${n === 1 ? 'song' : 'songs'}`;

/** /submit-song?order_id=…: the songs still owed on a paid order, sent one after another. */
export function SubmitSongPage() {
  const [params] = useSearchParams();
  const orderId = params.get('order_id') ?? '';
  const valid = isUuid(orderId);
  const order = useQuery({ ...submissionOrderQuery(orderId), enabled: valid });

  let content: ReactNode;
  if (!valid) {
    content = (
      <OrderProblem
        title={m.invalidOrder}
        text="This link does not point at one of your paid orders. Open your orders from the dashboard."
      />
    );
  } else if (order.isPending) {
    content = <PageSpinner label="Loading order details…" />;
  } else if (order.isError) {
    const missing = isApiError(order.error) && (order.error.status === 404 || order.error.status === 400);
    content = missing ? (
      <OrderProblem title={m.invalidOrder} text="This order does not exist or is not yours. Open your orders from the dashboard." />
    ) : (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <h1 className="sr-only">Submit your songs</h1>
        <ErrorState title={m.orderLoadFailed} error={order.error} onRetry={() => void order.refetch()} />
      </div>
    );
  } else if (order.data.songsRemaining <= 0) {
    content = (
      <OrderProblem title={m.packageFull} text={`Every song of this package of ${songsLabel(order.data.packageSize)} has been submitted.`}>
        <EarlierSongs order={order.data} />
      </OrderProblem>
    );
  } else {
    content = <SubmitSongsForm order={order.data} />;
  }

  return (
    <>
      <PageMeta
        title="Submit Your Songs"
        description="Send the songs of your review package: audio, lyrics, the story behind each song and how AI was used."
      />
      {content}
    </>
  );
}

function OrderProblem({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
      <Card>
        <CardContent className="grid justify-items-center gap-4 pt-8 text-center">
          <CircleAlert aria-hidden="true" className="size-10 text-primary" />
          <h1 className="text-3xl font-bold">{title}</h1>
          <p className="text-muted-foreground">{text}</p>
          {children}
          <Button asChild>
            <Link to={PAGE_PATHS.songwriterDashboard}>
              <ArrowLeft aria-hidden="true" />
              Back to your dashboard
            </Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

function EarlierSongs({ order }: { order: SubmissionOrder }) {
  if (order.submitted.length === 0) return null;
  const songs = [...order.submitted].sort((a, b) => a.songNumber - b.songNumber);
  return (
    <div className="w-full text-left">
      <h2 className="font-sans text-sm font-semibold">Already received</h2>
      <ul className="mt-2 grid gap-1 text-sm">
        {songs.map((song) => (
          <li key={song.songNumber} className="flex items-center gap-2">
            <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-success" />
            <span>
              Song {song.songNumber}: <span className="font-medium">{song.songTitle}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function SubmitSongsForm({ order }: { order: SubmissionOrder }) {
  // A song sent from an open brief's "Answer with a new song" answers that brief.
  const [params] = useSearchParams();
  const brief = params.get('brief') ?? '';
  const briefId = isUuid(brief) ? brief : undefined;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The cards are laid out once, from the order as it was when the page opened.
  const [plan] = useState(() => ({ firstNumber: order.songsSubmitted + 1, count: order.songsRemaining }));
  const [statuses, setStatuses] = useState<SongStatus[]>(() => Array.from({ length: plan.count }, () => ({ kind: 'idle' })));
  const received = useRef<(ReceivedSong | undefined)[]>([]);
  const [summary, setSummary] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  const form = useForm<SubmitSongsFormInput, unknown, SubmitSongsFormOutput>({
    resolver: zodResolver(SubmitSongsFormSchema),
    defaultValues: { songs: Array.from({ length: plan.count }, emptySong), agreed: false },
  });
  const { isSubmitting } = form.formState;
  const songs = useWatch({ control: form.control, name: 'songs' });

  useEffect(() => () => abort.current?.abort(), []);
  // Leaving mid-upload loses the song being sent: ask first.
  useEffect(() => {
    if (!isSubmitting) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isSubmitting]);

  const setStatus = (index: number, status: SongStatus) => setStatuses((all) => all.map((s, i) => (i === index ? status : s)));
  const sentCount = statuses.filter((s) => s.kind === 'sent').length;

  const sendOne = async (index: number, song: SongFormOutput): Promise<number | null> => {
    const songNumber = plan.firstNumber + index;
    const audio = song.audio!;
    const lyricsFile = song.lyricsMethod === 'file' ? song.lyricsFile : null;
    setStatus(index, { kind: 'uploading', progress: 0 });
    try {
      abort.current = new AbortController();
      const result = await submitSong(
        submissionData(order.id, song, briefId),
        { audio, lyricsFile },
        { signal: abort.current.signal, onProgress: (fraction) => setStatus(index, { kind: 'uploading', progress: fraction * 100 }) },
      );
      const done: ReceivedSong = {
        songNumber: result.songNumber,
        songTitle: result.songTitle,
        audioFileName: audio.name,
        lyrics: lyricsFile ? { kind: 'file', fileName: lyricsFile.name } : song.lyricsText ? { kind: 'text' } : { kind: 'none' },
      };
      received.current[index] = done;
      setStatus(index, { kind: 'sent', received: done });
      return result.songsRemaining;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return null;
      // The server's own words for what it refused (and the network's); anything else is a failure of ours.
      const message = isApiError(error) && error.status < 500 ? error.message : m.submitFailed;
      setStatus(index, { kind: 'failed', message });
      let focused = false;
      if (isApiError(error) && error.fields) {
        for (const name of SONG_FIELDS) {
          const fieldMessage = error.fields[name]?.[0];
          if (!fieldMessage) continue;
          form.setError(`songs.${index}.${name}` as Path<SubmitSongsFormInput>, { message: fieldMessage }, { shouldFocus: !focused });
          focused = true;
        }
      }
      setSummary(`Song ${songNumber} was not sent: ${message}`);
      if (!focused) requestAnimationFrame(() => document.getElementById(`song-${index}-problem`)?.focus());
      return null;
    }
  };

  // The cards started and not yet sent go, in their order; untouched ones keep their places for later.
  const onSubmit = async (values: SubmitSongsFormOutput) => {
    setSummary(null);
    let songsRemaining = order.songsRemaining;
    for (const [index, song] of values.songs.entries()) {
      if (!song || received.current[index]) continue;
      const left = await sendOne(index, song);
      // Later songs wait: they would take this one's number.
      if (left === null) return;
      songsRemaining = left;
      // The dashboard's orders and reviews change with every song taken.
      void queryClient.invalidateQueries({ queryKey: ['songwriter'] });
    }
    const state: ConfirmationState = {
      orderId: order.id,
      packageSize: order.packageSize,
      songsRemaining,
      received: received.current.filter((r): r is ReceivedSong => r !== undefined),
      earlier: order.submitted,
    };
    toast.success(m.submissionSuccessful);
    await navigate(PAGE_PATHS.submissionConfirmation, { replace: true, state });
  };

  const onInvalid = (invalid: FieldErrors<SubmitSongsFormInput>) => {
    if (invalid.agreed) toast.error(m.agreementRequired);
  };

  const sendingIndex = statuses.findIndex((s) => s.kind === 'uploading');
  const ready = songs.filter((song, index) => statuses[index]?.kind !== 'sent' && isStarted(song)).length;
  const buttonLabel =
    sendingIndex >= 0 ? `Sending song ${plan.firstNumber + sendingIndex}…` : ready === 0 ? 'Submit song' : `Submit ${songsLabel(ready)}`;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <Link to={PAGE_PATHS.songwriterDashboard} className="link inline-flex items-center gap-1 text-sm">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Dashboard
      </Link>
      <SubmitHeading order={order} toSend={plan.count} />

      <FormProvider {...form}>
        <form noValidate onSubmit={form.handleSubmit(onSubmit, onInvalid)} className="mt-8 grid gap-8">
          {statuses.map((status, index) => (
            <SongCard
              key={index}
              index={index}
              songNumber={plan.firstNumber + index}
              packageSize={order.packageSize}
              status={status}
              disabled={isSubmitting}
            />
          ))}

          <SubmitCard summary={summary} sentCount={sentCount} buttonLabel={buttonLabel} />
        </form>
      </FormProvider>
    </div>
  );
}

/** The agreement, what went wrong with the last song sent, and the button that sends the songs started. */
function SubmitCard({ summary, sentCount, buttonLabel }: { summary: string | null; sentCount: number; buttonLabel: string }) {
  const form = useFormContext<SubmitSongsFormInput>();
  const { isSubmitting, errors } = useFormState({ control: form.control });
  const agreed = useWatch({ control: form.control, name: 'agreed' });
  return (
    <Card>
      <CardContent className="grid gap-5 pt-6">
        <div className="grid gap-2">
          <label className="flex items-start gap-3 text-sm leading-6">
            <input
              type="checkbox"
              className="mt-1 size-4 shrink-0 accent-primary"
              aria-invalid={errors.agreed ? true : undefined}
              aria-describedby={errors.agreed ? 'agreement-error' : undefined}
              disabled={isSubmitting}
              {...form.register('agreed')}
            />
            <span>
              I confirm that I wrote these songs or have the right to submit them, that the information I gave is true, and I agree that the
              review fee is non-refundable once the review begins.
            </span>
          </label>
          {errors.agreed && (
            <p id="agreement-error" className="text-sm font-medium text-destructive">
              {errors.agreed.message}
            </p>
          )}
        </div>
        {summary && (
          <Alert role="alert" variant="destructive">
            {sentCount > 0 && <p className="font-medium">{`${songsLabel(sentCount)} received.`}</p>}
            <p>{summary}</p>
            <p className="mt-1">Correct it and submit again; the songs already received are kept.</p>
          </Alert>
        )}
        <Button type="submit" size="lg" disabled={!agreed || isSubmitting} className="w-full sm:w-auto sm:justify-self-start">
          {isSubmitting ? <InlineSpinner /> : <Upload aria-hidden="true" />}
          {buttonLabel}
        </Button>
        {!agreed && !isSubmitting && <p className="text-sm text-muted-foreground">Tick the box above to enable the submit button.</p>}
      </CardContent>
    </Card>
  );
}

/** The page's heading: the package, how many songs are still to send, and those already received. */
function SubmitHeading({ order, toSend }: { order: SubmissionOrder; toSend: number }) {
  return (
    <>
      <h1 className="mt-4 text-3xl font-bold sm:text-4xl">Submit your songs</h1>
      <p className="mt-3 text-lg text-muted-foreground">
        Package of {songsLabel(order.packageSize)}: {songsLabel(toSend)} to send
        {order.songsSubmitted > 0 ? ` (${order.songsSubmitted} already received)` : ''}. Each song uploads on its own, one after another.
      </p>
      {toSend > 1 && (
        <p className="mt-2 text-muted-foreground">
          Send the songs that are ready now. A song you leave empty keeps its place in your package: send it later from your dashboard.
        </p>
      )}
      {order.submitted.length > 0 && (
        <div className="mt-6 rounded-xl border border-border bg-card p-4">
          <EarlierSongs order={order} />
        </div>
      )}
    </>
  );
}
