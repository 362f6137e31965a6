import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, test } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed/seed';
import { TestClient } from '../setup/http-client';
import { startServerProcess, type ServerProcess } from './server-process';

/** The server bundle `npm start` runs, started with NODE_ENV=production as a deployment would start it. */
const ROOT = path.resolve(import.meta.dirname, '../..');
const PUBLIC_URL = 'https://pitchroom.example';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pitchroom-production-'));
  dirs.push(dir);
  return dir;
};
let running: ServerProcess | undefined;
afterAll(async () => {
  running?.child.kill('SIGTERM');
  await running?.exited;
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const production = (settings: Record<string, string>) => ({
  NODE_ENV: 'production',
  DATA_DIR: dataDir(),
  PORT: '0',
  PUBLIC_URL,
  AUTH_SECRET: randomBytes(32).toString('base64url'),
  LOG_LEVEL: 'warn',
  ...settings,
});

/** Starts the bundle and waits for it to stop by itself: its exit code and everything it printed. */
function refusedStart(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [inject('serverBundle')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    // A server that starts instead of refusing is stopped, and the test sees it did not exit by itself. Loading
    // the bundle takes a second on an idle machine and far longer on a busy one.
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('a production start', () => {
  test('outside test finding 1: production never creates the demo accounts; the demo seed refuses SEED_DEMO=on', async () => {
    const seed = spawn(process.execPath, ['--import', 'tsx', 'scripts/seed-demo.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', ...production({ SEED_DEMO: 'on', TEST_PAYMENTS: 'on' }) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let seedOutput = '';
    seed.stderr.on('data', (chunk: Buffer) => (seedOutput += chunk.toString()));
    const seedCode = await new Promise((resolve) => seed.once('exit', resolve));
    expect(seedCode, seedOutput).toBe(1);
    expect(seedOutput).toContain('SEED_DEMO cannot be on in production');

    // On an empty database the server makes only the configured admin, whatever SEED_DEMO says.
    const admin = { email: 'owner@pitchroom.example', password: 'a long owner passphrase' };
    running = await startServerProcess(
      production({ SEED_DEMO: 'on', TEST_PAYMENTS: 'on', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password }),
      150_000,
    );
    expect(running.output()).not.toMatch(/@pitchroom\.local|demo-\w+-pitchroom/);
    const signIn = (account: { email: string; password: string }) =>
      new TestClient(running!.url, PUBLIC_URL).post('/api/auth/sign-in/email', account);
    for (const demo of Object.values(DEMO_ACCOUNTS)) expect((await signIn(demo)).status, demo.email).toBe(401);
    expect((await signIn(admin)).status).toBe(200);
    running.child.kill('SIGTERM');
    await running.exited;
    running = undefined;
  }, 300_000);

  test('the server bundle holds nothing of the demo: no accounts, catalogue, synthesiser or its worker', () => {
    const dir = path.dirname(inject('serverBundle'));
    const files = readdirSync(dir).filter((f) => f.endsWith('.js'));
    expect(files).not.toContain('demo-audio-worker.js');
    for (const file of files) {
      const code = readFileSync(path.join(dir, file), 'utf8');
      // The song import's CSV template shows an example row named like the first demo song, so the catalogue is
      // looked for by its other songs.
      expect(code, file).not.toMatch(/demo-admin-pitchroom|Porch Light Prayer|What the River Knows|renderArrangement|synthesizeMp3/);
    }
  });

  test('outside test finding 2: production without Stripe keys refuses to start unless TEST_PAYMENTS=on asks for the test checkout', async () => {
    const [refused, both] = await Promise.all([
      refusedStart(production({})),
      refusedStart(
        production({
          TEST_PAYMENTS: 'on',
          STRIPE_SECRET_KEY: 'sk_test_x',
          STRIPE_WEBHOOK_SECRET: 'whsec_x',
          STRIPE_PRICE_1: 'price_1',
          STRIPE_PRICE_2: 'price_2',
          STRIPE_PRICE_3: 'price_3',
          STRIPE_PRICE_4: 'price_4',
        }),
      ),
    ]);
    expect(refused.code, refused.output).toBe(1);
    expect(refused.output).toContain('STRIPE_SECRET_KEY');
    expect(refused.output).toContain('TEST_PAYMENTS');
    expect(both.code, both.output).toBe(1);
    expect(both.output).toContain('TEST_PAYMENTS');
  }, 200_000);
});
