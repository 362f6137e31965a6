import { ArrowLeft, LogOut, Menu, ShieldCheck, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { PAGE_PATHS } from '../../../common/routes';
import { Button } from '../../components/ui/button';
import { ThemeToggle } from '../../features/theme';
import { cn } from '../../lib/cn';
import { useMe, useSignOut } from '../../lib/auth';
import { UnreadReviewMessagesBadge } from '../../features/reviews/admin/unread-nav-badge';
import { QueueCountBadge } from '../../features/admin/queue-counts/queue-counts';
import { PageSuspense } from '../lazy-page';
import { ADMIN_NAV } from './admin-nav';
import { SkipLink } from './skip-link';
import { useRouteFocus } from './use-route-focus';

/** Admin chrome: a sidebar (a collapsible panel below 768px) and the page. Rendered inside the admin guard. */
export function AdminLayout() {
  const me = useMe();
  const signOut = useSignOut('admin');
  const { pathname } = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  // The mobile panel closes by itself when the page changes: it is open only for the path it was opened on.
  const menuOpen = openAt === pathname;
  const mainRef = useRef<HTMLElement>(null);
  useRouteFocus(mainRef);

  return (
    <div className="flex min-h-dvh flex-col bg-muted md:flex-row">
      <SkipLink />
      <aside className="border-b border-stone-800 bg-stone-950 text-stone-200 md:sticky md:top-0 md:flex md:h-dvh md:w-64 md:shrink-0 md:flex-col md:overflow-y-auto md:border-b-0">
        <div className="flex items-center justify-between gap-3 px-4 py-4 md:block md:px-5 md:py-6">
          <div className="min-w-0">
            <p className="flex items-center gap-2 font-display text-lg font-bold text-white">
              <ShieldCheck aria-hidden="true" className="size-5 text-accent" />
              Admin Panel
            </p>
            <p className="mt-1 truncate text-sm text-stone-300">{me.data?.user?.email}</p>
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="text-white hover:bg-white/10 hover:text-white md:hidden"
            aria-expanded={menuOpen}
            aria-controls="admin-menu"
            onClick={() => setOpenAt(menuOpen ? null : pathname)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
            <span className="sr-only">Toggle admin menu</span>
          </Button>
        </div>
        <div id="admin-menu" className={cn('flex-1 flex-col px-3 pb-4 md:flex', menuOpen ? 'flex' : 'hidden')}>
          <nav aria-label="Admin">
            <ul className="grid gap-1">
              {ADMIN_NAV.map(({ to, label, icon: Icon, end, badge, queue }) => (
                <li key={to}>
                  <NavLink
                    // /admin/dashboard is the dashboard too: its item is current there as well.
                    to={to === PAGE_PATHS.admin && pathname === PAGE_PATHS.adminDashboard ? PAGE_PATHS.adminDashboard : to}
                    end={end}
                    className={({ isActive }) =>
                      cn(
                        'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium hover:bg-white/10 hover:text-white',
                        isActive && 'bg-brand text-white hover:bg-brand',
                      )
                    }
                  >
                    <Icon aria-hidden="true" className="size-4" />
                    {label}
                    {/* ml-auto on the first badge pushes the badges to the row's end together. */}
                    <span className="ml-auto flex gap-1 empty:hidden">
                      {badge === 'unreadReviewMessages' && <UnreadReviewMessagesBadge />}
                      {queue && <QueueCountBadge queue={queue} />}
                    </span>
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-6 grid gap-1 border-t border-stone-800 pt-4 md:mt-auto">
            <Link to={PAGE_PATHS.home} className="flex items-center gap-3 rounded-md px-3 py-2 text-sm hover:bg-white/10 hover:text-white">
              <ArrowLeft aria-hidden="true" className="size-4" />
              Back to site
            </Link>
            <Button
              variant="ghost"
              className="justify-start gap-3 px-3 text-stone-200 hover:bg-white/10 hover:text-white"
              onClick={() => void signOut()}
            >
              <LogOut aria-hidden="true" />
              Logout
            </Button>
            <ThemeToggle className="text-stone-200" />
          </div>
        </div>
      </aside>
      <main id="main" ref={mainRef} tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-8 sm:py-8">
        <PageSuspense>
          <Outlet />
        </PageSuspense>
      </main>
    </div>
  );
}
