import http from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** GET on the agent's kept connection: the status, and whether it went on a connection used before. */
function get(agent: http.Agent, url: string) {
  return new Promise<{ status: number; reusedSocket: boolean }>((resolve, reject) => {
    const request = http.get(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, reusedSocket: request.reusedSocket }));
    });
    request.on('error', reject);
  });
}

// Node's default (5 s) closed such a connection just as a client that paused could be sending on it.
test('a connection left idle for longer than Node’s default keep-alive still carries the next request', { timeout: 20_000 }, async () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const first = await get(agent, `${t.url}/api/health`);
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const second = await get(agent, `${t.url}/api/health`);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.reusedSocket).toBe(true);
  } finally {
    agent.destroy();
  }
});
