import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { SONG_THUMB_SIZES } from '../../src/common/constants';
import { slugify } from '../../src/common/schemas/songs';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { makeCoverPng } from '../../src/server/db/seed/song-factories';
import { useBrowser } from './support/browser';
import { songMeasured } from './support/songs';
import { E2E_SITE_NAME } from './support/site-name';
import { expectNoSeriousA11yViolations, expectPageFitsScreen } from './support/expect';
import { uniqueSuffixPerTest } from './support/unique';

const suffix = uniqueSuffixPerTest();
const browser = useBrowser();

interface Song {
  slug: string;
  title: string;
  description: string;
}

/**
 * Songs only this test's search finds (a tag of its own): two with a cover, one without; each 65 s long ("1:05").
 * The one without is one-stop and its title holds a word longer than a phone's card is wide, as a real one can.
 */
async function cardSongs(api: APIRequestContext): Promise<{ tag: string; covered: Song[]; bare: Song }> {
  const tag = `cards-${suffix()}`;
  const audio = synthesizeMp3({ seconds: 65, seed: 3 });
  const cover = await makeCoverPng(['#1e3a8a', '#fbbf24'], 900);
  const made: Song[] = [];
  for (const [name, withCover] of [
    ['Kitchen Table Hymn', true],
    ['Mile Marker Nine', true],
    ['Plainbrownpaperwrapperblues', false],
  ] as const) {
    const title = `${name} ${suffix()}`;
    const description = `${name}: a song for the card journey.`;
    const res = await api.post('/api/admin/songs', {
      headers: { Origin: inject('baseUrl') },
      multipart: {
        data: JSON.stringify({
          title,
          slug: slugify(title),
          description,
          lyrics: 'A verse\nA chorus',
          tags: [tag, 'story song'],
          isActive: true,
          isOneStop: !withCover,
        }),
        audio: { name: 'song.mp3', mimeType: 'audio/mpeg', buffer: audio },
        ...(withCover && { image: { name: 'cover.png', mimeType: 'image/png', buffer: cover } }),
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    await songMeasured(api, slugify(title));
    made.push({ slug: slugify(title), title, description });
  }
  return { tag, covered: made.slice(0, 2), bare: made[2]! };
}

/**
 * The catalogue at this width with layout shifts summed from the moment the cards are drawn, while their pictures
 * arrive (held back a little, so they surely arrive after the cards).
 */
async function openCatalogue(tag: string, width: number): Promise<Page> {
  const context = await browser.context({ role: 'preview', width });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: { value: number; startTime: number }[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) w.__shifts.push({ value: entry.value, startTime: entry.startTime });
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.route('**/api/files/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await page.goto(`/songs?q=${tag}`);
  return page;
}

const cardOf = (page: Page, title: string): Locator =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });

/**
 * The words of an element's text that are drawn over more than one line: broken inside, where a title should
 * only ever break between words.
 */
const wordsBrokenInside = (title: Locator): Promise<string[]> =>
  title.evaluate((element) => {
    const text = element.firstChild as Text;
    const broken: string[] = [];
    for (const match of text.data.matchAll(/\S+/g)) {
      const range = document.createRange();
      range.setStart(text, match.index);
      range.setEnd(text, match.index + match[0].length);
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      if (lines.size > 1) broken.push(match[0]);
    }
    return broken;
  });

/** Whether an element's text is cut short (ellipsis or clip) rather than drawn whole. */
const isCutShort = (element: Locator) => element.evaluate((el) => el.scrollWidth > el.clientWidth);

describe('catalogue cards', () => {
  test('cards show a lazy, sized thumbnail, the length and tags; the card opens the song, Play stays a button; no layout shift', async () => {
    const api = await browser.adminApi();
    const { tag, covered, bare } = await cardSongs(api);

    for (const width of [1366, 375]) {
      const page = await openCatalogue(tag, width);
      const headings = page.getByRole('heading', { level: 2 });
      await expect.poll(() => headings.count()).toBe(3);
      const drawnAt = await page.evaluate(() => performance.now());

      for (const song of covered) {
        const card = cardOf(page, song.title);
        const img = card.getByRole('img', { name: `Cover art for ${song.title}` });
        expect(await img.getAttribute('loading')).toBe('lazy');
        expect(await img.getAttribute('decoding')).toBe('async');
        expect(Number(await img.getAttribute('width'))).toBeGreaterThan(0);
        expect(await img.getAttribute('width')).toBe(await img.getAttribute('height'));
        const srcset = String(await img.getAttribute('srcset'));
        expect(srcset).toContain(` ${SONG_THUMB_SIZES.small}w`);
        expect(srcset).toContain(` ${SONG_THUMB_SIZES.large}w`);
        await img.scrollIntoViewIfNeeded();
        await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
        // The picture fills its box exactly: square, as the box was before it arrived.
        const box = (await img.boundingBox())!;
        expect(Math.round(box.width)).toBe(Math.round(box.height));
        await card.getByText('1:05').waitFor();
        await card.getByText('story song').waitFor();
      }
      // Without a cover: a neutral placeholder, no picture, the length still shown.
      const bareCard = cardOf(page, bare.title);
      expect(await bareCard.getByRole('img').count()).toBe(0);
      await bareCard.getByText('1:05').waitFor();
      // The long word breaks: the badge beside the title stays inside the card.
      const badge = (await bareCard.getByText(MESSAGES.songs.oneStop).boundingBox())!;
      const cardBox = (await bareCard.boundingBox())!;
      expect(badge.x + badge.width, `One-stop badge at ${width}px`).toBeLessThanOrEqual(cardBox.x + cardBox.width);

      // Two frames after the last picture: any shift it caused is reported by now.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const shifted = await page.evaluate(
        (from) =>
          (window as unknown as { __shifts: { value: number; startTime: number }[] }).__shifts
            .filter((s) => s.startTime >= from)
            .reduce((sum, s) => sum + s.value, 0),
        drawnAt,
      );
      expect(shifted, `layout shift at ${width}px`).toBe(0);

      await page.evaluate(() => window.scrollTo(0, 0));
      await expectNoSeriousA11yViolations(page, `/songs at ${width}px`);
      await expectPageFitsScreen(page);

      // Tab reaches the first card's title link, and the next stop is that card's Play button.
      const [first] = covered as [Song];
      const titleLink = cardOf(page, first.title).getByRole('link', { name: `Listen to ${first.title}` });
      await page.getByRole('heading', { level: 1, name: MESSAGES.songs.listTitle }).click();
      let reached = false;
      for (let i = 0; i < 40 && !reached; i++) {
        await page.keyboard.press('Tab');
        reached = await titleLink.evaluate((el) => el === document.activeElement);
      }
      expect(reached, 'Tab reaches the title link').toBe(true);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(`Play ${first.title}`);

      // Play is clickable on its own: it starts the song in the bar and stays on the list.
      await page.getByRole('button', { name: MESSAGES.player.playSong(first.title) }).click();
      await page.getByRole('region', { name: MESSAGES.player.barLabel }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/songs');

      // A click on the card's body (its description, not the title) opens the song's page.
      const [, second] = covered as [Song, Song];
      const description = cardOf(page, second.title).getByText(second.description);
      await description.scrollIntoViewIfNeeded();
      const at = (await description.boundingBox())!;
      await page.mouse.click(at.x + at.width / 2, at.y + at.height / 2);
      await page.waitForURL(`**/songs/${second.slug}`);
      await page.getByRole('heading', { level: 1, name: second.title }).waitFor();
      await expectNoSeriousA11yViolations(page, `song page at ${width}px`);
      await page.context().close();
    }
  });

  test('at 1,366 px a title beside the One-stop badge wraps between words, and the bar shows a title whole while there is room', async () => {
    const api = await browser.adminApi();
    const tag = `badge-${suffix()}`;
    // Words of a real title's length, each narrower than the card's text column but not beside the badge.
    const title = `Honkytonk Heartbreaker Serenade ${suffix()}`;
    const res = await api.post('/api/admin/songs', {
      headers: { Origin: inject('baseUrl') },
      multipart: {
        data: JSON.stringify({
          title,
          slug: slugify(title),
          description: 'A one-stop song with a title of long words.',
          lyrics: 'A verse\nA chorus',
          tags: [tag],
          isActive: true,
          isOneStop: true,
        }),
        audio: { name: 'song.mp3', mimeType: 'audio/mpeg', buffer: synthesizeMp3({ seconds: 30, seed: 4 }) },
      },
    });
    expect(res.status(), await res.text()).toBe(201);

    for (const width of [1366, 375]) {
      const page = await (await browser.context({ role: 'preview', width })).newPage();
      await page.goto(`/songs?q=${tag}`);
      const card = cardOf(page, title);
      const link = card.getByRole('link', { name: `Listen to ${title}` });
      await link.waitFor();
      expect(await wordsBrokenInside(link), `words broken inside at ${width}px`).toEqual([]);
      // Nothing is cut short while the words fit; the whole title is the link's tooltip.
      expect(await isCutShort(card.getByRole('heading', { name: title }).locator('..')), `title cut at ${width}px`).toBe(false);
      expect(await link.getAttribute('title')).toBe(title);
      const badge = (await card.getByText(MESSAGES.songs.oneStop, { exact: true }).boundingBox())!;
      const cardBox = (await card.boundingBox())!;
      expect(badge.x + badge.width, `One-stop badge at ${width}px`).toBeLessThanOrEqual(cardBox.x + cardBox.width);
      await expectNoSeriousA11yViolations(page, `/songs at ${width}px with a one-stop title`);

      if (width === 1366) {
        // The bar: the title takes the room the waveform leaves it, so a title of this length is whole.
        await card.getByRole('button', { name: MESSAGES.player.playSong(title) }).click();
        const bar = page.getByRole('region', { name: MESSAGES.player.barLabel });
        const barLink = bar.getByRole('link', { name: title });
        await barLink.waitFor();
        expect(await isCutShort(barLink.locator('..')), 'the bar cuts the title short').toBe(false);
        expect(await barLink.getAttribute('title')).toBe(title);
        const seek = (await bar.getByRole('slider', { name: 'Seek' }).boundingBox())!;
        expect(seek.width, 'the waveform keeps its width').toBeGreaterThanOrEqual(160);
        await expectNoSeriousA11yViolations(page, 'the bar at 1,366 px');
      }
      await page.context().close();
    }
  });

  test('while a song loads after a click on its card, the tab says "Song", then the song\'s title', async () => {
    const page = await (await browser.context({ role: 'preview' })).newPage();
    await page.goto('/songs');
    const first = page.locator('main a[href^="/songs/"]').first();
    const title = (await first.textContent())!.trim();
    // The song's read is held until the test has looked at the loading page.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/songs\/[^/?]+$/, async (route) => {
      await held;
      await route.continue();
    });
    await first.click();
    await page.getByRole('status').getByText(MESSAGES.songs.loadingSong).waitFor();
    expect(await page.title()).toBe(`Song | ${E2E_SITE_NAME}`);
    release();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.title()).toBe(`${title} | ${E2E_SITE_NAME}`);
    await page.context().close();
  });
});
