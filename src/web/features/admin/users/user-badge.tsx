import { BadgeCheck, CircleUserRound, MailWarning, UserRoundX } from 'lucide-react';
import type { UserBadge as UserBadgeKind } from '../../../../common/schemas/admin-ops';
import { cn } from '../../../lib/cn';

/** Labels of the badge filter; a row's own label comes from the server ("Purchased (3)"). */
export const USER_BADGE_LABELS: Record<UserBadgeKind, string> = {
  'email-not-confirmed': 'Email Not Confirmed',
  'no-profile': 'No Profile',
  'profile-only': 'Profile Only',
  purchased: 'Purchased',
};

/** Each badge its own colour and icon, so the colour is never the only signal. */
const STYLES: Record<UserBadgeKind, { className: string; icon: typeof BadgeCheck }> = {
  'email-not-confirmed': { className: 'border-warning-line bg-warning-soft text-warning-text', icon: MailWarning },
  'no-profile': { className: 'border-border bg-muted text-foreground', icon: UserRoundX },
  'profile-only': { className: 'border-info-line bg-info-soft text-info-text', icon: CircleUserRound },
  purchased: { className: 'border-success-line bg-success-soft text-success-text', icon: BadgeCheck },
};

export function UserBadge({ badge, label }: { badge: UserBadgeKind; label: string }) {
  const { className, icon: Icon } = STYLES[badge];
  return (
    <span
      className={cn('inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold', className)}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {label}
    </span>
  );
}
