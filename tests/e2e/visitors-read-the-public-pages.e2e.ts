import { expect, inject, test } from 'vitest';
import { TAGLINE } from '../../src/common/constants';
import * as MESSAGES from '../../src/common/messages';
import { seriousA11yViolations, useBrowser } from './support/browser';
import { E2E_SITE_NAME } from './support/site-name';
import { expectPageFitsScreen } from './support/expect';
import { contrastRatio, focusIndicatorOf } from './support/contrast';

const browser = useBrowser();

const PUBLIC_PAGES = ['/', '/about', '/services', '/faqs', '/contact', '/thanks', '/signup', '/auth', '/forgot-password'];

test.each(PUBLIC_PAGES)('%s has its own title and description, and no serious accessibility violation', async (path) => {
  const context = await browser.context();
  const page = await context.newPage();
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await page.getByRole('heading', { level: 1 }).waitFor();
  expect(await page.title()).toContain(E2E_SITE_NAME);
  const description = await page.locator('meta[name="description"]').last().getAttribute('content');
  expect(description?.length ?? 0).toBeGreaterThan(30);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await context.close();
});

test('every page names the site by its SITE_NAME setting, in the HTML sent before any script runs too', async () => {
  const baseUrl = inject('baseUrl');
  for (const path of ['/', '/about', '/faqs']) {
    const html = await (await fetch(`${baseUrl}${path}`)).text();
    expect(html, path).toMatch(new RegExp(`<title[^>]*>[^<]*${E2E_SITE_NAME}[^<]*</title>`));
    expect(html, path).not.toContain('Pitchroom');
  }
  const context = await browser.context();
  const page = await context.newPage();
  await page.goto('/faqs');
  await page.getByRole('banner').getByText(E2E_SITE_NAME).first().waitFor();
  await page.getByRole('button', { name: `What does ${E2E_SITE_NAME} do?` }).waitFor();
  expect(await page.getByRole('contentinfo').textContent()).toContain(`${E2E_SITE_NAME}. All rights reserved.`);
  await context.close();
});

test('the pages have distinct titles', async () => {
  const context = await browser.context();
  const page = await context.newPage();
  const titles = new Set<string>();
  for (const path of ['/', '/about', '/services', '/faqs', '/contact']) {
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    titles.add(await page.title());
  }
  expect(titles.size).toBe(5);
  await context.close();
});

test('public pages are prerendered: readable with scripts off, then one title per page as the visitor moves on', async () => {
  const baseURL = inject('baseUrl');
  const noScript = await browser.chromium.newContext({ baseURL, javaScriptEnabled: false });
  const still = await noScript.newPage();
  for (const [path, title] of [
    ['/about', `About | ${E2E_SITE_NAME}`],
    ['/faqs', `FAQs | ${E2E_SITE_NAME}`],
    ['/services', `Services | ${E2E_SITE_NAME}`],
  ]) {
    await still.goto(path!);
    expect(await still.title()).toBe(title);
    expect(await still.getByRole('heading', { level: 1 }).textContent()).toBeTruthy();
  }
  await noScript.close();

  const context = await browser.context();
  const page = await context.newPage();
  await page.goto('/about');
  // The header's account links appear once React has taken over (they need the session).
  await page.getByRole('link', { name: 'Login' }).first().waitFor();
  expect(await page.locator('head title').count()).toBe(1);
  await page.getByRole('link', { name: 'FAQs', exact: true }).first().click();
  await page.waitForURL('**/faqs');
  await expect.poll(() => page.title()).toBe(`FAQs | ${E2E_SITE_NAME}`);
  expect(await page.locator('head title').count()).toBe(1);
  await context.close();
});

test('a new page opens at its top, and Back returns to where the visitor was', async () => {
  const context = await browser.context({ width: 1280, height: 600 });
  const page = await context.newPage();
  await page.goto('/services');
  await page.getByRole('link', { name: 'Login' }).first().waitFor();
  await page.locator('footer').scrollIntoViewIfNeeded();
  const left = await page.evaluate(() => window.scrollY);
  expect(left).toBeGreaterThan(300);
  await page.locator('footer').getByRole('link', { name: 'FAQs', exact: true }).click();
  await page.waitForURL('**/faqs');
  // The address changes at once; the old page stays on screen until the new one is ready (a transition).
  await page.getByRole('heading', { level: 1, name: 'Frequently asked questions' }).waitFor();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await page.waitForURL('**/services');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(left - 5);
  await context.close();
});

