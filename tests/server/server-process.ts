import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import path from 'node:path';
import { inject } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The server as `npm start` runs it (its bundle, without the web build), in a process of its own that a test may kill. */
export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything it printed, for the message of a failing test. */
  output(): string;
  /** Resolves with the signal or exit code once the process is gone. */
  exited: Promise<string>;
}

export async function startServerProcess(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, [inject('serverBundle')], {
    cwd: ROOT,
    // No balancer waits on these servers' readiness: a SIGTERM stops them without a drain, unless a test asks for one.
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'warn', SHUTDOWN_DRAIN_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? `exit ${code}`)));
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in ${timeoutMs} ms:\n${printed}`)), timeoutMs);
    const onData = () => {
      const match = /is running at http:\/\/localhost:(\d+)\./.exec(printed);
      if (!match) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      resolve(`http://127.0.0.1:${match[1]}`);
    };
    child.stdout!.on('data', onData);
    void exited.then((how) => {
      clearTimeout(timer);
      reject(new Error(`server stopped (${how}) before it was ready:\n${printed}`));
    });
  });
  return { child, url: await ready, output: () => printed, exited };
}

/**
 * A JSON POST from a chosen loopback address: each address is its own client for the server's
 * per-address rate limits (the whole of 127.0.0.0/8 reaches a server listening on every interface).
 */
export function postJson(
  url: string,
  body: unknown,
  { from, origin }: { from: string; origin: string },
): Promise<{ status: number; body: string }> {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        localAddress: from,
        headers: { 'content-type': 'application/json', 'content-length': payload.length, origin },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
