import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { preloadPages } from './app/lazy-page';
import { Providers } from './app/providers';
import { createQueryClient } from './app/query-client';
import { callerInPage, meQuery } from './lib/auth';
import { reportRecoverableError } from './app/report-render-error';
import { AppRoutes, routes } from './app/router';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
// What the server said of the caller goes into the cache as /api/me's answer: no round trip before guards
// decide. (While React adopts prerendered nodes, useMe answers with the caller they were drawn for instead.)
const caller = callerInPage();
if (caller) queryClient.setQueryData(meQuery.queryKey, caller);

const app = (
  <StrictMode>
    <Providers client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>
);

/**
 * A prerendered public page (scripts/vite-prerender.ts) is hydrated: the runtime adopts the nodes on
 * screen instead of drawing them again, so nothing blinks and the largest paint stays the first one.
 * Hydration waits for the page's code, so the first render matches the HTML without suspending.
 */
const PRERENDERED_HEAD_TAGS = 'title, meta[name="description"], meta[property^="og:"], meta[name^="twitter:"]';

async function start() {
  // Drawn afresh, a page loads its own code as it first renders (lazy-page.tsx).
  if (!root!.hasChildNodes()) {
    // A page prerendered for its head alone (the sign-up pages) carries tags its PageMeta writes again.
    document.head.querySelectorAll(PRERENDERED_HEAD_TAGS).forEach((tag) => tag.remove());
    createRoot(root!, { onRecoverableError: reportRecoverableError }).render(app);
    return;
  }
  await preloadPages(routes, window.location.pathname);
  // The prerender made forms and buttons inert until a script stands behind them (prerender.tsx). From here
  // React holds every event, replaying one that comes before it has adopted its target, so they come alive,
  // and the HTML React compares with its first render is the one it drew.
  root!.querySelectorAll('[inert]').forEach((node) => node.removeAttribute('inert'));
  hydrateRoot(root!, app, { onRecoverableError: reportRecoverableError });
}
void start();
