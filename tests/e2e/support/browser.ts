import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject, type TestContext } from 'vitest';
import { DEMO_ACCOUNTS } from '../../../src/server/db/seed/seed';
import { TestClient } from '../../setup/http-client';
import { launchBrowser } from './chromium';
import { FAILURE_ARTIFACTS } from './failure-artifacts';

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

/** What a context is made with: by default the shared server, 1366 × 800 (a common laptop's width), signed out. */
export interface ContextOptions {
  /** Signed in as this demo account (the session comes from global setup). */
  role?: DemoRole;
  /** Signed in with these session cookies instead. */
  session?: { name: string; value: string }[];
  width?: number;
  height?: number;
  /** The system's colour scheme the page sees (Chromium's default is light). */
  colorScheme?: 'light' | 'dark';
  /** Another server than the shared one (a journey that starts its own). */
  baseURL?: string;
}

let contextsMade = 0;

/**
 * A client address of the context's own, which the shared server believes from its trusted loopback proxy
 * (TRUSTED_PROXIES, global-setup.ts): each context meets the per-address limits (sign-in, contact) as one visitor
 * would, never another journey's count. Unique across the worker processes by the process id.
 */
function clientAddressOfNewContext(): string {
  const n = contextsMade++;
  return `10.${process.pid % 256}.${(n >> 8) % 256}.${n % 256}`;
}

/** A folder name for a test: its file and its name, readable and safe on any file system. */
function folderFor(task: TestContext['task']): string {
  const file = path.basename(task.file.name).replace(/\.e2e\.ts$/, '');
  const name = task.name
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
  return path.join(FAILURE_ARTIFACTS, `${file}--${name}`);
}

/**
 * Whether contexts are traced (DOM snapshots of each step, one chunk per test). On by default, so a journey that
 * fails locally can be replayed; `E2E_TRACE=0` turns it off (CI does: tracing slows every step, and hides races
 * that a quicker machine meets).
 */
const TRACING = process.env.E2E_TRACE !== '0';

/**
 * A test that fails keeps a screenshot of each open page and, when tracing, its chunk of each open context as a
 * trace, and prints where they are (`npx playwright-core show-trace <zip>` replays one); a test that passes
 * throws its chunk away.
 */
async function keepWhatFailed(task: TestContext['task'], contexts: Set<BrowserContext>): Promise<void> {
  const failed = task.result?.state === 'fail';
  const folder = folderFor(task);
  if (failed) mkdirSync(folder, { recursive: true });
  const kept: string[] = [];
  let n = 0;
  for (const context of contexts) {
    const i = ++n;
    try {
      if (failed) {
        for (const [j, page] of context.pages().entries()) {
          const shot = path.join(folder, `context-${i}-page-${j + 1}.png`);
          // A page that cannot be drawn (crashed, stuck) must not cost the others their screenshots, or the trace.
          await page.screenshot({ path: shot, fullPage: true, timeout: 5_000 }).then(
            () => kept.push(shot),
            (error: unknown) => console.error(`[${task.name}] ${shot}: no screenshot (${(error as Error).message.split('\n')[0]})`),
          );
        }
        if (TRACING) {
          const trace = path.join(folder, `context-${i}-trace.zip`);
          await context.tracing.stopChunk({ path: trace });
          kept.push(trace);
        }
      } else if (TRACING) {
        await context.tracing.stopChunk();
      }
      if (TRACING) await context.tracing.startChunk();
    } catch (error) {
      // A context closed or stuck mid-test: what the others kept is still worth having.
      if (failed) console.error(`[${task.name}] context ${i}: nothing kept (${(error as Error).message.split('\n')[0]})`);
    }
  }
  const what = TRACING ? 'traces and screenshots' : 'screenshots';
  if (failed) console.error(`[${task.name}] failed; its ${what}:\n  ${kept.join('\n  ') || '(no open context)'}`);
}

/**
 * The browser of a journey file, so no file repeats its lifecycle: launched before the file's tests, and closed
 * after them with every context it made (registers the beforeAll, afterEach and afterAll). A test that fails
 * leaves its screenshots (and traces, when tracing) in FAILURE_ARTIFACTS.
 */
