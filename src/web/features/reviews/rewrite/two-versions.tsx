import * as MESSAGES from '../../../../common/messages';
import { Badge } from '../../../components/ui/badge';
import { formatDate } from '../../../lib/format';
import type { AdminReview } from '../../../../common/responses/reviews';
import { ReviewStudio } from '../studio/review-studio';

const m = MESSAGES.rewrites;
const r = MESSAGES.rubric;

type FirstRound = NonNullable<AdminReview['firstRound']>;

/**
 * The first version and the rewrite side by side (stacked on a phone): each on its own waveform player with
 * its own notes. The first version's notes were sent with its review and stay as they are; the rewrite's are
 * written here.
 */
export function TwoVersions({
  review,
  first,
  refreshAudioUrls,
}: {
  review: AdminReview;
  first: FirstRound;
  /** Fresh links for both players, when the ones playing have expired. */
  refreshAudioUrls: () => Promise<{ first: string | null; rewrite: string | null }>;
}) {
  return (
    <div className="grid gap-6">
      <div className="grid gap-2 rounded-lg bg-muted px-4 py-3">
        <h3 className="font-sans text-sm font-semibold uppercase tracking-wide text-muted-foreground">{m.noteHeading}</h3>
        <p className="whitespace-pre-wrap break-words leading-7">{review.rewriteNote ?? '—'}</p>
      </div>
      <div className="grid gap-8 md:grid-cols-2">
        <section aria-labelledby="first-version-heading" className="grid content-start gap-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 id="first-version-heading" className="text-lg font-semibold">
              {m.firstVersion}
            </h3>
            <p className="text-sm text-muted-foreground">
              Reviewed {first.reviewedAt ? formatDate(first.reviewedAt) : ''}
              {first.verdict && (
                <>
                  {' '}
                  · <Badge variant="warning">{r.verdicts[first.verdict]}</Badge>
                </>
              )}
            </p>
          </div>
          <ReviewStudio
            side="admin"
            reviewId={first.id}
            status="reviewed"
            title={`${review.songTitle} (${m.firstVersion.toLowerCase()})`}
            audioUrl={first.audioUrl}
            refreshAudioUrl={async () => (await refreshAudioUrls()).first}
          />
          {first.adminReview && (
            <details className="rounded-lg border border-border px-3 py-2">
              <summary className="cursor-pointer text-sm font-medium">The first review</summary>
              <p className="mt-2 whitespace-pre-wrap break-words text-sm leading-6">{first.adminReview}</p>
            </details>
          )}
        </section>
        <section aria-labelledby="rewrite-version-heading" className="grid content-start gap-3">
          <h3 id="rewrite-version-heading" className="text-lg font-semibold">
            {m.rewriteVersion}
          </h3>
          {first.sameAudio && <p className="text-sm text-muted-foreground">{m.audioUnchanged}</p>}
          <ReviewStudio
            side="admin"
            reviewId={review.id}
            status={review.status}
            title={`${review.songTitle} (${m.rewriteVersion.toLowerCase()})`}
            audioUrl={review.audioUrl}
            refreshAudioUrl={async () => (await refreshAudioUrls()).rewrite}
          />
        </section>
      </div>
    </div>
  );
}
