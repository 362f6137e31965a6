import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../../src/server/config';
import { DEMO_ACCOUNTS, seedDemoDatabase } from '../../../src/server/db/seed/seed';
import { builtSiteName } from '../../../src/server/built-site-name';
import { startServer } from '../../../src/server/server';
import { createTestDatabaseUrl } from '../../setup/database';
import { freePort } from '../../setup/free-port';
import { TestClient } from '../../setup/http-client';
import { FAILURE_ARTIFACTS } from './failure-artifacts';
import { E2E_SITE_NAME } from './site-name';
import { webBuildFor } from './web-build';

/** The server's secret: journeys sign a link as the server would (the weekly e-mail's unsubscribe link). */
export const E2E_AUTH_SECRET = 'e2e-secret-that-is-long-enough-for-better-auth';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The build this run serves ('' for the checkout's dist/web), for journeys that start a server of their own. */
    webRoot: string;
    /** Session cookies of the demo accounts, signed in once through the real API. */
    sessions: Record<keyof typeof DEMO_ACCOUNTS, { name: string; value: string }[]>;
  }
}

export default async function setup(project: TestProject) {
  // What is there after a run is this run's failures only.
  rmSync(FAILURE_ARTIFACTS, { recursive: true, force: true });
  const webRoot = process.env.E2E_SKIP_BUILD ? undefined : webBuildFor(E2E_SITE_NAME);
  // The build records the name compiled into it, which the server compares with its own at start.
  if (webRoot && builtSiteName(webRoot) !== E2E_SITE_NAME)
    throw new Error(`the web build names "${builtSiteName(webRoot)}", not "${E2E_SITE_NAME}"`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pitchroom-e2e-'));
  const database = process.env.DATABASE_URL ? await createTestDatabaseUrl(process.env.DATABASE_URL) : undefined;
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    SITE_NAME: E2E_SITE_NAME,
    AUTH_SECRET: E2E_AUTH_SECRET,
    // The browser's origin must be the one the server trusts and writes into e-mail links.
    PUBLIC_URL: baseUrl,
    // Each browser context names a client address of its own (support/browser.ts), as a balancer would.
    TRUSTED_PROXIES: '127.0.0.1, ::1',
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  // The journeys play the demo songs: seeded with their short clips before the start, as `npm start` does.
  await seedDemoDatabase(config, 'short');
  const running = await startServer(config, { mailPollMs: 200, webRoot });

  const sessions = {} as Record<keyof typeof DEMO_ACCOUNTS, { name: string; value: string }[]>;
  for (const role of Object.keys(DEMO_ACCOUNTS) as (keyof typeof DEMO_ACCOUNTS)[]) {
    const client = new TestClient(baseUrl, baseUrl);
    const res = await client.post('/api/auth/sign-in/email', DEMO_ACCOUNTS[role]);
    if (res.status !== 200) throw new Error(`demo ${role} could not sign in: ${res.status} ${res.text}`);
    sessions[role] = [...client.cookies].map(([name, value]) => ({ name, value }));
  }
  project.provide('baseUrl', baseUrl);
  project.provide('webRoot', webRoot ?? '');
  project.provide('sessions', sessions);

  return async () => {
    await running.stop();
    await database?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
