import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { LIMITS } from '../../src/common/constants';
import * as MESSAGES from '../../src/common/messages';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { formatFileSize } from '../../src/web/lib/file-size';
import { fullRubric } from '../api/helpers';
import { useBrowser } from './support/browser';
import { expectNoSeriousA11yViolations, expectPageFitsScreen } from './support/expect';
import { ok, paidSongwriter } from './support/review-journey';
import { uniqueSuffix } from './support/unique';

/**
 * A new songwriter with a package of three songs sends the one song that is ready and the others later: the
 * untouched cards wait without a word of error, the package keeps their places, and a card begun but not
 * finished is the only one that says what it lacks. The song's files go in drop zones, from the keyboard too,
 * with their name and size, and a wrong kind or size is refused at once. On the dashboard a sent review is
 * marked as a new review, and "New Reply" waits for the reviewer to write.
 */

const r = MESSAGES.reviews;
const browser = useBrowser();
const origin = { Origin: inject('baseUrl') };
/** The three cards of the package fill a long page and the songs upload one after another. */
const JOURNEY_MS = 180_000;

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** The reviewer's side through the API: the review of `reviewId` sent, or a message written on it. */
const sendReview = async (admin: Page, reviewId: string) =>
  ok(
    await admin.request.post(`/api/admin/reviews/${reviewId}/send`, {
      headers: origin,
      data: { text: 'The chorus lands; the second verse wanders.', ...fullRubric() },
    }),
    'send review',
  );

async function fillText(card: Locator, title: string) {
  await card.getByLabel('Song title').fill(title);
  await card.getByLabel('Story arc').fill('A bus ride home from the last shift of the summer.');
  await card.getByLabel('AI usage').fill('No AI was used for the words or the music.');
}

