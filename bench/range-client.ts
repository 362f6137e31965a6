import { connect, type Socket } from 'node:net';

/**
 * Listeners asking for ranges of a song, timed to the first byte of each answer, in a process of its own
 * (`rangeLoad` in support.ts: the load as JSON in the first argument, the result as JSON on the output), so
 * the load is not generated on the server's event loop. Two ways, as players ask:
 * - 'seek': a new connection, `Range: bytes=N-` (to the end of the file), the first bytes, then hang up
 *   (the next seek cancels the stream);
 * - 'kept': one kept connection per listener, each answer read to its last byte before the next request.
 * Bytes are counted, never decoded: autocannon decodes every body as UTF-8 text, which for an mp3's bytes
 * costs more than the server's answer does and made the load generator the ceiling of every Range figure.
 */
export interface RangeLoad {
  mode: 'seek' | 'kept';
  port: number;
  path: string;
  headers: Record<string, string>;
  connections: number;
  durationMs: number;
}

export interface RangeResult {
  /** Time from sending a request to the first byte of its answer. */
  ttfbMs: number[];
  /** Time from sending a request to the last byte of its answer ('kept' only). */
  answerMs: number[];
  notPartial: number;
  errors: number;
}

const { mode, port, path, headers, connections, durationMs } = JSON.parse(process.argv[2]!) as RangeLoad;
const head =
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
  Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('') +
  '\r\n';
const result: RangeResult = { ttfbMs: [], answerMs: [], notPartial: 0, errors: 0 };
const until = performance.now() + durationMs;
const END_OF_HEAD = Buffer.from('\r\n\r\n');
const isPartial = (chunk: Buffer) => chunk.subarray(0, 12).toString('latin1') === 'HTTP/1.1 206';

function seek(): Promise<void> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    socket.setNoDelay(true);
    socket.write(head);
    socket.once('data', (chunk: Buffer) => {
      result.ttfbMs.push(performance.now() - started);
      if (!isPartial(chunk)) result.notPartial++;
      socket.destroy();
      resolve();
    });
    socket.once('error', () => {
      result.errors++;
      resolve();
    });
  });
}

/** One request on a kept connection, read to the end of its answer (Content-Length; no chunked answers here). */
function ask(socket: Socket): Promise<boolean> {
  return new Promise((resolve) => {
    const started = performance.now();
    let headBytes: Buffer | undefined = Buffer.alloc(0);
    let bodyLeft = 0;
    const finish = (ok: boolean) => {
      socket.off('data', onData).off('error', onError).off('close', onClose);
      resolve(ok);
    };
    const onData = (chunk: Buffer) => {
      if (headBytes) {
        if (headBytes.length === 0) result.ttfbMs.push(performance.now() - started);
        headBytes = Buffer.concat([headBytes, chunk]);
        const end = headBytes.indexOf(END_OF_HEAD);
        if (end === -1) return;
        const text = headBytes.subarray(0, end).toString('latin1');
        if (!isPartial(headBytes)) result.notPartial++;
        bodyLeft = Number(/\r\ncontent-length:\s*(\d+)/i.exec(text)?.[1] ?? 0) - (headBytes.length - end - 4);
        headBytes = undefined;
      } else {
        bodyLeft -= chunk.length;
      }
      if (bodyLeft <= 0) {
        result.answerMs.push(performance.now() - started);
        finish(true);
      }
    };
    const onError = () => {
      result.errors++;
      finish(false);
    };
    const onClose = () => finish(false);
    socket.on('data', onData).once('error', onError).once('close', onClose);
    socket.write(head);
  });
}

async function keptListener() {
  const socket = connect(port, '127.0.0.1');
  socket.setNoDelay(true);
  await new Promise((resolve) => socket.once('connect', resolve));
  while (performance.now() < until && (await ask(socket)));
  socket.destroy();
}

async function seekingListener() {
  while (performance.now() < until) await seek();
}

await Promise.all(Array.from({ length: connections }, mode === 'kept' ? keptListener : seekingListener));
process.stdout.write(JSON.stringify(result));
