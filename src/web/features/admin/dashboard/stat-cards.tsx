import {
  Activity,
  AlarmClock,
  BadgeDollarSign,
  BellRing,
  ClipboardList,
  Eye,
  MessageSquareMore,
  MessageSquareReply,
  Music,
  ShoppingBag,
  Users,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { PAGE_PATHS } from '../../../../common/routes';
import { cn } from '../../../lib/cn';
import type { DashboardStats } from './dashboard-api';

interface StatCard {
  key: keyof DashboardStats;
  title: string;
  subtitle: string;
  icon: LucideIcon;
  /** Where the number is worked on, if anywhere. */
  to?: string;
  /** The number asks for the admin's attention when above zero. */
  attention?: boolean;
}

/** The dashboard's eleven cards, in order, with their titles and subtitles (docs/product.md). */
export const STAT_CARDS: readonly StatCard[] = [
  { key: 'totalUsers', title: 'Total Users', subtitle: 'all accounts', icon: Users, to: PAGE_PATHS.adminAllUsers },
  { key: 'totalSongs', title: 'Total Songs', subtitle: 'in the catalogue', icon: Music, to: PAGE_PATHS.adminSongs },
  { key: 'activeSongs', title: 'Active Songs', subtitle: 'visible to preview users', icon: Eye, to: PAGE_PATHS.adminSongs },
  {
    key: 'totalCustomers',
    title: 'Total Customers',
    subtitle: 'songwriters with orders',
    icon: ShoppingBag,
    to: PAGE_PATHS.adminCustomers,
  },
  {
    key: 'needService',
    title: 'Need Service',
    subtitle: 'incomplete or pending',
    icon: Wrench,
    to: `${PAGE_PATHS.adminCustomers}?needsService=true`,
    attention: true,
  },
  { key: 'previewUsers', title: 'Preview Users', subtitle: 'active preview access', icon: BellRing, to: PAGE_PATHS.adminPreviewActivity },
  {
    key: 'activeThisWeek',
    title: 'Active This Week',
    subtitle: 'users who played songs',
    icon: Activity,
    to: PAGE_PATHS.adminPreviewActivity,
  },
  {
    key: 'pendingComments',
    title: 'Pending Comments',
    subtitle: 'awaiting approval',
    icon: MessageSquareMore,
    to: PAGE_PATHS.adminComments,
    attention: true,
  },
  {
    key: 'overdueReviews',
    title: 'Overdue Reviews',
    subtitle: 'past their due date',
    icon: AlarmClock,
    to: PAGE_PATHS.adminSongwriterReviews,
    attention: true,
  },
  {
    key: 'lateReviewsCreditedThisMonth',
    title: 'Late Reviews Credited',
    subtitle: 'fees credited back this month',
    icon: BadgeDollarSign,
    to: PAGE_PATHS.adminCustomers,
  },
  {
    key: 'pendingPreviewRequests',
    title: 'Preview Requests',
    subtitle: 'waiting for a decision',
    icon: ClipboardList,
    to: PAGE_PATHS.adminPreviewRequests,
    attention: true,
  },
  {
    key: 'unreadPitchReplies',
    title: 'Pitch Replies',
    subtitle: 'new from recipients',
    icon: MessageSquareReply,
    to: PAGE_PATHS.adminPitchLinks,
    attention: true,
  },
];

const numberFormat = new Intl.NumberFormat('en-US');

export function StatCards({ stats }: { stats: DashboardStats }) {
  return (
    <ul aria-label="Statistics" className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
      {STAT_CARDS.map((card) => {
        const value = stats[card.key];
        const alert = card.attention && value > 0;
        const body = (
          <>
            <div className="flex items-start justify-between gap-3">
              <h3 className="font-sans text-sm font-medium tracking-normal text-muted-foreground">{card.title}</h3>
              <card.icon aria-hidden="true" className={cn('size-5 shrink-0', alert ? 'text-accent-strong' : 'text-primary')} />
            </div>
            <p className="mt-2 font-display text-2xl font-bold tabular-nums sm:text-3xl">{numberFormat.format(value)}</p>
            <p className={cn('mt-1 text-sm', alert ? 'font-medium text-accent-strong' : 'text-muted-foreground')}>{card.subtitle}</p>
          </>
        );
        const classes = cn(
          'block h-full rounded-xl border bg-card p-4 shadow-sm sm:p-5',
          alert ? 'border-warning-line bg-warning-soft/60' : 'border-border',
        );
        return (
          <li key={card.key}>
            {card.to ? (
              <Link to={card.to} className={cn(classes, 'transition-colors hover:border-primary')}>
                {body}
              </Link>
            ) : (
              <div className={classes}>{body}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function StatCardsSkeleton() {
  return (
    <ul aria-hidden="true" className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
      {STAT_CARDS.map((card) => (
        <li key={card.key} className="h-[118px] animate-pulse rounded-xl border border-border bg-card p-4 sm:p-5">
          <div className="h-4 w-20 max-w-full rounded bg-muted sm:w-24" />
          <div className="mt-3 h-8 w-16 rounded bg-muted" />
          <div className="mt-2 h-4 w-24 max-w-full rounded bg-muted sm:w-32" />
        </li>
      ))}
    </ul>
  );
}
