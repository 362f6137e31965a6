import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import * as MESSAGES from '../../../common/messages';
import { PAGE_PATHS } from '../../../common/routes';
import { PageMeta } from '../../components/page-meta';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { InlineSpinner } from '../../components/ui/spinner';
import { useMe } from '../../lib/auth';
import { OpenPitchOffers } from '../agreements';
import { MyBriefOutcomes } from '../briefs';
import { PitchReportSection } from '../pitch-report';
import { MyPlacements } from '../placements';
import { ClaimOrdersBox } from './claim-orders-box';
import { CreditNote } from './credit-note';
import { OnboardingGate } from './onboarding-shell';
import { OrdersList } from './orders-list';
import { NewReplyBadge, RecentReviews } from './recent-reviews';
import { reviewsQuery, type Onboarding } from './songwriter-api';
import { useCheckoutReturn, type CheckoutReturnState } from './use-checkout-return';

const m = MESSAGES.songwriters;

/**
 * /songwriter-dashboard: orders, recent reviews and claims. Where /auth sends songwriters, so one who has
 * not finished the profile or questionnaire is sent on to that step.
 */
export function SongwriterDashboardPage() {
  const returned = useCheckoutReturn();
  return (
    <>
      <PageMeta title="Songwriter Dashboard" description="Your review packages, the songs left to submit and your latest reviews." />
      <OnboardingGate page="dashboard" hold={returned === 'confirming'}>
        {(onboarding) => <Dashboard onboarding={onboarding} returned={returned} />}
      </OnboardingGate>
    </>
  );
}

function Dashboard({ onboarding, returned }: { onboarding: Onboarding; returned: CheckoutReturnState }) {
  const me = useMe();
  const reviews = useQuery(reviewsQuery);
  const email = me.data?.user?.email ?? '';
  const name = onboarding.profile?.firstName || onboarding.username;
  const unread = (reviews.data?.unreadMessages ?? 0) > 0;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold sm:text-4xl">Songwriter dashboard</h1>
            {unread && <NewReplyBadge />}
          </div>
          {name && <p className="mt-2 text-lg text-muted-foreground">Welcome back, {name}.</p>}
        </div>
        <Button asChild variant="outline">
          <Link to={PAGE_PATHS.songwriterOrder}>
            <Plus aria-hidden="true" />
            Buy a review package
          </Link>
        </Button>
      </div>

      {(returned === 'confirming' || returned === 'awaiting') && (
        <Alert role="status" className="mt-8 flex items-center gap-2">
          <InlineSpinner />
          {returned === 'awaiting' ? m.paymentStillConfirming : m.confirmingPayment}
        </Alert>
      )}
      {returned === 'failed' && <ClaimOrdersBox intro={m.claimIntro} className="mt-8" />}
      <CreditNote className="mt-8" />
      <OpenPitchOffers className="mt-10" />
      <MyPlacements className="mt-10" />
      <MyBriefOutcomes className="mt-10" />

      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="orders-heading">
          <h2 id="orders-heading" className="mb-4 text-2xl font-semibold">
            Your orders
          </h2>
          {/* The claim box is already on the page after a failed return from payment, and is no help while a
              payment is being confirmed. */}
          <OrdersList email={email} offerClaim={returned === 'idle'} reviews={reviews.data?.reviews} />
        </section>
        <section aria-labelledby="reviews-heading">
          <h2 id="reviews-heading" className="mb-4 text-2xl font-semibold">
            Recent Reviews
          </h2>
          <RecentReviews reviews={reviews} />
        </section>
      </div>
      <PitchReportSection className="mt-10" />
    </div>
  );
}
