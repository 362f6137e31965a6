import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import * as MESSAGES from '../../../common/messages';
import { ErrorState } from '../../components/error-state';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { PageSpinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { OnboardingSteps, type OnboardingStepNumber } from './onboarding-steps';
import { mayOpen, onboardingQuery, pathOfStep, type Onboarding, type OnboardingStep } from './songwriter-api';

/**
 * A page of the songwriter flow: the four steps on top, then the page's card whose title is the page's
 * one h1. `focusTitle` moves focus to the title when the card's content changes in place (a done state).
 */
export function OnboardingShell({
  step,
  currentDone,
  title,
  description,
  focusTitle = false,
  wide = false,
  bare = false,
  children,
}: {
  step: OnboardingStepNumber;
  currentDone?: boolean;
  title: string;
  description?: ReactNode;
  focusTitle?: boolean;
  /** Wider page, for the four package cards. */
  wide?: boolean;
  /** The content sits on the page rather than in one card. */
  bare?: boolean;
  children: ReactNode;
}) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) titleRef.current?.focus();
  }, [focusTitle]);
  const heading = (
    <>
      <h1 ref={titleRef} tabIndex={-1} className="text-2xl font-bold focus:outline-none sm:text-3xl">
        {title}
      </h1>
      {description && <CardDescription className="text-base">{description}</CardDescription>}
    </>
  );
  return (
    <div className={cn('mx-auto px-4 py-10 sm:px-6 sm:py-14', wide ? 'max-w-6xl' : 'max-w-2xl')}>
      <OnboardingSteps current={step} currentDone={currentDone} className="mx-auto max-w-xl" />
      {bare ? (
        <div className="mt-10">
          <div className="grid gap-2 text-center">{heading}</div>
          <div className="mt-8">{children}</div>
        </div>
      ) : (
        <Card className="mt-10">
          <CardHeader>{heading}</CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
      )}
    </div>
  );
}

/**
 * Loads where the songwriter stands and renders the page only when it may open (see mayOpen); a later
 * step opened early sends them to their first unfinished one. Inside the songwriter route guard.
 */
export function OnboardingGate({
  page,
  hold = false,
  children,
}: {
  page: OnboardingStep;
  /** Do not redirect yet (the dashboard first handles a return from payment or a claim link). */
  hold?: boolean;
  children: (onboarding: Onboarding) => ReactNode;
}) {
  const onboarding = useQuery(onboardingQuery);
  if (onboarding.isPending) return <PageSpinner />;
  if (onboarding.isError) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-16">
        <ErrorState title={MESSAGES.songwriters.onboardingLoadFailed} error={onboarding.error} onRetry={() => void onboarding.refetch()} />
      </div>
    );
  }
  if (!hold && !mayOpen(page, onboarding.data.nextStep)) return <Navigate to={pathOfStep(onboarding.data.nextStep)} replace />;
  return <>{children(onboarding.data)}</>;
}
