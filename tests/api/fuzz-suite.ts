import fc from 'fast-check';
import type { RouterRoute } from 'hono/types';
import { getPath } from 'hono/utils/url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { pitchLinks } from '../../src/server/db/schema';
import { makePreviewUser, makeSongwriter, makeUser } from '../../src/server/db/seed/factories';
import { requestSchema } from '../../src/server/features/openapi/openapi-document';
import { hashPitchToken, newPitchToken } from '../../src/server/features/pitching/pitch-token';
import { answeringRoutes } from '../../src/server/lib/app-routes';
import { validationOf, type Validation } from '../../src/server/lib/validate';
import { declaredEndpoints, type Access } from '../../src/server/middleware/endpoint';
import type { TestClient, TestResponse } from '../setup/http-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedInClient } from './helpers';

/**
 * Property test over every API operation and every kind of caller. Each input is judged by
 * the operation's own request schemas, the very zod schemas its route validates with (its `validate(...)`
 * layers, read off the app's route list as the OpenAPI document reads them, and the `data` part of an upload,
 * from its `endpoint` declaration), and then:
 *
 * - always: never a 5xx, never a stack trace, and every 4xx is JSON in the error shape `{ error: { code, message } }`;
 * - a caller the route refuses (by role, or by an unknown pitch-link token) gets its refusal whatever the input:
 *   401 signed out, 403 signed in without the role, 404 for a pitch link that is not live (and on the pitch
 *   routes, whose rate limit comes first, 429 from anyone);
 * - a caller the route lets in with an input its schemas reject gets 400 with code INVALID: for a schema
 *   failure, exactly the message and per-field `fields` of the schema's own issues (as lib/validate.ts and
 *   lib/multipart.ts report them); for an upload that is not multipart or whose `data` is not JSON, INVALID
 *   without fields. Never a 404 or anything else: the schemas are checked before any object is looked up.
 *
 * Inputs are generated from the schemas themselves (JSON Schema of their input side): valid values, the same
 * with one part broken (a field of the wrong type, out of range, too long, missing...), and free junk; the
 * schemas, not the generator, say which are invalid. Besides, four classes of input that broke routes before
 * are sent to every route: control characters in strings (NUL first), impossible dates (2024-13-45), numbers
 * past what a database column holds, and malformed multipart bodies (no boundary, cut short, a file before
 * its data); the figures count each. A path that URL normalisation or the router sends to
 * another route (a '..' segment) is held only to the first rule. The figures (cases, invalid inputs sent and
 * checked) are printed and attached to the test as an annotation.
 * (better-auth's own endpoints are left to its maintainers and our auth tests.)
 */
/** Inputs per operation and caller; FUZZ_RUNS sets another count (CI sends 80, on its PostgreSQL pass only). */
const RUNS_PER_OPERATION_AND_CALLER = Number(process.env.FUZZ_RUNS ?? 100);
/** The floors on what reached the routes are set for 100 inputs, and fall in proportion with fewer. */
const floor = (atOneHundred: number) => Math.ceil((atOneHundred * RUNS_PER_OPERATION_AND_CALLER) / 100);

type Caller = 'anonymous' | 'noRole' | 'preview' | 'songwriter' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'noRole', 'preview', 'songwriter', 'admin'];

/** What GET /api/me says of each caller: checked after each operation, so no operation changes who a caller is unnoticed. */
const ROLES_OF: Record<Caller, { isAdmin: boolean; isPreview: boolean; isSongwriter: boolean } | null> = {
  anonymous: null,
  noRole: { isAdmin: false, isPreview: false, isSongwriter: false },
  preview: { isAdmin: false, isPreview: true, isSongwriter: false },
  songwriter: { isAdmin: false, isPreview: false, isSongwriter: true },
  admin: { isAdmin: true, isPreview: false, isSongwriter: false },
};

/** Operations whose valid inputs change the caller's own roles: they get callers of their own, made for them. */
const CHANGES_ITS_CALLER: Record<string, string> = {
  'POST /api/songwriters/join': 'a valid username makes a no-role or preview caller a songwriter',
};

/**
 * 4xx answers that may legitimately be something other than JSON in the error shape, by operation. None is
 * reachable here: the one the app has, GET /api/files/:token's 416 (an empty body, as HTTP has it, for a Range
 * past the end of a file), needs a valid file link and a Range header, which this test never sends.
 */
const NON_JSON_4XX: Record<string, { status: number; reason: string }[]> = {};

const CODE_OF_STATUS: Record<number, string> = { 400: 'INVALID', 401: 'UNAUTHENTICATED', 403: 'FORBIDDEN', 404: 'NOT_FOUND' };

/** Whether a caller gets past the route's guard, or which statuses refuse it before any input is read. */
type Admission = { allowed: true } | { allowed: false; statuses: number[] };
const refused = (...statuses: number[]): Admission => ({ allowed: false, statuses });
const ALLOWED: Admission = { allowed: true };

