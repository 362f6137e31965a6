import type { APIRequestContext, Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { CatalogueSong } from '../../src/common/responses';
import { slugify } from '../../src/common/schemas/songs';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { seriousA11yViolations, useBrowser } from './support/browser';
import { addSong } from './support/songs';
import { uniqueSuffixPerTest } from './support/unique';
import { expectPageFitsScreen } from './support/expect';

const suffix = uniqueSuffixPerTest();
const SONG_SECONDS = 20;
/** expect.poll gives up after 1 s by default; playback moves in real time. */
const PLAYBACK = { timeout: 10_000 };
const browser = useBrowser();

async function createSong(api: APIRequestContext, title: string) {
  const values = {
    title,
    slug: slugify(title),
    description: `${title}: a song for the listening journey.`,
    lyrics: 'A verse\nA chorus',
    tags: [],
    isActive: true,
  };
  return addSong(api, values, { name: 'song.mp3', buffer: synthesizeMp3({ seconds: SONG_SECONDS, seed: 11 }) });
}

const valueNow = async (slider: Locator) => Number(await slider.getAttribute('aria-valuenow'));
/** The bars of the waveform: one "M" per bar in the SVG path. */
const barCount = async (slider: Locator) => ((await slider.locator('path').first().getAttribute('d')) ?? '').split('M').length - 1;

describe('listen depth', () => {
  test('a preview user seeks on the waveform by key and click, the furthest point is stored, and the admin sees where listeners stop', async () => {
    const api = await browser.adminApi();
    const title = `Tailgate Hymn ${suffix()}`;
    const song = await createSong(api, title);
    const detail = (await (await api.get(`/api/songs/${song.slug}`)).json()) as CatalogueSong;
    expect(detail.peaks?.length).toBeGreaterThan(100);

    const page = await browser.open('preview', `/songs/${song.slug}`);
    await page.getByRole('group', { name: `Audio player: ${title}` }).waitFor();
    const seek = page.getByRole('slider', { name: 'Seek' });
    // Drawn from the stored peaks, as many bars as its measured width holds (once measured), and seekable at
    // once: the length comes with the song.
    await expect.poll(() => barCount(seek)).toBeGreaterThan(50);
    expect(Number(await seek.getAttribute('aria-valuemax'))).toBeCloseTo(SONG_SECONDS, 0);

    await seek.focus();
    await page.keyboard.press('End');
    await expect.poll(() => valueNow(seek)).toBeCloseTo(SONG_SECONDS, 0);
    expect(await seek.getAttribute('aria-valuetext')).toMatch(/^0:2\d of 0:2\d$/);
    await page.keyboard.press('Home');
    await expect.poll(() => valueNow(seek)).toBe(0);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => valueNow(seek)).toBe(5);
    await page.keyboard.press('PageDown');
    await expect.poll(() => valueNow(seek)).toBe(0);

    // A click at a quarter of the waveform puts the playhead a quarter of the way in.
    const box = (await seek.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.25, box.y + box.height / 2);
    await expect.poll(() => valueNow(seek)).toBeGreaterThan(SONG_SECONDS * 0.25 - 0.5);
    expect(await valueNow(seek)).toBeLessThan(SONG_SECONDS * 0.25 + 0.5);

    // Play from there, skip ahead 5 s with the arrow key, play on a little and pause.
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(() => valueNow(seek), PLAYBACK).toBeGreaterThan(6);
    await seek.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => valueNow(seek)).toBeGreaterThan(11);
    await expect.poll(() => valueNow(seek), PLAYBACK).toBeGreaterThan(12);
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor();
    const pausedAt = await valueNow(seek);

    // The stored play (read through the admin API) reached the point the player paused at.
    const depth = async () =>
      (await (await api.get(`/api/admin/preview-activity/songs/${song.id}`)).json()) as {
        plays: number;
        reached: number[];
        listeners: { name: string; furthestSeconds: number; completed: boolean }[];
      };
    // Counted up to the last progress event before the pause (every 250 ms) and sent in whole tenths, so up to
    // 0.35 s short; seconds are stored as a 4-byte real (12.2 reads back as 12.1999998), hence the thousandth more.
    await expect.poll(async () => (await depth()).listeners[0]?.furthestSeconds ?? 0, PLAYBACK).toBeGreaterThanOrEqual(pausedAt - 0.351);
    const stored = await depth();
    expect(stored.plays).toBe(1);
    expect(stored.listeners).toEqual([expect.objectContaining({ name: 'Dana Preview', completed: false })]);
    expect(stored.listeners[0]!.furthestSeconds).toBeLessThan(SONG_SECONDS);
    expect(stored.reached[0]).toBe(1);
    expect(stored.reached.at(-1)).toBe(0);

    // The admin opens the song's listening from the activity page: the chart and the listener.
    const admin = await browser.open('admin', '/admin/preview-activity');
    const bySong = admin.getByRole('region', { name: 'By song' });
    await bySong.getByRole('button', { name: title }).click();
    const panel = admin.getByRole('region', { name: `Listening to ${title}` });
    const chart = panel.getByRole('img', { name: /^Drop-off chart\. 1 play: 100% got past the start and 0% reached the end\./ });
    await chart.waitFor();
    expect(await chart.locator('rect').count()).toBe(40);
    const row = panel.getByRole('row').filter({ hasText: 'Dana Preview' });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(2).textContent()).toMatch(/^0:1\d of 0:2\d$/);
    expect(await seriousA11yViolations(admin)).toEqual([]);
    expect(new URL(admin.url()).searchParams.get('song')).toBe(song.id);

    // And that listener's own plays, newest first, this one among them.
    const listener = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
    await admin.goto(`/admin/preview-activity?user=${listener.user.id}`);
    const plays = admin.getByRole('region', { name: /^Plays by / });
    await plays.getByRole('row').filter({ hasText: title }).getByRole('link', { name: title }).waitFor();
  });

  test('the player draws a flat bar without peaks, still seeks by click and drag, fits a phone and has no serious accessibility problems', async () => {
    const api = await browser.adminApi();
    const title = `Flat Line Waltz ${suffix()}`;
    const song = await createSong(api, title);
    const context = await browser.context({ role: 'preview', width: 375 });
    const page = await context.newPage();
    // As an older song's read would be before its peaks are computed.
    await page.route(`**/api/songs/${song.slug}`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), peaks: null } });
    });
    await page.goto(`/songs/${song.slug}`);
    const seek = page.getByRole('slider', { name: 'Seek' });
    await seek.waitFor();
    expect(await barCount(seek)).toBe(1);
    const box = (await seek.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.5, box.y + box.height / 2);
    await expect.poll(() => valueNow(seek)).toBeGreaterThan(SONG_SECONDS * 0.5 - 1);
    // A drag shows where it is going, and seeks where it ends.
    await page.mouse.move(box.x + box.width * 0.1, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2, { steps: 5 });
    await expect.poll(() => valueNow(seek)).toBeCloseTo(SONG_SECONDS * 0.6, 0);
    await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => page.evaluate(() => document.querySelector('audio')!.currentTime)).toBeCloseTo(SONG_SECONDS * 0.8, 0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await expectPageFitsScreen(page);
  });
});
