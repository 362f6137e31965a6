import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';

/**
 * What the server may hand to `c.json` for a response whose wire shape is `W`: the same shape, where a
 * string may also be a Date (JSON writes a Date as its ISO string).
 */
export type Sendable<W> = W extends string
  ? W | Date
  : W extends readonly (infer Item)[]
    ? readonly Sendable<Item>[]
    : W extends object
      ? { [K in keyof W]: Sendable<W[K]> }
      : W;

/** Sends a success body shaped by the route's response schema, with the declared status unless told another. */
export type Reply<S extends z.ZodType> = (body: Sendable<z.output<S>>, status?: ContentfulStatusCode) => Response;

export interface ResponseInfo {
  schema: z.ZodType;
  status: ContentfulStatusCode;
}

/** Which response each `responds` middleware declares, so the OpenAPI document describes 2xx bodies from the routes. */
const responses = new WeakMap<object, ResponseInfo>();

/** The response declared by a middleware made by `responds`, or undefined for any other handler. */
export function responseOf(handler: unknown): ResponseInfo | undefined {
  return typeof handler === 'function' ? responses.get(handler) : undefined;
}

/**
 * Declares a route's success body: the handler answers with `c.var.reply(body)`, and the compiler checks
 * the body against the schema the pages read their types from (src/common/responses). Under test every
 * reply is also parsed with the schema, and any field it does not declare is refused, so each API test checks
 * the contract at run time too.
 */
export function responds<S extends z.ZodType>(
  schema: S,
  status: ContentfulStatusCode = 200,
): MiddlewareHandler<{ Variables: { reply: Reply<S> } }> {
  const checksReplies = process.env.NODE_ENV === 'test';
  const middleware: MiddlewareHandler<{ Variables: { reply: Reply<S> } }> = async (c, next) => {
    c.set('reply', (body, answered = status) => {
      if (checksReplies) checkReply(c, schema, body);
      return c.json(body as never, answered);
    });
    await next();
  };
  responses.set(middleware, { schema, status });
  return middleware;
}

function checkReply(c: Context, schema: z.ZodType, body: unknown): void {
  const sent: unknown = JSON.parse(JSON.stringify(body));
  const result = schema.safeParse(sent);
  if (!result.success) {
    throw new Error(`${c.req.method} ${c.req.path} answered outside its response schema: ${z.prettifyError(result.error)}`);
  }
  // zod drops keys its objects do not name: any key sent but missing from the parsed answer is one the schema
  // does not declare, such as a column a service returned by accident.
  const undeclared = keysMissing(sent, result.data, '');
  if (undeclared.length > 0) {
    throw new Error(`${c.req.method} ${c.req.path} answered fields its response schema does not declare: ${undeclared.join(', ')}`);
  }
}

/** The paths of the object keys in `sent` that `parsed` lacks, at any depth. */
function keysMissing(sent: unknown, parsed: unknown, path: string): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed)) return sent.flatMap((item, i) => keysMissing(item, parsed[i], `${path}[${i}]`));
  if (!isObject(sent) || !isObject(parsed)) return [];
  return Object.keys(sent).flatMap((key) =>
    key in parsed ? keysMissing(sent[key], parsed[key], path ? `${path}.${key}` : key) : [path ? `${path}.${key}` : key],
  );
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