export function useBrowser() {
  let chromium: Browser | undefined;
  const contexts: BrowserContext[] = [];
  /** The contexts still open, whose pages (and trace chunks) follow the tests. */
  const openContexts = new Set<BrowserContext>();
  beforeAll(async () => {
    chromium = await launchBrowser();
  });
  afterEach(({ task }) => keepWhatFailed(task, openContexts));
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await chromium?.close();
  });

  async function context(options: ContextOptions = {}): Promise<BrowserContext> {
    const baseURL = options.baseURL ?? inject('baseUrl');
    const created = await chromium!.newContext({
      baseURL,
      viewport: { width: options.width ?? A11Y_WIDTHS[0], height: options.height ?? 800 },
      colorScheme: options.colorScheme ?? 'light',
      // Only towards the shared server: Chromium would send the header cross-origin too, and a journey with a
      // server of its own talks to S3, where it would turn simple requests into preflighted ones.
      ...(options.baseURL ? {} : { extraHTTPHeaders: { 'x-forwarded-for': clientAddressOfNewContext() } }),
    });
    contexts.push(created);
    // DOM snapshots replay each step in the trace viewer; screencast frames too would cost every journey CPU for a view the failure's screenshot gives.
    if (TRACING) await created.tracing.start({ snapshots: true });
    openContexts.add(created);
    created.on('close', () => openContexts.delete(created));
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
  /** The theme and width it was found in, as `dark 375px`. */
  seenIn: string;
}

type Theme = 'light' | 'dark';

/**
 * The widths every page state is checked at besides its own: a common laptop's and a phone's. Each in both
 * themes: a colour can pass in one and fail in the other, and an element may exist or scroll at one width only.
 */
export const A11Y_WIDTHS = [1366, 375] as const;

/** The colour rules, the only ones whose outcome a theme changes (the themes differ in colour tokens only, decision 0055). */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * The page states already checked in every theme and width, in this worker, by a digest of their address and
 * markup. A state a later step checks again unchanged (or changed only in its numbers and the player's position,
 * as a clock or a playing song changes them) is checked again in its own theme and width only.
 */
const checkedStates = new Set<string>();

/** The page's address and markup, its figures as 0 and without the attributes a playing song moves. */
async function stateDigest(page: Page): Promise<string> {
  const state = await page.evaluate(() => {
    const moving = new Set(['style', 'value', 'aria-valuenow', 'aria-valuetext']);
    const parts: string[] = [location.href];
    const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let node: Node | null = walker.currentNode; node; node = walker.nextNode()) {
      if (node instanceof Element) {
        const attributes = [...node.attributes].filter((a) => !moving.has(a.name)).map((a) => `${a.name}=${a.value}`);
        parts.push(`<${node.tagName} ${attributes.join(' ')}>`);
      } else parts.push((node.textContent ?? '').replace(/\d/g, '0'));
    }
    return parts.join('\n');
  });
  return createHash('sha256').update(state).digest('base64');
}

/** The page at rest: no animation or transition under way (endless ones left running) and no list loading its next page. */
async function atRest(page: Page): Promise<void> {
  // Two frames first, so a change just made (a width) has been laid out and observed (ResizeObserver) and answered.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"]:not(button)') &&
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    null,
    { timeout: 5_000 },
  );
}

/** axe-core's serious and critical findings in the page as it is now (all rules, or only those named). */
async function axeRun(page: Page, seenIn: string, rules?: string[]): Promise<A11yViolation[]> {
  const violations = await page.evaluate(async (only) => {
    // @ts-expect-error axe is injected by seriousA11yViolations
    const result = await window.axe.run(document, {
      resultTypes: ['violations'],
      ...(only ? { runOnly: { type: 'rule', values: only } } : {}),
    });
    return result.violations.map((v: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => n.target.join(' ')),
    }));
  }, rules ?? null);
  return (violations as Omit<A11yViolation, 'seenIn'>[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ ...v, seenIn }));
}

/**
 * Shows the page in this theme, as the theme switch does (the `data-theme` the app's CSS and switch follow), or
 * with the attribute it had. Colours change at once, not through their transitions, while the page is held still.
 */
