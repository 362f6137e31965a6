import { Inbox, LayoutDashboard, type LucideIcon } from 'lucide-react';
import { PAGE_PATHS } from '../../../common/routes';

/** The admin sidebar, in order. Add an entry here when an admin page lands. */
export const ADMIN_NAV: ReadonlyArray<{ to: string; label: string; icon: LucideIcon; end?: boolean }> = [
  { to: PAGE_PATHS.admin, label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: PAGE_PATHS.adminOutbox, label: 'Outbox', icon: Inbox },
];
