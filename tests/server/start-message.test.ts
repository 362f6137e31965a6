import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { TestClient } from '../setup/http-client';
import { startServerProcess, type ServerProcess } from './server-process';

/** What `npm start` prints about where the site is: the bundle started as a person starts it. */
const dirs: string[] = [];
let running: ServerProcess | undefined;
afterEach(async () => {
  running?.child.kill('SIGTERM');
  await running?.exited;
  running = undefined;
});
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pitchroom-start-message-'));
  dirs.push(dir);
  return dir;
};

/** A port no one listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.once('error', reject);
  });
}

describe('the start message', () => {
  test('names the port the server listens on, not 3000, and the site works at that address', async () => {
    const port = await freePort();
    running = await startServerProcess({ DATA_DIR: dataDir(), PORT: String(port) }, 150_000);
    const printed = running.output();
    expect(printed).toContain(`is running at http://localhost:${port}.`);
    expect(printed).not.toContain('localhost:3000');
    expect(printed).not.toContain('Public address');
    // Without PUBLIC_URL the site's address is that one: a browser's write from it passes the origin check.
    const local = `http://localhost:${port}`;
    const sent = await new TestClient(running.url, local).post('/api/contact', {
      name: 'Port Check',
      email: 'port-check@example.test',
      subject: 'Which port?',
      message: 'The one it printed.',
    });
    expect(sent.status, sent.text).toBe(201);
  }, 200_000);

  test('adds the public address when PUBLIC_URL is set', async () => {
    running = await startServerProcess({ DATA_DIR: dataDir(), PORT: '0', PUBLIC_URL: 'https://pitchroom.example' }, 150_000);
    const port = new URL(running.url).port;
    expect(running.output()).toContain(`is running at http://localhost:${port}.\nPublic address: https://pitchroom.example.`);
  }, 200_000);
});
