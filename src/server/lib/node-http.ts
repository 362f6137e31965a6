import { serve, type ServerType } from '@hono/node-server';
import type { Context } from 'hono';
import { ServerResponse, type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders } from 'node:http';
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

type HeaderPairs = readonly (readonly [string, string])[];

/**
 * Node's response, carrying headers its request's every answer sends unless the answer sets its own: added to
 * the one object `writeHead` is given rather than set one by one beforehand, which sends Node down its slow
 * path (each name lower-cased and stored, then the answer's own headers set one by one over them). The app's
 * first layer gives them (withDefaultResponseHeaders); a third fewer instructions for the headers of a small
 * answer (bench row P3). Names are compared without case; the given object is copied, never changed, as a
 * route may pass one it keeps.
 */
export class ResponseWithDefaultHeaders<Incoming extends IncomingMessage = IncomingMessage> extends ServerResponse<Incoming> {
  defaultHeaders: HeaderPairs | undefined = undefined;

  override writeHead(
    statusCode: number,
    reasonOrHeaders?: string | OutgoingHttpHeaders | OutgoingHttpHeader[],
    maybeHeaders?: OutgoingHttpHeaders | OutgoingHttpHeader[],
  ): this {
    const defaults = this.defaultHeaders;
    if (!defaults) return super.writeHead(statusCode, reasonOrHeaders as string, maybeHeaders);
    this.defaultHeaders = undefined;
    const reason = typeof reasonOrHeaders === 'string' ? reasonOrHeaders : undefined;
    const given = typeof reasonOrHeaders === 'string' ? maybeHeaders : reasonOrHeaders;
    if (given === undefined || Array.isArray(given)) {
      // Node's own slow path: the given headers, set after these, win.
      for (const [name, value] of defaults) if (!this.hasHeader(name)) this.setHeader(name, value);
      return super.writeHead(statusCode, reason, given);
    }
    const headers: OutgoingHttpHeaders = {};
    const givenNames = new Set<string>();
    for (const name in given) {
      headers[name] = given[name];
      givenNames.add(name.toLowerCase());
    }
    for (const [name, value] of defaults) if (!givenNames.has(name.toLowerCase()) && !this.hasHeader(name)) headers[name] = value;
    return super.writeHead(statusCode, reason, headers);
  }
}

/*
 * How long an idle kept-alive connection stays open. Node's 5 s default closes it while a client that paused
 * (a person reading a page, an API client between steps) may be sending its next request on it, which that
 * client sees as a reset; a minute covers such pauses and stays above the 60 s idle timeout of common proxies.
 * Headers may take a second longer, as Node requires of the pair.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Serves the app on Node's HTTP server with ResponseWithDefaultHeaders, resolving once it listens. */
export function serveApp(fetch: Parameters<typeof serve>[0]['fetch'], { port, hostname }: { port: number; hostname: string }) {
  return new Promise<ServerType>((resolve) => {
    const server = serve({ fetch, port, hostname, serverOptions: { ServerResponse: ResponseWithDefaultHeaders } }, () => resolve(server));
    if ('keepAliveTimeout' in server) {
      server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
      server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
    }
  });
}

/**
 * Runs the rest of the app with these headers on every response of this request, unless the response sets
 * its own value: handed to Node's response when it is a ResponseWithDefaultHeaders (serveApp), set on any
 * other Node response before the app answers (the app's own headers winning), and without one, after.
 */
export function withDefaultResponseHeaders(c: Context, headers: HeaderPairs, next: () => Promise<void>): Promise<void> {
  const outgoing = nodeOf(c)?.outgoing;
  if (outgoing instanceof ResponseWithDefaultHeaders) {
    outgoing.defaultHeaders = headers;
    return next();
  }
  if (outgoing) {
    for (const [name, value] of headers) outgoing.setHeader(name, value);
    return next();
  }
  return setAfter(c, headers, next);
}

async function setAfter(c: Context, headers: HeaderPairs, next: () => Promise<void>): Promise<void> {
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
