import type { Path } from 'better-auth/plugins/open-api';

type JsonSchema = Record<string, unknown>;

/**
 * better-auth's endpoints that answer with a redirect, which its own description leaves out, by method and its
 * path template: where the 302 goes, and whether it is the only success (else a JSON body answers without it).
 */
export const AUTH_REDIRECTS: Record<string, { location: string; only?: boolean }> = {
  'GET /verify-email': { location: 'callbackURL, when the request names one; else the JSON body' },
  'GET /reset-password/{token}': { location: "callbackURL with the link's token, or with error=INVALID_TOKEN", only: true },
  'GET /delete-user/callback': { location: 'callbackURL, when the request names one; else the JSON body' },
  'GET /callback/{id}': { location: "The sign-in's callback URL, or its error URL", only: true },
  'POST /callback/{id}': { location: 'The same callback read with GET (for a provider that posts its answer)', only: true },
};

/** What better-auth says of its own endpoints (its open-api plugin's generateOpenAPISchema), the part we read. */
export interface AuthDocument {
  paths: Record<string, Path>;
  components: { schemas: Record<string, object> };
}

/** One better-auth endpoint, as an operation of our document but for what the document adds to every operation. */
export interface AuthOperation {
  /** Its path template under better-auth's base path ("/reset-password/{token}"). */
  path: string;
  summary: string;
  parameters: JsonSchema[];
  requestBody?: JsonSchema;
  responses: Record<string, JsonSchema>;
}

/** better-auth's models are named apart from ours: "User" is "AuthUser". */
const AUTH_PREFIX = 'Auth';
const REF = /"#\/components\/schemas\/([A-Za-z0-9]+)"/g;
const renamed = <T>(value: T): T => JSON.parse(JSON.stringify(value).replace(REF, `"#/components/schemas/${AUTH_PREFIX}$1"`)) as T;

/** The redirect better-auth sends where its description has only a JSON body, or nothing. */
function withRedirect(key: string, responses: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const redirect = AUTH_REDIRECTS[key];
  if (!redirect) return responses;
  const kept = Object.entries(responses).filter(([status]) => !(redirect.only && status.startsWith('2')));
  return Object.fromEntries([
    ...kept,
    ['302', { description: 'Redirect.', headers: { Location: { description: redirect.location, schema: { type: 'string' } } } }],
  ]);
}

/**
 * better-auth's endpoints that answer `method` (our app hands it GET and POST under its base path), each with
 * the parameters, body and answers better-auth describes, and the models those name, renamed apart from ours.
 * Endpoints it serves only to the server, and those turned off (disabledPaths), are not in its document.
 */
export function authOperations(doc: AuthDocument, method: string): { operations: AuthOperation[]; schemas: Record<string, JsonSchema> } {
  const operations: AuthOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    const op = item[method.toLowerCase() as keyof Path];
    if (!op) continue;
    const { description, parameters = [], requestBody, responses = {} } = renamed(op);
    operations.push({
      path,
      summary: description ?? `${method} ${path}`,
      parameters: parameters as JsonSchema[],
      ...(requestBody && { requestBody: requestBody as JsonSchema }),
      responses: withRedirect(`${method} ${path}`, responses as Record<string, JsonSchema>),
    });
  }
  const named = new Set([...JSON.stringify(operations).matchAll(REF)].map((m) => m[1]!.slice(AUTH_PREFIX.length)));
  const schemas = Object.fromEntries(
    Object.entries(doc.components.schemas)
      .filter(([name]) => named.has(name))
      .map(([name, schema]) => [`${AUTH_PREFIX}${name}`, renamed(schema) as JsonSchema]),
  );
  return { operations, schemas };
}
