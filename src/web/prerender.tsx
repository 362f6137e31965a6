import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { preloadPages } from './app/lazy-page';
import { Providers } from './app/providers';
import { createQueryClient } from './app/query-client';
import { AppRoutes, routes } from './app/router';

/**
 * Build-time only (scripts/vite-prerender.ts): one public page as HTML, rendered with the caller unknown and
 * no data, so it paints before any script runs; or a signed-in page's shell, drawn for SHELL_CALLER (useMe). The tree is the one main.tsx hydrates, so it is adopted as is.
 * Its <title> and description are returned apart, for the <head>, and so are the modules of its lazy pages.
 */
export async function renderPage(pathname: string): Promise<{ head: string; body: string; pageModules: unknown[] }> {
  const pageModules = await preloadPages(routes, pathname);
  const queryClient = createQueryClient();
  const html = renderToString(
    <StrictMode>
      <Providers client={queryClient}>
        <StaticRouter location={pathname}>
          <AppRoutes />
        </StaticRouter>
      </Providers>
    </StrictMode>,
  );
  // PageMeta renders the <title> and <meta> tags (description, share cards) in place at build time; they belong in <head>.
  // React also writes a preload for an image it renders eagerly (the home page's artwork): a head resource too.
  const headTags =
    /<title>[\s\S]*?<\/title>|<meta (?:name|property)="(?:description|og:[^"]+|twitter:[^"]+)"[^>]*>|<link rel="preload"[^>]*>/g;
  const head = (html.match(headTags) ?? []).join('');
  // Forms and buttons stay inert until the app takes over (main.tsx): a click must not fall on a control
  // with no script behind it yet. Links work as they are.
  return { head, body: html.replace(headTags, '').replace(/<(form|button)\b/g, '<$1 inert=""'), pageModules };
}
