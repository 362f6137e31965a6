import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { DEMO_ACCOUNTS } from '../../../src/server/db/seed/seed';
import { TestClient } from '../../setup/http-client';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export { CHROMIUM_ARGS, launchBrowser } from './chromium';

export type DemoRole = 'admin' | 'preview' | 'songwriter';

/** A session of its own for a demo account (signed in through the API from its own address), for tests that sign out. */
export async function freshSession(role: DemoRole): Promise<{ name: string; value: string }[]> {
  const baseUrl = inject('baseUrl');
  const client = new TestClient(baseUrl, baseUrl);
  const res = await client.post('/api/auth/sign-in/email', DEMO_ACCOUNTS[role]);
  if (res.status !== 200) throw new Error(`sign-in of the demo ${role}: ${res.status} ${res.text}`);
  return [...client.cookies].map(([name, value]) => ({ name, value }));
}

/** A fresh browser context, signed in as a demo account when a role is given (the session comes from global setup). */
export async function newContext(
  browser: Browser,
  options: { role?: DemoRole; session?: { name: string; value: string }[]; width?: number; height?: number } = {},
): Promise<BrowserContext> {
  const baseURL = inject('baseUrl');
  const context = await browser.newContext({
    baseURL,
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
  });
  const cookies = options.session ?? (options.role ? inject('sessions')[options.role] : undefined);
  if (cookies) {
    await context.addCookies(cookies.map((c) => ({ ...c, url: baseURL, httpOnly: true, sameSite: 'Lax' as const })));
  }
  return context;
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
