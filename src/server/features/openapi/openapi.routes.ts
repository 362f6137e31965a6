import { Hono } from 'hono';
import type { RouterRoute } from 'hono/types';
import type { Config } from '../../config';
import type { AppEnv } from '../../lib/hono-env';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi-document';

/** GET /api/openapi.json: built on first request, once every route is mounted, then kept. */
export function openApiRoutes(routes: () => readonly RouterRoute[], config: Pick<Config, 'publicUrl' | 'siteName'>) {
  let document: OpenApiDocument | undefined;
  return new Hono<AppEnv>().get('/', (c) => {
    document ??= buildOpenApiDocument(routes(), { serverUrl: config.publicUrl, title: `${config.siteName} API` });
    return c.json(document);
  });
}
