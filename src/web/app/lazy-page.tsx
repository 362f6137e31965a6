import { Suspense, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import * as MESSAGES from '../../common/messages';
import { PageSpinner } from '../components/ui/spinner';

interface PageHandle {
  /** Loads the page's module (once); resolves to it, or to undefined when it failed to load. */
  preload: () => Promise<unknown>;
}

/**
 * A route whose page is its own chunk. The page suspends (the nearest <Suspense> shows its fallback) until the
 * chunk has loaded and renders synchronously ever after. A chunk that fails to load (usually a deploy replaced
 * it) is thrown to the route error boundary. `handle.preload` lets start-up and the prerenderer load the page
 * before the first render, so hydrating a prerendered page never suspends.
 */
export function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): Pick<RouteObject, 'element' | 'handle'> {
  let Page: ComponentType | undefined;
  let failure: { error: unknown } | undefined;
  let loading: Promise<M | undefined> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        Page = pick(module);
        return module;
      },
      (error: unknown) => {
        failure = { error };
        return undefined;
      },
    ));
  function LazyPage() {
    if (Page) return <Page />;
    if (failure) throw failure.error;
    throw awaitedByRender(preload());
  }
  const handle: PageHandle = { preload };
  return { element: <LazyPage />, handle };
}

/**
 * Loads the code of every page the location matches (a layout and its page), in parallel. Resolves to their
 * modules, which the prerenderer maps to the chunks a page needs (scripts/vite-prerender.ts).
 */
export async function preloadPages(routes: RouteObject[], location: string): Promise<unknown[]> {
  const matched = routesAtStaticPath(routes, location) ?? (matchRoutes(routes, location) ?? []).map((match) => match.route);
  const modules = await Promise.all(matched.map((route) => (route.handle as PageHandle | undefined)?.preload()));
  return modules.filter((module) => module !== undefined);
}

/**
 * The routes down to the one whose path is exactly `pathname`, if there is one. A prerendered page's path has
 * no parameters, so it is found without React Router's matching, which flattens, compiles and ranks the whole
 * table on every call (16 ms of a /songs start-up on this machine, unthrottled) only to be done again by the first render.
 */
function routesAtStaticPath(routes: RouteObject[], pathname: string): RouteObject[] | undefined {
  for (const route of routes) {
    // A route with children of its own may have an index route under it: left to React Router.
    if (route.path === pathname) return route.children ? undefined : [route];
    const below = route.children && routesAtStaticPath(route.children, pathname);
    if (below) return [route, ...below];
  }
  return undefined;
}

/**
 * Page code a render is waiting for. The router navigates in a transition, so React keeps the old page on
 * screen until the new one's code has loaded; PagePendingBar shows meanwhile that something is coming.
 */
const awaited = new Set<Promise<unknown>>();
const listeners = new Set<() => void>();
const tellListeners = () => listeners.forEach((listener) => listener());

function awaitedByRender<T>(loading: Promise<T>): Promise<T> {
  if (!awaited.has(loading)) {
    awaited.add(loading);
    // Told after the render that found it, never during one.
    queueMicrotask(tellListeners);
    void loading.finally(() => {
      awaited.delete(loading);
      tellListeners();
    });
  }
  return loading;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** True while a render waits for a page's code: the next page is on its way. */
export function usePageLoading(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => awaited.size > 0,
    () => false,
  );
}

/** Where a page's code loads: a page spinner until it has. */
export function PageSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageSpinner label={MESSAGES.generic.loading} />}>{children}</Suspense>;
}
