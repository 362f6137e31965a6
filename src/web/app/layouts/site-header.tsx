import { Menu, Music2, X } from 'lucide-react';
import { useRef, useState, type RefObject } from 'react';
import { Link, NavLink } from 'react-router';

import { mayBrowseCatalogue, PAGE_PATHS } from '../../../common/routes';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { useMe, useSignOut } from '../../lib/auth';
import { LazyAccountMenu } from './lazy-account-menu';
import { SITE_NAV_LINKS } from './site-nav-links';
import { SITE_NAME } from '../../lib/site-name';
import { ThemeToggle } from '../../features/theme';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn('rounded-md px-3 py-2 text-sm font-medium text-stone-200 hover:bg-white/10 hover:text-white', isActive && 'bg-white/10 text-white');

export function SiteHeader() {
  const me = useMe();
  const signOut = useSignOut();
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeMenu = () => setMenuOpen(false);
  const user = me.data?.user;
  // The catalogue link is for the people who may open it; the others would only be sent to /preview-status.
  const canBrowseSongs = Boolean(me.data && mayBrowseCatalogue(me.data));

  return (
    <header className="sticky top-0 z-40 border-b border-stone-800 bg-stone-950 text-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to={PAGE_PATHS.home} className="flex items-center gap-2 rounded-md font-display text-xl font-bold" onClick={closeMenu}>
          <Music2 aria-hidden="true" className="size-6 text-accent" />
          {SITE_NAME}
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {SITE_NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
          {canBrowseSongs && (
            <>
              <NavLink to={PAGE_PATHS.songs} className={navLinkClass}>
                Songs
              </NavLink>
              <NavLink to={PAGE_PATHS.myHolds} className={navLinkClass}>
                My holds
              </NavLink>
              <NavLink to={PAGE_PATHS.playlists} className={navLinkClass}>
                Playlists
              </NavLink>
              <NavLink to={PAGE_PATHS.shares} className={navLinkClass}>
                Shares
              </NavLink>
            </>
          )}
        </nav>

        <div className="flex items-center gap-2">
          <ThemeToggle />
          <div className="hidden items-center gap-2 md:flex">
            {me.isPending ? null : me.data && user ? (
              <LazyAccountMenu me={me.data} onSignOut={() => void signOut()} />
            ) : (
              <>
                <Button asChild variant="ghost" size="sm" className="text-stone-100 hover:bg-white/10 hover:text-white">
                  <Link to={PAGE_PATHS.auth}>Login</Link>
                </Button>
                <Button asChild variant="accent" size="sm">
                  <Link to={PAGE_PATHS.signup}>Sign Up</Link>
                </Button>
              </>
            )}
          </div>

          <Button
            ref={toggleRef}
            variant="ghost"
            size="icon"
            className="text-white hover:bg-white/10 hover:text-white md:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
            <span className="sr-only">Toggle menu</span>
          </Button>
        </div>
      </div>

      {menuOpen && <MobileMenu canBrowseSongs={canBrowseSongs} close={closeMenu} toggleRef={toggleRef} onSignOut={() => void signOut()} />}
    </header>
  );
}

/** The menu a narrow screen opens from the header's toggle; Escape closes it and hands focus back to the toggle. */
function MobileMenu({
  canBrowseSongs,
  close,
  toggleRef,
  onSignOut,
}: {
  canBrowseSongs: boolean;
  close: () => void;
  toggleRef: RefObject<HTMLButtonElement | null>;
  onSignOut: () => void;
}) {
  const me = useMe();
  const user = me.data?.user;
  const mobileLinkClass = (state: { isActive: boolean }) => cn(navLinkClass(state), 'block text-base');
  return (
    <nav
      id="mobile-menu"
      aria-label="Main"
      className="border-t border-stone-800 px-4 pb-4 pt-2 md:hidden"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          close();
          toggleRef.current?.focus();
        }
      }}
    >
      <ul className="grid gap-1">
        {SITE_NAV_LINKS.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end className={mobileLinkClass} onClick={close}>
              {link.label}
            </NavLink>
          </li>
        ))}
        {canBrowseSongs && (
          <>
            <li>
              <NavLink to={PAGE_PATHS.songs} className={mobileLinkClass} onClick={close}>
                Songs
              </NavLink>
            </li>
            <li>
              <NavLink to={PAGE_PATHS.myHolds} className={mobileLinkClass} onClick={close}>
                My holds
              </NavLink>
            </li>
            <li>
              <NavLink to={PAGE_PATHS.playlists} className={mobileLinkClass} onClick={close}>
                Playlists
              </NavLink>
            </li>
            <li>
              <NavLink to={PAGE_PATHS.shares} className={mobileLinkClass} onClick={close}>
                Shares
              </NavLink>
            </li>
          </>
        )}
      </ul>
      <div className="mt-3 grid gap-2 border-t border-stone-800 pt-3">
        {me.isPending ? null : user ? (
          <>
            <p className="truncate px-3 text-sm text-stone-300">{user.email}</p>
            {me.data?.isAdmin && (
              <Button asChild variant="accent" className="justify-start text-base">
                <Link to={PAGE_PATHS.admin} onClick={close}>
                  Admin
                </Link>
              </Button>
            )}
            {me.data?.isSongwriter && (
              <Button asChild variant="ghost" className="justify-start text-base text-stone-100 hover:bg-white/10 hover:text-white">
                <Link to={PAGE_PATHS.songwriterDashboard} onClick={close}>
                  Dashboard
                </Link>
              </Button>
            )}
            <Button
              variant="ghost"
              className="justify-start text-base text-stone-100 hover:bg-white/10 hover:text-white"
              onClick={() => {
                close();
                onSignOut();
              }}
            >
              Logout
            </Button>
          </>
        ) : (
          <>
            <Button asChild variant="ghost" className="justify-start text-base text-stone-100 hover:bg-white/10 hover:text-white">
              <Link to={PAGE_PATHS.auth} onClick={close}>
                Login
              </Link>
            </Button>
            <Button asChild variant="accent" className="text-base">
              <Link to={PAGE_PATHS.signup} onClick={close}>
                Sign Up
              </Link>
            </Button>
          </>
        )}
      </div>
    </nav>
  );
}
