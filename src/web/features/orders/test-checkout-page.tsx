import { useMutation, useQuery } from '@tanstack/react-query';
import { CircleAlert, FlaskConical, LayoutDashboard, Lock } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { PRICE_PER_SONG_CENTS } from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import { PAGE_PATHS } from '../../../common/routes';
import { ErrorState } from '../../components/error-state';
import { PageMeta } from '../../components/page-meta';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '../../components/ui/card';
import { InlineSpinner, PageSpinner } from '../../components/ui/spinner';
import { isApiError } from '../../lib/api';
import { formatCents } from '../../../common/money';
import { payTestCheckout, testCheckoutQuery, type TestCheckoutSession } from './test-checkout-api';

const m = MESSAGES.songwriters;

/**
 * /test-checkout/:sessionId: the embedded stand-in for Stripe Checkout, used when no Stripe keys are set.
 * It says plainly that it is a test; its one button asks the server to mark the order paid.
 */
export function TestCheckoutPage() {
  const { sessionId = '' } = useParams();
  const session = useQuery(testCheckoutQuery(sessionId));

  return (
    <div className="mx-auto max-w-lg px-4 py-10 sm:py-16">
      <PageMeta title="Test Checkout" description="The built-in test checkout: no real payment is taken." />
      <div role="note" className="flex gap-3 rounded-xl border-2 border-dashed border-amber-500 bg-warning-soft p-4 text-warning-text">
        <FlaskConical aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <p className="text-sm font-semibold leading-6">{m.testCheckoutBanner}</p>
      </div>
      <div className="mt-6">
        {session.isPending ? (
          <PageSpinner label="Loading your order…" />
        ) : session.isError ? (
          <LoadFailed error={session.error} onRetry={() => void session.refetch()} />
        ) : (
          <Summary session={session.data} />
        )}
      </div>
    </div>
  );
}

function Summary({ session }: { session: TestCheckoutSession }) {
  const navigate = useNavigate();
  const pay = useMutation({
    mutationFn: () => payTestCheckout(session.sessionId),
    onSuccess: ({ redirectTo }) => void navigate(redirectTo, { replace: true }),
  });
  const cancelled = session.paymentStatus === 'cancelled';
  const alreadyPaid = !cancelled && (session.paymentStatus !== 'pending' || (isApiError(pay.error) && pay.error.status === 409));
  const total = formatCents(session.amountCents);

  return (
    <Card>
      <CardHeader>
        <h1 className="text-2xl font-bold sm:text-3xl">Test checkout</h1>
        <CardDescription>Review package for {session.customerEmail ?? 'your account'}</CardDescription>
      </CardHeader>
      <CardContent>
        <h2 className="sr-only">Order summary</h2>
        <dl className="grid gap-3 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Package</dt>
            <dd className="font-medium">
              {session.packageSize} {session.packageSize === 1 ? 'song' : 'songs'}
            </dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Price</dt>
            <dd className="font-medium">
              {session.packageSize} × {formatCents(PRICE_PER_SONG_CENTS)} = {formatCents(session.listPriceCents)}
            </dd>
          </div>
          {session.creditAppliedCents > 0 && (
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">Account credit</dt>
              <dd className="font-medium text-success">−{formatCents(session.creditAppliedCents)}</dd>
            </div>
          )}
          <div className="flex justify-between gap-4 border-t border-border pt-3 text-base">
            <dt className="font-semibold">Amount due</dt>
            <dd className="font-display text-2xl font-bold">{total}</dd>
          </div>
        </dl>
        {alreadyPaid && (
          <Alert variant="success" role="status" className="mt-6">
            <p className="font-medium">{m.alreadyPaid}</p>
            <Link to={PAGE_PATHS.songwriterDashboard} className="link mt-2 inline-flex items-center gap-1.5">
              <LayoutDashboard aria-hidden="true" className="size-4" />
              Go to your dashboard
            </Link>
          </Alert>
        )}
        {cancelled && (
          <Alert variant="destructive" role="alert" className="mt-6">
            <p className="font-medium">{MESSAGES.credits.checkoutCancelled}</p>
            <Link to={PAGE_PATHS.songwriterOrder} className="link mt-2 inline-flex items-center gap-1.5">
              Choose a package
            </Link>
          </Alert>
        )}
        {pay.isError && !alreadyPaid && !cancelled && (
          <Alert variant="destructive" role="alert" className="mt-6">
            <p className="font-medium">{m.paymentFailed}</p>
            {isApiError(pay.error) && <p>{pay.error.message}</p>}
          </Alert>
        )}
      </CardContent>
      {!alreadyPaid && !cancelled && (
        <CardFooter className="flex-col items-stretch">
          <Button size="lg" className="w-full" disabled={pay.isPending || pay.isSuccess} onClick={() => pay.mutate()}>
            {pay.isPending || pay.isSuccess ? <InlineSpinner /> : <Lock aria-hidden="true" />}
            Pay {total} (test)
          </Button>
          <p className="mt-3 text-center text-xs text-muted-foreground">No card is charged. The order is marked paid at once.</p>
        </CardFooter>
      )}
    </Card>
  );
}

function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (isApiError(error) && error.status === 404) {
    return (
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold sm:text-3xl">Test checkout</h1>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Alert variant="destructive" role="alert" className="flex gap-3">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <p>{m.checkoutNotFound}</p>
          </Alert>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild>
              <Link to={PAGE_PATHS.songwriterOrder}>Choose a package</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={PAGE_PATHS.songwriterDashboard}>Go to your dashboard</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    );
  }
  return (
    <>
      <h1 className="sr-only">Test checkout</h1>
      <ErrorState title={m.checkoutLoadFailed} error={error} onRetry={onRetry} />
    </>
  );
}
