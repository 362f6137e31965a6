import type { RouterRoute } from 'hono/types';
import { z } from 'zod';
import * as responseSchemas from '../../../common/responses';
import * as sharedSchemas from '../../../common/schemas';
import { answeringRoutes, AUTH_BASE_PATH } from '../../lib/app-routes';
import { responseOf, type ResponseInfo } from '../../lib/respond';
import { validationOf, type Validation } from '../../lib/validate';
import { endpointOf, type Access, type Endpoint, type MultipartBody, type OtherAnswer } from '../../middleware/endpoint';
import { authOperations, type AuthDocument } from './auth-operations';

type JsonSchema = Record<string, unknown>;

/** What a client may send, as JSON Schema 2020-12 (OpenAPI 3.1's dialect): zod's input side. */
export function requestSchema(schema: z.core.$ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input' }) as JsonSchema;
  return rest;
}

/** What the server answers, as JSON Schema: zod's output side. */
export function responseSchema(schema: z.core.$ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'output' }) as JsonSchema;
  return rest;
}

/** Shared schemas keep their exported name ("SongFormSchema" -> "SongForm") as components. */
const namesOf = (schemas: Record<string, unknown>) =>
  Object.entries(schemas)
    .filter(([, value]) => value instanceof z.core.$ZodType)
    .map(([name, schema]) => [schema, name.replace(/Schema$/, '')] as const);
const REQUEST_NAMES = new Map<unknown, string>(namesOf(sharedSchemas));
const RESPONSE_NAMES = new Map<unknown, string>(namesOf(responseSchemas));

/** Hono's `/songs/:slug` and `/auth/*` as OpenAPI path templates. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\/\*$/, '/{endpoint}');
}

const ACCESS_NOTES: Record<Access, string> = {
  public: 'Anyone, signed in or not.',
  user: 'Any signed-in user.',
  'user-not-admin': 'Any signed-in user but an admin.',
  catalogue: 'Preview users and admins.',
  songwriter: 'Songwriters only.',
  admin: 'Admins only.',
  'signed-link': 'The signed-in user the link was issued to, while they may still read the file.',
  webhook: 'Stripe only, proven by the Stripe-Signature header.',
  'test-checkout': 'Songwriters, and only while the built-in test checkout is the payment provider.',
  'metrics-token': 'A Prometheus scraper with the METRICS_TOKEN bearer token.',
  'backup-token': '`npm run backup`, with the bearer token derived from AUTH_SECRET.',
  'pitch-link': "Anyone with a live pitch link's token in the path (no account); rate limited per address.",
};

/** better-auth's endpoints: any caller reaches them; those about the signed-in account read its session themselves. */
const AUTH_ACCESS_NOTE =
  "Anyone reaches it; an endpoint about the signed-in account (get-session, change-password, ...) reads better-auth's session cookie itself.";

const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string' },
        message: { type: 'string' },
        fields: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
      },
    },
  },
};

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/**
 * The handler a route entry runs, as registered: Hono wraps a sub-app's handlers only when that sub-app has an
 * error handler of its own, and none has (the app's one onError answers for all).
 */
function handlerOf(route: RouterRoute): unknown {
  return route.handler;
}

/** A body sent as its Content-Type says: text as a string, anything else as bytes. */
const mediaSchema = (mediaType: string): JsonSchema =>
  mediaType.startsWith('text/') ? { type: 'string' } : { type: 'string', format: 'binary' };

/** A success the route sends itself (its endpoint's `answers`): its media types, or the Location of a redirect. */
function otherAnswer({ description, mediaTypes = [], schema, location }: OtherAnswer): JsonSchema {
  return {
    description,
    ...(mediaTypes.length > 0 && {
      content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: schema ?? mediaSchema(type) }])),
    }),
    ...(location && { headers: { Location: { description: location, schema: { type: 'string', format: 'uri' } } } }),
  };
}

