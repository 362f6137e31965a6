import { useQuery, useQueryClient } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import { ArrowLeft, ArrowRight, Clock, FileSearch } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { REVIEW_TURNAROUND } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import { PAGE_PATHS, pathTo } from '../../../common/routes';
import { ErrorState } from '../../components/error-state';
import { PageMeta } from '../../components/page-meta';
import { PitchOfferCard } from '../agreements';
import { Conversation } from './conversation';
import { ReviewStatusBadge } from './review-status-badge';
import { ReviewStudio } from './studio/review-studio';
import { SubmissionDetails } from './submission-details';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { PageSpinner } from '../../components/ui/spinner';
import { isApiError } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { SONGWRITER_REVIEWS_KEY } from '../../lib/query-keys';
import { ReviewRating } from './review-rating';
import { RewriteBadge } from './rewrite/rewrite-badge';
import { RewriteForm } from './rewrite/rewrite-form';
import { sendSongwriterReply, songwriterReviewQuery, type SongwriterReview } from './reviews-api';
import { ScoresChart } from './scores-chart';

const m = MESSAGES.reviews;
const r = MESSAGES.rubric;
const rw = MESSAGES.rewrites;

/** /songwriter/review/:reviewId: the review of one song, the song as submitted and the conversation with the reviewer. */
export function SongwriterReviewPage() {
  const { reviewId = '' } = useParams();
  const queryClient = useQueryClient();
  const review = useQuery(songwriterReviewQuery(reviewId));

  // Opening the review marks it and the reviewer's messages read. The dashboard's copy is dropped rather
  // than marked stale, so going back shows fresh badges, never a New Reply already read.
  useEffect(() => {
    if (review.dataUpdatedAt > 0) queryClient.removeQueries({ queryKey: SONGWRITER_REVIEWS_KEY });
  }, [review.dataUpdatedAt, queryClient]);

  if (review.isPending) {
    return (
      <>
        <PageMeta title="Your Review" description="Your song review and the conversation with the reviewer." />
        <PageSpinner label="Loading your review…" />
      </>
    );
  }
  if (review.isError) {
    const error = review.error;
    const notFound = isApiError(error) && (error.status === 404 || error.status === 400);
    const orderMissing = notFound && error.message === m.orderNotFound;
    const title = notFound ? (orderMissing ? m.orderNotFound : m.reviewNotFound) : m.reviewLoadFailed;
    return (
      <div className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
        <PageMeta title={title} description="Your song review and the conversation with the reviewer." />
        {notFound ? (
          <Card>
            <CardContent className="grid justify-items-center gap-4 pt-8 text-center">
              <FileSearch aria-hidden="true" className="size-10 text-primary" />
              <h1 className="text-3xl font-bold">{title}</h1>
              <p className="text-muted-foreground">{orderMissing ? m.orderNotFoundBody : m.reviewNotFoundBody}</p>
              <BackToDashboard />
            </CardContent>
          </Card>
        ) : (
          <>
            <h1 className="sr-only">Your review</h1>
            <ErrorState title={title} error={error} onRetry={() => void review.refetch()} />
          </>
        )}
      </div>
    );
  }
  return <ReviewView review={review.data} />;
}

function BackToDashboard() {
  return (
    <Button asChild>
      <Link to={PAGE_PATHS.songwriterDashboard}>
        <ArrowLeft aria-hidden="true" />
        Back to your dashboard
      </Link>
    </Button>
  );
}

