/**
 * Draws the share image (Open Graph / Twitter card, 1200×630 PNG) of every page in the sitemap into
 * src/web/public/share/, in the brand's face and with the site's own artwork, by screenshotting a small HTML
 * card in Chromium. The images are committed; run this again (`npm run share-images`) when a page's headline
 * changes. The site's name is left out on purpose: it is a setting (SITE_NAME), the images are not.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { SHARE_IMAGE, SITEMAP_PATHS, shareImagePath } from '../src/common/routes.ts';
import { TAGLINE } from '../src/common/constants.ts';
import { launchBrowser } from '../tests/e2e/support/chromium.ts';

const HEADLINES: Record<(typeof SITEMAP_PATHS)[number], { eyebrow: string; headline: string }> = {
  '/': { eyebrow: 'Nashville song pitching & song reviews', headline: TAGLINE },
  '/about': { eyebrow: 'About us', headline: 'Nashville ears for your songs' },
  '/services': { eyebrow: 'Services', headline: 'Song reviews, rewrites, demos and pitching' },
  '/faqs': { eyebrow: 'FAQs', headline: 'What a review costs, how long it takes, how pitching works' },
  '/contact': { eyebrow: 'Contact', headline: 'Talk to us about your songs' },
  '/preview-request': { eyebrow: 'For the industry', headline: 'Pitch-ready songs, curated in Nashville' },
  '/songwriter-signup': { eyebrow: 'For songwriters', headline: 'An honest review from a working Nashville pro' },
};

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const dataUrl = async (file: string, type: string) => `data:${type};base64,${(await readFile(file)).toString('base64')}`;

const font = await dataUrl(require.resolve('@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2'), 'font/woff2');
const art = await dataUrl(path.join(root, 'src/web/features/public/nashville-night.svg'), 'image/svg+xml');

const card = ({ eyebrow, headline }: { eyebrow: string; headline: string }) => `<!doctype html>
<html><head><style>
  @font-face { font-family: Fraunces; src: url(${font}) format('woff2-variations'); font-weight: 100 900; }
  html, body { margin: 0; width: ${SHARE_IMAGE.width}px; height: ${SHARE_IMAGE.height}px; overflow: hidden; }
  body { display: grid; grid-template-columns: 1fr 520px; align-items: center; gap: 24px; padding: 0 56px 0 72px;
         box-sizing: border-box; color: #fff; font-family: Fraunces, serif;
         background: linear-gradient(135deg, #0c0a09 0%, #1c1917 55%, #3d0f16 100%); }
  .eyebrow { font: 600 22px/1.2 system-ui, sans-serif; letter-spacing: .18em; text-transform: uppercase; color: #fbbf24; }
  h1 { margin: 20px 0 0; font-size: 62px; line-height: 1.08; font-weight: 700; letter-spacing: -.01em; }
  img { width: 520px; height: auto; border-radius: 24px; }
</style></head>
<body><div><div class="eyebrow">${eyebrow}</div><h1>${headline}</h1></div><img src="${art}" alt=""></body></html>`;

const outDir = path.join(root, 'src/web/public');
await mkdir(path.join(outDir, 'share'), { recursive: true });
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: SHARE_IMAGE });
  for (const pathname of SITEMAP_PATHS) {
    await page.setContent(card(HEADLINES[pathname]));
    await page.evaluate(() => document.fonts.ready);
    const file = path.join(outDir, shareImagePath(pathname));
    // A palette PNG: a link preview downloads a third of the bytes, and the gradients still read smooth.
    await sharp(await page.screenshot({ type: 'png' }))
      .png({ palette: true, quality: 90, compressionLevel: 9 })
      .toFile(file);
    console.log(`${pathname} → ${path.relative(root, file)}`);
  }
} finally {
  await browser.close();
}
