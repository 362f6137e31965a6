import type { RouterRoute } from 'hono/types';

/** Where the app mounts its layers for the whole API: a path no route of its own answers. */
export const WHOLE_API = '/api/*';

/** Where better-auth's own routes live: they read and write their sessions themselves. */
export const AUTH_BASE_PATH = '/api/auth';

/**
 * The routes that answer requests, out of Hono's list, which also holds every layer: those mounted for every
 * method (`use`, listed as ALL) and those mounted for some methods on the whole API (the write-only layers
 * of app.ts). The catch-all 404 is one of the first kind.
 */
export function answeringRoutes(routes: readonly RouterRoute[]): RouterRoute[] {
  return routes.filter((route) => route.method !== 'ALL' && route.path !== WHOLE_API);
}