function ReviewView({ review }: { review: SongwriterReview }) {
  const queryClient = useQueryClient();
  const queryKey = songwriterReviewQuery(review.id).queryKey;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <PageMeta title={`Review: ${review.songTitle}`} description="Your song review and the conversation with the reviewer." />
      <Link to={PAGE_PATHS.songwriterDashboard} className="link inline-flex items-center gap-1 text-sm">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Dashboard
      </Link>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="break-words text-3xl font-bold sm:text-4xl">{review.songTitle}</h1>
          <p className="mt-2 text-muted-foreground">
            Song {review.songNumber} of {review.packageSize} · {review.round === 1 ? 'submitted' : 'rewrite sent'}{' '}
            {formatDate(review.createdAt)}
          </p>
          {review.round > 1 && <RewriteBadge className="mt-2" />}
        </div>
        <ReviewStatusBadge status={review.status} className="self-start px-3 py-1 text-sm" />
      </div>

      <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-8">
          {review.rewriteOf && (
            <Card role="region" aria-labelledby="rewrite-heading">
              <CardHeader>
                <CardTitle id="rewrite-heading">{rw.sentTitle}</CardTitle>
              </CardHeader>
              <CardContent className="grid gap-3">
                <h3 className="font-sans text-sm font-semibold uppercase tracking-wide text-muted-foreground">{rw.yourNoteHeading}</h3>
                <p className="whitespace-pre-wrap break-words leading-7">{review.rewriteNote ?? '—'}</p>
                <Link
                  to={pathTo(PAGE_PATHS.songwriterReview, { reviewId: review.rewriteOf })}
                  className="link inline-flex items-center gap-1"
                >
                  {rw.rewriteOfTitle} and its review
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
              </CardContent>
            </Card>
          )}

          <YourReviewCard review={review} />

          {review.rewriteUntil && (
            <Card role="region" aria-labelledby="send-rewrite-heading">
              <CardHeader>
                <CardTitle id="send-rewrite-heading">{rw.offerTitle}</CardTitle>
              </CardHeader>
              <CardContent>
                <RewriteForm reviewId={review.id} firstLyrics={review.lyricsText} until={review.rewriteUntil} />
              </CardContent>
            </Card>
          )}

          {review.status === 'reviewed' && (
            <Card role="region" aria-labelledby="rating-heading">
              <CardHeader>
                <CardTitle id="rating-heading">Rate this review</CardTitle>
              </CardHeader>
              <CardContent>
                <ReviewRating reviewId={review.id} rating={review.rating} />
              </CardContent>
            </Card>
          )}

          {review.rewrite && <RewriteSentCard rewrite={review.rewrite} />}

          {review.status === 'reviewed' && <PitchOfferCard reviewId={review.id} />}

          <Card role="region" aria-labelledby="conversation-heading">
            <CardHeader>
              <CardTitle id="conversation-heading">Conversation</CardTitle>
              <p className="text-sm text-muted-foreground">
                Questions about your review? Ask the reviewer here; you are emailed when they answer.
              </p>
            </CardHeader>
            <CardContent>
              <Conversation
                messages={review.messages}
                replyLabel="Your reply"
                emptyText="No messages yet."
                onSend={async (message) => {
                  await sendSongwriterReply(review.id, message);
                  await queryClient.invalidateQueries({ queryKey });
                }}
              />
            </CardContent>
          </Card>
        </div>

        <Card role="region" aria-labelledby="submission-heading" className="content-start self-start">
          <CardHeader>
            <CardTitle id="submission-heading">Your submission</CardTitle>
          </CardHeader>
          <CardContent>
            <SubmissionDetails
              submission={review}
              audio={
                <ReviewStudio
                  side="songwriter"
                  reviewId={review.id}
                  status={review.status}
                  title={review.songTitle}
                  audioUrl={review.audioUrl}
                  refreshAudioUrl={async () =>
                    (await queryClient.fetchQuery({ ...songwriterReviewQuery(review.id), staleTime: 0 })).audioUrl
                  }
                />
              }
            />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

/** The review itself, with its scores; before it is sent, when it is expected. */
function YourReviewCard({ review }: { review: SongwriterReview }) {
  return (
    <Card role="region" aria-labelledby="review-heading">
      <CardHeader>
        <CardTitle id="review-heading">Your review</CardTitle>
        {review.status === 'reviewed' && review.reviewedAt && (
          <p className="text-sm text-muted-foreground">Sent {formatDate(review.reviewedAt)}</p>
        )}
      </CardHeader>
      <CardContent>
        {review.status === 'reviewed' && review.adminReview ? (
          // Reviews sent before the rubric have no scores: the text alone, full width.
          review.scores?.some((score) => score.score !== null) ? (
            <div className="grid gap-8 md:grid-cols-[minmax(0,1fr)_15rem]">
              <p className="whitespace-pre-wrap break-words leading-7">{review.adminReview}</p>
              <ScoresChart scores={review.scores} verdict={review.verdict} changes={review.scoreChanges} />
            </div>
          ) : (
            <p className="whitespace-pre-wrap break-words leading-7">{review.adminReview}</p>
          )
        ) : (
          <div className="flex gap-3 rounded-lg bg-muted px-4 py-4">
            <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <div>
              <p className="font-semibold">{m.reviewInProgress}</p>
              <p className="mt-1 font-medium">{r.expectedBy(format(parseISO(review.dueOn), 'MMM d'))}</p>
              <p className="mt-1 text-sm text-muted-foreground">{REVIEW_TURNAROUND} We email you as soon as it is ready.</p>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** On the first version's page: the rewrite sent, its state and a link to it. */
function RewriteSentCard({ rewrite }: { rewrite: NonNullable<SongwriterReview['rewrite']> }) {
  return (
    <Card role="region" aria-labelledby="rewrite-heading">
      <CardHeader>
        <CardTitle id="rewrite-heading">{rw.sentTitle}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <ReviewStatusBadge status={rewrite.status} className="justify-self-start" />
          {rewrite.status !== 'reviewed' && <p className="text-sm font-medium">{r.expectedBy(format(parseISO(rewrite.dueOn), 'MMM d'))}</p>}
        </div>
        <Button asChild variant="outline">
          <Link to={pathTo(PAGE_PATHS.songwriterReview, { reviewId: rewrite.id })}>
            Open your rewrite
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
