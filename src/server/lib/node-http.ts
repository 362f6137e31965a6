import type { Context } from 'hono';
import type { IncomingMessage, ServerResponse } from 'node:http';

/*
 * Node's own request and response, when served by @hono/node-server. Reading a header through Hono's request
 * builds a full web Request first, and setting one on a finished Response builds web Headers; on a small GET
 * those are a third of the work. Tests and benchmarks serve the app the same way, so these paths are the tested ones.
 */
const nodeOf = (c: Context) => c.env as { incoming?: IncomingMessage; outgoing?: ServerResponse } | undefined;

/** A request header (lower-case name). */
export function requestHeader(c: Context, name: Lowercase<string>): string | undefined {
  const incoming = nodeOf(c)?.incoming;
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * Gives every response of this request these headers unless the response sets its own value: on Node's
 * response, before the app answers (Node merges them into the head, the app's own headers winning).
 * Returns false when there is no Node response; the caller then sets them on c.res after next().
 */
export function setDefaultResponseHeaders(c: Context, headers: readonly (readonly [string, string])[]): boolean {
  const outgoing = nodeOf(c)?.outgoing;
  if (!outgoing) return false;
  for (const [name, value] of headers) outgoing.setHeader(name, value);
  return true;
}