function admission(access: Access, caller: Caller, { liveToken, stripe }: { liveToken: boolean; stripe: boolean }): Admission {
  const signedOut = caller === 'anonymous';
  switch (access) {
    case 'public':
      return ALLOWED;
    case 'user':
      return signedOut ? refused(401) : ALLOWED;
    case 'user-not-admin':
      return signedOut ? refused(401) : caller === 'admin' ? refused(403) : ALLOWED;
    case 'catalogue':
      return signedOut ? refused(401) : caller === 'preview' || caller === 'admin' ? ALLOWED : refused(403);
    case 'songwriter':
      return signedOut ? refused(401) : caller === 'songwriter' ? ALLOWED : refused(403);
    case 'test-checkout':
      // Without the built-in checkout (Stripe configured) the routes do not exist for anyone.
      if (stripe) return refused(404);
      return signedOut ? refused(401) : caller === 'songwriter' ? ALLOWED : refused(403);
    case 'admin':
      return signedOut ? refused(401) : caller === 'admin' ? ALLOWED : refused(403);
    case 'signed-link':
      // This test never holds a valid file link.
      return refused(401, 403);
    case 'webhook':
      // Never signed: unknown without Stripe, refused with it.
      return stripe ? refused(400) : refused(404);
    case 'pitch-link':
      return liveToken ? ALLOWED : refused(404);
    case 'metrics-token':
      // Takes no input; this app has no METRICS_TOKEN, so it is off (tests/api/metrics.test.ts tries the token).
      return refused(404);
    case 'backup-token':
      // The token is checked before the query: no generated input holds it.
      return refused(401);
  }
}

/** An operation as the app declares it: its route entries, and the schemas that check its input, in the order they run. */
interface Operation {
  key: string;
  method: string;
  pattern: string;
  access: Access;
  params: string[];
  checks: Validation[];
  /** An upload's `data` part (lib/multipart.ts), read by the handler after the route's own checks. */
  multipart: z.core.$ZodType | undefined;
  entries: Set<RouterRoute>;
}

function operationsOf(app: TestApp['app'], keys: string[]): Operation[] {
  const routes = answeringRoutes(app.routes);
  const endpoints = declaredEndpoints(app.routes);
  return keys.map((key) => {
    const [method, pattern] = key.split(' ') as [string, string];
    const entries = routes.filter((r) => `${r.method} ${r.path}` === key);
    const checks = entries.map((r) => validationOf(r.handler)).filter((v): v is Validation => v !== undefined);
    for (const { target } of checks) {
      if (target !== 'param' && target !== 'query' && target !== 'json' && target !== 'form')
        throw new Error(`${key}: the fuzz does not generate '${target}' inputs yet`);
    }
    return {
      key,
      method,
      pattern,
      access: endpoints.get(key)!.access,
      params: [...pattern.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!),
      checks,
      multipart: endpoints.get(key)!.multipart?.data,
      entries: new Set(entries),
    };
  });
}

// ---- Inputs generated from the schemas (zod's input side as JSON Schema, as the OpenAPI document has it) ----

interface Js {
  type?: string;
  properties?: Record<string, Js>;
  required?: string[];
  items?: Js;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Js[];
  minimum?: number;
  maximum?: number;
}

const jsonSchemaOf = (schema: z.core.$ZodType) => requestSchema(schema) as Js;

const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
const DAY_MS = 24 * 3600 * 1000;
/** Valid strings are generated at most this long (unless a schema needs more), so bodies stay small. */
const LONGEST = 24;
const int32 = (n: number) => Math.max(-(2 ** 31), Math.min(2 ** 31 - 1, n));

/** Control characters no form sends; NUL, which a PostgreSQL text cannot hold, first. */
const CONTROL_CHARACTERS = ['\u0000', '\u0001', '\u0007', '\u0008', '\u000b', '\u001b', '\u007f', '\u0085', '\u009f'];
const CONTROL_PATTERN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** A string from `strings` with a control character put somewhere in it. */
const withControlCharacter = (strings: fc.Arbitrary<unknown>) =>
  fc.tuple(strings, fc.constantFrom(...CONTROL_CHARACTERS), fc.nat()).map(([v, ch, at]) => {
    const text = typeof v === 'string' ? v : '';
    const i = at % (text.length + 1);
    return text.slice(0, i) + ch + text.slice(i);
  });
/** YYYY-MM-DD that names no day. */
const IMPOSSIBLE_DATES = ['2024-13-45', '2023-02-29', '2026-02-30', '2025-04-31', '2024-00-10', '2024-01-00', '0000-01-01'];
/** Numbers past the database's columns: integer, bigint's safe range, real, double (and real's underflow). */
const OUT_OF_RANGE_NUMBERS = [2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, -(2 ** 53) - 2, 1e39, -1e39, 1e-46, 1e308, -1e308, 5e-324];
/** The same as a query string or a path carries them, with the spellings Number() reads. */
const OUT_OF_RANGE_TEXTS = [
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '1e39',
  '1e308',
  '1e400',
  '-1e400',
  'Infinity',
  'NaN',
  '0x10',
  '1e-46',
  '5e-324',
];

