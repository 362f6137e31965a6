import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { loadConfig, type Config } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { songs } from '../src/server/db/schema';
import { DEMO_ACCOUNTS, seedDemoDatabase } from '../src/server/db/seed/seed';
import { lockDataDir } from '../src/server/lib/data-dir-lock';
import { startServer } from '../src/server/server';
import { launchBrowser } from '../tests/e2e/support/chromium';
import { freePort } from '../tests/setup/free-port';
import { TestClient } from '../tests/setup/http-client';
import { buildHere } from './built-app';
import { median, type Row } from './support';

const SONGS = 10_000;
const RUNS = Number(process.env.LIST_VIEW_RUNS ?? 5);
const DESKTOP = { width: 1280, height: 800 };
/** A frame longer than this is one a listener sees stutter (two 60 Hz frames and more). */
const LONG_FRAME_MS = 34;
/** Pixels scrolled a frame: a brisk wheel. */
const SCROLL_STEP = 60;

type Side = 'list' | 'cards' | 'floor';

interface Measure {
  firstRowMs: number;
  rows: number;
  p95FrameMs: number;
  maxFrameMs: number;
  longFrames: number;
  frames: number;
}

/** Marks the frame after the first song row (or card) entered the page. */
const WATCH_FOR_FIRST_ROW = `
  new MutationObserver((_, observer) => {
    if (!document.querySelector('main tbody tr, main li a[href^="/songs/"], #floor tbody tr')) return;
    observer.disconnect();
    requestAnimationFrame(() => { window.firstRowMs = performance.now(); });
  }).observe(document, { childList: true, subtree: true });
`;

/**
 * Scrolls the page from top to bottom, SCROLL_STEP pixels a frame, and back, timing each frame with
 * requestAnimationFrame: what a listener moving down the page gets.
 */
async function scrollFrames(page: Page): Promise<number[]> {
  // A string, as tsx's helpers for named functions do not exist in the page.
  return page.evaluate(`new Promise((resolve) => {
    window.scrollTo(0, 0);
    const times = [];
    let direction = 1;
    const frame = (now) => {
      times.push(now);
      const bottom = document.documentElement.scrollHeight - window.innerHeight;
      if (direction === 1 && window.scrollY >= bottom - 1) direction = -1;
      else if (direction === -1 && window.scrollY <= 0) return resolve(times.slice(1).map((t, i) => t - times[i]));
      window.scrollBy(0, direction * ${SCROLL_STEP});
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  })`);
}

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.95))] ?? NaN;
const round = (n: number) => Math.round(n * 10) / 10;

async function measure(page: Page, rowSelector: string): Promise<Measure> {
  await page.waitForFunction(() => (window as { firstRowMs?: number }).firstRowMs !== undefined, undefined, { timeout: 60_000 });
  const firstRowMs = await page.evaluate(() => (window as { firstRowMs?: number }).firstRowMs!);
  // Settled: fonts, thumbnails and the lazy chunks in before scrolling.
  await page.waitForLoadState('networkidle');
  const rows = await page.locator(rowSelector).count();
  const intervals = await scrollFrames(page);
  return {
    firstRowMs: Math.round(firstRowMs),
    rows,
    p95FrameMs: round(p95(intervals)),
    maxFrameMs: round(Math.max(...intervals)),
    longFrames: intervals.filter((ms) => ms > LONG_FRAME_MS).length,
    frames: intervals.length,
  };
}

/**
 * The floor: a minimal React page (React and react-dom bundled by esbuild, nothing else) drawing the same number
 * of plain table rows, in the same browser: what the list view costs beyond React itself.
 */
