import { Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { PAGE_PATHS } from '../../common/routes';
import { PagePendingBar } from './layouts/page-pending-bar';
import { ScrollRestoration } from './layouts/scroll-restoration';
import { SiteLayout } from './layouts/site-layout';
import { page, PageSuspense } from './lazy-page';
import { NotFoundPage } from './not-found-page';
import { RouteErrorBoundary } from './route-error-page';
import { adminRoutes } from './routes/admin-routes';
import { catalogueRoutes } from './routes/catalogue-routes';
import { publicRoutes } from './routes/public-routes';
import { songwriterRoutes } from './routes/songwriter-routes';

/*
 * Every page is its own chunk (lazy-page.tsx), loaded when first visited; the admin area (layout and pages) is
 * never downloaded on public pages. Paths come from PAGE_PATHS, which the server also uses to answer 404.
 * The table is split by area (routes/). Routes are matched by React Router's declarative core: data comes from
 * TanStack Query, and the data router would add 17 kB to every first page (decision 0070).
 */

const siteRoutes: RouteObject[] = [...publicRoutes, ...catalogueRoutes, ...songwriterRoutes, { path: '*', element: <NotFoundPage /> }];

/**
 * What every page sits in: an error boundary, a bar while the next page's code loads (a first visit shows the
 * page spinner too), scroll kept per history entry.
 */
function RootLayout() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <PagePendingBar />
      <PageSuspense>
        <Outlet />
      </PageSuspense>
      <ScrollRestoration />
    </RouteErrorBoundary>
  );
}

/** Every route; the browser renders them (main.tsx) and the build prerenders public pages from them (prerender.tsx). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { element: <SiteLayout />, children: siteRoutes },
      adminRoutes,
      // A pitch link's recipient has no account: a branded page of its own, outside the site's chrome.
      {
        path: PAGE_PATHS.pitch,
        ...page(
          () => import('../features/pitching/pitch-page'),
          (m) => m.PitchPage,
        ),
      },
    ],
  },
];

/** The page for the current location, inside whichever router the caller provides. */
export function AppRoutes() {
  return useRoutes(routes);
}
