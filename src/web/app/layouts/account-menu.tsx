import { ChevronDown, FileUser, LayoutDashboard, LogOut, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { MeResponse } from '../../../common/responses';
import { PAGE_PATHS } from '../../../common/routes';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';

export interface AccountMenuProps {
  me: MeResponse;
  onSignOut: () => void;
  /** Open from the start: the button was pressed before this code arrived (lazy-account-menu.tsx). */
  defaultOpen?: boolean;
  /** Take the focus from the stand-in button this replaces. */
  focusTrigger?: boolean;
}

/** The signed-in user's menu: Admin (highlighted) for admins, Dashboard for songwriters, Your data, and Logout. */
export function AccountMenu({ me, onSignOut, defaultOpen = false, focusTrigger = false }: AccountMenuProps) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  // Only as it replaces the stand-in: what the props said then.
  const [focusOnArrival] = useState(focusTrigger && !defaultOpen);
  useEffect(() => {
    if (focusOnArrival) triggerRef.current?.focus();
  }, [focusOnArrival]);
  return (
    // Not modal: a modal menu hides the rest of the page with aria-hidden while its links stay focusable,
    // which screen readers and axe (aria-hidden-focus) rightly object to. Tabbing away simply closes it.
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <Button ref={triggerRef} variant="outline" size="sm">
          Account
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{me.user?.email}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {me.isAdmin && (
          <DropdownMenuItem asChild className="font-semibold text-primary data-[highlighted]:bg-primary/10">
            <Link to={PAGE_PATHS.admin}>
              <ShieldCheck aria-hidden="true" />
              Admin
            </Link>
          </DropdownMenuItem>
        )}
        {me.isSongwriter && (
          <DropdownMenuItem asChild>
            <Link to={PAGE_PATHS.songwriterDashboard}>
              <LayoutDashboard aria-hidden="true" />
              Dashboard
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuItem asChild>
          <Link to={PAGE_PATHS.account}>
            <FileUser aria-hidden="true" />
            Your data
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onSignOut}>
          <LogOut aria-hidden="true" />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
