import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, FileSearch } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import * as MESSAGES from '../../../../common/messages';
import { PAGE_PATHS, pathTo } from '../../../../common/routes';
import { ErrorState } from '../../../components/error-state';
import { PageMeta } from '../../../components/page-meta';
import { Conversation } from '../conversation';
import { ReviewStatusBadge } from '../review-status-badge';
import { SubmissionDetails } from '../submission-details';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { adminReviewQuery, invalidateReviewLists, sendAdminReply, type AdminReview } from './admin-reviews-api';
import { AdminPitchOfferPanel } from '../../agreements';
import { ReviewStudio } from '../studio/review-studio';
import { StudioBriefPanel } from '../../briefs';
import { SoundsClosest } from '../studio/sounds-closest';
import { LyricsDiff } from '../rewrite/lyrics-diff';
import { RewriteBadge } from '../rewrite/rewrite-badge';
import { TwoVersions } from '../rewrite/two-versions';
import { ReviewEditor } from './review-editor';
import { SongwriterDetails } from './songwriter-details';

const m = MESSAGES.reviews;
const rw = MESSAGES.rewrites;
const DESCRIPTION = 'Listen to a submitted song, write and send its review, and answer the songwriter.';

/** /admin/songwriter-reviews/:id: everything the reviewer needs for one song on one page. */
export function AdminReviewPage() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const review = useQuery(adminReviewQuery(id));

  // Reading the review marks the songwriter's messages read: the list and the sidebar badge follow.
  useEffect(() => {
    if (review.dataUpdatedAt > 0) void invalidateReviewLists(queryClient);
  }, [review.dataUpdatedAt, queryClient]);

  if (review.isPending) {
    return (
      <>
        <PageMeta title="Songwriter Review" description={DESCRIPTION} />
        <PageSpinner label="Loading the review…" />
      </>
    );
  }
  if (review.isError) {
    const notFound = isApiError(review.error) && (review.error.status === 404 || review.error.status === 400);
    return (
      <div className="max-w-2xl">
        <PageMeta title={notFound ? m.reviewNotFound : 'Songwriter Review'} description={DESCRIPTION} />
        <BackLink />
        {notFound ? (
          <div className="mt-6 grid justify-items-center gap-4 rounded-xl border border-border bg-card px-6 py-12 text-center">
            <FileSearch aria-hidden="true" className="size-10 text-primary" />
            <h1 className="text-3xl font-bold">{m.reviewNotFound}</h1>
            <Button asChild>
              <Link to={PAGE_PATHS.adminSongwriterReviews}>Back to Songwriter Reviews</Link>
            </Button>
          </div>
        ) : (
          <>
            <h1 className="sr-only">Songwriter Review</h1>
            <div className="mt-6">
              <ErrorState title={m.reviewLoadFailed} error={review.error} onRetry={() => void review.refetch()} />
            </div>
          </>
        )}
      </div>
    );
  }
  return <ReviewView review={review.data} />;
}

function BackLink() {
  return (
    <Link to={PAGE_PATHS.adminSongwriterReviews} className="link inline-flex items-center gap-1 text-sm">
      <ArrowLeft aria-hidden="true" className="size-4" />
      Songwriter Reviews
    </Link>
  );
}

function ReviewView({ review }: { review: AdminReview }) {
  const queryClient = useQueryClient();
  /** The review read again, for fresh audio links when the ones playing have expired. */
  const reread = () => queryClient.fetchQuery({ ...adminReviewQuery(review.id), staleTime: 0 });
  const first = review.firstRound;
  const { profile } = review.songwriter;
  const songwriterName =
    (profile && ([profile.firstName, profile.lastName].filter(Boolean).join(' ') || profile.username)) ||
    review.songwriter.email ||
    'The songwriter';

  return (
    <div className="max-w-7xl">
      <PageMeta title={`Review: ${review.songTitle}`} description={DESCRIPTION} />
      <BackLink />
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="break-words text-3xl font-bold">{review.songTitle}</h1>
          <p className="mt-1 text-muted-foreground">
            Song {review.songNumber} by {songwriterName} · {review.round === 1 ? 'submitted' : 'rewrite sent'}{' '}
            {formatDate(review.createdAt)}
            {review.status !== 'reviewed' && <> · due {formatDate(`${review.dueOn}T12:00:00`)}</>}
          </p>
          {review.round > 1 && (
            <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
              <RewriteBadge />
              {review.reviewer && (
                <span className="text-sm text-muted-foreground">{rw.forReviewer(review.reviewer.you ? 'you' : review.reviewer.email)}</span>
              )}
            </div>
          )}
          {review.rewrite && (
            <Link
              to={pathTo(PAGE_PATHS.adminSongwriterReview, { id: review.rewrite.id })}
              className="link mt-2 inline-flex items-center gap-1 text-sm"
            >
              The songwriter sent a rewrite of this song: open it
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          )}
        </div>
        <ReviewStatusBadge status={review.status} className="self-start px-3 py-1 text-sm" />
      </div>

      {first && (
        <div className="mt-6 grid gap-6">
          <Section id="versions-heading" title="Two versions">
            <TwoVersions
              review={review}
              first={first}
              refreshAudioUrls={async () => {
                const fresh = await reread();
                return { first: fresh.firstRound?.audioUrl ?? null, rewrite: fresh.audioUrl };
              }}
            />
          </Section>
          <Section id="lyrics-diff-heading" title={rw.lyricsDiffTitle}>
            <LyricsDiff before={first.lyricsText} after={review.lyricsText} />
          </Section>
        </div>
      )}

      <div className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-6">
          <Section id="submission-heading" title={first ? 'The rewrite as sent' : 'Submission'}>
            <SubmissionDetails
              submission={review}
              lyricCraft={review.lyricCraft}
              audio={
                first ? (
                  <p className="text-muted-foreground">Both recordings play under “Two versions” above.</p>
                ) : (
                  <ReviewStudio
                    side="admin"
                    reviewId={review.id}
                    status={review.status}
                    title={review.songTitle}
                    audioUrl={review.audioUrl}
                    refreshAudioUrl={async () => (await reread()).audioUrl}
                  />
                )
              }
            />
          </Section>
          <Section id="sounds-closest-heading" title={MESSAGES.referenceSearch.studioTitle}>
            <SoundsClosest reviewId={review.id} />
          </Section>
          <Section id="review-heading" title={first ? 'Your review of the rewrite' : 'Your review'}>
            <ReviewEditor review={review} songwriterName={songwriterName} />
          </Section>
          <AdminPitchOfferPanel
            reviewId={review.id}
            reviewSent={review.status === 'reviewed'}
            // What was sent decides, not a verdict chosen in the form since.
            pitchReady={review.verdict === null || review.verdict === 'pitch_ready'}
          />
        </div>
        <div className="grid content-start gap-6">
          <StudioBriefPanel reviewId={review.id} />
          <Section id="songwriter-heading" title="Songwriter">
            <SongwriterDetails songwriter={review.songwriter} />
          </Section>
          <Section id="conversation-heading" title="Conversation">
            <Conversation
              messages={review.messages}
              replyLabel="Reply to the songwriter"
              emptyText="No messages yet."
              onSend={async (message) => {
                await sendAdminReply(review.id, message);
                await Promise.all([
                  queryClient.invalidateQueries({ queryKey: adminReviewQuery(review.id).queryKey }),
                  invalidateReviewLists(queryClient),
                ]);
              }}
            />
          </Section>
        </div>
      </div>
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card role="region" aria-labelledby={id}>
      <CardHeader>
        <CardTitle id={id}>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
