import { useRef } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useFinishSignOut } from '../../lib/auth';
import { NavigationProgress } from './navigation-progress';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SkipLink } from './skip-link';
import { useRouteFocus } from './use-route-focus';

/** Public chrome: skip link, top bar, the page, footer. */
export function SiteLayout() {
  const mainRef = useRef<HTMLElement>(null);
  useRouteFocus(mainRef);
  useFinishSignOut();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <NavigationProgress />
      <SiteHeader />
      <main id="main" ref={mainRef} tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