/** Values the schema should accept (the schema itself judges: refinements it cannot express may still refuse one). */
function validArb(s: Js, key = ''): fc.Arbitrary<unknown> {
  if (s.anyOf) return fc.oneof(...s.anyOf.map((branch) => validArb(branch, key)));
  if ('const' in s) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  switch (s.type) {
    case 'object': {
      const props = s.properties ?? {};
      const record = fc.record(Object.fromEntries(Object.entries(props).map(([k, p]) => [k, validArb(p, k)])), {
        requiredKeys: s.required ?? [],
      });
      // A confirmation repeats its field (the schemas' own refinement).
      return record.map((o: Record<string, unknown>) =>
        'confirmPassword' in props && 'password' in o ? { ...o, confirmPassword: o.password } : o,
      );
    }
    case 'array': {
      const minLength = s.minItems ?? 0;
      return fc.array(validArb(s.items ?? {}), { minLength, maxLength: Math.min(s.maxItems ?? 3, minLength + 3) });
    }
    case 'string': {
      if (s.format === 'uuid') return fc.uuid();
      // Dates from the day before yesterday to about a year ahead: expiry dates both in and out of their bounds.
      if (s.pattern === DATE_PATTERN)
        return fc.integer({ min: -2, max: 400 }).map((d) => new Date(Date.now() + d * DAY_MS).toISOString().slice(0, 10));
      if (/email/i.test(key)) {
        return fc
          .tuple(fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.constantFrom('example.test', 'mail.example.com'))
          .map(([local, domain]) => `${local}@${domain}`);
      }
      const minLength = s.minLength ?? 0;
      const maxLength = Math.min(s.maxLength ?? LONGEST, Math.max(minLength, LONGEST));
      if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length >= minLength && v.length <= maxLength);
      return fc.string({ minLength, maxLength });
    }
    case 'integer':
      return fc.integer({ min: int32(s.minimum ?? -1000), max: int32(s.maximum ?? 1000) });
    case 'number':
      return fc.double({ min: s.minimum ?? -1000, max: s.maximum ?? 1000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
  }
  return fc.jsonValue({ maxDepth: 2 });
}

/**
 * Values meant to break the schema: another type, out of range, too short or long, off the pattern, a field
 * missing. `text` for a query value or a path segment, which can only be a string.
 */
function invalidArb(s: Js, key = '', text = false): fc.Arbitrary<unknown> {
  const ways: fc.Arbitrary<unknown>[] = text ? [] : [fc.constantFrom<unknown>(null, true, -1, 1.5, 'not valid!', [], {})];
  if (s.enum || 'const' in s) ways.push(fc.constantFrom<unknown>('not-a-choice', 'HOLD', ...(text ? [] : ['', 5])));
  if (s.anyOf) ways.push(...s.anyOf.filter((b) => b.type !== 'null').map((b) => invalidArb(b, key, text)));
  if (s.type === 'string') {
    ways.push(withControlCharacter(validArb(s, key)));
    if (s.pattern === DATE_PATTERN) ways.push(fc.constantFrom(...IMPOSSIBLE_DATES));
    if (s.minLength) ways.push(fc.constantFrom('', '   ', 'x'.repeat(s.minLength - 1)));
    if (s.maxLength !== undefined) ways.push(fc.constant('x'.repeat(s.maxLength + 1)));
    if (s.pattern || s.format || /email/i.test(key)) ways.push(fc.constantFrom('not valid!', 'a b', '2024-13-45T00', 'no-at-sign.example'));
  }
  if (s.type === 'integer' || s.type === 'number') {
    if (s.minimum !== undefined) ways.push(fc.constant(s.minimum - 1));
    if (s.maximum !== undefined) ways.push(fc.constant(s.maximum + 1));
    ways.push(text ? fc.constantFrom('1.5', 'abc', '', '1e400') : fc.constantFrom<unknown>(1.5, '12', 2 ** 60));
    ways.push(text ? fc.constantFrom(...OUT_OF_RANGE_TEXTS) : fc.constantFrom(...OUT_OF_RANGE_NUMBERS));
  }
  if (s.type === 'boolean' && text) ways.push(fc.constantFrom('yes', ''));
  if (s.type === 'array' && !text) {
    const items = s.items ?? {};
    if (s.minItems) ways.push(fc.constant([]));
    if (s.maxItems !== undefined && s.maxItems < 1000)
      ways.push(fc.array(validArb(items), { minLength: s.maxItems + 1, maxLength: s.maxItems + 1 }));
    ways.push(fc.array(invalidArb(items), { minLength: 1, maxLength: 3 }));
    // The same item twice.
    ways.push(validArb(items).map((v) => [v, v]));
  }
  if (s.type === 'object' && !text) {
    const props = s.properties ?? {};
    const keys = Object.keys(props);
    const required = s.required ?? [];
    ways.push(fc.constantFrom<unknown>([], 'x', 42));
    if (keys.length > 0) {
      ways.push(
        fc
          .tuple(validArb(s), fc.constantFrom(...keys))
          .chain(([o, k]) => invalidArb(props[k]!, k).map((v) => ({ ...(o as object), [k]: v }))),
      );
    }
    if (required.length > 0) {
      ways.push(
        fc.tuple(validArb(s), fc.constantFrom(...required)).map(([o, k]) => {
          const { [k]: _missing, ...rest } = o as Record<string, unknown>;
          return rest;
        }),
      );
    }
  }
  if (ways.length === 0) ways.push(fc.constant(text ? '' : null));
  return fc.oneof(...ways);
}

/** Query strings and path segments carry strings. */
const asText = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);

