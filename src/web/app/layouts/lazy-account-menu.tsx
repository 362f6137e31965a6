import { ChevronDown } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { MeResponse } from '../../../common/api-types';
import { Button } from '../../components/ui/button';
import { whenIdle } from '../../lib/when-idle';
import type { AccountMenuProps } from './account-menu';

type AccountMenuComponent = (props: AccountMenuProps) => ReactNode;

const loadAccountMenu = () => import('./account-menu').then((module) => module.AccountMenu);

/**
 * The account menu's code (Radix's menu and its positioning, about 20 kB gzip) is not needed to paint a
 * page: it loads once the browser is idle, or at once when the button is pressed first. Until then the same
 * button stands in for its trigger; pressing it opens the menu as soon as it arrives, and focus stays on it.
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

  useEffect(() => whenIdle(load), []);

  if (Menu) return <Menu me={me} onSignOut={onSignOut} defaultOpen={openOnArrival} focusTrigger={placeholderFocused.current} />;
  return (
    <Button
      variant="outline"
      size="sm"
      aria-haspopup="menu"
      aria-expanded={false}
      onFocus={() => (placeholderFocused.current = true)}
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
