import { Hono } from 'hono';
import type { RouterRoute } from 'hono/types';
import type { Config } from '../../config';
import type { AppEnv } from '../../lib/hono-env';
import { endpoint } from '../../middleware/endpoint';
import type { AuthDocument } from './auth-operations';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi-document';

/** The OpenAPI document itself, JSON no `responds` declares (its schema is OpenAPI's own). */
const OPENAPI_DOCUMENT_SCHEMA = {
  type: 'object',
  description: 'An OpenAPI 3.1 document (https://spec.openapis.org/oas/v3.1.0).',
  required: ['openapi', 'info', 'paths'],
  properties: { openapi: { type: 'string', pattern: '^3\\.1\\.\\d+$' }, info: { type: 'object' }, paths: { type: 'object' } },
};

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
  const declared = endpoint({
    access: 'public',
    summary: 'This document',
    answers: { 200: { description: 'This document.', mediaTypes: ['application/json'], schema: OPENAPI_DOCUMENT_SCHEMA } },
  });
  return new Hono<AppEnv>().get('/', declared, async (c) => {
    // A failed build is not kept: the next request tries again.
    document ??= build().catch((error: unknown) => {
      document = undefined;
      throw error;
    });
    return c.json(await document);
  });
}
