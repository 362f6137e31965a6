import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import type { AdminSong } from '../../src/common/responses';
import { useBrowser } from './support/browser';
import { knownTempoAndKeyMp3 } from './support/known-tempo-and-key';
import { expectNoSeriousA11yViolations, expectPageFitsScreen, toast } from './support/expect';
import { uniqueSuffix } from './support/unique';

/**
 * Tempo and key at upload: the admin chooses an MP3 in the new-song form, sees the BPM filled in and the key
 * named, both marked "Detected"; confirms them and saves. On a phone, a BPM the admin typed first stays.
 */

const browser = useBrowser();
const a = MESSAGES.audioAnalysis;
let mp3: ReturnType<typeof knownTempoAndKeyMp3>;

beforeAll(() => {
  mp3 = knownTempoAndKeyMp3('night-drive.mp3');
});

async function fillSong(page: Page, title: string) {
  await page.getByRole('heading', { level: 1, name: 'Add New Song' }).waitFor();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill('A night drive with the windows down.');
  await page.getByRole('textbox', { name: 'Lyrics', exact: true }).fill('Headlights on the ridge\nradio low');
}

/** The BPM field's part of the form: its input, its hint and its Confirm button. */
const bpm = (page: Page) => page.getByRole('spinbutton', { name: 'BPM' });

describe('tempo and key detected at upload', () => {
  test('the admin uploads an MP3, sees the detected BPM and key, confirms them and saves', async () => {
    const title = `Night Drive ${uniqueSuffix()}`;
    const page = await browser.open('admin', '/admin/songs/new');
    await fillSong(page, title);

    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/admin/song-audio') && r.request().method() === 'POST');
    await page.getByLabel('Audio file (MP3)').setInputFiles(mp3);
    expect((await uploaded).status()).toBe(201);
    await page.getByText(a.uploaded(mp3.name)).waitFor();

    // The BPM is filled in and marked; the key is named and marked.
    await expect.poll(() => bpm(page).inputValue()).toBe('128');
    const bpmHint = page.getByText(a.detectedHint);
    await bpmHint.waitFor();
    expect(await bpmHint.getByText(a.detectedBadge, { exact: true }).isVisible()).toBe(true);
    const keyLine = page.getByText(a.detectedKey('A minor'));
    await keyLine.waitFor();
    expect(await page.getByText(a.detectedBadge, { exact: true }).count()).toBe(2);
    await expectNoSeriousA11yViolations(page, 'new song form with detected values');

    // Confirming keeps the value and takes the mark away; the focus stays on what was confirmed.
    await page.getByRole('button', { name: a.confirmLabel('BPM') }).click();
    await bpmHint.waitFor({ state: 'detached' });
    expect(await bpm(page).inputValue()).toBe('128');
    expect(await bpm(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByRole('button', { name: a.confirmLabel('key') }).press('Enter');
    await page.getByRole('button', { name: a.confirmLabel('key') }).waitFor({ state: 'detached' });
    expect(await page.getByText(a.detectedBadge, { exact: true }).count()).toBe(0);
    await keyLine.waitFor();
    await page.getByText(a.confirmed('Key')).waitFor();

    const created = page.waitForResponse((r) => r.url().endsWith('/api/admin/songs') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Create Song' }).click();
    const res = await created;
    expect(res.status()).toBe(201);
    const { id } = (await res.json()) as { id: string };
    // Saved with the upload as its audio: no second upload of the file.
    expect(res.request().postData()).not.toContain('name="audio"');
    await page.waitForURL('**/admin/songs');
    await toast(page, MESSAGES.songs.created).waitFor();

    const api = await browser.adminApi();
    const song = (await (await api.get(`/api/admin/songs/${id}`)).json()) as AdminSong;
    expect(song).toMatchObject({ title, bpm: 128, detected: { bpm: 128, key: 'A minor' } });
    expect(song.audioUrl).toBeTruthy();

    // The edit form names the key of the song's audio, plainly: nothing there was filled in by detection.
    await page.goto(`/admin/songs/edit/${id}`);
    await page.getByText(a.detectedKey('A minor')).waitFor();
    expect(await bpm(page).inputValue()).toBe('128');
    expect(await page.getByText(a.detectedBadge, { exact: true }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'edit form');
  });

  test('on a phone, a BPM typed before the upload is kept, and the detected one is only mentioned', async () => {
    const page = await browser.open('admin', '/admin/songs/new', 375);
    await fillSong(page, `Night Drive Phone ${uniqueSuffix()}`);
    await bpm(page).fill('64');
    await page.getByLabel('Audio file (MP3)').setInputFiles(mp3);
    await page.getByText(a.detectedBpmKept(128)).waitFor();
    expect(await bpm(page).inputValue()).toBe('64');
    await page.getByText(a.detectedKey('A minor')).waitFor();
    await expectPageFitsScreen(page);
    await expectNoSeriousA11yViolations(page, 'new song form on a phone');
  });
});
