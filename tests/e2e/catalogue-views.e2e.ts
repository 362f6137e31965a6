import { describe, expect, test } from 'vitest';
import type { MySongResponseItem } from '../../src/common/responses';
import * as MESSAGES from '../../src/common/messages';
import { slugify } from '../../src/common/schemas/songs';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { useBrowser } from './support/browser';
import { expectNoSeriousA11yViolations, expectPageFitsScreen, toast } from './support/expect';
import { addSong } from './support/songs';
import { uniqueSuffixPerTest } from './support/unique';

const suffix = uniqueSuffixPerTest();
const browser = useBrowser();
const m = MESSAGES.songs;

/**
 * A buyer working through the catalogue: sorts it by newest, switches to the dense list, moves down it with the
 * keyboard and plays a row in the bar, then ticks three songs and holds them at once. The songs are this test's
 * own, in a genre only they have, so the page lists nothing else. Then it puts the three in a new playlist from
 * the bulk bar.
 */
describe('catalogue views for working', () => {
  test('sort by newest, the list view by keyboard, three songs held at once and put in a new playlist', async () => {
    const api = await browser.adminApi();
    const genre = `Views ${suffix()}`;
    const audio = { name: 'views.mp3', buffer: synthesizeMp3({ seconds: 6, seed: 11 }) };
    const titles: string[] = [];
    // One after another, so each is newer than the one before; the admin's order lists them oldest first.
    for (const name of ['First Light Hollow', 'Second Wind Ballad', 'Third Rail Shuffle']) {
      const title = `${name} ${suffix()}`;
      await addSong(
        api,
        {
          title,
          slug: slugify(title),
          description: `${name}: a song for the working views.`,
          lyrics: 'A verse\nA chorus',
          writerInfo: 'Written by the e2e team',
          genre,
          bpm: 100,
          tags: ['views'],
          orderIndex: 0,
          isActive: true,
        },
        audio,
      );
      titles.push(title);
    }
    const newestFirst = [...titles].reverse();

    const page = await browser.open('preview', `/songs?genre=${encodeURIComponent(genre)}`);
    await page.getByRole('heading', { level: 1, name: m.listTitle }).waitFor();
    const cardTitles = () => page.getByRole('heading', { level: 2 }).allTextContents();
    await expect.poll(cardTitles).toEqual(titles);

    // Sorted by newest: the last added comes first, and the URL keeps it.
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('newest');
    await page.waitForURL(/sort=newest/);
    await expect.poll(cardTitles).toEqual(newestFirst);
    await expectNoSeriousA11yViolations(page, 'cards sorted by newest');

    // The dense list: one row a song, in the same order.
    await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' }).click();
    await page.waitForURL(/view=list/);
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.locator('td:nth-child(3) a').allTextContents()).toEqual(newestFirst);
    await expectNoSeriousA11yViolations(page, 'the list view');

    // Down from the first row to the second, and Enter plays it in the bar.
    await rows.first().focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => rows.nth(1).evaluate((row) => row === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await rows
      .nth(1)
      .getByRole('button', { name: MESSAGES.player.pauseSong(newestFirst[1]!) })
      .waitFor();
    await expectNoSeriousA11yViolations(page, 'the list view playing a row');

    // Three songs ticked: the bar counts them and offers what works now.
    for (const title of titles) await page.getByRole('checkbox', { name: m.selectSong(title) }).check();
    const bar = page.getByRole('region', { name: 'Selected songs' });
    await bar.getByText(m.selectedCount(3)).waitFor();
    await expectNoSeriousA11yViolations(page, 'three songs selected');

    await bar.getByRole('button', { name: m.holdSelected }).click();
    await toast(page, m.bulkHeld(3)).waitFor();
    await expect.poll(() => rows.getByText(m.answerHeld, { exact: true }).count()).toBe(3);
    await bar.waitFor({ state: 'detached' });
    const mine = (await (await page.request.get('/api/song-responses')).json()) as MySongResponseItem[];
    expect(
      mine
        .filter((r) => titles.includes(r.songTitle))
        .map((r) => [r.songTitle, r.response])
        .sort(),
    ).toEqual(titles.map((t) => [t, 'hold']).sort());
    await expectNoSeriousA11yViolations(page, 'three songs held');

    // The same three ticked again in the list, and put in a new playlist named in the bar: they are there in the page's order.
    for (const title of titles) await page.getByRole('checkbox', { name: m.selectSong(title) }).check();
    await bar.getByText(m.selectedCount(3)).waitFor();
    await bar.getByRole('button', { name: MESSAGES.playlists.addSelected }).click();
    await page.getByRole('menuitem', { name: 'New playlist…' }).click();
    const name = bar.getByRole('textbox', { name: MESSAGES.playlists.newPlaylistName });
    await bar.getByRole('button', { name: MESSAGES.playlists.createWithSelected }).click();
    await bar.getByText(MESSAGES.playlists.nameRequired).waitFor();
    await expectNoSeriousA11yViolations(page, 'a new playlist named in the bar');
    await name.fill('For the spring record');
    const created = page.waitForResponse((r) => r.url().endsWith('/api/playlists') && r.request().method() === 'POST');
    await bar.getByRole('button', { name: MESSAGES.playlists.createWithSelected }).click();
    const { id } = (await (await created).json()) as { id: string };
    await toast(page, MESSAGES.playlists.addedMany(3, 'For the spring record')).waitFor();
    await bar.waitFor({ state: 'detached' });
    await page.goto(`/playlists/${id}`);
    await page.getByRole('heading', { level: 1, name: 'For the spring record' }).waitFor();
    await expect
      .poll(() => page.getByRole('list', { name: 'Songs' }).getByRole('listitem').getByRole('link').allTextContents())
      .toEqual(newestFirst);
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: m.listTitle }).waitFor();

    // On a phone the list folds its facts under each title and fits the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    await expectPageFitsScreen(page);
  });
});
