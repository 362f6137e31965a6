import { ChevronDown } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import type { MeResponse } from '../../../common/responses';
import { Button } from '../../components/ui/button';
import type { AccountMenuProps } from './account-menu';

type AccountMenuComponent = (props: AccountMenuProps) => ReactNode;

const loadAccountMenu = () => import('./account-menu').then((module) => module.AccountMenu);

/**
 * The account menu's code (Radix's menu and its positioning, about 20 kB gzip) is not needed to paint a
 * page, nor by most visits: it loads when the user reaches for the button (the pointer over it, focus on it),
 * or at once when it is pressed first. Until then the same button stands in for its trigger; pressing it
 * opens the menu as soon as it arrives, and focus stays on it. (Loaded when the browser was idle before: on
 * a phone's CPU that was a long task while the page had only just become usable; bench row P2.)
 */
export function LazyAccountMenu({ me, onSignOut }: { me: MeResponse; onSignOut: () => void }) {
  const [Menu, setMenu] = useState<AccountMenuComponent | null>(null);
  const [openOnArrival, setOpenOnArrival] = useState(false);
  const placeholderFocused = useRef(false);

  const load = () => {
    void loadAccountMenu().then((component) => setMenu(() => component));
  };

  const openWhenLoaded = () => {
    setOpenOnArrival(true);
    load();
  };

  if (Menu) return <Menu me={me} onSignOut={onSignOut} defaultOpen={openOnArrival} focusTrigger={placeholderFocused.current} />;
  return (
    <Button
      variant="outline"
      size="sm"
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={load}
      onFocus={() => {
        placeholderFocused.current = true;
        load();
      }}
      onBlur={() => (placeholderFocused.current = false)}
      // Radix's trigger opens on pointer down, so the stand-in asks then too: if the real menu replaces it
      // between press and release, the click never arrives, and the menu must open all the same.
      onPointerDown={(event) => {
        if (event.button === 0) openWhenLoaded();
      }}
      onClick={openWhenLoaded}
    >
      Account
      <ChevronDown aria-hidden="true" />
    </Button>
  );
}
