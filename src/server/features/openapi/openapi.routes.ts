import { Hono } from 'hono';
import type { RouterRoute } from 'hono/types';
import type { Config } from '../../config';
import type { AppEnv } from '../../lib/hono-env';
import type { AuthDocument } from './auth-operations';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi-document';

/**
 * GET /api/openapi.json: built on first request, once every route is mounted, then kept. `authDocument` is
 * better-auth's description of its own endpoints, which the document takes in under /api/auth.
 */
export function openApiRoutes(
  routes: () => readonly RouterRoute[],
  authDocument: () => Promise<AuthDocument>,
  config: Pick<Config, 'publicUrl' | 'siteName'>,
) {
  let document: Promise<OpenApiDocument> | undefined;
  const build = async () =>
    buildOpenApiDocument(routes(), { serverUrl: config.publicUrl, title: `${config.siteName} API`, auth: await authDocument() });
  return new Hono<AppEnv>().get('/', async (c) => {
    // A failed build is not kept: the next request tries again.
    document ??= build().catch((error: unknown) => {
      document = undefined;
      throw error;
    });
    return c.json(await document);
  });
}