/** What every operation says: its id, summary, tag, and who may call it. */
function operationHead(method: string, template: string, summary: string, access: Access | undefined) {
  return {
    operationId: operationId(method, template),
    summary,
    tags: [template.split('/')[2]],
    ...(access && {
      description: `Access: ${ACCESS_NOTES[access]}`,
      'x-access': access,
      security: access === 'public' || access === 'pitch-link' ? [] : access === 'webhook' ? [{ stripeSignature: [] }] : [{ session: [] }],
    }),
  };
}

/** better-auth's own endpoints that answer `method`, one operation each, as it describes them. */
function addAuthOperations(
  into: { paths: Record<string, Record<string, unknown>>; schemas: Record<string, JsonSchema> },
  auth: AuthDocument,
  method: string,
  access: Access | undefined,
) {
  const found = authOperations(auth, method);
  Object.assign(into.schemas, found.schemas);
  for (const { path, summary, parameters, requestBody, responses } of found.operations) {
    const template = `${AUTH_BASE_PATH}${path}`;
    into.paths[template] ??= {};
    into.paths[template][method.toLowerCase()] = {
      ...operationHead(method, template, summary, access),
      description: `Access: ${AUTH_ACCESS_NOTE}`,
      ...(parameters.length > 0 && { parameters }),
      ...(requestBody && { requestBody }),
      responses,
    };
  }
}

function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

/** A route's path and query parameters: from its validators, and any path parameter they leave out as a string. */
function parametersOf(checks: Validation[], template: string): JsonSchema[] {
  const parameters: JsonSchema[] = [];
  const declared = new Set<string>();
  for (const { target, schema } of checks) {
    if (target !== 'param' && target !== 'query') continue;
    const json = requestSchema(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      const inPath = target === 'param';
      if (inPath) declared.add(name);
      parameters.push({
        name,
        in: inPath ? 'path' : 'query',
        required: inPath || (json.required ?? []).includes(name),
        schema: property,
      });
    }
  }
  for (const [, name] of template.matchAll(/\{([^}]+)\}/g)) {
    if (!declared.has(name!)) parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
  }
  return parameters;
}

/** The errors a route can answer, from what it reads, who may call it, its path and its uploads. */
function errorResponses({
  takesInput,
  access,
  template,
  upload,
}: {
  takesInput: boolean;
  access: Endpoint['access'] | undefined;
  template: string;
  upload: boolean;
}): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  if (takesInput) responses['400'] = error('Invalid input: `error.fields` names each field and its message.');
  if (access === 'pitch-link') {
    responses['429'] = error('Too many requests from this address.');
  } else if (access && access !== 'public') {
    responses['401'] = error('Not signed in.');
    responses['403'] = error('Signed in without the access this operation needs.');
  }
  if (template.includes('{')) responses['404'] = error('No such object, or one the caller may not know exists.');
  if (upload) responses['413'] = error('A file over its limit.');
  return responses;
}

/** A route's request body: its JSON or form validator's schema, else its multipart parts, else the raw body it reads. */
function requestBodyOf(
  checks: Validation[],
  info: Endpoint | undefined,
  schemaRef: (schema: z.core.$ZodType) => JsonSchema,
  multipartBody: (body: MultipartBody) => object,
) {
  for (const [target, mediaType] of [
    ['json', 'application/json'],
    ['form', 'application/x-www-form-urlencoded'],
  ] as const) {
    const check = checks.find((c) => c.target === target);
    if (check) return { required: true, content: { [mediaType]: { schema: schemaRef(check.schema) } } };
  }
  if (info?.multipart) return multipartBody(info.multipart);
  return info?.rawBody && { required: true, description: info.rawBody.description, content: { [info.rawBody.mediaType]: { schema: {} } } };
}

/**
 * The OpenAPI 3.1 document of the API, built from the app's own route list: each route's validators give
 * its parameters and JSON body (the very schemas that check requests), `responds` its success body, and its
 * `endpoint` declaration who may call it, its summary and what the handler reads or sends itself.
 */
