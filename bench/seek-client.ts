import { connect } from 'node:net';

/**
 * A player seeking, as browsers do it: a new connection, `Range: bytes=N-` (to the end of the file), the first
 * bytes, then hang up (the next seek cancels the stream). `connections` such listeners seek one after another
 * for `durationMs`; it reports the time to the first byte of each answer, in milliseconds, and how many
 * answers were not 206. Run as a process of its own (`seekLoad` in support.ts), the load as JSON in its
 * first argument and the result as JSON on its output, so the load is not generated on the server's event loop.
 */
export interface SeekLoad {
  port: number;
  path: string;
  headers: Record<string, string>;
  connections: number;
  durationMs: number;
}

export interface SeekResult {
  ttfbMs: number[];
  notPartial: number;
  errors: number;
}

const { port, path, headers, connections, durationMs } = JSON.parse(process.argv[2]!) as SeekLoad;
const head =
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
  Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('') +
  '\r\n';
const result: SeekResult = { ttfbMs: [], notPartial: 0, errors: 0 };
const until = performance.now() + durationMs;

function seek(): Promise<void> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    socket.setNoDelay(true);
    socket.write(head);
    socket.once('data', (chunk: Buffer) => {
      result.ttfbMs.push(performance.now() - started);
      if (!chunk.subarray(0, 12).toString('latin1').startsWith('HTTP/1.1 206')) result.notPartial++;
      socket.destroy();
      resolve();
    });
    socket.once('error', () => {
      result.errors++;
      resolve();
    });
  });
}

async function listener() {
  while (performance.now() < until) await seek();
}

await Promise.all(Array.from({ length: connections }, listener));
process.stdout.write(JSON.stringify(result));
