import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import * as responseSchemas from '../../src/common/responses';
import * as sharedSchemas from '../../src/common/schemas';
import { CatalogueQuerySchema } from '../../src/common/schemas/catalogue';
import { NewPlaySchema, SongFormSchema } from '../../src/common/schemas/songs';
import { SubmissionSchema } from '../../src/common/schemas/reviews';
import { SongwriterProfileSchema } from '../../src/common/schemas/songwriters';
import { makePreviewUser, makeSongwriter, makeUser } from '../../src/server/db/seed/factories';
import { openApiPath } from '../../src/server/features/openapi/openapi-document';
import { answeringRoutes } from '../../src/server/lib/app-routes';
import { declaredEndpoints, type Access } from '../../src/server/middleware/endpoint';
import { responseOf } from '../../src/server/lib/respond';
import { validationOf } from '../../src/server/lib/validate';
import type { TestClient } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

let t: TestApp;
let doc: Json;
let callers: Record<'anonymous' | 'noRole' | 'preview' | 'songwriter' | 'admin', TestClient>;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.client().get('/api/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toContain('application/json');
  doc = res.body;
  callers = {
    anonymous: t.client(),
    noRole: await signedInClient(t, await makeUser(t.db)),
    preview: await signedInClient(t, await makePreviewUser(t.db)),
    songwriter: await signedInClient(t, await makeSongwriter(t.db)),
    admin: await signedInClient(t, await makeUser(t.db, { roles: ['admin'] })),
  };
});
afterAll(() => t.close());

/** What the route checks, in OpenAPI's words: zod's input side without the `$schema` line. */
const jsonSchemaOf = (schema: z.core.$ZodType) => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'input' }) as Json;
  return rest;
};

/** The app's real routes (as tests/api/route-policy.test.ts reads them), with the handlers of each. */
function realRoutes() {
  const routes = new Map<string, unknown[]>();
  for (const r of answeringRoutes(t.app.routes)) {
    const key = `${r.method} ${r.path}`;
    routes.set(key, [...(routes.get(key) ?? []), r.handler]);
  }
  return routes;
}

/** Each route's `endpoint` declaration: its access, summary and what the handler sends itself. */
const declarations = () => declaredEndpoints(t.app.routes);

const operationOf = (key: string): Json => {
  const [method, path] = key.split(' ') as [string, string];
  return doc.paths[openApiPath(path)]?.[method.toLowerCase()];
};
const resolve = (schema: Json): Json => {
  if (!schema.$ref) return schema;
  const name = String(schema.$ref).replace('#/components/schemas/', '');
  return doc.components.schemas[name];
};
const bodySchemaOf = (op: Json): Json | undefined => {
  const content = op.requestBody?.content ?? {};
  if (content['application/json']) return resolve(content['application/json'].schema);
  if (content['multipart/form-data']) return resolve(content['multipart/form-data'].schema.properties.data);
  return undefined;
};