export function buildOpenApiDocument(
  routes: readonly RouterRoute[],
  { serverUrl, title, auth }: { serverUrl: string; title: string; auth: AuthDocument },
) {
  const validations = new Map<string, Validation[]>();
  const answers = new Map<string, ResponseInfo>();
  const endpoints = new Map<string, Endpoint>();
  for (const route of answeringRoutes(routes)) {
    if (!route.path.startsWith('/api/')) continue;
    const key = `${route.method} ${route.path}`;
    const handler = handlerOf(route);
    const found = validationOf(handler);
    validations.set(key, [...(validations.get(key) ?? []), ...(found ? [found] : [])]);
    const answer = responseOf(handler);
    if (answer) answers.set(key, answer);
    const declared = endpointOf(handler);
    if (declared) endpoints.set(key, declared);
  }

  const schemas: Record<string, JsonSchema> = { Error: ERROR_SCHEMA };
  const schemaRef = (schema: z.core.$ZodType): JsonSchema => {
    const name = REQUEST_NAMES.get(schema);
    if (!name) return requestSchema(schema);
    schemas[name] ??= requestSchema(schema);
    return { $ref: `#/components/schemas/${name}` };
  };
  const responseRef = (schema: z.core.$ZodType): JsonSchema => {
    const name = RESPONSE_NAMES.get(schema);
    if (!name) return responseSchema(schema);
    schemas[name] ??= responseSchema(schema);
    return { $ref: `#/components/schemas/${name}` };
  };

  const multipartBody = ({ data, files, flags = {} }: MultipartBody) => ({
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          description: 'The `data` part comes first, before any file part (a file part before it is refused with 400).',
          required: ['data', ...Object.keys(files).filter((f) => files[f]!.required)],
          properties: {
            data: schemaRef(data),
            ...Object.fromEntries(
              Object.entries(files).map(([name, f]) => [
                name,
                {
                  type: 'string',
                  contentMediaType: 'application/octet-stream',
                  description: `${f.description}; at most ${f.maxBytes / 1024 / 1024} MB (413 beyond).`,
                },
              ]),
            ),
            ...Object.fromEntries(Object.entries(flags).map(([name, description]) => [name, { type: 'string', description }])),
          },
        },
        encoding: { data: { contentType: 'application/json' } },
      },
    },
  });

  const paths: Record<string, Record<string, unknown>> = {};
  for (const [key, checks] of validations) {
    const [method, path] = key.split(' ') as [string, string];
    const info = endpoints.get(key);
    const access = info?.access;
    const template = openApiPath(path);

    if (path === `${AUTH_BASE_PATH}/*`) {
      addAuthOperations({ paths, schemas }, auth, method, access);
      continue;
    }

    const parameters = parametersOf(checks, template);

    const requestBody = requestBodyOf(checks, info, schemaRef, multipartBody);

    const answer = answers.get(key);
    const status = answer?.status ?? info?.status ?? 200;
    const responses: Record<string, unknown> = info?.answers
      ? Object.fromEntries(Object.entries(info.answers).map(([code, other]) => [code, otherAnswer(other)]))
      : {
          [status]: answer
            ? { description: 'Success.', content: { 'application/json': { schema: responseRef(answer.schema) } } }
            : { description: status === 204 ? 'Done; no content.' : 'Success.' },
        };
    Object.assign(
      responses,
      errorResponses({ takesInput: checks.length > 0 || Boolean(requestBody), access, template, upload: Boolean(info?.multipart) }),
    );

    paths[template] ??= {};
    paths[template][method.toLowerCase()] = {
      ...operationHead(method, path, info?.summary ?? key, access),
      ...(parameters.length > 0 && { parameters }),
      ...(requestBody && { requestBody }),
      responses,
    };
  }

  return {
    openapi: '3.1.0',
    info: {
      title,
      version: '1.0.0',
      description: 'Generated from the routes and the zod schemas that validate their requests and shape their responses.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: serverUrl }],
    paths,
    components: {
      schemas,
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'better-auth.session_token',
          description: 'The session cookie (`__Secure-` prefixed in production).',
        },
        stripeSignature: { type: 'apiKey', in: 'header', name: 'Stripe-Signature' },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
