import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, test, vi } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { slugify } from '../../src/common/schemas/songs';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { useBrowser } from './support/browser';
import { expectNoSeriousA11yViolations, expectPageFitsScreen } from './support/expect';
import { addSong } from './support/songs';
import { uniqueSuffix } from './support/unique';

/**
 * Versions of a song: the admin names and uploads an instrumental on the song's admin page; a buyer plays the
 * song, switches to the instrumental at 1:05 and it goes on from 1:05, playing; the bar switches back the same way.
 */

const browser = useBrowser();
/** Long enough to be at 1:05 and stay there a while. */
const SONG_SECONDS = 90;
const INSTRUMENTAL = 'Instrumental (TV mix)';

const audioTime = (page: Page) => page.evaluate(() => document.querySelector('audio')!.currentTime);
const audioSrc = (page: Page) => page.evaluate(() => document.querySelector('audio')!.getAttribute('src'));
const audioPaused = (page: Page) => page.evaluate(() => document.querySelector('audio')!.paused);

/** The song moves on in real time from where it is. */
async function expectPlayingFrom(page: Page, seconds: number) {
  await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThan(seconds + 0.3);
  expect(await audioPaused(page)).toBe(false);
}

async function instrumentalMeasured(api: APIRequestContext, slug: string) {
  await vi.waitFor(
    async () => {
      const song = (await (await api.get(`/api/songs/${slug}`)).json()) as { versions: { kind: string; durationSeconds: number | null }[] };
      if (!song.versions.some((v) => v.kind === 'instrumental' && v.durationSeconds !== null)) throw new Error('not measured yet');
    },
    { timeout: 30_000, interval: 200 },
  );
}

describe('versions of a song', () => {
  test('the admin uploads an instrumental; a buyer switches to it at 1:05 and it plays on from there', async () => {
    const title = `Porch Light Versions ${uniqueSuffix()}`;
    const admin = await browser.context({ role: 'admin' });
    const song = await addSong(
      admin.request,
      { title, slug: slugify(title), description: 'A song with an instrumental.', lyrics: 'A verse\nA chorus', isActive: true },
      { name: 'porch-light.mp3', buffer: synthesizeMp3({ seconds: SONG_SECONDS, seed: 11 }) },
    );

    // The admin names the instrumental and drops its MP3 in its zone: it uploads at once.
    const adminPage = await admin.newPage();
    await adminPage.goto(`/admin/songs/edit/${song.id}`);
    await adminPage.getByRole('heading', { level: 2, name: MESSAGES.songVersions.heading }).waitFor();
    await expectNoSeriousA11yViolations(adminPage, 'the admin song page with its versions');
    await adminPage.getByRole('textbox', { name: 'Name of the instrumental' }).fill(INSTRUMENTAL);
    await adminPage.getByLabel('Upload the instrumental (MP3)', { exact: true }).setInputFiles({
      name: 'porch-light-instrumental.mp3',
      mimeType: 'audio/mpeg',
      buffer: synthesizeMp3({ seconds: SONG_SECONDS, seed: 12 }),
    });
    await adminPage.getByText(MESSAGES.songVersions.uploaded(INSTRUMENTAL)).waitFor();
    await adminPage.getByRole('button', { name: 'Remove the instrumental' }).waitFor();
    // A wrong type is refused in its zone before anything is sent.
    await adminPage.getByLabel('Upload the a cappella (MP3)', { exact: true }).setInputFiles({
      name: 'vocals.wav',
      mimeType: 'audio/wav',
      buffer: Buffer.from('RIFF'),
    });
    await adminPage.getByText(MESSAGES.songVersions.audioNotMp3).waitFor();
    await expectNoSeriousA11yViolations(adminPage, 'the admin song page after the upload');
    await instrumentalMeasured(admin.request, song.slug);

    // A buyer plays the song from its page, at 1:05.
    const buyer = await browser.context({ role: 'preview' });
    const page = await buyer.newPage();
    await page.goto(`/songs/${song.slug}`);
    const player = page.getByRole('group', { name: `Audio player: ${title}` });
    await player.waitFor();
    const versions = page.getByRole('group', { name: MESSAGES.songVersions.switchLabel });
    expect(await versions.getByRole('radio', { name: 'Full demo' }).isChecked()).toBe(true);
    await expectNoSeriousA11yViolations(page, 'the song page with its versions');
    await player.getByRole('button', { name: 'Play', exact: true }).click();
    await expectPlayingFrom(page, 0);
    // Page Up twice and the right arrow once, on the waveform: 0:00 + 30 + 30 + 5.
    const seek = player.getByRole('slider', { name: 'Seek' });
    await seek.focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('PageUp');
    await page.keyboard.press('PageUp');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => audioTime(page)).toBeGreaterThanOrEqual(65);
    const demoSrc = await audioSrc(page);

    // To the instrumental by the keyboard, as a radio group moves: it goes on from where the demo was, playing.
    await versions.getByRole('radio', { name: 'Full demo' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await versions.getByRole('radio', { name: INSTRUMENTAL }).isChecked()).toBe(true);
    await expect.poll(() => audioSrc(page)).not.toBe(demoSrc);
    const at = await audioTime(page);
    expect(at).toBeGreaterThanOrEqual(65);
    expect(at).toBeLessThan(72);
    await expectPlayingFrom(page, at);
    expect(await seek.getAttribute('aria-valuenow').then(Number)).toBeGreaterThanOrEqual(65);
    await expectNoSeriousA11yViolations(page, 'the song page playing the instrumental');

    // On the list, the bar plays on in the instrumental and switches back to the full demo at the same point.
    await page.getByRole('link', { name: 'Back to Songs' }).click();
    const bar = page.getByRole('region', { name: MESSAGES.player.barLabel });
    const barSwitch = bar.getByRole('combobox', { name: MESSAGES.songVersions.switchLabel });
    await barSwitch.waitFor();
    expect(await barSwitch.inputValue()).toBe('instrumental');
    const before = await audioTime(page);
    await barSwitch.selectOption({ label: 'Full demo' });
    await expect.poll(() => audioSrc(page)).toBe(demoSrc);
    const back = await audioTime(page);
    expect(back).toBeGreaterThanOrEqual(before);
    expect(back).toBeLessThan(before + 5);
    await expectPlayingFrom(page, back);
    await expectNoSeriousA11yViolations(page, 'the list with the bar and its versions');

    // On a phone the bar with its versions fits.
    await page.setViewportSize({ width: 375, height: 740 });
    await barSwitch.waitFor();
    await expectPageFitsScreen(page);
  });
});
