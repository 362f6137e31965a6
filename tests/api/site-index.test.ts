import { afterAll, beforeAll, expect, test } from 'vitest';
import { CRAWL_DISALLOWED_PREFIXES, PAGE_PATHS, SITEMAP_PATHS } from '../../src/common/routes';
import { createTestApp, type TestApp } from '../setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://songs.example.com' });
});
afterAll(() => t.close());

test('robots.txt lets crawlers read the public site, keeps them out of private areas and names the sitemap', async () => {
  const res = await t.client().get('/robots.txt');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain/);
  const lines = res.text.split('\n');
  expect(lines).toContain('User-agent: *');
  for (const prefix of ['/admin', '/songs', '/p/', '/api/', '/unsubscribe']) expect(lines).toContain(`Disallow: ${prefix}`);
  expect(lines).toContain('Sitemap: https://songs.example.com/sitemap.xml');
  // No public page is disallowed by mistake.
  for (const pathname of SITEMAP_PATHS) {
    expect(
      CRAWL_DISALLOWED_PREFIXES.some((prefix) => pathname.startsWith(prefix)),
      pathname,
    ).toBe(false);
  }
});

test('sitemap.xml lists each public page at its absolute address, and no private one', async () => {
  const res = await t.client().get('/sitemap.xml');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/xml/);
  const locs = [...res.text.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]);
  expect(locs).toEqual(
    expect.arrayContaining(['https://songs.example.com/', 'https://songs.example.com/faqs', 'https://songs.example.com/preview-request']),
  );
  expect(locs).toHaveLength(SITEMAP_PATHS.length);
  const paths = locs.map((loc) => new URL(loc!).pathname);
  expect(paths.some((pathname) => pathname.startsWith(PAGE_PATHS.admin) || pathname.startsWith(PAGE_PATHS.songs))).toBe(false);
  expect(res.text).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
});
