import {
  Activity,
  ClipboardList,
  Link2,
  FileAudio,
  Handshake,
  History,
  Inbox,
  Landmark,
  Megaphone,
  LayoutDashboard,
  MessageSquare,
  Music,
  RotateCcw,
  ScrollText,
  Settings,
  ShoppingBag,
  UserPlus,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { PAGE_PATHS } from '../../../common/routes';
import type { QueueName } from '../../features/admin/queue-counts/queue-counts';

/**
 * The admin sidebar, in order. Add an entry here when an admin page lands. `badge` names a count shown beside
 * the label; `queue`, the count of what waits there for an admin (GET /api/admin/queue-counts).
 */
export const ADMIN_NAV: ReadonlyArray<{
  to: string;
  label: string;
  icon: LucideIcon;
  end?: boolean;
  badge?: 'unreadReviewMessages';
  queue?: QueueName;
}> = [
  { to: PAGE_PATHS.admin, label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: PAGE_PATHS.adminAllUsers, label: 'All Users', icon: Users },
  { to: PAGE_PATHS.adminCustomers, label: 'Customers', icon: ShoppingBag },
  { to: PAGE_PATHS.adminSongs, label: 'Songs', icon: Music },
  {
    to: PAGE_PATHS.adminSongwriterReviews,
    label: 'Songwriter Reviews',
    icon: FileAudio,
    badge: 'unreadReviewMessages',
    queue: 'overdueReviews',
  },
  { to: PAGE_PATHS.adminComments, label: 'Comments', icon: MessageSquare, queue: 'pendingComments' },
  { to: PAGE_PATHS.adminPreviewRequests, label: 'Preview Requests', icon: ClipboardList, queue: 'pendingPreviewRequests' },
  { to: PAGE_PATHS.adminCreateAccount, label: 'Create Account', icon: UserPlus },
  { to: PAGE_PATHS.adminPreviewActivity, label: 'Preview Activity', icon: Activity },
  { to: PAGE_PATHS.adminPitchLinks, label: 'Pitch Links', icon: Link2, queue: 'unreadPitchReplies' },
  { to: PAGE_PATHS.adminPitchActivity, label: 'Pitch Activity', icon: History },
  { to: PAGE_PATHS.adminPitchPipeline, label: 'Pitch Pipeline', icon: Handshake },
  { to: PAGE_PATHS.adminBriefs, label: 'Briefs', icon: Megaphone },
  { to: PAGE_PATHS.adminLedger, label: 'Ledger', icon: Landmark },
  { to: PAGE_PATHS.adminResetSongwriter, label: 'Reset Songwriter', icon: RotateCcw },
  { to: PAGE_PATHS.adminOutbox, label: 'Outbox', icon: Inbox },
  { to: PAGE_PATHS.adminAudit, label: 'Audit Trail', icon: ScrollText },
  { to: PAGE_PATHS.adminSettings, label: 'Settings', icon: Settings },
];
