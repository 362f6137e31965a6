import type { Context } from 'hono';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';

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
 * Runs the rest of the app with these headers on every response of this request, unless the response sets
 * its own value. On Node's response they are set before the app answers (Node merges them into the head,
 * the app's own headers winning), so no response has to be rebuilt to carry them; without one, after.
 */
export function withDefaultResponseHeaders(
  c: Context,
  headers: readonly (readonly [string, string])[],
  next: () => Promise<void>,
): Promise<void> {
  const outgoing = nodeOf(c)?.outgoing;
  if (outgoing) {
    for (const [name, value] of headers) outgoing.setHeader(name, value);
    return next();
  }
  return setAfter(c, headers, next);
}

async function setAfter(c: Context, headers: readonly (readonly [string, string])[], next: () => Promise<void>): Promise<void> {
  await next();
  for (const [name, value] of headers) if (!c.res.headers.has(name)) c.res.headers.set(name, value);
}

/** The status this request was answered with: Node's own once a route has written to it (pipeToResponse). */
export function answeredStatus(c: Context): number {
  const outgoing = nodeOf(c)?.outgoing;
  return outgoing?.headersSent ? outgoing.statusCode : c.res.status;
}

/**
 * Runs `done` once this request's answer has been handed to the operating system in full ('finish'), and
 * never if it was not: a connection closed midway may still have a write in flight, whose memory must stay
 * as it is. Without Node's response (tests through app.request) it never runs.
 */
export function onResponseSent(c: Context, done: () => void): void {
  nodeOf(c)?.outgoing?.once('finish', done);
}

/**
 * Sends a Node stream as this request's answer by piping it into Node's response, when there is one, and
 * returns what Hono should return for it (@hono/node-server's "already sent"); undefined without one, for
 * the caller to send a web stream instead. A web stream costs more per chunk, waits a timer tick before its
 * first one, and ends a stream whose listener hung up with an error whose stack is built: a player seeking
 * hangs up every time.
 */
export function pipeToResponse(c: Context, status: number, headers: Record<string, string>, body: Readable): Response | undefined {
  const outgoing = nodeOf(c)?.outgoing;
  if (!outgoing) return undefined;
  // The listener may have gone while the file was being opened: its 'close' has passed, so close the file now.
  if (outgoing.destroyed) {
    body.destroy();
    return RESPONSE_ALREADY_SENT;
  }
  outgoing.writeHead(status, headers);
  body.once('error', () => outgoing.destroy());
  outgoing.once('close', () => body.destroy());
  body.pipe(outgoing);
  return RESPONSE_ALREADY_SENT;
}
