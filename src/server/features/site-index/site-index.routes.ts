import { Hono } from 'hono';
import { CRAWL_DISALLOWED_PREFIXES, SITEMAP_PATHS } from '../../../common/routes';
import type { AppEnv } from '../../lib/hono-env';
import { endpoint } from '../../middleware/endpoint';

/** robots.txt: everything public may be crawled; private areas are asked to be left alone. */
export function robotsTxt(publicUrl: string): string {
  const disallowed = CRAWL_DISALLOWED_PREFIXES.map((prefix) => `Disallow: ${prefix}`);
  return ['User-agent: *', 'Allow: /', ...disallowed, '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}

/** sitemap.xml (sitemaps.org 0.9): the public pages, with absolute addresses as the protocol requires. */
export function sitemapXml(publicUrl: string): string {
  const xmlText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
  const urls = SITEMAP_PATHS.map((pathname) => `  <url><loc>${xmlText(publicUrl + pathname)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** The two files crawlers ask for, served beside the web app's pages. */
export function siteIndexRoutes(publicUrl: string) {
  const robots = robotsTxt(publicUrl);
  const sitemap = sitemapXml(publicUrl);
  const cached = { 'Cache-Control': 'public, max-age=3600' };
  return new Hono<AppEnv>()
    .get('/robots.txt', endpoint({ access: 'public', summary: 'What crawlers may read' }), (c) => c.text(robots, 200, cached))
    .get('/sitemap.xml', endpoint({ access: 'public', summary: 'The pages crawlers may list' }), (c) =>
      c.body(sitemap, 200, { ...cached, 'Content-Type': 'application/xml; charset=utf-8' }),
    );
}
