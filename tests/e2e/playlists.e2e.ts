import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { slugify } from '../../src/common/schemas/songs';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { useBrowser } from './support/browser';
import { expectNoSeriousA11yViolations, expectPageFitsScreen, toast } from './support/expect';
import { addSong } from './support/songs';
import { uniqueSuffixPerTest } from './support/unique';

const suffix = uniqueSuffixPerTest();
const browser = useBrowser();
const m = MESSAGES.playlists;
const mp3 = synthesizeMp3({ seconds: 6, seed: 5 });
const NAME = 'For the spring record';

/** A song only this journey's search finds, by a tag of its own. */
async function createSong(api: APIRequestContext, title: string, tag: string) {
  const values = {
    title,
    slug: slugify(title),
    description: `${title}, written for the playlists journey.`,
    lyrics: `First verse of ${title}\n\nThe chorus`,
    genre: 'Country',
    bpm: 92,
    tags: [tag],
    isActive: true,
  };
  return { ...(await addSong(api, values, { name: 'song.mp3', buffer: mp3 })), title };
}

/** The playlist's song titles as its page lists them, in order. */
const listedTitles = (page: Page) => page.getByRole('list', { name: 'Songs' }).getByRole('listitem').getByRole('link').allTextContents();

describe('playlists', () => {
  test('a buyer gathers three songs from the catalogue into a new playlist, reorders it by keyboard, and the order stays', async () => {
    const api = await browser.adminApi();
    const tag = `playlist-${suffix()}`;
    const [first, second, third] = [
      await createSong(api, `Thaw Line ${suffix()}`, tag),
      await createSong(api, `Creek Bed Sunday ${suffix()}`, tag),
      await createSong(api, `April Porch ${suffix()}`, tag),
    ];

    // 1. From the catalogue: a new playlist with the first song, then the other two into it.
    const page = await browser.open('preview', `/songs?q=${tag}`);
    await page.getByRole('button', { name: `Add to playlist: ${first.title}` }).waitFor();
    await expectNoSeriousA11yViolations(page, '/songs');
    await page.getByRole('button', { name: `Add to playlist: ${first.title}` }).click();
    await page.getByRole('menuitem', { name: 'New playlist…' }).click();
    const dialog = page.getByRole('dialog', { name: 'New playlist' });
    await dialog.getByRole('button', { name: 'Create playlist' }).click();
    await dialog.getByText(m.nameRequired).waitFor();
    await expectNoSeriousA11yViolations(page, 'the new playlist dialog');
    await dialog.getByRole('textbox', { name: 'Name' }).fill(NAME);
    const created = page.waitForResponse((r) => r.url().endsWith('/api/playlists') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Create playlist' }).click();
    expect((await created).status()).toBe(201);
    const { id } = (await (await created).json()) as { id: string };
    await toast(page, m.added(first.title, NAME)).waitFor();
    for (const song of [second, third]) {
      await page.getByRole('button', { name: `Add to playlist: ${song.title}` }).click();
      await page.getByRole('menuitem', { name: NAME }).click();
      await toast(page, m.added(song.title, NAME)).waitFor();
    }
    // The menu ticks the playlists that hold the song already.
    await page.getByRole('button', { name: `Add to playlist: ${third.title}` }).click();
    await page.getByRole('menuitem', { name: `${NAME} (already added)` }).waitFor();
    await expectNoSeriousA11yViolations(page, 'the Add to playlist menu');
    await page.keyboard.press('Escape');

    // 2. Through the header to the playlists, and into the new one: the songs in the order added.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Playlists' }).click();
    await page.getByRole('heading', { level: 1, name: 'Playlists' }).waitFor();
    await page.getByRole('link', { name: NAME }).first().waitFor();
    await expectNoSeriousA11yViolations(page, '/playlists');
    await page.goto(`/playlists/${id}`);
    await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
    await expect.poll(() => listedTitles(page)).toEqual([first.title, second.title, third.title]);
    await expectNoSeriousA11yViolations(page, '/playlists/:id');

    // 3. The third song to the top, by keyboard: Space picks it up, two ArrowUps, Space drops it.
    await page.getByRole('button', { name: `Move ${third.title}`, exact: true }).focus();
    await page.keyboard.press('Space');
    await page.getByText(`Picked up ${third.title}. It is number 3 of 3.`).waitFor();
    for (const place of [2, 1]) {
      await page.keyboard.press('ArrowUp');
      await page.getByText(`${third.title} moved to number ${place} of 3.`).waitFor();
    }
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/playlists/${id}/order`) && r.request().method() === 'PUT');
    await page.keyboard.press('Space');
    expect((await saved).status()).toBe(200);
    await expect.poll(() => listedTitles(page)).toEqual([third.title, first.title, second.title]);

    // 4. The order is the server's after a reload, and the songs play in the bar from here.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
    await expect.poll(() => listedTitles(page)).toEqual([third.title, first.title, second.title]);
    await page.getByRole('button', { name: MESSAGES.player.playSong(third.title) }).click();
    await page.getByRole('region', { name: 'Player' }).waitFor();
    await expectNoSeriousA11yViolations(page, '/playlists/:id after a reload, playing');

    // 5. On a phone the playlist fits the screen and stays clean.
    const phone = await browser.open('preview', `/playlists/${id}`, 375);
    await phone.getByRole('heading', { level: 1, name: NAME }).waitFor();
    await expect.poll(() => listedTitles(phone)).toEqual([third.title, first.title, second.title]);
    await expectPageFitsScreen(phone);
    await expectNoSeriousA11yViolations(phone, '/playlists/:id on a phone');

    // 6. The admin sees it in Preview Activity, read-only: whose, how many songs, and the songs in the buyer's order.
    const admin = await browser.open('admin', '/admin/preview-activity');
    await admin.getByRole('heading', { level: 2, name: m.activityHeading }).waitFor();
    // Its songs are folded away until its summary is opened; this journey's songs tell it apart.
    const entry = admin
      .getByRole('list', { name: 'Playlists of preview users, latest changed first' })
      .getByRole('listitem')
      .filter({ hasText: third.title });
    await entry.getByText(NAME).click();
    await entry.getByText('3 songs').waitFor();
    expect(await entry.getByRole('link').allTextContents()).toEqual([third.title, first.title, second.title]);
    expect(await entry.getByRole('button').count()).toBe(0);
    await expectNoSeriousA11yViolations(admin, '/admin/preview-activity');
  });
});
