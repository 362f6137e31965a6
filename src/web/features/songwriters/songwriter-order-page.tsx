import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, Clock, ExternalLink, LayoutDashboard, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import {
  PACKAGE_SIZES,
  PRICE_PER_SONG_CENTS,
  REVIEW_DUE_BUSINESS_DAYS,
  REVIEW_TURNAROUND,
  type PackageSize,
} from '../../../common/constants';
import * as MESSAGES from '../../../common/messages';
import { PAGE_PATHS } from '../../../common/routes';
import { PackageFeatures } from '../../components/package-features';
import { PageMeta } from '../../components/page-meta';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { InlineSpinner } from '../../components/ui/spinner';
import { isApiError } from '../../lib/api';
import { formatCents } from '../../../common/money';
import { OnboardingGate, OnboardingShell } from './onboarding-shell';
import { CreditNote } from './credit-note';
import { CreditHistory } from './credit-history';
import { creditQuery, ordersQuery, songsLabel, songwriterApi, type AccountCredit, type Onboarding } from './songwriter-api';

const m = MESSAGES.songwriters;
/** While the checkout tab is open, how often this tab looks for the paid order. */
const PAYMENT_POLL_MS = 4000;

type Started = { orderId: string; url: string; blocked: boolean };

/** /songwriter-order: step 4, the review package. Checkout opens in a new tab. */
export function SongwriterOrderPage() {
  return (
    <>
      <PageMeta
        title="Choose Your Review Package"
        description={`Step 4 of 4: choose a review package of one to four songs at ${formatCents(PRICE_PER_SONG_CENTS)} per song.`}
      />
      <OnboardingGate page="order">{(onboarding) => <PackageChoice onboarding={onboarding} />}</OnboardingGate>
    </>
  );
}

function PackageChoice({ onboarding }: { onboarding: Onboarding }) {
  const [started, setStarted] = useState<Started | null>(null);
  const queryClient = useQueryClient();
  const checkout = useMutation({
    mutationFn: songwriterApi.startCheckout,
    // The order took the credit (the cards drop it), and one the credit paid in full is listed at once.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: creditQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: ordersQuery.queryKey });
    },
  });
  const credit = useQuery(creditQuery);
  const navigate = useNavigate();
  const [fastChosen, setFastChosen] = useState(false);
  const fastOffer = credit.data?.fastReview ?? null;
  const fastReview = fastChosen && fastOffer !== null;
  const songPriceCents = fastReview ? fastOffer.priceCents : PRICE_PER_SONG_CENTS;
  const prices = fastReview ? fastOffer.packages : credit.data?.packages;

  const choose = async (size: PackageSize) => {
    // The tab opens in the click itself, before the order is made: Safari allows a new tab only as the direct
    // result of a click, and would block one opened once the request has answered. It goes to the checkout
    // when the order exists, and closes if the order cannot be made. A package the credit pays in full needs
    // no checkout, so no tab.
    const paidInFull = prices?.find((p) => p.packageSize === size)?.dueCents === 0;
    const tab = paidInFull ? null : openWaitingTab();
    let result: Awaited<ReturnType<typeof songwriterApi.startCheckout>>;
    try {
      result = await checkout.mutateAsync({ packageSize: size, fastReview });
    } catch (error) {
      tab?.close();
      toast.error(m.checkoutFailed, { description: isApiError(error) ? error.message : undefined });
      return;
    }
    if (result.paidWithCredit) {
      tab?.close();
      toast.success(m.paidWithCredit);
      await navigate(PAGE_PATHS.songwriterDashboard);
      return;
    }
    tab?.location.replace(result.url);
    setStarted({ orderId: result.orderId, url: result.url, blocked: !tab });
  };

  return (
    <OnboardingShell
      step={4}
      wide
      bare
      title="Choose your review package"
      description={`Every song gets a professional written review. ${formatCents(PRICE_PER_SONG_CENTS)} per song, up to four songs at a time.`}
    >
      {started && <CheckoutStatus started={started} />}
      {!started && <CreditNote className="mb-8" />}
      {fastOffer && (
        <SpeedChoice
          fast={fastReview}
          onChange={setFastChosen}
          priceCents={fastOffer.priceCents}
          businessDays={fastOffer.businessDays}
          disabled={checkout.isPending}
        />
      )}

      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {PACKAGE_SIZES.map((size) => (
          <li key={size} className="flex">
            <PackageCard
              size={size}
              songPriceCents={songPriceCents}
              price={prices?.find((p) => p.packageSize === size)}
              busy={checkout.isPending && checkout.variables?.packageSize === size}
              disabled={checkout.isPending}
              onChoose={() => void choose(size)}
            />
          </li>
        ))}
      </ul>

      <p className="mt-8 flex items-center justify-center gap-2 text-center text-sm text-muted-foreground">
        <Clock aria-hidden="true" className="size-4 shrink-0" />
        Review turnaround: {fastReview ? `due ${fastOffer.businessDays} business days after each song arrives.` : REVIEW_TURNAROUND}
      </p>
      <p className="mt-2 flex items-center justify-center gap-2 text-center text-sm text-muted-foreground">
        <ShieldCheck aria-hidden="true" className="size-4 shrink-0" />
        {MESSAGES.credits.guarantee}
      </p>
      <CreditHistory className="mt-8" />
      {onboarding.nextStep === 'dashboard' && (
        <p className="mt-4 text-center text-sm">
          <Link to={PAGE_PATHS.songwriterDashboard} className="link">
            Back to your dashboard
          </Link>
        </p>
      )}
    </OnboardingShell>
  );
}

