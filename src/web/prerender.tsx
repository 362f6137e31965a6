import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { routes } from './app/router';

/**
 * Build-time only (scripts/vite-prerender.ts): one public page as HTML, rendered signed out with no data,
 * so it paints before any script runs. The tree is the one main.tsx hydrates, so it is adopted as is.
 * Its <title> and description are returned apart, for the <head>.
 */
export async function renderPage(pathname: string): Promise<{ head: string; body: string }> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender.local${pathname}`));
  if (context instanceof Response) throw new Error(`prerendering ${pathname} answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <Providers>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  );
  // PageMeta renders the <title> and <meta> in place at build time; they belong in <head>.
  const headTags = /<title>[\s\S]*?<\/title>|<meta name="description"[^>]*>/g;
  const head = (html.match(headTags) ?? []).map((tag) => tag.replace(/^<(\w+)/, '<$1 data-prerendered=""')).join('');
  // Forms and buttons stay inert until the app takes over (main.tsx): a click must not fall on a control
  // with no script behind it yet. Links work as they are.
  return { head, body: html.replace(headTags, '').replace(/<(form|button)\b/g, '<$1 inert=""') };
}
