import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { slugify } from '../../src/common/schemas/songs';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { useBrowser } from './support/browser';
import { expectNoSeriousA11yViolations, expectPageFitsScreen } from './support/expect';
import { addSong } from './support/songs';
import { uniqueSuffix } from './support/unique';

/**
 * The catalogue on a phone: its filters wait behind a Filters button, in a sheet from the bottom, so the first
 * screen (375 × 667) shows songs; at 1366 px they stay inline above the list.
 */

const browser = useBrowser();
const genre = `Porch Folk ${uniqueSuffix()}`;
const titles = [`Screen Door Summer ${uniqueSuffix()}`, `Porch Light Waltz ${uniqueSuffix()}`];

beforeAll(async () => {
  const api = await browser.adminApi();
  const mp3 = { name: 'porch.mp3', buffer: synthesizeMp3({ seconds: 3, seed: 11 }) };
  for (const title of titles) {
    await addSong(
      api,
      {
        title,
        slug: slugify(title),
        description: `${title}: a song for the phone journey.`,
        lyrics: 'A line on the porch\nanother one',
        writerInfo: 'Written by the e2e team',
        genre,
        bpm: 90,
        tags: ['e2e'],
        orderIndex: 0,
        isActive: true,
      },
      mp3,
    );
  }
});

const filtersButton = (page: Page) => page.getByRole('button', { name: /^Filters/ });
const firstCard = (page: Page) => page.locator('main li:has(a[href^="/songs/"])').first();
const focusIsIn = (page: Page, selector: string) =>
  page.evaluate((s) => Boolean(document.activeElement && document.querySelector(s)?.contains(document.activeElement)), selector);

describe('the catalogue on a phone', () => {
  test('the Filters button opens a sheet; a genre chosen there filters the list and the URL; Escape gives focus back', async () => {
    const context = await browser.context({ role: 'preview', width: 375, height: 667 });
    const page = await context.newPage();
    await page.goto('/songs');
    await firstCard(page).waitFor();

    // The first screen shows songs: the first card starts within it, and no filter field is drawn inline.
    const card = await firstCard(page).boundingBox();
    expect(card, 'first card laid out').not.toBeNull();
    expect(card!.y, 'first card top within the 667 px screen').toBeLessThan(667);
    expect(await page.getByRole('search', { name: 'Filter songs' }).count()).toBe(0);
    expect(await page.getByRole('combobox', { name: 'Genre' }).count()).toBe(0);
    const button = filtersButton(page);
    expect(await button.textContent()).toBe('Filters');
    await expectNoSeriousA11yViolations(page, '/songs at 375 px');
    await expectPageFitsScreen(page);

    // The sheet: a modal dialog at the bottom of the screen, clean for axe.
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.waitFor();
    // The button (hidden from the accessibility tree behind the modal sheet) says the sheet is open and names it.
    const opener = page.locator('button[aria-haspopup="dialog"]');
    expect(await opener.getAttribute('aria-expanded')).toBe('true');
    expect(await opener.getAttribute('aria-controls')).toBe(await sheet.getAttribute('id'));
    const box = await sheet.boundingBox();
    expect(Math.round(box!.y + box!.height), 'the sheet sits on the bottom edge').toBe(667);
    expect(box!.width).toBe(375);
    await expectNoSeriousA11yViolations(page, 'the filter sheet at 375 px');

    // Focus stays in the sheet, however far Tab goes.
    for (let i = 0; i < 14; i++) {
      await page.keyboard.press('Tab');
      expect(await focusIsIn(page, '[role="dialog"]'), `focus in the sheet after ${i + 1} Tabs`).toBe(true);
    }

    // A genre filters the list at once and goes into the URL; the sheet's button says how many songs are left.
    await sheet.getByRole('combobox', { name: 'Genre' }).selectOption(genre);
    await page.waitForURL((url) => url.searchParams.get('genre') === genre);
    const show = sheet.getByRole('button', { name: 'Show 2 songs' });
    await show.waitFor();
    await show.click();
    await sheet.waitFor({ state: 'detached' });
    await page.getByText('2 songs match your search').waitFor();
    const cards = page.locator('main li:has(a[href^="/songs/"])');
    await expect.poll(() => cards.count()).toBe(2);
    for (const title of titles) await page.getByRole('link', { name: `Listen to ${title}` }).waitFor();
    expect(await button.textContent()).toBe('Filters1 on');
    expect(await button.getAttribute('aria-expanded')).toBe('false');

    // The same filters come back with a reload, from the URL.
    await page.reload();
    await page.getByText('2 songs match your search').waitFor();
    expect(await filtersButton(page).textContent()).toBe('Filters1 on');

    // Escape closes the sheet and focus returns to the button.
    await filtersButton(page).click();
    await sheet.waitFor();
    expect(await sheet.getByRole('combobox', { name: 'Genre' }).inputValue()).toBe(genre);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    expect(await filtersButton(page).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await filtersButton(page).getAttribute('aria-expanded')).toBe('false');

    // Clear filters in the sheet empties the URL and the count.
    await filtersButton(page).click();
    await sheet.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL((url) => !url.searchParams.has('genre'));
    await sheet.getByRole('button', { name: /^Show \d+ songs$/ }).click();
    await sheet.waitFor({ state: 'detached' });
    expect(await filtersButton(page).textContent()).toBe('Filters');
    await context.close();
  }, 120_000);

  test('at 1366 px the filters stay inline and there is no Filters button', async () => {
    const page = await browser.open('preview', `/songs?genre=${encodeURIComponent(genre)}`, 1366);
    await page.getByText('2 songs match your search').waitFor();
    expect(await filtersButton(page).count()).toBe(0);
    const form = page.getByRole('search', { name: 'Filter songs' });
    expect(await form.isVisible()).toBe(true);
    expect(await form.getByRole('combobox', { name: 'Genre' }).inputValue()).toBe(genre);
    await form.getByRole('button', { name: 'Clear' }).click();
    await page.waitForURL((url) => !url.searchParams.has('genre'));
    await expectNoSeriousA11yViolations(page, '/songs at 1366 px');
  });
});
