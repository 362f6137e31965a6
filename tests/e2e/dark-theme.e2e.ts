import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { seriousA11yViolations, useBrowser } from './support/browser';
import { contrastRatio } from './support/contrast';

const browser = useBrowser();

const PUBLIC_PAGES = ['/', '/about', '/services', '/faqs', '/contact', '/signup', '/auth', '/preview-request', '/songwriter-signup'];

const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const WHITE = 'rgb(255, 255, 255)';
const BLACK = 'rgb(0, 0, 0)';
/** Dark: the page's background is far nearer black than white. */
const isDark = (color: string) => contrastRatio(color, WHITE) > contrastRatio(color, BLACK);

test('with the system set to dark, every public page is dark and axe finds nothing serious', async () => {
  const context = await browser.context({ colorScheme: 'dark' });
  const page = await context.newPage();
  for (const pathname of PUBLIC_PAGES) {
    await page.goto(pathname);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(isDark(await pageBackground(page)), pathname).toBe(true);
    expect(await seriousA11yViolations(page), pathname).toEqual([]);
  }
  await context.close();
}, 120_000);

// On a phone in the dark: the shared check also runs axe at 1,366 px and in the light theme.
test('the catalogue and a song page are dark on a phone, and clean for axe in both themes and widths', async () => {
  const context = await browser.context({ role: 'preview', colorScheme: 'dark', width: 375 });
  const page = await context.newPage();
  await page.goto('/songs');
  const firstSong = page.locator('main a[href^="/songs/"]').first();
  await firstSong.waitFor();
  expect(isDark(await pageBackground(page))).toBe(true);
  expect(await seriousA11yViolations(page), 'catalogue').toEqual([]);
  // The song page itself, not the list still on screen while the song loads.
  const title = (await firstSong.textContent())!.trim();
  await firstSong.click();
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  expect(isDark(await pageBackground(page))).toBe(true);
  expect(await seriousA11yViolations(page), 'song page').toEqual([]);
  await context.close();
}, 120_000);

test('the theme switch overrides the system, applies at once and is remembered from the first paint of the next page', async () => {
  const context = await browser.context({ colorScheme: 'light' });
  const page = await context.newPage();
  await page.goto('/faqs');
  const toggle = page.getByRole('button', { name: 'Dark theme' });
  await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
  expect(isDark(await pageBackground(page))).toBe(false);
  await toggle.click();
  await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
  expect(isDark(await pageBackground(page))).toBe(true);

  // The server paints the choice into the HTML, before any script.
  const html = await (await page.request.get('/about')).text();
  expect(html).toMatch(/<html data-theme="dark"/);
  const noScript = await browser.chromium.newContext({ baseURL: page.url(), javaScriptEnabled: false, colorScheme: 'light' });
  await noScript.addCookies(await context.cookies());
  const still = await noScript.newPage();
  await still.goto('/about');
  expect(isDark(await pageBackground(still))).toBe(true);
  await noScript.close();

  await page.goto('/contact');
  await expect.poll(() => page.getByRole('button', { name: 'Dark theme' }).getAttribute('aria-pressed')).toBe('true');
  await page.getByRole('button', { name: 'Dark theme' }).click();
  expect(isDark(await pageBackground(page))).toBe(false);
  await page.reload();
  await page.getByRole('heading', { level: 1 }).waitFor();
  expect(isDark(await pageBackground(page))).toBe(false);
  await context.close();
});