/** A malformed multipart body: its Content-Type and bytes as sent, and why no upload route may take it. */
interface RawMultipart {
  kind: 'raw-multipart';
  contentType: string;
  payload: string;
  why: string;
}
type Body = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'multipart'; data: string | undefined } | RawMultipart;
interface Input {
  params: Record<string, string>;
  query: Record<string, string>;
  body: Body;
}
interface Part<T> {
  valid: fc.Arbitrary<T>;
  /** Absent when nothing checks this part. */
  invalid?: fc.Arbitrary<T>;
  junk: fc.Arbitrary<T>;
}

// Free junk, as the first version of this test sent.
const segment = fc.oneof(
  fc.uuid(),
  fc.string({ maxLength: 40 }),
  withControlCharacter(fc.string({ maxLength: 40 })),
  fc.constantFrom('00000000-0000-0000-0000-000000000000', '..', '%00', 'null', '-1', '9'.repeat(30)),
);
const jsonValue = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.jsonValue({ maxDepth: 3, stringUnit: 'binary-ascii' }));
const junkJson = fc.oneof(
  jsonValue,
  fc.dictionary(
    fc.constantFrom(
      'email',
      'password',
      'name',
      'title',
      'slug',
      'bpm',
      'tags',
      'ids',
      'packageSize',
      'isActive',
      'message',
      'text',
      'orderId',
      'role',
      'status',
      'amountPaidCents',
    ),
    jsonValue,
  ),
);
const junkQuery = fc.dictionary(
  fc.constantFrom(
    'page',
    'pageSize',
    'q',
    'status',
    'tab',
    'genre',
    'bpmMin',
    'bpmMax',
    'role',
    'badge',
    'from',
    'to',
    'packageSize',
    'needsService',
    'limit',
    'cursor',
    'songId',
    'userId',
  ),
  fc.oneof(
    fc.string({ maxLength: 20 }),
    withControlCharacter(fc.string({ maxLength: 20 })),
    fc.constantFrom(...IMPOSSIBLE_DATES, ...OUT_OF_RANGE_TEXTS),
  ),
);
const junkBody = junkJson.map((value): Body => ({ kind: 'json', value }));

/** A record whose one field (chosen at random) comes from `broken`, the others from `fine`. */
function oneBroken<T>(
  names: string[],
  fine: (name: string) => fc.Arbitrary<T>,
  broken: (name: string) => fc.Arbitrary<T>,
  candidates: string[],
) {
  return fc
    .constantFrom(...candidates)
    .chain((bad) =>
      fc.record(Object.fromEntries(names.map((n) => [n, n === bad ? broken(n) : fine(n)])) as Record<string, fc.Arbitrary<T>>),
    );
}

