import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A load balancer in front of several instances, set up as the README's deploy section sets one up: kept-alive
 * connections to each upstream (nginx's `keepalive`, closed after `idleTimeoutMs` unused, its
 * `keepalive_timeout`), round robin over the instances whose readiness answered 200 when last asked (every
 * `checkEveryMs`, as a Kubernetes Service's readiness probe or HAProxy's `option httpchk`), and the next
 * upstream tried only when a connection is refused (nginx's `proxy_next_upstream error`, which never resends a
 * POST once sent). Any other failure reaches the client as a 502, as nginx's would.
 */
export interface KeepAliveProxy {
  url: string;
  /** Answers from each upstream port, and those of them that closed their connection (a draining server's). */
  answered: Map<number, { all: number; closing: number }>;
  /** Connections an upstream refused (the request then goes to the next one, if any is left to try). */
  retriedOnRefusal: number;
  /** What went wrong on the way to an upstream, for each 502. */
  failures: string[];
  /** Resolves once a check has found the instance ready: an orchestrator stops the next one only then. */
  sendingTo(port: number): Promise<void>;
  close(): Promise<void>;
}

/** How long the proxy waits for an upstream's answer (nginx's proxy_read_timeout, shorter). */
const UPSTREAM_TIMEOUT_MS = 30_000;
/** How long a readiness check may take; past it, the instance counts as not ready. */
const CHECK_TIMEOUT_MS = 1_000;
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length']);

interface Upstream {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function readBody(stream: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

/**
 * Whether the instance's readiness answers 200, asked on a connection of its own; undefined when it gives no
 * answer in time (a busy instance keeps its standing, as a probe's failure threshold above one keeps it).
 */
function isReady(port: number): Promise<boolean | undefined> {
  return new Promise((resolve) => {
    const check = http.get({ host: '127.0.0.1', port, path: '/api/health/ready', agent: false }, (answer) => {
      answer.resume();
      resolve(answer.statusCode === 200);
    });
    check.setTimeout(CHECK_TIMEOUT_MS, () => {
      resolve(undefined);
      check.destroy();
    });
    check.on('error', () => resolve(false));
  });
}

export async function startKeepAliveProxy(
  upstreams: number[],
  { idleTimeoutMs, checkEveryMs }: { idleTimeoutMs: number; checkEveryMs: number },
): Promise<KeepAliveProxy> {
  const ready = new Map(upstreams.map((port) => [port, true]));
  const waiting: { port: number; resolve: () => void }[] = [];
  const checked = (port: number, answer: boolean | undefined) => {
    if (answer === undefined) return;
    ready.set(port, answer);
    for (const w of waiting.filter((w) => w.port === port && answer)) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve();
    }
  };
  const checks = setInterval(() => {
    for (const port of upstreams) void isReady(port).then((answer) => checked(port, answer));
  }, checkEveryMs);
  const agents = new Map(upstreams.map((port) => [port, new http.Agent({ keepAlive: true, timeout: idleTimeoutMs })]));
  const proxy: KeepAliveProxy = {
    url: '',
    answered: new Map(upstreams.map((port) => [port, { all: 0, closing: 0 }])),
    retriedOnRefusal: 0,
    failures: [],
    sendingTo: (port) => new Promise((resolve) => waiting.push({ port, resolve })),
    close: async () => {},
  };

  const forward = (port: number, request: http.IncomingMessage, body: Buffer) =>
    new Promise<Upstream>((resolve, reject) => {
      const headers: http.OutgoingHttpHeaders = { ...request.headers, 'x-forwarded-for': request.socket.remoteAddress };
      delete headers.connection;
      const outgoing = http.request(
        { host: '127.0.0.1', port, method: request.method, path: request.url, headers, agent: agents.get(port) },
        (answer) => {
          readBody(answer).then((data) => {
            const counts = proxy.answered.get(port)!;
            counts.all++;
            if (answer.headers.connection === 'close') counts.closing++;
            resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: data });
          }, reject);
        },
      );
      outgoing.setTimeout(UPSTREAM_TIMEOUT_MS, () => outgoing.destroy(new Error('upstream timed out')));
      outgoing.on('error', (error: NodeJS.ErrnoException) =>
        reject(
          Object.assign(error, {
            detail: `${request.method} ${request.url} to ${port}: ${error.code ?? error.message}${outgoing.reusedSocket ? ' on a kept-alive connection' : ''}`,
          }),
        ),
      );
      outgoing.end(body);
    });

  let next = 0;
  const handle = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const body = await readBody(request);
    const first = next++;
    const rotated = upstreams.map((_, i) => upstreams[(first + i) % upstreams.length]!);
    // The ready ones first; the others only when none of those takes the connection.
    const order = [...rotated.filter((port) => ready.get(port)), ...rotated.filter((port) => !ready.get(port))];
    let failure = `${request.method} ${request.url}: no live upstream`;
    for (const port of order) {
      try {
        const answer = await forward(port, request, body);
        const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
        response.writeHead(answer.status, headers).end(answer.body);
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ECONNREFUSED') {
          failure = (error as { detail?: string }).detail ?? String(error);
          break;
        }
        proxy.retriedOnRefusal++;
      }
    }
    proxy.failures.push(failure);
    response.writeHead(502).end('Bad Gateway');
  };
  const server = http.createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = async () => {
    clearInterval(checks);
    for (const agent of agents.values()) agent.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return proxy;
}