describe('a songwriter sends the songs of a package one by one', () => {
  test(
    'one song of three goes now, the files in drop zones; the rest keep their places and follow later',
    async () => {
      const run = uniqueSuffix();
      const admin = await (await browser.context({ role: 'admin' })).newPage();
      const page = await (await browser.context()).newPage();
      const writer = {
        username: `onebyone_${run}`,
        email: `onebyone.${run}@example.test`,
        password: 'porch-swing-harmony-77',
        firstName: 'Dana',
        lastName: `Oneby${run}`,
      };
      const orderId = await paidSongwriter(page, admin, writer, 3);
      const titles = [`Night Bus Home ${run}`, `Paper Lanterns ${run}`];
      // A standing listener turns the browser's file-chooser interception on before any key is pressed; set up
      // inside Promise.all beside the press, it can arrive after the press and the picker goes unseen.
      page.on('filechooser', () => undefined);

      await page.goto(`/submit-song?order_id=${orderId}`);
      const card1 = page.getByRole('region', { name: 'Song 1 of 3' });
      const card2 = page.getByRole('region', { name: 'Song 2 of 3' });
      const card3 = page.getByRole('region', { name: 'Song 3 of 3' });
      await card3.waitFor();

      // --- The audio's drop zone from the keyboard: Tab from the title reaches it, Enter opens the picker.
      const audio1 = card1.getByLabel('Audio file');
      await card1.getByLabel('Song title').focus();
      await page.keyboard.press('Tab');
      expect(await isFocused(audio1)).toBe(true);
      let [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
      await chooser.setFiles({ name: 'night-bus.ogg', mimeType: 'audio/ogg', buffer: Buffer.from('OggS not really') });
      // The wrong kind is refused at once, naming the file it refuses.
      await card1.getByText(r.audioNotAllowed).waitFor();
      await card1.getByText('night-bus.ogg').waitFor();
      await card1.getByRole('button', { name: 'Remove audio file of song 1' }).focus();
      await page.keyboard.press('Enter');
      expect(await card1.getByText(r.audioNotAllowed).count()).toBe(0);
      expect(await isFocused(audio1)).toBe(true);
      const mp3 = synthesizeMp3({ seconds: 2, seed: 31 });
      [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
      await chooser.setFiles({ name: 'night-bus-home.mp3', mimeType: 'audio/mpeg', buffer: mp3 });
      await card1.getByText('night-bus-home.mp3').waitFor();
      await card1.getByText(formatFileSize(mp3.length), { exact: true }).waitFor();
      await card1.getByRole('button', { name: 'Replace audio file of song 1' }).waitFor();

      // --- The lyrics file's zone: too large, then the wrong kind, each refused with the server's words.
      await card1.getByRole('tab', { name: 'Upload a file' }).click();
      const lyrics1 = card1.getByLabel('Lyrics file', { exact: true });
      await lyrics1.setInputFiles({ name: 'huge.txt', mimeType: 'text/plain', buffer: Buffer.alloc(LIMITS.lyricsFileMaxBytes + 1, 'a') });
      await card1.getByText(r.lyricsTooLarge).waitFor();
      await lyrics1.setInputFiles({ name: 'lyrics.png', mimeType: 'image/png', buffer: Buffer.from('not lyrics') });
      await card1.getByText(r.lyricsNotAllowed).waitFor();
      const words = Buffer.from('Night bus home, the city asleep\n');
      await lyrics1.setInputFiles({ name: 'night-bus.txt', mimeType: 'text/plain', buffer: words });
      await card1.getByText('night-bus.txt').waitFor();
      await card1.getByText(formatFileSize(words.length), { exact: true }).waitFor();
      expect(await card1.getByText(r.lyricsNotAllowed).count()).toBe(0);
      await fillText(card1, titles[0]!);

      // --- Only song 1 is filled in: it goes alone, and the empty cards say nothing.
      await page.getByRole('checkbox', { name: /I confirm that I wrote these songs/ }).check();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: 'Submit 1 song' }).click();
      await page.waitForURL((url) => url.pathname === '/submission-confirmation');
      await page.getByRole('heading', { level: 1, name: 'Your song is in' }).waitFor();
      await page.getByRole('status').getByText('2 songs of your package still to send.').waitFor();
      await page.getByRole('region', { name: 'Received' }).getByText(`Song 1 of 3: ${titles[0]}`).waitFor();
      await page.getByText('Audio: night-bus-home.mp3 · Lyrics: night-bus.txt').waitFor();
      await expectNoSeriousA11yViolations(page);

      // --- Later: the two places left, the first song listed as received.
      await page.getByRole('link', { name: 'Submit the next song' }).click();
      await page.waitForURL((url) => url.pathname === '/submit-song' && url.searchParams.get('order_id') === orderId);
      await page.getByText(`Song 1: ${titles[0]}`).waitFor();
      await card3.waitFor();
      expect(await card1.count()).toBe(0);
      expect(await card2.getByLabel('Song title').inputValue()).toBe('');

      // A card begun but not finished is the one that says what it lacks; nothing goes meanwhile.
      await fillText(card2, titles[1]!);
      await card2
        .getByLabel('Audio file')
        .setInputFiles({ name: 'lanterns.mp3', mimeType: 'audio/mpeg', buffer: synthesizeMp3({ seconds: 2, seed: 32 }) });
      await card3.getByLabel('Song title').fill('Half an idea');
      await page.getByRole('checkbox', { name: /I confirm that I wrote these songs/ }).check();
      await page.getByRole('button', { name: 'Submit 2 songs' }).click();
      await card3.getByText(r.storyArcMin).waitFor();
      await card3.getByText(r.audioRequired).waitFor();
      expect(await card2.getByText(r.audioRequired).count()).toBe(0);
      expect(await card2.getByText('Received').count()).toBe(0);
      // Taken back, song 3 waits again and song 2 goes alone.
      await card3.getByLabel('Song title').fill('');
      await page.getByRole('button', { name: 'Submit 1 song' }).click();
      await page.waitForURL((url) => url.pathname === '/submission-confirmation');
      await page.getByRole('status').getByText('1 song of your package still to send.').waitFor();
      await page.getByText(`Song 2 of 3: ${titles[1]}`).waitFor();
      await page.getByText(`song 1, ${titles[0]}`).waitFor();

      // --- The dashboard: 2 of 3 sent, one place left; nothing new from the reviewer yet.
      await page.goto('/songwriter-dashboard');
      const order = page.getByRole('article', { name: 'Package of 3 songs' });
      await order.getByText('1 song left to submit').waitFor();
      await order.getByText('2 of 3', { exact: true }).waitFor();
      const songs = order.getByRole('list', { name: 'Songs of the package of 3 songs' });
      await expect
        .poll(() => songs.getByRole('link').allTextContents())
        .toEqual([`Song 1: ${titles[0]}Pending`, `Song 2: ${titles[1]}Pending`]);

      // --- A review sent, nobody having written: a new review, not a reply.
      const dashboard = (await (await page.request.get('/api/songwriters/me/reviews')).json()) as {
        reviews: { id: string; songTitle: string }[];
      };
      const reviewId = dashboard.reviews.find((review) => review.songTitle === titles[0])!.id;
      await sendReview(admin, reviewId);
      await page.reload();
      const recent = page.getByRole('region', { name: 'Recent Reviews' }).getByRole('link', { name: new RegExp(titles[0]!) });
      await recent.getByText('New review').waitFor();
      expect(await recent.getByText('New Reply').count()).toBe(0);
      await expect
        .poll(() => songs.getByRole('link').first().textContent())
        .toMatch(new RegExp(`^Song 1: ${titles[0]}Reviewed\\s*New review$`));
      expect(await page.getByRole('heading', { level: 1 }).locator('..').getByText('New Reply').count()).toBe(0);
      await expectNoSeriousA11yViolations(page);

      // The reviewer writes: now it is a reply, on the song and beside the page's heading.
      await ok(
        await admin.request.post(`/api/admin/reviews/${reviewId}/messages`, {
          headers: origin,
          data: { message: 'One more thought on the bridge.' },
        }),
        'admin message',
      );
      await page.reload();
      await recent.getByText('New Reply').waitFor();
      await recent.getByText('New review').waitFor();
      await page.getByRole('heading', { level: 1 }).locator('..').getByText('New Reply').waitFor();

      // Opened, neither is new any more.
      await recent.click();
      await page.getByRole('heading', { level: 1, name: titles[0] }).waitFor();
      await page.getByRole('region', { name: 'Conversation' }).getByText('One more thought on the bridge.').waitFor();
      await page.goto('/songwriter-dashboard');
      await expect.poll(() => songs.getByRole('link').first().textContent()).toMatch(new RegExp(`^Song 1: ${titles[0]}Reviewed$`));
      expect(await recent.getByText(/^New /).count()).toBe(0);

      // On a phone the form with its drop zones fits the screen.
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto(`/submit-song?order_id=${orderId}`);
      await card3.getByText('Choose a file').first().waitFor();
      await expectPageFitsScreen(page);
    },
    JOURNEY_MS,
  );
});