test('a page whose code cannot load (a deploy replaced it) says so and offers a reload; Back leaves the error', async () => {
  const context = await browser.context();
  const page = await context.newPage();
  await page.route(/\/assets\/about-page-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/');
  await page.getByRole('link', { name: 'Login' }).first().waitFor();
  await page.locator('header').getByRole('link', { name: 'About' }).first().click();
  await page.getByRole('heading', { level: 1, name: MESSAGES.generic.pageFailed }).waitFor();
  await page.getByText(MESSAGES.generic.newVersion).waitFor();
  await page.getByRole('button', { name: 'Reload page' }).waitFor();
  await page.goBack();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('heading', { level: 1 }).filter({ hasNotText: MESSAGES.generic.pageFailed }).waitFor();
  await context.close();
});

test('the contact form sends the message and clears', async () => {
  const context = await browser.context();
  const page = await context.newPage();
  await page.goto('/contact');
  await page.getByRole('button', { name: /send/i }).click();
  await page.getByText(MESSAGES.validation.nameRequired).waitFor();

  await page.getByLabel('Name').fill('Lena Marsh');
  await page.getByLabel('Email').fill('lena@example.test');
  await page.getByLabel('Subject').fill('Co-writing in March');
  await page.getByLabel('Message').fill('Do you set up co-writes for out-of-town writers?');
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/contact') && r.request().method() === 'POST');
  await page.getByRole('button', { name: /send/i }).click();
  expect((await sent).status()).toBe(201);
  await page.getByText(MESSAGES.contact.sentTitle).waitFor();
  expect(await page.getByLabel('Name').inputValue()).toBe('');
  expect(await page.getByLabel('Message').inputValue()).toBe('');
  await context.close();
});

test('the FAQ accordion opens one item at a time', async () => {
  const context = await browser.context();
  const page = await context.newPage();
  await page.goto('/faqs');
  const questions = page.locator('main').getByRole('button', { expanded: false });
  await questions.first().waitFor();
  const triggers = page.locator('main [data-radix-collection-item], main h3 button');
  expect(await triggers.count()).toBe(11);
  await triggers.nth(0).click();
  expect(await triggers.nth(0).getAttribute('aria-expanded')).toBe('true');
  await triggers.nth(3).click();
  expect(await triggers.nth(3).getAttribute('aria-expanded')).toBe('true');
  expect(await triggers.nth(0).getAttribute('aria-expanded')).toBe('false');
  expect(await page.locator('main [data-state="open"][role="region"]').count()).toBe(1);
  // Keyboard: focus the next question and open it with Enter.
  await triggers.nth(4).focus();
  await page.keyboard.press('Enter');
  expect(await triggers.nth(4).getAttribute('aria-expanded')).toBe('true');
  expect(await triggers.nth(3).getAttribute('aria-expanded')).toBe('false');
  await context.close();
});

test('at 375 px the menu collapses behind a toggle that opens and closes it', async () => {
  const context = await browser.context({ width: 375, height: 740 });
  const page = await context.newPage();
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Toggle menu' });
  expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  expect(await page.locator('header').getByRole('link', { name: 'FAQs', exact: true }).isVisible()).toBe(false);
  await toggle.click();
  expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  await page.locator('#mobile-menu').getByRole('link', { name: 'FAQs', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/faqs');
  expect(await page.locator('#mobile-menu').count()).toBe(0);
  // The FAQ page is the one that must fit, not the home page it replaces once it is ready.
  await page.getByRole('heading', { level: 1, name: 'Frequently asked questions' }).waitFor();
  await expectPageFitsScreen(page);
  await context.close();
});

test('an unknown path shows the 404 page with status 404', async () => {
  const context = await browser.context();
  const page = await context.newPage();
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await page.getByText(MESSAGES.notFound.text).waitFor();
  await page.getByRole('link', { name: MESSAGES.notFound.home }).click();
  await page.waitForURL((url) => url.pathname === '/');
  // The 404 page stays on screen until the home page is ready: check the home page.
  await page.getByRole('heading', { level: 1, name: TAGLINE }).waitFor();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await context.close();
});

test('hashed assets are sent pre-compressed, with long immutable caching', async () => {
  const context = await browser.context();
  const page = await context.newPage();
  await page.goto('/');
  const src = await page.locator('script[type="module"]').first().getAttribute('src');
  expect(src).toMatch(/^\/assets\/.+\.js$/);
  const base = page.url();
  for (const [encoding, expected] of [
    ['br', 'br'],
    ['gzip', 'gzip'],
  ] as const) {
    const res = await fetch(new URL(src!, base), { headers: { 'accept-encoding': encoding } });
    expect(res.headers.get('content-encoding')).toBe(expected);
    expect(res.headers.get('cache-control')).toContain('immutable');
  }
  const missing = await fetch(new URL('/assets/no-such-file.js', base));
  expect(missing.status).toBe(404);
  await context.close();
});

test('a page whose code is slow to come keeps the last one on screen, with a bar across the top, until it is ready', async () => {
  const context = await browser.context();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await context.route('**/assets/about-page-*.js', async (route) => {
    await held;
    await route.continue();
  });
  const page = await context.newPage();
  await page.goto('/');
  const heading = page.getByRole('heading', { level: 1 });
  const homeHeading = await heading.textContent();
  // The header's account links appear once React holds the page.
  await page.getByRole('link', { name: 'Login' }).first().waitFor();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
  await page.getByRole('progressbar', { name: MESSAGES.generic.loadingPage }).waitFor();
  expect(await heading.textContent()).toBe(homeHeading);
  expect(await page.getByRole('status').count()).toBe(0);
  release();
  await expect.poll(() => page.title()).toBe(`About | ${E2E_SITE_NAME}`);
  expect(await heading.textContent()).not.toBe(homeHeading);
  expect(await page.getByRole('progressbar').count()).toBe(0);
  await context.close();
});

test.each(['light', 'dark'] as const)(
  'the keyboard focus ring keeps 3:1 contrast against the dark red and the yellow buttons, %s theme',
  async (colorScheme) => {
    const context = await browser.context({ colorScheme });
    const page = await context.newPage();
    await page.goto('/');
    const yellow = page.getByRole('link', { name: 'Get Started' });
    await page.goto('/contact');
    const darkRed = page.getByRole('button', { name: /send/i });
    for (const [path, control] of [
      ['/', yellow],
      ['/contact', darkRed],
    ] as const) {
      await page.goto(path);
      await control.waitFor();
      expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(colorScheme === 'dark');
      // Keyboard focus, as the ring is only drawn for it.
      await control.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      expect(await control.evaluate((element) => element.matches(':focus-visible')), path).toBe(true);
      const ring = await focusIndicatorOf(control);
      expect(ring.outlineWidth, path).toBeGreaterThanOrEqual(2);
      const best = Math.max(...[ring.outline, ...ring.bands].map((color) => contrastRatio(color, ring.fill)));
      expect(best, `${path}: ${JSON.stringify(ring)}`).toBeGreaterThanOrEqual(3);
    }
    await context.close();
  },
);

test('after a validation error the focused field is not hidden under the sticky header, on a phone', async () => {
  const context = await browser.context({ width: 375, height: 560 });
  const page = await context.newPage();
  await page.goto('/contact');
  const send = page.getByRole('button', { name: /send/i });
  const name = page.getByLabel('Name');
  // The field just under the header, where the browser counts it as on screen and would not scroll to it.
  await name.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 16));
  await send.click();
  await page.getByText(MESSAGES.validation.nameRequired).waitFor();
  expect(await name.evaluate((element) => element === document.activeElement)).toBe(true);
  const header = await page.locator('header').first().boundingBox();
  const field = await name.boundingBox();
  expect(field!.y, `the field at ${field!.y}px, the header's bottom at ${header!.y + header!.height}px`).toBeGreaterThanOrEqual(
    header!.y + header!.height,
  );
  await context.close();
});
