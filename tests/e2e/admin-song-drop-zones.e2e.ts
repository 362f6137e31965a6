import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import type { AdminSong } from '../../src/common/responses';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { makeCoverPng } from '../../src/server/db/seed/song-factories';
import { formatFileSize } from '../../src/web/lib/file-size';
import { useBrowser } from './support/browser';
import { expectNoSeriousA11yViolations, expectPageFitsScreen, toast } from './support/expect';
import { uniqueSuffix } from './support/unique';

/**
 * The admin song form's files in drop zones: a file chosen through a zone's input or dropped on it shows its
 * name and size with Replace and Remove; a wrong type is refused before anything is sent; the audio's upload
 * shows its progress, and the saved song has its audio and cover.
 */

const browser = useBrowser();
let mp3: { name: string; mimeType: string; buffer: Buffer };
let cover: Buffer;

beforeAll(async () => {
  // Made here, at test time, as the other journeys make theirs.
  mp3 = { name: 'creek-bed.mp3', mimeType: 'audio/mpeg', buffer: synthesizeMp3({ seconds: 6, seed: 5 }) };
  cover = await makeCoverPng(['#345', '#cba'], 400);
});

/** Every value any progress bar on the page showed, from the page's first script on. */
async function recordProgress(page: Page) {
  await page.addInitScript(() => {
    const seen: Record<string, number[]> = {};
    (window as unknown as { progressSeen: typeof seen }).progressSeen = seen;
    new MutationObserver(() => {
      for (const bar of document.querySelectorAll('[role="progressbar"]')) {
        const label = bar.getAttribute('aria-label') ?? '';
        const value = Number(bar.getAttribute('aria-valuenow'));
        const values = (seen[label] ??= []);
        if (!values.includes(value)) values.push(value);
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
}
const progressSeen = (page: Page) => page.evaluate(() => (window as unknown as { progressSeen: Record<string, number[]> }).progressSeen);

/** The zone around a file input: the input's parent. */
const zoneOf = (page: Page, label: string) => page.getByLabel(label, { exact: true }).locator('..');

async function dropFile(page: Page, label: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const dataTransfer = await page.evaluateHandle(
    ({ name, type, base64 }) => {
      const transfer = new DataTransfer();
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], name, { type }));
      return transfer;
    },
    { name: file.name, type: file.mimeType, base64: file.buffer.toString('base64') },
  );
  const zone = zoneOf(page, label);
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

describe('the song form’s drop zones', () => {
  test('an admin picks the audio and drops a cover, sees their names and sizes and the upload’s progress, and saves', async () => {
    const title = `Creek Bed Hymn ${uniqueSuffix()}`;
    const context = await browser.context({ role: 'admin' });
    const page = await context.newPage();
    await recordProgress(page);
    const audioRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/admin/song-audio')) audioRequests.push(request.method());
    });
    await page.goto('/admin/songs/new');
    await page.getByRole('heading', { level: 1, name: 'Add New Song' }).waitFor();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Water over stones, and a hymn.');
    await expectNoSeriousA11yViolations(page, 'the new-song form with empty zones');

    // A wrong type is refused in the zone with the shared message, and nothing is uploaded.
    const audioInput = page.getByLabel('Audio file (MP3)');
    await audioInput.setInputFiles({ name: 'creek-bed.wav', mimeType: 'audio/wav', buffer: Buffer.from('RIFF....WAVE') });
    await page.getByText(MESSAGES.songs.audioNotMp3).waitFor();
    expect(await audioInput.getAttribute('aria-invalid')).toBe('true');
    expect(audioRequests).toEqual([]);

    // The MP3, chosen through the zone's input: its name and size, its upload's progress, then uploaded. The
    // upload is held to 24 kB/s (two seconds), as on a slow line, so the bar has time to move between 0 and 100.
    const network = await context.newCDPSession(page);
    await network.send('Network.enable');
    await network.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 24 * 1024,
    });
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/admin/song-audio') && r.request().method() === 'POST');
    await audioInput.setInputFiles(mp3);
    const audioZone = audioInput.locator('..');
    await audioZone.getByText(mp3.name, { exact: true }).waitFor();
    await audioZone.getByText(formatFileSize(mp3.buffer.length), { exact: true }).waitFor();
    expect((await uploaded).status()).toBe(201);
    await page.getByText(MESSAGES.audioAnalysis.uploaded(mp3.name)).waitFor();
    expect(await page.getByText(MESSAGES.songs.audioNotMp3).count()).toBe(0);
    await network.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    // A value between the ends: the bar moved while the bytes went (the last step to 100 may be drawn together
    // with "uploaded" when the page is busy, so it is not required).
    const progress = (await progressSeen(page))['Audio upload progress'] ?? [];
    expect(
      progress.some((value) => value > 0 && value < 100),
      `progress seen: ${progress.join(', ')}`,
    ).toBe(true);
    expect(audioRequests).toEqual(['POST']);
    await audioZone.getByRole('button', { name: 'Replace audio file' }).waitFor();
    await audioZone.getByRole('button', { name: 'Remove audio file' }).waitFor();

    // A lyrics file fills the Lyrics field; Remove puts back what was typed; a PDF is refused.
    const lyrics = page.getByRole('textbox', { name: 'Lyrics', exact: true });
    await lyrics.fill('typed first');
    const lyricsInput = page.getByLabel('Lyrics file', { exact: true });
    await lyricsInput.setInputFiles({ name: 'hymn.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await page.getByText(MESSAGES.songs.lyricsFileNotText).waitFor();
    expect(await lyrics.inputValue()).toBe('typed first');
    await lyricsInput.setInputFiles({
      name: 'hymn.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Water over stones\r\nthe creek bed sings\r\n'),
    });
    await expect.poll(() => lyrics.inputValue()).toBe('Water over stones\nthe creek bed sings\n');
    await page.getByText(MESSAGES.songs.lyricsFileRead('hymn.txt')).waitFor();
    const lyricsZone = zoneOf(page, 'Lyrics file');
    await lyricsZone.getByRole('button', { name: 'Remove lyrics file' }).click();
    expect(await lyrics.inputValue()).toBe('typed first');
    await lyricsInput.setInputFiles({
      name: 'hymn.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Water over stones\nthe creek bed sings'),
    });
    await expect.poll(() => lyrics.inputValue()).toBe('Water over stones\nthe creek bed sings');

    // The cover, dropped on its zone: its name, size and preview.
    const png = { name: 'creek-cover.png', mimeType: 'image/png', buffer: cover };
    await dropFile(page, 'Cover image', png);
    const coverZone = zoneOf(page, 'Cover image');
    await coverZone.getByText(png.name, { exact: true }).waitFor();
    await coverZone.getByText(formatFileSize(cover.length), { exact: true }).waitFor();
    await page.getByRole('img', { name: 'Preview of the chosen cover image' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'the new-song form with its files chosen');

    // Saved: the song has the uploaded audio and the cover; the cover's upload showed its progress.
    const created = page.waitForResponse((r) => r.url().endsWith('/api/admin/songs') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Create Song' }).click();
    expect((await created).status()).toBe(201);
    const { id } = (await (await created).json()) as { id: string };
    await toast(page, MESSAGES.songs.created).waitFor();
    expect((await progressSeen(page))['Cover image upload progress']?.length).toBeGreaterThan(0);
    const song = (await (await context.request.get(`/api/admin/songs/${id}`)).json()) as AdminSong;
    expect(song.title).toBe(title);
    expect(song.audioUrl).toBeTruthy();
    expect(song.imageUrl).toBeTruthy();
    expect(song.lyrics).toBe('Water over stones\nthe creek bed sings');
    const audio = await context.request.get(song.audioUrl!);
    expect(audio.status()).toBe(200);
    expect((await audio.body()).length).toBe(mp3.buffer.length);
    await context.close();
  }, 120_000);

  test('on a phone the zones fit, Remove empties the audio zone, and the form asks for audio again', async () => {
    const page = await browser.open('admin', '/admin/songs/new', 375);
    await page.getByRole('heading', { level: 1, name: 'Add New Song' }).waitFor();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(`Phone Song ${uniqueSuffix()}`);
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Made on a phone.');
    await page.getByRole('textbox', { name: 'Lyrics', exact: true }).fill('One line');
    const audioInput = page.getByLabel('Audio file (MP3)');
    await audioInput.setInputFiles(mp3);
    await page.getByText(MESSAGES.audioAnalysis.uploaded(mp3.name)).waitFor();
    await expectPageFitsScreen(page);
    await expectNoSeriousA11yViolations(page, 'the new-song form at 375 px');

    await audioInput.locator('..').getByRole('button', { name: 'Remove audio file' }).click();
    expect(await page.getByText(mp3.name, { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Create Song' }).click();
    await page.getByText(MESSAGES.songs.audioRequired).waitFor();
    // The keyboard reaches the input itself: the form puts focus there.
    expect(await audioInput.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});
