import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { PRERENDERED_PATHS, PRERENDERED_SHELLS } from '../../src/common/routes';
import { useBrowser, type DemoRole } from './support/browser';

const browser = useBrowser();

/**
 * Stands in for React DevTools before any script of the page runs: React registers its renderer with this hook
 * (so the renderer's version can be read) and tells it of each commit. Also counts the app's reports of errors
 * React recovered from (a hydration mismatch makes one), as the page sends them.
 */
const DEVTOOLS_HOOK = `
  window.__renderers = [];
  window.__commits = 0;
  window.__clientErrorReports = [];
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject(renderer) {
      window.__renderers.push({ name: renderer.rendererPackageName, version: renderer.version });
      this.renderers.set(window.__renderers.length, renderer);
      return window.__renderers.length;
    },
    onCommitFiberRoot() { window.__commits++; },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  };
  const fetchOfThePage = window.fetch;
  window.fetch = function (input, init) {
    if (String(input).includes('/api/client-errors')) window.__clientErrorReports.push(JSON.parse(init.body));
    return fetchOfThePage.apply(this, arguments);
  };
`;

interface Seen {
  renderers: { name: string; version: string }[];
  reports: { message: string; page: string }[];
  consoleErrors: string[];
  /** The server's answers to those reports. */
  reportStatuses: number[];
}

/** Opens the page as the role and waits for React's first commit: the hydration of a prerendered page. */
async function openAndWaitForFirstCommit(
  role: DemoRole | undefined,
  pathname: string,
  alter?: (html: string) => string,
): Promise<{ page: Page; seen: () => Promise<Seen> }> {
  const context = await browser.context({ role });
  await context.addInitScript(DEVTOOLS_HOOK);
  if (alter) {
    await context.route(`**${pathname}`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: alter(await response.text()) });
    });
  }
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  const reportStatuses: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/client-errors')) reportStatuses.push(response.status());
  });
  await page.goto(pathname);
  await page.waitForFunction(() => (window as unknown as { __commits: number }).__commits > 0);
  return {
    page,
    seen: async () => ({
      ...(await page.evaluate(() => {
        const w = window as unknown as { __renderers: Seen['renderers']; __clientErrorReports: Seen['reports'] };
        return { renderers: w.__renderers, reports: w.__clientErrorReports };
      })),
      consoleErrors,
      reportStatuses,
    }),
  };
}

const pages: [string, DemoRole | undefined][] = [
  ...PRERENDERED_PATHS.map((path): [string, undefined] => [path, undefined]),
  ...PRERENDERED_SHELLS.map((path): [string, DemoRole] => [path, 'preview']),
];

test.each(pages)('%s is prerendered, and React 19 adopts it without a hydration error', async (pathname, role) => {
  const { page, seen } = await openAndWaitForFirstCommit(role, pathname);
  // Prerendered: the heading is in the HTML the server sent, before any script ran.
  const html = await (await page.request.get(pathname)).text();
  expect(html).toMatch(/<div id="root"><!--\$-->/);
  await page.getByRole('heading', { level: 1 }).waitFor();
  const { renderers, reports, consoleErrors } = await seen();
  expect(renderers.map((r) => r.name)).toEqual(['react-dom']);
  expect(renderers[0]!.version).toMatch(/^19\./);
  expect(reports).toEqual([]);
  expect(consoleErrors).toEqual([]);
  // The prerender's inert forms and buttons are alive once React holds the page.
  expect(await page.locator('#root [inert]').count()).toBe(0);
});

test('an admin page runs on React 19 too', async () => {
  const { page, seen } = await openAndWaitForFirstCommit('admin', '/admin/songs');
  await page.getByRole('heading', { level: 1 }).waitFor();
  const { renderers, consoleErrors } = await seen();
  expect(renderers.map((r) => `${r.name} ${r.version.split('.')[0]}`)).toEqual(['react-dom 19']);
  expect(consoleErrors).toEqual([]);
});

test('a page whose HTML does not match its first render is reported to the server', async () => {
  // The HTML as a stale deploy or a broken prerender would send it: a heading's text that the app does not draw.
  // (React's production build names the hydration mismatch by its error number, 418.)
  const { page, seen } = await openAndWaitForFirstCommit(undefined, '/about', (html) =>
    html.replace(/(<h1[^>]*>)[^<]+/, '$1A heading of another build'),
  );
  await expect.poll(async () => (await seen()).reportStatuses).toEqual([204]);
  const { reports } = await seen();
  expect(reports).toEqual([
    expect.objectContaining({ kind: 'recoverable', page: '/about', message: expect.stringMatching(/Minified React error #418\b/) }),
  ]);
  // React drew the page again from the app: the visitor sees the real heading.
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).not.toBe('A heading of another build');
});
