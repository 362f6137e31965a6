import { useQuery } from '@tanstack/react-query';
import { Handshake } from 'lucide-react';
import { Link } from 'react-router';
import { PAGE_PATHS, pathTo } from '../../../common/routes';
import { ErrorState } from '../../components/error-state';
import { Button } from '../../components/ui/button';
import { formatDate } from '../../lib/format';
import { termsLine } from './agreement-state';
import { myAgreementsQuery } from './agreements-api';

/** On the songwriter's dashboard: each open offer to pitch one of their songs, leading to its review page to sign. */
export function OpenPitchOffers({ className }: { className?: string }) {
  const agreements = useQuery(myAgreementsQuery);
  if (agreements.isError) {
    return (
      <div className={className}>
        <ErrorState title="Could not load your pitch offers" error={agreements.error} onRetry={() => void agreements.refetch()} />
      </div>
    );
  }
  const open = agreements.data?.filter((a) => a.state === 'offered') ?? [];
  if (open.length === 0) return null;
  return (
    <section aria-labelledby="pitch-offers-heading" className={className}>
      <h2 id="pitch-offers-heading" className="mb-4 text-2xl font-semibold">
        Pitch offers
      </h2>
      <ul className="grid gap-3">
        {open.map((offer) => (
          <li
            key={offer.id}
            className="flex flex-col gap-3 rounded-xl border border-accent bg-card p-4 shadow-sm sm:flex-row sm:items-center"
          >
            <Handshake aria-hidden="true" className="size-6 shrink-0 text-primary" />
            <div className="min-w-0 flex-1">
              <p className="break-words font-semibold">We would like to pitch “{offer.songTitle}”</p>
              <p className="text-sm text-muted-foreground">
                {termsLine(offer)} · open until {formatDate(offer.expiresAt)}
              </p>
            </div>
            <Button asChild>
              <Link to={pathTo(PAGE_PATHS.songwriterReview, { reviewId: offer.reviewId })}>
                Read and sign<span className="sr-only"> the offer for {offer.songTitle}</span>
              </Link>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