describe('the document', () => {
  test('is OpenAPI 3.1 in shape: info, paths of operations with unique ids and responses, resolvable references', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(doc.components.securitySchemes).toBeTypeOf('object');
    const ids = new Set<string>();
    for (const [path, item] of Object.entries<Json>(doc.paths)) {
      expect(path).toMatch(/^\/api\//);
      const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      for (const [method, op] of Object.entries<Json>(item)) {
        const where = `${method} ${path}`;
        expect(METHODS, where).toContain(method);
        expect(op.operationId, where).toMatch(/^[A-Za-z0-9]+$/);
        expect(ids.has(op.operationId), `${where}: duplicate operationId`).toBe(false);
        ids.add(op.operationId);
        expect(op.summary, where).toBeTruthy();
        expect(Object.keys(op.responses).length, where).toBeGreaterThan(0);
        for (const [status, response] of Object.entries<Json>(op.responses)) {
          expect(status, where).toMatch(/^[1-5]\d\d$/);
          expect(response.description, where).toBeTruthy();
        }
        const params: Json[] = op.parameters ?? [];
        for (const p of params) {
          expect(['path', 'query', 'header', 'cookie'], where).toContain(p.in);
          expect(p.schema, `${where} ${p.name}`).toBeTypeOf('object');
          if (p.in === 'path') expect(p.required, `${where} ${p.name}`).toBe(true);
        }
        expect(
          params
            .filter((p) => p.in === 'path')
            .map((p) => p.name)
            .sort(),
          `${where}: path parameters`,
        ).toEqual(templated);
        for (const requirement of op.security ?? []) {
          for (const scheme of Object.keys(requirement)) expect(doc.components.securitySchemes, where).toHaveProperty(scheme);
        }
      }
    }
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(10);
    for (const name of refs) expect(doc.components.schemas, `$ref ${name}`).toHaveProperty(name);
  });

  test('every operation describes what it answers on success: a body by its media type, or a redirect by its Location', () => {
    const undescribed: string[] = [];
    for (const [path, item] of Object.entries<Json>(doc.paths)) {
      for (const [method, op] of Object.entries<Json>(item)) {
        const successes = Object.entries<Json>(op.responses).filter(([status]) => /^[23]/.test(status));
        if (successes.length === 0) undescribed.push(`${method} ${path}: no success response`);
        for (const [status, response] of successes) {
          const where = `${method} ${path} ${status}`;
          if (status === '204' || status === '304') continue;
          if (status.startsWith('3')) {
            if (!response.headers?.Location?.schema) undescribed.push(`${where}: a redirect without its Location`);
            continue;
          }
          const media = Object.entries<Json>(response.content ?? {});
          if (media.length === 0) undescribed.push(`${where}: no body described`);
          for (const [type, { schema }] of media) {
            if (!/^[a-z]+\/[-+.\w]+(;.*)?$/.test(type) || typeof schema !== 'object') undescribed.push(`${where} ${type}: no schema`);
          }
        }
      }
    }
    expect(undescribed).toEqual([]);
  });

  test('better-auth endpoints are operations one by one under /api/auth, for the methods the app hands it', () => {
    const authPaths = Object.keys(doc.paths).filter((path) => path.startsWith('/api/auth/'));
    expect(authPaths).not.toContain('/api/auth/{endpoint}');
    // What the app relies on is there, with its real method and nothing better-auth serves only to the server.
    expect(doc.paths['/api/auth/sign-in/email']).toHaveProperty('post');
    expect(doc.paths['/api/auth/sign-in/email']).not.toHaveProperty('get');
    expect(doc.paths['/api/auth/get-session']).toHaveProperty('get');
    expect(doc.paths['/api/auth/reset-password/{token}'].get.responses).toHaveProperty('302');
    expect(authPaths).not.toContain('/api/auth/open-api/generate-schema');
    const mounted = [...realRoutes().keys()].filter((k) => k.endsWith(' /api/auth/*')).map((k) => k.split(' ')[0]!.toLowerCase());
    for (const path of authPaths) {
      for (const method of Object.keys(doc.paths[path])) expect(mounted, `${method} ${path}`).toContain(method);
    }
    expect(authPaths.length).toBeGreaterThan(20);
  });

  test('every route of the app has an operation, with its declared access and summary, and nothing else does', () => {
    const routes = [...realRoutes().keys()].filter((k) => k.split(' ')[1]!.startsWith('/api/'));
    const endpoints = declarations();
    expect(
      routes.filter((k) => !endpoints.has(k)),
      'routes without an endpoint() declaration',
    ).toEqual([]);
    // better-auth's own routes stand for one operation per endpoint each (the test above).
    const ours = routes.filter((k) => !k.endsWith(' /api/auth/*'));
    for (const key of ours) {
      const op = operationOf(key);
      expect(op, key).toBeDefined();
      const { access, summary } = endpoints.get(key)!;
      expect(op['x-access'], key).toBe(access);
      expect(op.summary, key).toBe(summary);
      // A pitch link's credential is the token in its path, not a session or header.
      expect(op.security, key).toEqual(access === 'public' || access === 'pitch-link' ? [] : [expect.any(Object)]);
    }
    const operations = Object.entries<Json>(doc.paths)
      .filter(([path]) => !path.startsWith('/api/auth/'))
      .reduce((n, [, item]) => n + Object.keys(item).length, 0);
    expect(operations).toBe(ours.length);
    for (const [path, item] of Object.entries<Json>(doc.paths).filter(([p]) => p.startsWith('/api/auth/'))) {
      for (const [method, op] of Object.entries<Json>(item)) {
        expect(op['x-access'], `${method} ${path}`).toBe(endpoints.get(`${method.toUpperCase()} /api/auth/*`)?.access);
      }
    }
  });

  test('every parameter, query and JSON body is exactly the JSON Schema of the zod schema that route validates with', () => {
    let compared = 0;
    for (const [key, handlers] of realRoutes()) {
      // The document is the API's (/api/*); /metrics and /backup serve tools of their own.
      if (!key.split(' ')[1]!.startsWith('/api/')) continue;
      const op = operationOf(key);
      for (const validation of handlers.map(validationOf)) {
        if (!validation) continue;
        const expected = jsonSchemaOf(validation.schema);
        if (validation.target === 'json') {
          expect(bodySchemaOf(op), `${key} body`).toEqual(expected);
        } else if (validation.target === 'form') {
          expect(resolve(op.requestBody?.content['application/x-www-form-urlencoded']?.schema ?? {}), `${key} form`).toEqual(expected);
        } else {
          const where = validation.target === 'param' ? 'path' : 'query';
          for (const [name, schema] of Object.entries<Json>(expected.properties)) {
            expect(op.parameters.find((p: Json) => p.name === name && p.in === where)?.schema, `${key} ${where} ${name}`).toEqual(schema);
          }
        }
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(50);
  });

  test('every success with a JSON body describes it with the JSON Schema of the response schema its route declares', () => {
    // Bodies that are not ours to describe as JSON: a file's bytes, a PDF, better-auth's own endpoints, this document
    // (their endpoint's `answers` describe those, and the test above holds every operation to a described success).
    const NOT_JSON = new Set([
      'GET /api/files/:token',
      'GET /api/pitch-agreements/:id/pdf',
      'GET /api/admin/pitch-agreements/:id/pdf',
      'GET /api/admin/song-export',
      'GET /api/admin/pitch-activity-export',
      'GET /api/songs/:slug/mp3',
      'GET /api/songs/:slug/lyric-sheet',
      'GET /api/songs/:slug/versions/:kind',
      'GET /api/pitch/:token/songs/:id/mp3',
      'GET /api/pitch/:token/songs/:id/lyric-sheet',
      'GET /api/auth/*',
      'POST /api/auth/*',
      'GET /api/openapi.json',
    ]);
    let described = 0;
    for (const [key, handlers] of realRoutes()) {
      if (!key.split(' ')[1]!.startsWith('/api/') || NOT_JSON.has(key)) continue;
      const op = operationOf(key);
      const [status, success] = Object.entries<Json>(op.responses).find(([code]) => code.startsWith('2'))!;
      const declared = handlers.map(responseOf).find(Boolean);
      expect(declarations().get(key)!.answers, `${key} declares its answers in endpoint(), yet answers JSON`).toBeUndefined();
      if (status === '204') {
        expect(declared, `${key} declares a body but answers 204`).toBeUndefined();
        continue;
      }
      expect(declared, `${key}: its route declares no response schema (responds)`).toBeDefined();
      expect(Number(status), key).toBe(declared!.status);
      const { $schema: _, ...expected } = z.toJSONSchema(declared!.schema, { io: 'output' }) as Json;
      expect(resolve(success.content['application/json'].schema), key).toEqual(expected);
      described++;
    }
    expect(described).toBeGreaterThan(50);
  });

  test('response components are named apart from request components', () => {
    const requestNames = new Set(Object.keys(sharedSchemas));
    expect(Object.keys(responseSchemas).filter((name) => requestNames.has(name))).toEqual([]);
  });

  test('spot checks against the shared schemas, multipart uploads included', () => {
    expect(bodySchemaOf(operationOf('PUT /api/songwriters/me/profile'))).toEqual(jsonSchemaOf(SongwriterProfileSchema));
    expect(bodySchemaOf(operationOf('POST /api/plays'))).toEqual(jsonSchemaOf(NewPlaySchema));
    expect(bodySchemaOf(operationOf('POST /api/submissions'))).toEqual(jsonSchemaOf(SubmissionSchema));
    expect(bodySchemaOf(operationOf('POST /api/admin/songs'))).toEqual(jsonSchemaOf(SongFormSchema));
    expect(bodySchemaOf(operationOf('PUT /api/admin/songs/:id'))).toEqual(jsonSchemaOf(SongFormSchema));
    const query = Object.fromEntries(operationOf('GET /api/songs').parameters.map((p: Json) => [p.name, p.schema]));
    expect(query).toEqual(jsonSchemaOf(CatalogueQuerySchema).properties);
    const upload = operationOf('POST /api/submissions').requestBody.content['multipart/form-data'].schema;
    expect(upload.required).toEqual(['data', 'audio']);
    expect(Object.keys(upload.properties)).toEqual(['data', 'audio', 'lyricsFile']);
  });
});

const CALLER: Record<Access, keyof typeof callers | undefined> = {
  public: 'anonymous',
  user: 'noRole',
  'user-not-admin': 'noRole',
  catalogue: 'preview',
  songwriter: 'songwriter',
  'test-checkout': 'songwriter',
  admin: 'admin',
  'signed-link': undefined,
  webhook: undefined,
  'pitch-link': undefined,
  'metrics-token': undefined,
  'backup-token': undefined,
};
const PLACEHOLDERS: Record<string, string> = {
  ':id': '00000000-0000-4000-8000-000000000000',
  ':slug': 'no-such-song',
  ':userId': 'no-such-user',
};

test('an empty body is refused by each route naming exactly the fields its documented schema requires', async () => {
  let checked = 0;
  // better-auth's endpoints answer in its own error shape, not ours.
  const endpoints = declarations();
  for (const key of [...endpoints.keys()].filter((k) => k.includes(' /api/') && !k.endsWith(' /api/auth/*'))) {
    const op = operationOf(key);
    const schema = bodySchemaOf(op);
    const caller = CALLER[endpoints.get(key)!.access];
    if (!schema?.required || !caller) continue;
    const [method, pattern] = key.split(' ') as [string, string];
    const path = pattern.replace(/:[a-zA-Z]+/g, (p) => PLACEHOLDERS[p]!);
    const client = callers[caller];
    let res;
    if (op.requestBody.content['multipart/form-data']) {
      const form = new FormData();
      form.set('data', '{}');
      res = await client.sendForm(method, path, form);
    } else {
      res = await client.request(method, path, {});
    }
    expect(res.status, `${key}: ${res.text}`).toBe(400);
    expect(Object.keys(res.body.error.fields).sort(), key).toEqual([...schema.required].sort());
    checked++;
  }
  expect(checked).toBeGreaterThan(20);
});
