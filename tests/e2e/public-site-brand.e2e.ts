import sharp from 'sharp';
import { expect, inject, test } from 'vitest';
import { REVIEW_TURNAROUND } from '../../src/common/constants';
import { PRERENDERED_PATHS, SHARE_IMAGE, SITEMAP_PATHS, shareImagePath } from '../../src/common/routes';
import { E2E_SITE_NAME } from './support/site-name';
import { seriousA11yViolations, useBrowser } from './support/browser';

const browser = useBrowser();

const metaContent = (html: string, attribute: 'property' | 'name', key: string) =>
  new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1];

test('every public page of the sitemap carries its title, description and share card in the HTML, with an absolute 1200×630 PNG', async () => {
  const baseUrl = inject('baseUrl');
  const images = new Set<string>();
  // Every page the sitemap lists, the sign-up pages included: a link preview runs no script.
  const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  expect(listed.sort()).toEqual([...SITEMAP_PATHS].sort());
  for (const pathname of listed as (typeof SITEMAP_PATHS)[number][]) {
    const html = await (await fetch(`${baseUrl}${pathname}`)).text();
    expect(html.match(/<title>/g), pathname).toHaveLength(1);
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1], pathname).toContain(E2E_SITE_NAME);
    expect(metaContent(html, 'name', 'description')?.length ?? 0, pathname).toBeGreaterThan(30);
    const image = metaContent(html, 'property', 'og:image');
    expect(image, pathname).toBe(`${baseUrl}${shareImagePath(pathname)}`);
    expect(metaContent(html, 'property', 'og:url'), pathname).toBe(`${baseUrl}${pathname}`);
    expect(metaContent(html, 'name', 'twitter:card'), pathname).toBe('summary_large_image');
    expect(metaContent(html, 'name', 'twitter:image'), pathname).toBe(image);
    expect(metaContent(html, 'property', 'og:title')?.length ?? 0, pathname).toBeGreaterThan(2);
    expect(metaContent(html, 'property', 'og:description')?.length ?? 0, pathname).toBeGreaterThan(30);
    const response = await fetch(image!);
    expect(response.headers.get('content-type'), pathname).toBe('image/png');
    const { width, height, format } = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect({ width, height, format }, pathname).toEqual({ ...SHARE_IMAGE, format: 'png' });
    images.add(image!);
  }
  expect(images.size).toBe(SITEMAP_PATHS.length);
});

test('/favicon.ico is an icon, for the clients that ask for it without reading the page', async () => {
  const response = await fetch(`${inject('baseUrl')}/favicon.ico`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
  const bytes = Buffer.from(await response.arrayBuffer());
  // An ICO header (reserved 0, type 1) holding at least the 32 px image.
  expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2)]).toEqual([0, 1]);
  expect(bytes.readUInt16LE(4)).toBeGreaterThanOrEqual(1);
});

test('the sign-up pages carry their share card once the page has rendered', async () => {
  const context = await browser.context();
  const page = await context.newPage();
  for (const pathname of SITEMAP_PATHS.filter((p) => !(PRERENDERED_PATHS as readonly string[]).includes(p))) {
    await page.goto(pathname);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The tags the server sent for link previews give way to the page's own: one of each, never two.
    await expect.poll(() => page.locator('meta[property="og:image"]').count(), { message: pathname }).toBe(1);
    expect(await page.locator('title').count(), pathname).toBe(1);
    const image = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(image, pathname).toBe(shareImagePath(pathname));
    expect((await page.request.get(image!)).status(), pathname).toBe(200);
  }
  await context.close();
});

test('headings use the self-hosted brand face, preloaded, and the home page does not shift as it arrives (375 px)', async () => {
  const context = await browser.context({ width: 375, height: 740 });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const fontsFetched: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fontsFetched.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await page.getByRole('heading', { level: 1 }).waitFor();
  const preload = page.locator('link[rel="preload"][as="font"]');
  const fontUrl = await preload.getAttribute('href');
  expect(fontUrl).toMatch(/^\/assets\/fraunces-700-basic-[\w-]+\.woff2$/);
  const font = await page.request.get(fontUrl!);
  expect(font.headers()['content-type']).toBe('font/woff2');
  // Subset: one weight, ASCII, Latin-1's accented letters and typographic punctuation.
  expect((await font.body()).length).toBeLessThan(15_000);
  const family = await page.getByRole('heading', { level: 1 }).evaluate((h) => getComputedStyle(h).fontFamily);
  expect(family.startsWith('Fraunces')).toBe(true);
  await expect.poll(() => page.evaluate(() => document.fonts.check('700 16px Fraunces', 'Song'))).toBe(true);
  // The drawing beside the headline is in the page as it arrives (nothing to fetch), in its own proportions.
  const art = page.locator('main svg[viewBox="0 0 640 440"]');
  const box = (await art.boundingBox())!;
  expect(Math.round((box.width / box.height) * 100)).toBe(Math.round((640 / 440) * 100));
  expect(await page.evaluate(() => performance.getEntriesByType('resource').filter((r) => r.name.includes('nashville-night')).length)).toBe(
    0,
  );
  await page.waitForLoadState('networkidle');
  // The rarer characters' file (currency, ©…) is left for pages whose headings hold them.
  expect(fontsFetched.filter((f) => f.includes('fraunces-700-latin'))).toEqual([]);
  const shift = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((a, b) => a + b, 0));
  expect(shift).toBeLessThan(0.01);
  await context.close();
});

test('the services page offers the packages as one choice, with what every package includes and the turnaround said once', async () => {
  const context = await browser.context();
  const page = await context.newPage();
  await page.goto('/services');
  const chooser = page.getByRole('group', { name: 'How many songs?' });
  await chooser.waitFor();
  await expect.poll(() => page.locator('form[inert]').count()).toBe(0); // the app has taken over
  await expect.poll(() => chooser.getByRole('radio', { name: /^1 song/ }).isChecked()).toBe(true);
  await page.getByText('1 song reviewed').waitFor();
  await chooser.getByText('3', { exact: true }).click();
  expect(await chooser.getByRole('radio', { name: /^3 songs/ }).isChecked()).toBe(true);
  await page.getByText('3 songs reviewed').waitFor();
  await page.getByText('$75.00', { exact: true }).last().waitFor();
  await page.getByText('3 × $25.00 per song').waitFor();
  // Keyboard: the arrow keys move the choice.
  await chooser.getByRole('radio', { name: /^3 songs/ }).press('ArrowRight');
  await page.getByText('4 songs reviewed').waitFor();
  expect(await page.getByText(REVIEW_TURNAROUND).count()).toBe(1);
  await page.getByRole('link', { name: 'Start a review' }).click();
  await page.waitForURL('**/signup');
  await page.goBack();
  await chooser.waitFor();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await context.close();
});