async function floorPage(rows: number): Promise<string> {
  const bundle = await build({
    stdin: {
      contents: `
        import { createRoot } from 'react-dom/client';
        import { createElement as h } from 'react';
        const rows = Array.from({ length: ${rows} }, (_, i) => i);
        function Floor() {
          return h('main', null, h('table', { id: 'floor' }, h('tbody', null, rows.map((i) =>
            h('tr', { key: i }, h('td', null, h('input', { type: 'checkbox', 'aria-label': 'Select' })),
              h('td', null, h('button', null, 'Play')), h('td', null, h('a', { href: '#' + i }, 'Song ' + i), h('p', null, 'Writer')),
              h('td', null, 'Country'), h('td', null, '120'), h('td', null, 'G major'), h('td', null, '3:20'))))));
        }
        createRoot(document.getElementById('root')).render(h(Floor));`,
      resolveDir: path.resolve(import.meta.dirname, '..'),
      loader: 'js',
    },
    bundle: true,
    minify: true,
    write: false,
    format: 'iife',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return `<!doctype html><html><head><style>body{font:14px system-ui;margin:0 auto;max-width:72rem;padding:4rem 1.5rem}td{padding:.5rem;border-bottom:1px solid #ddd}</style></head><body><div id="root"></div><script>${bundle.outputFiles[0]!.text}</script></body></html>`;
}

/** The demo catalogue, then SONGS - its count more songs made from its first one (same audio, cover and writers). */
async function seedTenThousand(config: Config) {
  await seedDemoDatabase(config, 'short');
  const unlock = lockDataDir(config.dataDir);
  const database = await openDatabase({ pgliteDir: path.join(config.dataDir, 'db') });
  try {
    const existing = await database.db.select().from(songs);
    const model = existing.find((s) => s.audioFileId !== null) ?? existing[0]!;
    const { id: _id, slug: _slug, title: _title, ...rest } = model;
    for (let from = existing.length; from < SONGS; from += 500) {
      await database.db.insert(songs).values(
        Array.from({ length: Math.min(500, SONGS - from) }, (_, i) => ({
          ...rest,
          title: `Bench Song ${from + i}`,
          slug: `bench-song-${from + i}`,
          orderIndex: from + i,
          createdAt: new Date(Date.now() - (from + i) * 60_000),
        })),
      );
    }
  } finally {
    await database.close();
    unlock();
  }
}

async function loadOnce(browser: Browser, baseUrl: string, cookies: [string, string][], side: Side, floorHtml: string) {
  const context = await browser.newContext({ viewport: DESKTOP });
  try {
    await context.addCookies(cookies.map(([name, value]) => ({ name, value, url: baseUrl })));
    await context.addInitScript(WATCH_FOR_FIRST_ROW);
    const page = await context.newPage();
    if (side === 'floor') {
      await page.setContent(floorHtml);
      return await measure(page, '#floor tbody tr');
    }
    await page.goto(`${baseUrl}/songs${side === 'list' ? '?view=list' : ''}`);
    return await measure(page, side === 'list' ? 'main tbody tr' : 'main li:has(a[href^="/songs/"])');
  } finally {
    await context.close();
  }
}

/**
 * L1: the catalogue's list view against its cards with 10,000 songs, signed in as a buyer on a desktop in Chromium:
 * when the first row (card) is drawn, and the frames while scrolling down the page and back (p95 interval, the
 * longest, and how many ran past two frames), beside a minimal React page drawing as many plain rows. RUNS cold
 * loads of each, taken in turns; medians.
 */
export async function listViewBench(): Promise<Row[]> {
  buildHere();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pitchroom-list-view-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'silent',
    AUTH_SECRET: 'bench-secret-that-is-long-enough-for-auth',
  });
  await seedTenThousand(config);
  const server = await startServer(config);
  let browser: Browser | undefined;
  const results: Record<Side, Measure[]> = { list: [], cards: [], floor: [] };
  try {
    const buyer = new TestClient(baseUrl, baseUrl);
    await buyer.post('/api/auth/sign-in/email', DEMO_ACCOUNTS.preview);
    const total = ((await buyer.get('/api/songs')).body as { total: number }).total;
    console.error(`list view bench: ${total} songs in the catalogue`);
    const cookies = [...buyer.cookies];
    browser = await launchBrowser();
    // The floor draws as many rows as the list view's page holds.
    const probe = await loadOnce(browser, baseUrl, cookies, 'list', '');
    const floorHtml = await floorPage(probe.rows);
    for (let i = 0; i < RUNS; i++) {
      for (const side of ['list', 'cards', 'floor'] as const) {
        const m = await loadOnce(browser, baseUrl, cookies, side, floorHtml);
        console.error(`list view bench ${side} run ${i + 1}: ${JSON.stringify(m)}`);
        results[side].push(m);
      }
    }
    const summary = (side: Side) => {
      const runs = results[side];
      return {
        rows: runs[0]!.rows,
        first: median(runs.map((r) => r.firstRowMs)),
        p95: median(runs.map((r) => r.p95FrameMs)),
        max: median(runs.map((r) => r.maxFrameMs)),
        long: median(runs.map((r) => r.longFrames)),
        frames: median(runs.map((r) => r.frames)),
      };
    };
    const floor = summary('floor');
    const row = (side: 'list' | 'cards'): Row => {
      const s = summary(side);
      return {
        id: 'L1',
        what: `/songs ${side} view, ${total} songs, ${s.rows} on the page, desktop Chromium (medians of ${RUNS}); floor: a minimal React page of ${floor.rows} plain rows`,
        figure: `first row ${s.first} ms (floor ${floor.first}); scroll p95 frame ${s.p95} ms, longest ${s.max} ms, ${s.long} of ${s.frames} frames > ${LONG_FRAME_MS} ms (floor p95 ${floor.p95}, longest ${floor.max}, ${floor.long} long)`,
        budget: `no frame > ${LONG_FRAME_MS} ms`,
        met: s.long === 0,
      };
    };
    return [row('list'), row('cards')];
  } finally {
    await browser?.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
