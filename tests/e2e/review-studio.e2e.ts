import type { Locator, Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { RUBRIC_CATEGORIES } from '../../src/common/constants';
import * as MESSAGES from '../../src/common/messages';
import { useBrowser } from './support/browser';
import { expectNoSeriousA11yViolations, expectPageFitsScreen, toast } from './support/expect';
import { addNotesWhilePlaying, ok, playhead, submittedSong } from './support/review-journey';
import { scoreTheRubric } from './support/rubric';
import { uniqueSuffix } from './support/unique';

/**
 * The review studio: the reviewer plays a submission on the waveform player and adds two time-coded notes at
 * the playhead, then sends the review; the songwriter sees both notes as markers on the waveform, chooses one,
 * and the player seeks there. The songwriter and the steps are support/review-journey.ts's, which the rewrite
 * journey shares.
 */

const browser = useBrowser();
/** Three people's pages on a small, shared machine. */
const JOURNEY_MS = 180_000;

test(
  'the reviewer notes two moments while listening and sends; the songwriter chooses a marker and the player goes there',
  async () => {
    const title = `Chorus Lift ${uniqueSuffix()}`;
    const writer = await (await browser.context()).newPage();
    const admin = await browser.open('admin', '/admin');
    const reviewId = await submittedSong(writer, admin, { title });

    // --- The reviewer: the waveform player, no notes yet.
    await admin.goto(`/admin/songwriter-reviews/${reviewId}`);
    await admin.getByRole('heading', { level: 1, name: title }).waitFor();
    const player = admin.getByRole('group', { name: `Audio player: ${title}` });
    await player.getByRole('slider', { name: 'Seek' }).waitFor();
    await admin.getByText('No notes yet.', { exact: false }).waitFor();
    await expectNoSeriousA11yViolations(admin, 'the reviewer’s studio');

    // Plays, and adds a note at the playhead with the button, twice, a little later the second time.
    const texts = ['the intro could be shorter', 'the chorus lift comes too late'];
    const notes = await addNotesWhilePlaying(admin, reviewId, admin.locator('main'), title, texts);
    // N, with focus outside a text field, opens the same form at the playhead.
    await admin.locator('body').press('n');
    await admin.getByLabel(/^Note at \d:\d\d$/).waitFor();
    await admin.getByRole('button', { name: 'Cancel' }).click();
    await expectNoSeriousA11yViolations(admin, 'the studio with two notes');
    expect(notes.map((n) => n.text)).toEqual(texts);
    expect(notes[1]!.atSeconds).toBeGreaterThan(notes[0]!.atSeconds);

    // Sends the review; the notes can no longer be changed.
    const editor = admin.getByRole('region', { name: 'Your review' });
    await editor.getByLabel('Review', { exact: true }).fill('A strong song. Listen to the two notes on the waveform.');
    await scoreTheRubric(editor, {}, 'rewrite_suggested');
    await editor.getByRole('button', { name: 'Send review' }).click();
    await admin.getByRole('alertdialog', { name: 'Send this review?' }).getByRole('button', { name: 'Send review' }).click();
    await toast(admin, MESSAGES.reviews.reviewSent).waitFor();
    await expect.poll(() => admin.getByRole('button', { name: 'Add note at playhead' }).count()).toBe(0);

    // --- The songwriter: both markers; choosing the second seeks the player to its moment.
    await writer.goto(`/songwriter/review/${reviewId}`);
    await writer.getByRole('heading', { level: 1, name: title }).waitFor();
    const markers = writer.getByRole('list', { name: 'Markers' }).getByRole('button');
    await expect.poll(() => markers.count()).toBe(2);
    const chorus = writer.getByRole('button', { name: /^Note at \d:\d\d: the chorus lift comes too late$/ });
    await chorus.click();
    const seek = writer.getByRole('slider', { name: 'Seek' });
    await expect
      .poll(async () => Math.abs(Number(await seek.getAttribute('aria-valuenow')) - notes[1]!.atSeconds))
      .toBeLessThanOrEqual(0.05);
    expect(Math.abs((await playhead(writer)) - notes[1]!.atSeconds)).toBeLessThan(0.05);
    await writer.getByText(texts[0]!).waitFor();
    await expectNoSeriousA11yViolations(writer, 'the songwriter’s studio');
  },
  JOURNEY_MS,
);

/** Whether the whole of an element is on screen. */
async function onScreen(page: Page, element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  const { width, height } = page.viewportSize()!;
  return box !== null && box.x >= 0 && box.y >= 0 && box.x + box.width <= width + 0.5 && box.y + box.height <= height + 0.5;
}

const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test(
  'the player and Add note stay in reach while the reviewer scores the rubric, on a laptop and a phone; notes a moment apart are two markers',
  async () => {
    const title = `Rubric Walk ${uniqueSuffix()}`;
    const writer = await (await browser.context()).newPage();
    const admin = await browser.open('admin', '/admin');
    const lyricsText = 'Down the gravel road I go\nDust on my boots and the engine slow';
    const reviewId = await submittedSong(writer, admin, { title, lyricsText });
    // Two notes 0.6 s apart: closer on any screen than a marker is wide.
    const notes = [
      { atSeconds: 5, text: 'the pickup note is flat' },
      { atSeconds: 5.6, text: 'and the next one sharp' },
    ];
    for (const note of notes)
      await ok(
        await admin.request.post(`/api/admin/reviews/${reviewId}/notes`, { headers: { Origin: inject('baseUrl') }, data: note }),
        'note',
      );

    for (const width of [1280, 390]) {
      const page = await (await browser.context({ role: 'admin', width })).newPage();
      await page.goto(`/admin/songwriter-reviews/${reviewId}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      const player = page.getByRole('group', { name: `Audio player: ${title}` });
      const seek = player.getByRole('slider', { name: 'Seek' });
      // The lyric craft beside the lyric: the rhyme pattern and each line's syllables, in words and letters.
      const craft = page.getByRole('table', { name: 'Section 1: rhyme pattern A A' });
      const cells = (row: number) => craft.getByRole('row').nth(row).getByRole('cell').allInnerTexts();
      await expect.poll(() => cells(1)).toEqual(['1', 'Down the gravel road I go', 'A', '7']);
      expect(await cells(2)).toEqual(['2', 'Dust on my boots and the engine slow', 'A', '9']);

      // Each note its own marker, apart from the other, with its own name; each seeks to its moment.
      const markers = page.getByRole('list', { name: 'Markers' }).getByRole('button');
      await expect.poll(() => markers.count()).toBe(notes.length);
      const boxes = [];
      for (const note of notes.slice(0, 2)) {
        const marker = page.getByRole('button', { name: `Note at 0:05: ${note.text}`, exact: true });
        boxes.push((await marker.boundingBox())!);
        await marker.click();
        await expect.poll(async () => Number(await seek.getAttribute('aria-valuenow'))).toBe(note.atSeconds);
      }
      expect(overlap(boxes[0]!, boxes[1]!), `the two markers overlap at ${width}px`).toBe(false);
      await expectNoSeriousA11yViolations(page, `the studio with close markers at ${width}px`);

      // Down at the rubric, the player and Add note are still on screen.
      const editor = page.getByRole('region', { name: 'Your review' });
      const category = editor.getByRole('group', { name: MESSAGES.rubric.categories[RUBRIC_CATEGORIES[2]], exact: true });
      await category.scrollIntoViewIfNeeded();
      await expect.poll(() => onScreen(page, player), { message: `the player at the rubric at ${width}px` }).toBe(true);
      const addNote = page.getByRole('button', { name: 'Add note at playhead' });
      expect(await onScreen(page, addNote)).toBe(true);
      // Over the studio's column only: the admin's sidebar beside it stays in sight.
      const mainLeft = await page.locator('main').evaluate((el) => el.getBoundingClientRect().left);
      expect((await player.boundingBox())!.x, `the docked player leaves the sidebar alone at ${width}px`).toBeGreaterThanOrEqual(mainLeft);
      await expectPageFitsScreen(page);

      // From the keyboard: Enter on Play plays; N opens the note at the playhead, on screen, with its text focused.
      await player.getByRole('button', { name: 'Play', exact: true }).focus();
      await page.keyboard.press('Enter');
      await player.getByRole('button', { name: 'Pause' }).waitFor();
      await expect.poll(() => playhead(page)).toBeGreaterThan(0);
      await page.keyboard.press('Enter');
      await page.keyboard.press('n');
      const field = page.getByLabel(/^Note at \d:\d\d$/);
      await field.waitFor();
      expect(await onScreen(page, field)).toBe(true);
      expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
      const text = `heard while scoring at ${width}px`;
      await page.keyboard.type(text);
      await page.getByRole('button', { name: 'Save note' }).click();
      await toast(page, MESSAGES.reviewNotes.noteSaved).waitFor();
      notes.push({ atSeconds: 0, text });
      await addNote.waitFor();
      expect(await onScreen(page, addNote)).toBe(true);
      await expectNoSeriousA11yViolations(page, `the docked player at ${width}px`);

      // It covers nothing: the page's content ends above it.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(() => onScreen(page, player)).toBe(true);
      const mainBottom = await page.locator('main').evaluate((el) => el.getBoundingClientRect().bottom);
      const playerTop = (await player.boundingBox())!.y;
      expect(mainBottom, `the page's end is under the player at ${width}px`).toBeLessThanOrEqual(playerTop);
      await page.context().close();
    }
  },
  JOURNEY_MS,
);
