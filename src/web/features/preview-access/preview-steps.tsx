import { KeyRound, MailCheck, Headphones, Send, type LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn';

const STEPS: ReadonlyArray<{ title: string; text: string; icon: LucideIcon }> = [
  { title: 'Submit your info', text: 'Tell us who you are and what you are looking for.', icon: Send },
  { title: 'Create a password', text: 'Set the password for your new account.', icon: KeyRound },
  { title: 'Verify your email', text: 'Open the link we send you to confirm your address.', icon: MailCheck },
  { title: 'Get access', text: 'Once we approve your request, listen to the whole catalogue.', icon: Headphones },
];

/**
 * The four steps from request to listening; `current` (1-4) marks where the visitor is. Below the large
 * breakpoint they sit two by two, titles only, so the form stays near the top of a phone's screen.
 */
export function PreviewSteps({ current, className }: { current?: number; className?: string }) {
  return (
    <ol aria-label="How preview access works" className={cn('grid grid-cols-2 gap-2 sm:gap-4 lg:grid-cols-1', className)}>
      {STEPS.map(({ title, text, icon: Icon }, index) => {
        const step = index + 1;
        const active = step === current;
        return (
          <li
            key={title}
            aria-current={active ? 'step' : undefined}
            className={cn(
              'flex items-center gap-3 rounded-xl border bg-card p-3 shadow-sm sm:gap-4 sm:p-4 lg:items-start',
              active ? 'border-primary ring-1 ring-primary' : 'border-border',
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                'flex size-8 shrink-0 items-center sm:size-10 justify-center rounded-full font-display text-lg font-bold',
                active ? 'bg-primary text-primary-foreground' : 'bg-secondary text-secondary-foreground',
              )}
            >
              {step}
            </span>
            <div className="min-w-0">
              <p className="flex items-center gap-2 text-sm font-semibold sm:text-base">
                <span className="sr-only">Step {step}: </span>
                {title}
                <Icon aria-hidden="true" className="hidden size-4 shrink-0 text-accent-strong sm:block" />
              </p>
              <p className="mt-1 hidden text-sm leading-6 text-muted-foreground lg:block">{text}</p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
