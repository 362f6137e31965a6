import { useQuery } from '@tanstack/react-query';
import * as MESSAGES from '../../../../common/messages';
import { Activity, ArrowRight, MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { PAGE_PATHS } from '../../../../common/routes';
import { ErrorState } from '../../../components/error-state';
import { PageMeta } from '../../../components/page-meta';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { dashboardQuery } from './dashboard-api';
import { FailedAnalyses } from './failed-analyses';
import { PendingReviews } from './pending-reviews';
import { PlaysChart } from './plays-chart';
import { ReviewRatings } from './review-ratings';
import { StatCards, StatCardsSkeleton } from './stat-cards';
import { SITE_NAME } from '../../../lib/site-name';

/**
 * /admin and /admin/dashboard: the numbers that matter, plays per day, the reviews waiting, and any audio whose
 * analysis failed.
 */
export function DashboardPage() {
  const dashboard = useQuery(dashboardQuery);
  const pendingComments = dashboard.data?.stats.pendingComments ?? 0;

  return (
    <div className="mx-auto max-w-6xl">
      <PageMeta
        title="Admin Dashboard"
        description={`${SITE_NAME} at a glance: users, songs, customers, preview activity, plays per day and pending reviews.`}
      />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Dashboard</h1>
          <p className="mt-1 text-muted-foreground">{SITE_NAME} at a glance.</p>
        </div>
        <nav aria-label="Quick actions" className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to={PAGE_PATHS.adminPreviewActivity}>
              <Activity aria-hidden="true" />
              Preview activity
            </Link>
          </Button>
          <Button asChild>
            <Link to={PAGE_PATHS.adminComments}>
              <MessageSquare aria-hidden="true" />
              {pendingComments > 0 ? `Moderate comments (${pendingComments})` : 'Moderate comments'}
            </Link>
          </Button>
        </nav>
      </div>

      {dashboard.isError ? (
        <div className="mt-8">
          <ErrorState title={MESSAGES.admin.dashboardLoadFailed} error={dashboard.error} onRetry={() => void dashboard.refetch()} />
        </div>
      ) : (
        <div aria-busy={dashboard.isPending || undefined}>
          {dashboard.isPending && (
            <p role="status" className="sr-only">
              Loading the dashboard…
            </p>
          )}
          <section aria-labelledby="overview-title" className="mt-8">
            <h2 id="overview-title" className="sr-only">
              Overview
            </h2>
            {dashboard.isPending ? <StatCardsSkeleton /> : <StatCards stats={dashboard.data.stats} />}
          </section>

          <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <Card>
              <CardHeader>
                <CardTitle>Plays per day</CardTitle>
                <CardDescription>Songs played by signed-in listeners and pitch-link recipients, last 30 days.</CardDescription>
              </CardHeader>
              <CardContent>
                {dashboard.isPending ? (
                  <div aria-hidden="true" className="h-56 animate-pulse rounded-lg bg-muted" />
                ) : (
                  <PlaysChart days={dashboard.data.playsPerDay} />
                )}
              </CardContent>
            </Card>

            <Card>
              <CardHeader>
                <CardTitle>Pending reviews</CardTitle>
                <CardDescription>The newest songs waiting for your review.</CardDescription>
              </CardHeader>
              <CardContent>
                {dashboard.isPending ? (
                  <div aria-hidden="true" className="grid gap-3">
                    {[0, 1, 2].map((i) => (
                      <div key={i} className="h-12 animate-pulse rounded-md bg-muted" />
                    ))}
                  </div>
                ) : (
                  <>
                    <PendingReviews reviews={dashboard.data.pendingReviews} />
                    <Link to={PAGE_PATHS.adminSongwriterReviews} className="link mt-4 inline-flex items-center gap-1 text-sm">
                      All songwriter reviews
                      <ArrowRight aria-hidden="true" className="size-4" />
                    </Link>
                  </>
                )}
              </CardContent>
            </Card>
          </div>

          <Card role="region" aria-labelledby="review-ratings-title" className="mt-6">
            <CardHeader>
              <CardTitle id="review-ratings-title">Review ratings</CardTitle>
              <CardDescription>How useful songwriters found their reviews, and their latest comments.</CardDescription>
            </CardHeader>
            <CardContent>
              {dashboard.isPending ? (
                <div aria-hidden="true" className="h-16 animate-pulse rounded-md bg-muted" />
              ) : (
                <ReviewRatings summary={dashboard.data.reviewRatings} />
              )}
            </CardContent>
          </Card>

          <FailedAnalyses />
        </div>
      )}
    </div>
  );
}
