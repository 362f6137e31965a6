import type { Server } from 'node:http';
import { serve } from '@hono/node-server';

/*
 * How long an idle kept-alive connection stays open. Node's 5 s default closes it while a client that paused
 * (a person reading a page, an API client between steps) may be sending its next request on it, which that
 * client sees as a reset; a minute covers such pauses and stays above the 60 s idle timeout of common proxies.
 * Headers may take a second longer, as Node requires of the pair.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Serves the app on Node's HTTP server, resolving once it listens. */
export function listen(fetch: Parameters<typeof serve>[0]['fetch'], { port, hostname }: { port: number; hostname: string }) {
  return new Promise<Server>((resolve) => {
    // Without a createServer option, serve() makes a node:http server.
    const server = serve({ fetch, port, hostname }, () => resolve(server)) as Server;
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  });
}

/**
 * While `isDraining()`, every answer says `Connection: close` and its connection closes after it: the client
 * (a proxy's kept-alive connection to this instance, a browser) sends its next request on a new connection,
 * never on one this server is about to close under it, which the client would see as a reset.
 */
export function closeConnectionsWhile(server: Server, isDraining: () => boolean): void {
  server.prependListener('request', (_request, response) => {
    if (isDraining()) response.setHeader('Connection', 'close');
  });
}

/**
 * Stops listening and closes the idle connections at once, then resolves when the requests under way have
 * been answered (their answers close their connections, closeConnectionsWhile). Past `deadlineMs` the
 * connections still open are closed, their requests unanswered.
 */
export function closeServer(server: Server, deadlineMs: number): Promise<void> {
  return new Promise((resolve) => {
    const deadline = setTimeout(() => server.closeAllConnections(), deadlineMs);
    server.close(() => {
      clearTimeout(deadline);
      resolve();
    });
    server.closeIdleConnections();
  });
}
