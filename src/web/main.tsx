import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { preloadPages } from './app/lazy-page';
import { Providers } from './app/providers';
import { createQueryClient } from './app/query-client';
import { isPrerenderedShell } from '../common/routes';
import { callerInPage, meQuery, SHELL_CALLER } from './lib/auth';
import { AppRoutes, routes } from './app/router';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * Once the app owns the page, its prerendered forms and buttons come alive. (Hydration leaves attributes the
 * server HTML has and the components lack; PageMeta rewrites the <title> and description in place.)
 */
function TakeOverPrerenderedPage() {
  useEffect(() => {
    document.querySelectorAll('#root [inert]').forEach((node) => node.removeAttribute('inert'));
  }, []);
  return null;
}

const queryClient = createQueryClient();
const caller = callerInPage();
/** What the server said of the caller goes into the cache as /api/me's answer: no round trip before guards decide. */
function tellCaller() {
  if (caller) queryClient.setQueryData(meQuery.queryKey, caller);
  // A shell that came without its caller: SHELL_CALLER stands for no one, so ask who is there.
  else if (queryClient.getQueryData(meQuery.queryKey)) void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
}

const app = (
  <StrictMode>
    <Providers client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <TakeOverPrerenderedPage />
    </Providers>
  </StrictMode>
);

/**
 * A prerendered public page (scripts/vite-prerender.ts) is hydrated: the runtime adopts the nodes on
 * screen instead of drawing them again, so nothing blinks and the largest paint stays the first one.
 * Hydration waits for the page's code, so the first render matches the HTML without suspending.
 */
async function start() {
  // Drawn afresh, a page loads its own code as it first renders (lazy-page.tsx).
  if (!root!.hasChildNodes()) {
    tellCaller();
    createRoot(root!).render(app);
    return;
  }
  await preloadPages(routes, window.location.pathname);
  // Preact (decision 0017) does not compare the HTML with the first render, so there is no mismatch to report;
  // nor would it mend one. So the first render sees the caller the HTML was drawn for (unknown on a public
  // page, SHELL_CALLER in a signed-in shell), and the real caller is told once the nodes are adopted (before
  // the query subscribes, so nothing is fetched).
  if (isPrerenderedShell(window.location.pathname)) queryClient.setQueryData(meQuery.queryKey, SHELL_CALLER);
  hydrateRoot(root!, app);
  tellCaller();
}
void start();