/** A new blank tab saying the checkout is on its way, cut off from this page (as rel="noopener" would). */
function openWaitingTab(): Window | null {
  const tab = window.open('', '_blank');
  if (!tab) return null;
  tab.opener = null;
  tab.document.title = m.checkoutOpening;
  tab.document.body.textContent = m.checkoutOpening;
  return tab;
}

/** Standard or faster review, offered when the admin has set a faster one: the cards then show its prices. */
function SpeedChoice({
  fast,
  onChange,
  priceCents,
  businessDays,
  disabled,
}: {
  fast: boolean;
  onChange: (fast: boolean) => void;
  priceCents: number;
  businessDays: number;
  disabled: boolean;
}) {
  const options = [
    {
      value: false,
      label: 'Standard review',
      hint: `${formatCents(PRICE_PER_SONG_CENTS)} a song, due in ${REVIEW_DUE_BUSINESS_DAYS} business days`,
    },
    { value: true, label: 'Faster review', hint: `${formatCents(priceCents)} a song, due in ${businessDays} business days` },
  ];
  return (
    <fieldset className="mb-8 grid gap-2 sm:grid-cols-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-semibold">Turnaround</legend>
      {options.map((option) => (
        <label
          key={option.label}
          className="flex cursor-pointer items-start gap-3 rounded-md border border-input px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring"
        >
          <input
            type="radio"
            name="turnaround"
            checked={fast === option.value}
            onChange={() => onChange(option.value)}
            className="mt-0.5 size-4 shrink-0 accent-primary focus-visible:outline-none"
          />
          <span>
            <span className="font-medium">{option.label}</span>
            <span className="block text-muted-foreground">{option.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function PackageCard({
  size,
  songPriceCents,
  price,
  busy,
  disabled,
  onChoose,
}: {
  size: PackageSize;
  /** Each song's price: the standard one, or the faster review's when chosen. */
  songPriceCents: number;
  /** The package's price with the songwriter's credit taken off, once known. */
  price?: AccountCredit['packages'][number];
  busy: boolean;
  disabled: boolean;
  onChoose: () => void;
}) {
  const titleId = `package-${size}`;
  const credited = price !== undefined && price.creditCents > 0;
  return (
    <Card className="flex w-full flex-col" role="group" aria-labelledby={titleId}>
      <CardHeader className="pb-4">
        <CardTitle id={titleId} className="capitalize">
          {songsLabel(size)}
        </CardTitle>
        {credited ? (
          <dl className="grid gap-1">
            <div className="flex items-baseline gap-2">
              <dt className="sr-only">Amount due</dt>
              <dd className="font-display text-4xl font-bold">{formatCents(price.dueCents)}</dd>
            </div>
            <div className="flex gap-1 text-sm text-muted-foreground">
              <dt>List price</dt>
              <dd className="line-through">{formatCents(price.listPriceCents)}</dd>
            </div>
            <div className="flex gap-1 text-sm text-success">
              <dt>Your credit</dt>
              <dd>−{formatCents(price.creditCents)}</dd>
            </div>
          </dl>
        ) : (
          <>
            <p>
              <span className="font-display text-4xl font-bold">{formatCents(size * songPriceCents)}</span>
            </p>
            <p className="text-sm text-muted-foreground">
              {size} × {formatCents(songPriceCents)} per song
            </p>
          </>
        )}
      </CardHeader>
      <CardContent className="flex-1">
        <PackageFeatures />
      </CardContent>
      <CardFooter>
        <Button className="w-full" size="lg" disabled={disabled} onClick={onChoose}>
          {busy && <InlineSpinner />}
          Choose {songsLabel(size)}
        </Button>
      </CardFooter>
    </Card>
  );
}

/** After the checkout tab opened (or was blocked): what to do there, and a note once the payment has arrived. */
function CheckoutStatus({ started }: { started: Started }) {
  const ref = useRef<HTMLDivElement>(null);
  const [paid, setPaid] = useState(false);
  const orders = useQuery({ ...ordersQuery, refetchInterval: paid ? false : PAYMENT_POLL_MS, refetchOnWindowFocus: true });
  const found = Boolean(orders.data?.some((o) => o.id === started.orderId));
  useEffect(() => {
    if (found) setPaid(true);
  }, [found]);
  useEffect(() => {
    ref.current?.focus();
  }, [started.orderId]);

  return (
    <div ref={ref} tabIndex={-1} className="mb-8 focus:outline-none">
      {paid ? (
        <Alert variant="success" role="status" className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <CircleCheck aria-hidden="true" className="size-5 shrink-0" />
          <p className="flex-1 font-medium">{m.paymentReceived}</p>
          <Button asChild size="sm">
            <Link to={PAGE_PATHS.songwriterDashboard}>
              <LayoutDashboard aria-hidden="true" />
              Go to your dashboard
            </Link>
          </Button>
        </Alert>
      ) : (
        <Alert role="status" className="grid gap-3">
          <p className="font-medium">{started.blocked ? m.popupBlocked : m.checkoutOpened}</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild size="sm" variant={started.blocked ? 'default' : 'outline'}>
              <a href={started.url} target="_blank" rel="noopener noreferrer">
                <ExternalLink aria-hidden="true" />
                {started.blocked ? 'Open checkout' : 'Open checkout again'}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </Button>
            <Button asChild size="sm" variant="outline">
              <Link to={PAGE_PATHS.songwriterDashboard}>
                <LayoutDashboard aria-hidden="true" />
                Go to your dashboard
              </Link>
            </Button>
          </div>
        </Alert>
      )}
    </div>
  );
}
