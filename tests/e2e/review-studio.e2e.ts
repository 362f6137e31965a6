import { expect, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { useBrowser } from './support/browser';
import { expectNoSeriousA11yViolations, toast } from './support/expect';
import { addNotesWhilePlaying, playhead, submittedSong } from './support/review-journey';
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
