import { Check } from 'lucide-react';
import { cn } from '../../lib/cn';

export const ONBOARDING_STEPS = ['Account', 'Profile', 'Questionnaire', 'Package'] as const;
export type OnboardingStepNumber = 1 | 2 | 3 | 4;

/**
 * The four steps of joining as a songwriter. Steps before `current` are done; `current` itself is marked
 * (aria-current="step") and shows as done too when `currentDone` (the account is made, the e-mail not yet confirmed).
 */
export function OnboardingSteps({
  current,
  currentDone = false,
  className,
}: {
  current: OnboardingStepNumber;
  currentDone?: boolean;
  className?: string;
}) {
  return (
    <nav aria-label="Sign-up progress" className={className}>
      <ol className="grid grid-cols-4 gap-2">
        {ONBOARDING_STEPS.map((label, index) => {
          const step = index + 1;
          const isCurrent = step === current;
          const done = step < current || (isCurrent && currentDone);
          return (
            <li key={label} aria-current={isCurrent ? 'step' : undefined} className="relative flex flex-col items-center gap-2 text-center">
              {/* The line to the next step. */}
              {step < ONBOARDING_STEPS.length && (
                <span
                  aria-hidden="true"
                  className={cn(
                    'absolute top-4 left-[calc(50%+1.25rem)] h-0.5 w-[calc(100%-2rem)]',
                    step < current ? 'bg-primary' : 'bg-border',
                  )}
                />
              )}
              <span
                aria-hidden="true"
                className={cn(
                  'relative flex size-8 items-center justify-center rounded-full border-2 text-sm font-bold',
                  done
                    ? 'border-primary bg-primary text-primary-foreground'
                    : isCurrent
                      ? 'border-primary bg-card text-primary'
                      : 'border-border bg-card text-muted-foreground',
                  isCurrent && 'ring-2 ring-primary/25 ring-offset-2 ring-offset-background',
                )}
              >
                {done ? <Check className="size-4" strokeWidth={3} /> : step}
              </span>
              <span className={cn('text-xs font-medium sm:text-sm', isCurrent ? 'text-foreground' : 'text-muted-foreground')}>
                <span className="sr-only">Step {step}: </span>
                {label}
                {done && <span className="sr-only"> (completed)</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
