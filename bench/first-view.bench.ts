import type { Browser } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/support/chromium';
import { BEFORE_THE_PLAYER, buildAtCommit, buildHere, demoSongsPlayable, previewCookie, startBuiltApp, type BuiltApp } from './built-app';
import { median, type Row } from './support';

const RUNS = Number(process.env.FIRST_VIEW_RUNS ?? 7);
/** The commit compared with; FIRST_VIEW_BASELINE names another ("HEAD" for the last commit), "none" skips it. */
const BASELINE = process.env.FIRST_VIEW_BASELINE ?? BEFORE_THE_PLAYER;
/** A phone on slow 4G, as Lighthouse's mobile run simulates it: 150 ms a round trip, 1.6 Mbps down, a CPU 4× slower. */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;
const PHONE = { width: 412, height: 823 };

interface View {
  firstPaintMs: number;
  /** When the first song card of the list was drawn: the catalogue a listener came for. */
  firstCardMs: number;
}

/** Marks the frame after the first song card entered the page, before any of the page's own code runs. */
const WATCH_FOR_FIRST_CARD = `
  new MutationObserver((_, observer) => {
    if (!document.querySelector('main li a[href^="/songs/"]')) return;
    observer.disconnect();
    requestAnimationFrame(() => { window.firstCardMs = performance.now(); });
  }).observe(document, { childList: true, subtree: true });
`;

async function loadOnce(browser: Browser, app: BuiltApp, cookie: string): Promise<View> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  try {
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: app.baseUrl };
      }),
    );
    await context.addInitScript(WATCH_FOR_FIRST_CARD);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(`${app.baseUrl}/songs`);
    await page.waitForFunction(() => (window as { firstCardMs?: number }).firstCardMs !== undefined, undefined, { timeout: 60_000 });
    return await page.evaluate(() => ({
      firstPaintMs: Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN),
      firstCardMs: Math.round((window as { firstCardMs?: number }).firstCardMs!),
    }));
  } finally {
    await context.close();
  }
}

/**
 * P2: the catalogue's first view as a phone on slow 4G gets it, in a real Chromium (throttled through the
 * DevTools protocol, a cold cache each load) rather than in Lighthouse's model: when the shell first paints and
 * when the first song card shows, for this build and the baseline commit's, RUNS loads each, taken in turns.
 */
export async function firstViewBench(): Promise<Row[]> {
  const baseline = BASELINE === 'none' ? undefined : buildAtCommit(BASELINE);
  const sides: { name: string; app: BuiltApp; cookie: string; views: View[] }[] = [];
  let browser: Browser | undefined;
  try {
    for (const [name, root] of [['this build', buildHere()], ...(baseline ? [[`baseline ${BASELINE}`, baseline.root]] : [])] as const) {
      const app = await startBuiltApp(root, { DEMO_AUDIO: 'short' });
      const cookie = await previewCookie(app.baseUrl);
      sides.push({ name, app, cookie, views: [] });
      await demoSongsPlayable(app.baseUrl, cookie);
    }
    browser = await launchBrowser();
    for (let i = 0; i < RUNS; i++) {
      for (const side of sides) {
        const view = await loadOnce(browser, side.app, side.cookie);
        console.error(
          `first view ${side.name} /songs run ${i + 1}: first paint ${view.firstPaintMs} ms, first card ${view.firstCardMs} ms`,
        );
        side.views.push(view);
      }
    }
  } finally {
    await browser?.close();
    await Promise.all(sides.map((side) => side.app.stop()));
    baseline?.remove();
  }
  const [current, before] = sides.map((side) => ({
    name: side.name,
    paint: median(side.views.map((v) => v.firstPaintMs)),
    card: median(side.views.map((v) => v.firstCardMs)),
  }));
  const rows: Row[] = [
    {
      id: 'P2',
      what: `/songs signed in, a phone on slow 4G in Chromium (medians of ${RUNS} cold loads): first paint, first song card`,
      figure: `${current!.paint} ms, ${current!.card} ms`,
      budget: 'figures only',
      met: true,
    },
  ];
  if (before)
    rows.push({
      id: 'P2',
      what: `/songs signed in, slow 4G in Chromium: this build against ${before.name} in the same run`,
      figure: `first paint ${current!.paint} vs ${before.paint} ms (×${(current!.paint / before.paint).toFixed(2)}); first card ${current!.card} vs ${before.card} ms (×${(current!.card / before.card).toFixed(2)})`,
      budget: 'no later',
      met: current!.paint <= before.paint && current!.card <= before.card,
    });
  return rows;
}
