import { serve, type ServerType } from '@hono/node-server';

/*
 * How long an idle kept-alive connection stays open. Node's 5 s default closes it while a client that paused
 * (a person reading a page, an API client between steps) may be sending its next request on it, which that
 * client sees as a reset; a minute covers such pauses and stays above the 60 s idle timeout of common proxies.
 * Headers may take a second longer, as Node requires of the pair.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Serves the app on Node's HTTP server, resolving once it listens. */
export function listen(fetch: Parameters<typeof serve>[0]['fetch'], { port, hostname }: { port: number; hostname: string }) {
  return new Promise<ServerType>((resolve) => {
    const server = serve({ fetch, port, hostname }, () => resolve(server));
    if ('keepAliveTimeout' in server) {
      server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
      server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
    }
  });
}
