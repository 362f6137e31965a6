import type { Context } from 'hono';
import type { IncomingMessage } from 'node:http';

/**
 * A request header (lower-case name), from Node's own request when served by @hono/node-server: asking
 * Hono's request for a header builds a full web Request first, a third of the cost of a small GET.
 */
export function requestHeader(c: Context, name: Lowercase<string>): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
