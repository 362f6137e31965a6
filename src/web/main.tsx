import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { preloadPages } from './app/lazy-page';
import { Providers } from './app/providers';
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

const app = (
  <StrictMode>
    <Providers>
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
  const pageCode = preloadPages(routes, window.location.pathname);
  if (!root!.hasChildNodes()) {
    createRoot(root!).render(app);
    return;
  }
  await pageCode;
  // Preact (decision 0017) does not compare the HTML with the first render, so there is no mismatch to report.
  hydrateRoot(root!, app);
}
void start();
