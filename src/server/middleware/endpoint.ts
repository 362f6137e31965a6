import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { RouterRoute } from 'hono/types';
import type { z } from 'zod';
import * as MESSAGES from '../../common/messages';
import { AppError } from '../lib/app-error';
import type { AppEnv } from '../lib/hono-env';
import { actorOf } from './require-user';

/**
 * Who may call a route. The role rules are enforced by `endpoint` itself; the others by the route's own
 * check (a token, a signature), which tests/api/route-policy.test.ts proves caller by caller.
 *
 * - public: anyone, signed in or not.
 * - user: any signed-in user (401 when signed out).
 * - user-not-admin: any signed-in user but an admin (401 signed out, 403 for admins): joining as a songwriter.
 * - catalogue: preview users and admins (401 signed out, 403 for others).
 * - songwriter: songwriters only (401 signed out, 403 for others, admins included).
 * - admin: admins only (401 signed out, 403 for others).
 * - signed-link: a signed, per-user link; without a valid one, 401/403 for everyone.
 * - webhook: server-to-server, proven by a signature, never by a session.
 * - test-checkout: songwriters, and only while the built-in test checkout is the payment provider.
 * - pitch-link: anyone holding a live pitch link's token (no account); 404 alike for unknown, revoked and expired.
 * - metrics-token: a scraper holding METRICS_TOKEN; no session opens it (401 for everyone else; 404 while unset).
 * - backup-token: `npm run backup`, holding the token derived from AUTH_SECRET; no session opens it (401 for everyone else).
 */
export type Access =
  | 'public'
  | 'user'
  | 'user-not-admin'
  | 'catalogue'
  | 'songwriter'
  | 'admin'
  | 'signed-link'
  | 'webhook'
  | 'test-checkout'
  | 'pitch-link'
  | 'metrics-token'
  | 'backup-token';

/** A file part of a multipart upload. */
export interface FilePart {
  description: string;
  required?: boolean;
  maxBytes: number;
}

/** Uploads read their fields as JSON in a `data` part beside the files (lib/multipart.ts). */
export interface MultipartBody {
  data: z.core.$ZodType;
  files: Record<string, FilePart>;
  flags?: Record<string, string>;
}

/** A success the route sends itself, as its Content-Type says it, or a redirect. */
export interface OtherAnswer {
  description: string;
  /** The body's media types; text/* bodies are strings, the others binary. */
  mediaTypes?: readonly string[];
  /** The body's JSON Schema, for a JSON body no `responds` declares. */
  schema?: Record<string, unknown>;
  /** A redirect: where its Location header points. */
  location?: string;
}

/**
 * What a route says of itself beyond its validators and `responds`: who may call it, a summary, a 204, the
 * successes a handler sends itself (files, CSV, redirects), and the bodies read inside the handler (multipart
 * uploads, the webhook). The route-policy test and the OpenAPI document read it from the app's route list.
 */
export interface Endpoint {
  access: Access;
  summary: string;
  status?: 200 | 201 | 204;
  /** An upload: streamed to disk with each file's own limit instead of the 1 MB body limit (decision 0008). */
  multipart?: MultipartBody;
  /** A raw body the handler reads itself (its media type and a note). */
  rawBody?: { mediaType: string; description: string };
  /** Successes that are no JSON body declared with `responds`: a file's bytes, a CSV, a redirect; by status. */
  answers?: Record<number, OtherAnswer>;
  /** The 403's message for an admin on a 'user-not-admin' route: why that account may not. */
  refusesAdmin?: string;
}

const endpoints = new WeakMap<object, Endpoint>();

/** The declaration of a middleware made by `endpoint`, or undefined for any other handler. */
export function endpointOf(handler: unknown): Endpoint | undefined {
  return typeof handler === 'function' ? endpoints.get(handler) : undefined;
}

const ROLES_OF: Partial<Record<Access, readonly ('preview' | 'songwriter' | 'admin')[]>> = {
  catalogue: ['preview', 'admin'],
  songwriter: ['songwriter'],
  // Whether the test checkout is the provider is the route's own check.
  'test-checkout': ['songwriter'],
  admin: ['admin'],
};

/** 401 signed out, 403 without the access's role; the checks made before the body is read. */
function enforce(c: Context<AppEnv>, { access, refusesAdmin }: Endpoint): void {
  if (access === 'user') actorOf(c);
  if (access === 'user-not-admin' && actorOf(c).roles.has('admin')) {
    throw new AppError('FORBIDDEN', refusesAdmin ?? MESSAGES.generic.forbidden);
  }
  const roles = ROLES_OF[access];
  if (roles) {
    const actor = actorOf(c);
    if (!roles.some((r) => actor.roles.has(r))) throw new AppError('FORBIDDEN', MESSAGES.generic.forbidden);
  }
}

/**
 * Declares a route, first in its handler list: `.get('/', endpoint({ access: 'admin', summary: '...' }), ...)`.
 * It enforces the role rules of `access` and is read back from the route list for the route-policy test, the
 * OpenAPI document and the upload body limit, so a route is declared once, beside its handler.
 */
export function endpoint(declared: Endpoint): MiddlewareHandler<AppEnv> {
  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    enforce(c, declared);
    await next();
  };
  endpoints.set(middleware, declared);
  return middleware;
}

/** Each route's declaration by "METHOD /path"; a route without one is absent. */
export function declaredEndpoints(routes: readonly RouterRoute[]): Map<string, Endpoint> {
  const found = new Map<string, Endpoint>();
  for (const route of routes) {
    const declared = endpointOf(route.handler);
    if (declared) found.set(`${route.method} ${route.path}`, declared);
  }
  return found;
}

/** Whether the route this request matched declares a multipart upload. */
export function isUploadRoute(c: Context): boolean {
  return matchedRoutes(c).some((route) => endpointOf(route.handler)?.multipart !== undefined);
}

/** A file sent as an attachment, built for the request and never cached. */
export const download = (mediaType: string, what: string): Record<number, OtherAnswer> => ({
  200: { description: `${what}, as an attachment (Content-Disposition) that no cache keeps.`, mediaTypes: [mediaType] },
});
