import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { DEMO_ACCOUNTS } from '../../../src/server/db/seed/seed';
import { TestClient } from '../../setup/http-client';
import { launchBrowser } from './chromium';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export type DemoRole = 'admin' | 'preview' | 'songwriter';

/** A session of its own for a demo account (signed in through the API from its own address), for tests that sign out. */
export async function freshSession(role: DemoRole): Promise<{ name: string; value: string }[]> {
  const baseUrl = inject('baseUrl');
  const client = new TestClient(baseUrl, baseUrl);
  const res = await client.post('/api/auth/sign-in/email', DEMO_ACCOUNTS[role]);
  if (res.status !== 200) throw new Error(`sign-in of the demo ${role}: ${res.status} ${res.text}`);
  return [...client.cookies].map(([name, value]) => ({ name, value }));
}

/** What a context is made with: by default the shared server, 1280 × 800, signed out. */
export interface ContextOptions {
  /** Signed in as this demo account (the session comes from global setup). */
  role?: DemoRole;
  /** Signed in with these session cookies instead. */
  session?: { name: string; value: string }[];
  width?: number;
  height?: number;
  /** Another server than the shared one (a journey that starts its own). */
  baseURL?: string;
}

/**
 * The browser of a journey file, so no file repeats its lifecycle: launched before the file's tests, and closed
 * after them with every context it made (registers the beforeAll and afterAll).
 */
export function useBrowser() {
  let chromium: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    chromium = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await chromium?.close();
  });

  async function context(options: ContextOptions = {}): Promise<BrowserContext> {
    const baseURL = options.baseURL ?? inject('baseUrl');
    const created = await chromium!.newContext({ baseURL, viewport: { width: options.width ?? 1280, height: options.height ?? 800 } });
    contexts.push(created);
    const cookies = options.session ?? (options.role ? inject('sessions')[options.role] : undefined);
    if (cookies) {
      await created.addCookies(cookies.map((c) => ({ ...c, url: baseURL, httpOnly: true, sameSite: 'Lax' as const })));
    }
    return created;
  }
  return {
    /** Chromium itself, for a context of other options (scripts off), which the test closes. */
    get chromium(): Browser {
      return chromium!;
    },
    /** A fresh context, closed with the browser. */
    context,
    /** A page of a context of its own (signed in as the role, if one is given), at this path. */
    async open(role: DemoRole | undefined, pathname: string, width?: number): Promise<Page> {
      const page = await (await context({ role, width })).newPage();
      await page.goto(pathname);
      return page;
    },
    /** The admin API through the admin's browser session (its writes must carry our Origin, as a browser's do). */
    async adminApi(): Promise<APIRequestContext> {
      return (await context({ role: 'admin' })).request;
    },
  };
}

export interface A11yViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** Runs axe-core in the page (through the DevTools protocol, so the page's CSP does not block it). */
export async function seriousA11yViolations(page: Page): Promise<A11yViolation[]> {
  // The page at rest: text caught mid-fade (a toast moving behind a newer one) reads as low contrast.
  // Endless animations (spinners, skeletons) are left running. Nor is a list dimmed while its next page
  // loads (aria-busy) checked mid-load.
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"]:not(button)') &&
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    null,
    { timeout: 5_000 },
  );
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    // @ts-expect-error axe is injected above
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  return (violations as A11yViolation[]).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