async function showTheme(page: Page, theme: Theme | { attribute: string | null }): Promise<void> {
  await page.evaluate((to) => {
    const root = document.documentElement;
    const value = typeof to === 'string' ? to : to.attribute;
    if (value === root.getAttribute('data-theme')) return;
    if (value === null) root.removeAttribute('data-theme');
    else root.dataset.theme = value;
  }, theme);
}

/**
 * Holds the page still while it is checked in other themes and widths (no transitions: a colour is at once the
 * new theme's, with no frame to wait for), or lets it move again once it is back as it was. A constructed
 * stylesheet, so the page's markup is untouched.
 */
async function holdStill(page: Page, still: boolean): Promise<void> {
  await page.evaluate((on) => {
    const key = '__a11yStill';
    const held = (window as unknown as Record<string, CSSStyleSheet | undefined>)[key];
    if (on && !held) {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync('*, *::before, *::after { transition: none !important; }');
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      (window as unknown as Record<string, CSSStyleSheet>)[key] = sheet;
    } else if (!on && held) {
      // Styles settled before the transitions come back, so coming back starts none.
      void document.body.offsetHeight;
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== held);
      delete (window as unknown as Record<string, CSSStyleSheet | undefined>)[key];
    }
  }, still);
}

/**
 * Runs axe-core in the page (through the DevTools protocol, so the page's CSP does not block it): in the theme and
 * width the page has, then in the other theme, and in both themes at each of A11Y_WIDTHS it is not at. The page
 * is then put back as it was (width, theme, scroll position, focus), so the journey goes on from where it was.
 * In another theme only the colour rules run again; at another width all of them.
 */
export async function seriousA11yViolations(page: Page): Promise<A11yViolation[]> {
  // The page at rest: text caught mid-fade (a toast moving behind a newer one) reads as low contrast.
  // Endless animations (spinners, skeletons) are left running. Nor is a list dimmed while its next page
  // loads (aria-busy) checked mid-load.
  await atRest(page);
  const digest = await stateDigest(page);
  const seen = checkedStates.has(digest);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);

  const viewport = page.viewportSize()!;
  const before = await page.evaluate(() => ({
    attribute: document.documentElement.getAttribute('data-theme'),
    // As the app's theme switch reads it: the visitor's choice, else the system's.
    theme: (document.documentElement.dataset.theme ?? (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light')) as Theme,
    scroll: [window.scrollX, window.scrollY] as const,
  }));
  const where = (theme: Theme, width: number) => `${theme} ${width}px`;
  const otherThan = (theme: Theme): Theme => (theme === 'dark' ? 'light' : 'dark');

  // At its own width and theme, all rules; then, for a state not seen before, the other theme's colours.
  const violations = await axeRun(page, where(before.theme, viewport.width));
  if (seen) return violations;
  const focused = await page.evaluateHandle(() => document.activeElement);
  let theme = otherThan(before.theme);
  try {
    await holdStill(page, true);
    await showTheme(page, theme);
    violations.push(...(await axeRun(page, where(theme, viewport.width), COLOUR_RULES)));
    // At each other width, all rules in the theme it is in, then the other theme's colours.
    for (const width of A11Y_WIDTHS.filter((w) => w !== viewport.width)) {
      await page.setViewportSize({ width, height: viewport.height });
      await atRest(page);
      violations.push(...(await axeRun(page, where(theme, width))));
      theme = otherThan(theme);
      await showTheme(page, theme);
      violations.push(...(await axeRun(page, where(theme, width), COLOUR_RULES)));
    }
  } finally {
    await showTheme(page, { attribute: before.attribute });
    await page.setViewportSize(viewport);
    await atRest(page);
    await holdStill(page, false);
    // A control hidden at another width loses the focus there: it is given back, and the page scrolled back.
    await focused.evaluate((element, [x, y]) => {
      if (element instanceof HTMLElement && element.isConnected && document.activeElement !== element)
        element.focus({ preventScroll: true });
      window.scrollTo(x, y);
    }, before.scroll);
    await focused.dispose();
  }
  if (violations.length === 0) checkedStates.add(digest);
  return violations;
}
