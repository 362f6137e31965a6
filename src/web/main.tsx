import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { routes } from './app/router';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const router = createBrowserRouter(routes);

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
      <RouterProvider router={router} />
      <TakeOverPrerenderedPage />
    </Providers>
  </StrictMode>
);

/**
 * A prerendered public page (scripts/vite-prerender.ts) is hydrated: the runtime adopts the nodes on
 * screen instead of drawing them again, so nothing blinks and the largest paint stays the first one.
 * Hydration waits for the router to load the page's code, so the first render matches the HTML.
 */
async function start() {
  if (!root!.hasChildNodes()) {
    createRoot(root!).render(app);
    return;
  }
  if (!router.state.initialized) {
    await new Promise<void>((resolve) => {
      const unsubscribe = router.subscribe((state) => {
        if (!state.initialized) return;
        unsubscribe();
        resolve();
      });
    });
  }
  // Preact (decision 0017) does not compare the HTML with the first render, so there is no mismatch to report.
  hydrateRoot(root!, app);
}
void start();
