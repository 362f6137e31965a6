import { useRef } from 'react';
import { Outlet } from 'react-router';
import { PageSuspense } from '../lazy-page';
import { useFinishSignOut } from '../../lib/auth';
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
      <SiteHeader />
      <main id="main" ref={mainRef} tabIndex={-1} className="flex-1 focus:outline-none">
        <PageSuspense>
          <Outlet />
        </PageSuspense>
      </main>
      <SiteFooter />
    </div>
  );
}