/** Multipart bodies no parser should take, around a `data` part the schema would accept. */
function malformedMultipart(data: string): fc.Arbitrary<Body> {
  const part = (boundary: string) => `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${data}\r\n`;
  const filePart = (boundary: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="song.mp3"\r\nContent-Type: audio/mpeg\r\n\r\nID3\r\n`;
  const raw = (contentType: string, payload: string, why: string): RawMultipart => ({ kind: 'raw-multipart', contentType, payload, why });
  return fc.constantFrom(
    raw('multipart/form-data', `${part('b')}--b--\r\n`, 'a multipart body without a boundary'),
    raw('multipart/form-data; boundary=', `${part('b')}--b--\r\n`, 'a multipart body with an empty boundary'),
    raw('multipart/form-data; boundary=other', `${part('b')}--b--\r\n`, 'a multipart body whose parts use another boundary'),
    raw('multipart/form-data; boundary=b', part('b'), 'a multipart body cut short'),
    raw('multipart/form-data; boundary=b', `--b\r\nno headers here\r\n--b--\r\n`, 'a multipart part without headers'),
    raw('multipart/form-data; boundary=b', `${filePart('b')}${part('b')}--b--\r\n`, 'a file part before the data part'),
  );
}

function inputArb(op: Operation, liveToken: string): fc.Arbitrary<Input> {
  // Path parameters: from the route's param schema where it has one; a pitch link's token is live or junk.
  const paramCheck = op.checks.find((c) => c.target === 'param');
  const paramProps = paramCheck ? (jsonSchemaOf(paramCheck.schema).properties ?? {}) : {};
  const validSegment = (name: string): fc.Arbitrary<string> => {
    const prop = paramProps[name];
    if (prop) return validArb(prop, name).map(asText);
    if (op.access === 'pitch-link' && name === 'token') return fc.constant(liveToken);
    return segment;
  };
  const checkedParams = op.params.filter((n) => paramProps[n]);
  const params: Part<Record<string, string>> = {
    valid: fc.record(Object.fromEntries(op.params.map((n) => [n, validSegment(n)]))),
    junk: fc.record(Object.fromEntries(op.params.map((n) => [n, segment]))),
    ...(checkedParams.length > 0 && {
      // Not an empty or dot segment: URL normalisation would send those to another route.
      invalid: oneBroken(
        op.params,
        validSegment,
        (n) =>
          invalidArb(paramProps[n]!, n, true)
            .map(asText)
            .filter((v) => !['', '.', '..'].includes(v)),
        checkedParams,
      ),
    }),
  };

  const queryCheck = op.checks.find((c) => c.target === 'query');
  const querySchema = queryCheck && jsonSchemaOf(queryCheck.schema);
  const queryProps = querySchema?.properties ?? {};
  const queryNames = Object.keys(queryProps);
  const validQuery = fc.record(Object.fromEntries(queryNames.map((n) => [n, validArb(queryProps[n]!, n).map(asText)])), {
    requiredKeys: querySchema?.required ?? [],
  }) as fc.Arbitrary<Record<string, string>>;
  const query: Part<Record<string, string>> = {
    valid: querySchema ? validQuery : junkQuery,
    junk: junkQuery,
    ...(querySchema &&
      queryNames.length > 0 && {
        invalid: fc
          .tuple(validQuery, fc.constantFrom(...queryNames))
          .chain(([q, n]) => invalidArb(queryProps[n]!, n, true).map((v) => ({ ...q, [n]: asText(v) }))),
      }),
  };

  const jsonCheck = op.checks.find((c) => c.target === 'json');
  let body: Part<Body>;
  if (op.method === 'GET') {
    body = { valid: fc.constant({ kind: 'none' }), junk: fc.constant({ kind: 'none' }) };
  } else if (jsonCheck) {
    const s = jsonSchemaOf(jsonCheck.schema);
    body = {
      valid: validArb(s).map((value): Body => ({ kind: 'json', value })),
      invalid: invalidArb(s).map((value): Body => ({ kind: 'json', value })),
      junk: junkBody,
    };
  } else if (op.multipart) {
    const s = jsonSchemaOf(op.multipart);
    const multipart = (data: string | undefined): Body => ({ kind: 'multipart', data });
    body = {
      valid: validArb(s).map((v) => multipart(JSON.stringify(v))),
      invalid: fc.oneof(
        { weight: 6, arbitrary: invalidArb(s).map((v) => multipart(JSON.stringify(v))) },
        // A `data` part that is not JSON, none at all, or no multipart body.
        { weight: 1, arbitrary: fc.constantFrom(multipart('{"title":'), multipart('not json'), multipart(undefined)) },
        { weight: 6, arbitrary: validArb(s).chain((v) => malformedMultipart(JSON.stringify(v))) },
        { weight: 1, arbitrary: junkBody },
      ),
      junk: junkBody,
    };
  } else {
    // Nothing reads a body here: whatever is sent is ignored.
    body = { valid: junkBody, junk: junkBody };
  }

  const parts = { params, query, body } as const;
  const whole = (pick: (name: keyof typeof parts) => fc.Arbitrary<unknown>) =>
    fc.record({ params: pick('params'), query: pick('query'), body: pick('body') }) as fc.Arbitrary<Input>;
  const breakable = (Object.keys(parts) as (keyof typeof parts)[]).filter((name) => parts[name].invalid);
  const allValid = whole((name) => parts[name].valid);
  const junk = whole((name) => parts[name].junk);
  if (breakable.length === 0) return fc.oneof({ weight: 3, arbitrary: allValid }, { weight: 2, arbitrary: junk });
  const oneInvalid = fc
    .constantFrom(...breakable)
    .chain((bad) => whole((name) => (name === bad ? parts[name].invalid! : parts[name].valid)));
  return fc.oneof({ weight: 3, arbitrary: allValid }, { weight: 5, arbitrary: oneInvalid }, { weight: 2, arbitrary: junk });
}

// ---- What the server sees, and what its schemas make of it ----

interface Expected {
  code: 'INVALID';
  /** For a schema failure: its first issue's message and every issue by field, as the route reports them. */
  message?: string;
  fields?: Record<string, string[]>;
}
type Verdict = { valid: true } | { valid: false; why: string; error: Expected };

function schemaError(issues: readonly z.core.$ZodIssue[]): Expected {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) (fields[issue.path.join('.') || '_'] ??= []).push(issue.message);
  return { code: 'INVALID', message: issues[0]!.message, fields };
}

/** The operation's schemas on the input as the server receives it (a JSON round trip, the query as a URL carries it). */
async function judge(op: Operation, input: Input, search: string): Promise<Verdict> {
  const seen: Record<'param' | 'query' | 'json' | 'form', unknown> = {
    param: input.params,
    query: Object.fromEntries(new URLSearchParams(search)),
    // Hono's json validator reads {} when the request has no JSON body.
    json: input.body.kind === 'json' ? JSON.parse(JSON.stringify(input.body.value)) : {},
    // The fuzz sends no form body, and Hono's form validator reads {} from any other: a form route is fuzzed
    // through its path and query, and its form refused (its valid form is the route's own test).
    form: {},
  };
  for (const { target, schema } of op.checks) {
    const result = await z.safeParseAsync(schema, seen[target as keyof typeof seen]);
    if (!result.success) return { valid: false, why: `${target} refused by its schema`, error: schemaError(result.error.issues) };
  }
  if (op.multipart) {
    if (input.body.kind === 'raw-multipart') return { valid: false, why: input.body.why, error: { code: 'INVALID' } };
    if (input.body.kind !== 'multipart') return { valid: false, why: 'an upload route sent no multipart body', error: { code: 'INVALID' } };
    let data: unknown;
    try {
      data = JSON.parse(input.body.data ?? '');
    } catch {
      return { valid: false, why: "an upload's data part is not JSON", error: { code: 'INVALID' } };
    }
    // Synchronously, as lib/multipart.ts reads it: an async parse can list the issues in another order, and the
    // error's message is the first of them.
    const result = z.safeParse(op.multipart, data);
    if (!result.success) return { valid: false, why: "an upload's data refused by its schema", error: schemaError(result.error.issues) };
  }
  return { valid: true };
}

async function send(client: TestClient, op: Operation, input: Input, url: string): Promise<TestResponse> {
  if (input.body.kind === 'none') return client.request(op.method, url);
  if (input.body.kind === 'json') return client.request(op.method, url, input.body.value);
  if (input.body.kind === 'raw-multipart')
    return client.request(op.method, url, Buffer.from(input.body.payload), { 'content-type': input.body.contentType });
  const form = new FormData();
  if (input.body.data !== undefined) form.append('data', input.body.data);
  form.append('note', 'fuzz');
  const encoded = new Response(form);
  return client.request(op.method, url, Buffer.from(await encoded.arrayBuffer()), { 'content-type': encoded.headers.get('content-type')! });
}

const INPUT_CLASSES = ['control characters', 'impossible dates', 'out-of-range numbers', 'malformed multipart'] as const;
type InputClass = (typeof INPUT_CLASSES)[number];

/** Which of the four classes an input carries, anywhere in its path, query or body. */
function classesOf(input: Input): Set<InputClass> {
  const found = new Set<InputClass>();
  const visit = (v: unknown): void => {
    if (typeof v === 'string') {
      if (CONTROL_PATTERN.test(v)) found.add('control characters');
      if (IMPOSSIBLE_DATES.includes(v)) found.add('impossible dates');
      if (OUT_OF_RANGE_TEXTS.includes(v)) found.add('out-of-range numbers');
    } else if (typeof v === 'number') {
      if (OUT_OF_RANGE_NUMBERS.includes(v)) found.add('out-of-range numbers');
    } else if (v && typeof v === 'object') {
      for (const item of Object.values(v)) visit(item);
    }
  };
  visit(input.params);
  visit(input.query);
  if (input.body.kind === 'json') visit(input.body.value);
  if (input.body.kind === 'multipart') {
    try {
      visit(JSON.parse(input.body.data ?? ''));
    } catch {
      // Not JSON: nothing inside to count.
    }
  }
  if (input.body.kind === 'raw-multipart') found.add('malformed multipart');
  return found;
}

interface Tally {
  cases: number;
  /** Cases carrying each class of input. */
  classes: Record<InputClass, number>;
  /** Inputs the operation's schemas reject, that reached the operation (any caller). */
  invalidSent: number;
  /** Of those, sent by a caller the route lets in: each had to be answered 400 INVALID. */
  invalidChecked: number;
  validSent: number;
  /** Answered by the caller's refusal (401/403/404 whatever the input). */
  refusals: number;
  /** Paths that URL normalisation or the router sent to another route (a '..' or an empty segment). */
  elsewhere: number;
}

/**
 * One shard of the operations (every `of`-th, from `shard`): the suite is split over test files so that
 * vitest's workers fuzz in parallel (tests/api/fuzz-*.test.ts).
 */
export function fuzzShard(shard: number, of: number) {
  let t: TestApp;
  let users: Record<Exclude<Caller, 'anonymous'>, { email: string; password: string }>;
  let liveToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    users = {
      noRole: await makeUser(t.db),
      preview: await makePreviewUser(t.db),
      songwriter: await makeSongwriter(t.db),
      admin: await makeUser(t.db, { roles: ['admin'] }),
    };
    // A live pitch link, so that the pitch routes' own checks are reached too.
    liveToken = newPitchToken();
    await t.db.insert(pitchLinks).values({
      tokenHash: hashPitchToken(liveToken),
      recipientName: 'Fuzz Recipient',
      recipientEmail: 'fuzz-recipient@example.test',
      expiresAt: new Date(Date.now() + 30 * DAY_MS),
    });
  });
  afterAll(() => t.close());

  test(`shard ${shard + 1} of ${of}: every operation × ${CALLERS.length} callers × ${RUNS_PER_OPERATION_AND_CALLER} generated inputs: no 5xx, no stack trace, every 4xx in the error shape, every invalid input 400 INVALID`, async ({
    annotate,
  }) => {
    const keys = [...declaredEndpoints(t.app.routes).keys()]
      .filter((r) => r.includes(' /api/') && !r.includes('/api/auth/'))
      .filter((_, i) => i % of === shard);
    const operations = operationsOf(t.app, keys);
    const stripe = Boolean(t.config.stripe);
    const tally: Tally = {
      cases: 0,
      classes: { 'control characters': 0, 'impossible dates': 0, 'out-of-range numbers': 0, 'malformed multipart': 0 },
      invalidSent: 0,
      invalidChecked: 0,
      validSent: 0,
      refusals: 0,
      elsewhere: 0,
    };
    const invalidCheckedBy = new Map<string, number>();
    const failures: string[] = [];

    // Whether a request path reaches the operation: URL normalisation as the server does it, then Hono's own router.
    const reaches = (op: Operation, url: string) => {
      const path = getPath(new Request(new URL(url, t.url)));
      const [matches] = t.app.router.match(op.method, path) as unknown as [[[unknown, RouterRoute], unknown][]];
      return matches.some(([[, route]]) => op.entries.has(route));
    };
    for (const op of operations) {
      expect(op.entries.size, `${op.key} is a route of the app`).toBeGreaterThan(0);
      expect(reaches(op, op.pattern.replace(/:[A-Za-z0-9_]+/g, 'x')), `${op.key}: the router check finds the route`).toBe(true);
    }

    // Callers of the operation: the shared users on clients of their own (own address, so own rate-limit
    // buckets), or users made for it when its valid inputs change who its caller is.
    const base: Partial<Record<Caller, TestClient>> = {};
    const callersFor = async (op: Operation): Promise<Record<Caller, TestClient>> => {
      const own = op.key in CHANGES_ITS_CALLER;
      const made = own && {
        noRole: await makeUser(t.db),
        preview: await makePreviewUser(t.db),
        songwriter: await makeSongwriter(t.db),
        admin: await makeUser(t.db, { roles: ['admin'] }),
      };
      const clients = {} as Record<Caller, TestClient>;
      for (const caller of CALLERS) {
        if (caller === 'anonymous') clients[caller] = t.client();
        else if (made) clients[caller] = await signedInClient(t, made[caller]);
        else {
          base[caller] ??= await signedInClient(t, users[caller]);
          const client = t.client();
          for (const [name, value] of base[caller].cookies) client.cookies.set(name, value);
          clients[caller] = client;
        }
      }
      return clients;
    };

    const fuzzOperation = async (op: Operation) => {
      const callers = await callersFor(op);
      for (const caller of CALLERS) {
        const client = callers[caller];
        const run = fc.assert(
          fc.asyncProperty(inputArb(op, liveToken), async (input) => {
            const path = op.pattern.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(input.params[name]!));
            const search = new URLSearchParams(input.query).toString();
            const url = `${path}${search ? `?${search}` : ''}`;
            const res = await send(client, op, input, url);
            tally.cases++;
            for (const inputClass of classesOf(input)) tally.classes[inputClass]++;
            const where = `${op.key} as ${caller}: ${op.method} ${url} ${input.body.kind === 'json' ? JSON.stringify(input.body.value).slice(0, 300) : input.body.kind === 'multipart' ? `multipart data=${input.body.data?.slice(0, 300)}` : input.body.kind === 'raw-multipart' ? `${input.body.why}: ${input.body.contentType} ${JSON.stringify(input.body.payload.slice(0, 300))}` : ''}\n→ ${res.status} ${res.text.slice(0, 300)}`;

            expect(res.status, where).toBeLessThan(500);
            expect(res.text, where).not.toMatch(/\bat .+\.(ts|js):\d+/);
            if (res.status >= 400) {
              const exempt = NON_JSON_4XX[op.key]?.some((e) => e.status === res.status);
              if (!exempt) {
                expect(res.headers['content-type'], where).toMatch(/^application\/json/);
                expect(res.body, where).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
                const fields = (res.body as { error: { fields?: unknown } }).error.fields;
                if (fields !== undefined) {
                  expect(
                    Object.values(fields as object).every((list) => Array.isArray(list) && list.every((m) => typeof m === 'string')),
                    where,
                  ).toBe(true);
                }
              }
            }

            if (!reaches(op, url)) {
              tally.elsewhere++;
              return;
            }
            const verdict = await judge(op, input, search);
            if (verdict.valid) tally.validSent++;
            else tally.invalidSent++;

            // The pitch routes' per-address rate limit runs before the token and the input are read (a run
            // shrinking a failure may send past it); an answer that reads nothing of the input.
            if (op.access === 'pitch-link' && res.status === 429) {
              tally.refusals++;
              expect((res.body as { error: { code: string } }).error.code, where).toBe('TOO_MANY_REQUESTS');
              return;
            }
            const admitted = admission(op.access, caller, { liveToken: input.params.token === liveToken, stripe });
            if (!admitted.allowed) {
              tally.refusals++;
              expect(admitted.statuses, `refused before its input is read: ${where}`).toContain(res.status);
              expect((res.body as { error: { code: string } }).error.code, where).toBe(CODE_OF_STATUS[res.status]);
              return;
            }
            if (verdict.valid) return;
            tally.invalidChecked++;
            invalidCheckedBy.set(op.key, (invalidCheckedBy.get(op.key) ?? 0) + 1);
            const { error } = verdict;
            const why = `${verdict.why}, must be 400 INVALID: ${where}`;
            expect(res.status, why).toBe(400);
            if (error.fields) expect(res.body, why).toEqual({ error });
            else expect(res.body, why).toEqual({ error: { code: 'INVALID', message: expect.any(String) } });
          }),
          { numRuns: RUNS_PER_OPERATION_AND_CALLER },
        );
        // Every operation and caller is fuzzed, failing or not, so that one run reports every failure.
        await run.catch((error: Error) => {
          failures.push(`${op.key} as ${caller}:\n${error.message}\n${(error.cause as Error | undefined)?.message ?? ''}`);
        });
        // Nothing sent may have changed who the caller is (see CHANGES_ITS_CALLER).
        if (!(op.key in CHANGES_ITS_CALLER)) {
          const me = await client.get('/api/me');
          const roles = me.body.user
            ? { isAdmin: me.body.isAdmin, isPreview: me.body.isPreview, isSongwriter: me.body.isSongwriter }
            : null;
          expect(roles, `${op.key} changed who the ${caller} caller is`).toEqual(ROLES_OF[caller]);
        }
      }
    };
    // A few operations at a time: the database waits overlap.
    const queue = [...operations];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let op = queue.shift(); op; op = queue.shift()) await fuzzOperation(op);
      }),
    );

    const checked = operations
      .filter((op) => op.checks.length > 0 || op.multipart)
      .map((op) => ({ key: op.key, n: invalidCheckedBy.get(op.key) ?? 0 }));
    const fewest = checked.reduce<{ key: string; n: number } | undefined>((min, c) => (!min || c.n < min.n ? c : min), undefined);
    const percent = (n: number) => `${((100 * n) / tally.cases).toFixed(1)} %`;
    const summary =
      `fuzz shard ${shard + 1} of ${of}: ${operations.length} operations × ${CALLERS.length} callers × ${RUNS_PER_OPERATION_AND_CALLER} inputs = ${tally.cases} cases; ` +
      `invalid inputs sent ${tally.invalidSent} (${percent(tally.invalidSent)}), of which ${tally.invalidChecked} (${percent(tally.invalidChecked)}) by callers let in, checked for 400 INVALID ` +
      `(${checked.length} operations with schemas, fewest for one: ${fewest ? `${fewest.n}, ${fewest.key}` : 'none'}); ` +
      `valid inputs sent ${tally.validSent} (${percent(tally.validSent)}); refusals before the input ${tally.refusals}; sent to another route by their path ${tally.elsewhere}; ` +
      `cases carrying ${INPUT_CLASSES.map((c) => `${c} ${tally.classes[c]}`).join(', ')}`;
    console.log(summary);
    await annotate(summary, 'fuzz figures');

    expect(failures, `${failures.length} of ${operations.length * CALLERS.length} operation × caller properties failed`).toEqual([]);
    expect(tally.cases).toBe(operations.length * CALLERS.length * RUNS_PER_OPERATION_AND_CALLER);
    expect(tally.invalidSent, 'invalid inputs sent').toBeGreaterThanOrEqual(0.3 * tally.cases);
    expect(tally.validSent, 'valid inputs sent').toBeGreaterThanOrEqual(0.2 * tally.cases);
    // Each class reaches the routes in numbers; malformed multipart goes only to upload routes, so its floor
    // counts them (about 50 are expected per upload route, and a shard may hold just one).
    const uploads = operations.filter((op) => op.multipart).length;
    for (const inputClass of INPUT_CLASSES) {
      const least = inputClass === 'malformed multipart' ? floor(15 * uploads) : floor(50);
      expect(tally.classes[inputClass], `cases carrying ${inputClass}`).toBeGreaterThanOrEqual(least);
    }
    // Every operation with a schema had its invalid inputs checked, by a caller it lets in.
    const underChecked = checked.filter((c) => c.n < floor(15)).map((c) => `${c.key}: ${c.n}`);
    expect(underChecked, `operations with fewer than ${floor(15)} invalid inputs from a caller let in`).toEqual([]);
  }, 600_000);
}
