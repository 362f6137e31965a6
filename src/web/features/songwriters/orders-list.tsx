import { useQuery } from '@tanstack/react-query';
import { ChevronRight, CircleCheck, Package, Upload } from 'lucide-react';
import { Link } from 'react-router';
import * as MESSAGES from '../../../common/messages';
import { PAGE_PATHS, pathTo } from '../../../common/routes';
import { EmptyState } from '../../components/empty-state';
import { QueryState } from '../../components/query-state';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { formatDate } from '../../lib/format';
import { formatCents } from '../../../common/money';
import { ClaimOrdersBox } from './claim-orders-box';
import { NewOnReview, STATUS } from './recent-reviews';
import { ordersQuery, songsLabel, type DashboardReview, type SongwriterOrder } from './songwriter-api';

const m = MESSAGES.songwriters;

/** The songwriter's paid packages, newest first, each with its songs' reviews and what is left to submit. */
export function OrdersList({ email, offerClaim, reviews = [] }: { email: string; offerClaim: boolean; reviews?: DashboardReview[] }) {
  const orders = useQuery(ordersQuery);
  return (
    <QueryState
      query={orders}
      pending={<Spinner label="Loading your orders…" className="py-8" />}
      errorTitle={m.ordersLoadFailed}
      isEmpty={(rows) => rows.length === 0}
      empty={
        <div className="grid gap-6">
          <EmptyState icon={Package} message={m.noPackages}>
            <Button asChild>
              <Link to={PAGE_PATHS.songwriterOrder}>Choose a review package</Link>
            </Button>
          </EmptyState>
          {offerClaim && <ClaimOrdersBox intro={m.claimEmptyIntro} defaultEmail={email} />}
        </div>
      }
    >
      {(rows) => (
        <ul className="grid grid-cols-1 gap-4">
          {rows.map((order) => (
            <li key={order.id}>
              <OrderCard
                order={order}
                reviews={reviews.filter((r) => r.orderId === order.id).sort((a, b) => a.songNumber - b.songNumber || a.round - b.round)}
              />
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

function OrderCard({ order, reviews }: { order: SongwriterOrder; reviews: DashboardReview[] }) {
  const titleId = `order-${order.id}`;
  const complete = order.songsRemaining <= 0;
  const percent = Math.round((Math.min(order.songsSubmitted, order.packageSize) / order.packageSize) * 100);
  return (
    <Card role="article" aria-labelledby={titleId}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 pb-4">
        <CardTitle id={titleId} as="h3" className="text-lg">
          Package of {songsLabel(order.packageSize)}
        </CardTitle>
        {complete ? (
          <Badge variant="success">
            <CircleCheck aria-hidden="true" className="mr-1 size-3.5" />
            All songs submitted
          </Badge>
        ) : (
          <Badge variant="secondary">Paid</Badge>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-muted-foreground">Paid on</dt>
            <dd className="font-medium">{formatDate(order.paidAt ?? order.createdAt)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Amount</dt>
            <dd className="font-medium">
              {formatCents(order.amountPaidCents)}
              {order.creditAppliedCents > 0 && (
                <span className="block text-xs font-normal text-muted-foreground">+ {formatCents(order.creditAppliedCents)} credit</span>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Songs submitted</dt>
            <dd className="font-medium">
              {order.songsSubmitted} of {order.packageSize}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Songs left</dt>
            <dd className="font-medium">{Math.max(order.songsRemaining, 0)}</dd>
          </div>
        </dl>
        <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-muted">
          <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
        </div>
        {reviews.length > 0 && (
          <ul
            aria-label={`Songs of the package of ${songsLabel(order.packageSize)}`}
            className="divide-y divide-border rounded-lg border border-border"
          >
            {reviews.map((review) => (
              <li key={review.id}>
                <Link
                  to={pathTo(PAGE_PATHS.songwriterReview, { reviewId: review.id })}
                  className="flex items-center gap-3 px-3 py-2 text-sm hover:bg-muted focus-visible:-outline-offset-2"
                >
                  <span className="min-w-0 flex-1 truncate">
                    <span className="text-muted-foreground">Song {review.songNumber}: </span>
                    <span className="font-medium">{review.songTitle}</span>
                  </span>
                  {review.round > 1 && <Badge variant="outline">{MESSAGES.rewrites.badge}</Badge>}
                  <Badge variant={STATUS[review.status].variant}>{STATUS[review.status].label}</Badge>
                  <NewOnReview review={review} />
                  <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                </Link>
              </li>
            ))}
          </ul>
        )}
        {!complete && (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm font-medium">{songsLabel(order.songsRemaining)} left to submit</p>
            <Button asChild>
              <Link to={`${PAGE_PATHS.submitSong}?order_id=${encodeURIComponent(order.id)}`} aria-describedby={titleId}>
                <Upload aria-hidden="true" />
                Submit songs
              </Link>
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
