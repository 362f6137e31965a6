import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed/seed';
import { formatFileSize } from '../../src/web/lib/file-size';
import { useBrowser } from './support/browser';
import { expectNoSeriousA11yViolations, expectPageFitsScreen, toast } from './support/expect';
import { addNotesWhilePlaying, playhead, sendTheReview, submittedSong } from './support/review-journey';
import { uniqueSuffix } from './support/unique';

/**
 * One rewrite round: the reviewer notes two moments while listening, scores the song and sends "Close: rewrite
 * suggested"; the songwriter finds the notes on the waveform and sends a rewrite, a new recording dropped on its
 * zone and new lyrics; the same reviewer hears both versions side by side, reads the lyric diff beside the first
 * scores, scores the rewrite higher and sends; the songwriter reads each score's change and rates the review.
 */

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

type FileToDrop = { name: string; mimeType: string; buffer: Buffer };

/** Drops a file on the zone around a file input, as a file dragged from the desktop. */
async function dropFile(page: Page, zone: Locator, file: FileToDrop) {
  const dataTransfer = await page.evaluateHandle(
    ({ name, type, base64 }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name, { type }));
      return transfer;
    },
    { name: file.name, type: file.mimeType, base64: file.buffer.toString('base64') },
  );
  for (const event of ['dragenter', 'dragover', 'drop']) await zone.dispatchEvent(event, { dataTransfer });
}

const browser = useBrowser();
const rw = MESSAGES.rewrites;
const LYRICS = ['Porch light burning', 'Nobody home', 'The chorus waits too long', 'Before it lifts'].join('\n');
const NEW_LYRICS = ['Porch light burning', 'Somebody home', 'The chorus lifts right here'].join('\n');

test('a close song goes round once more: notes, a rewrite with new lyrics, both versions side by side, and the score changes', async () => {
  const title = `Porch Light ${uniqueSuffix()}`;
  const writer = await (await browser.context()).newPage();
  const admin = await browser.open('admin', '/admin');
  const firstId = await submittedSong(writer, admin, { title, lyricsText: LYRICS });

  // --- The reviewer: two notes while listening, every score 3, "Close: rewrite suggested".
  await admin.goto(`/admin/songwriter-reviews/${firstId}`);
  await admin.getByRole('heading', { level: 1, name: title }).waitFor();
  const submission = admin.getByRole('region', { name: 'Submission' });
  await submission.getByRole('slider', { name: 'Seek' }).waitFor();
  await expectNoSeriousA11yViolations(admin, 'the first review’s studio');
  const texts = ['the intro could be shorter', 'the chorus lift comes too late'];
  const notes = await addNotesWhilePlaying(admin, firstId, submission, title, texts);
  expect(notes.map((n) => n.text)).toEqual(texts);
  await sendTheReview(admin, admin.getByRole('region', { name: 'Your review' }), {
    text: 'Close. The chorus arrives late: rewrite the second verse so it lifts sooner.',
    scores: {},
    verdict: 'rewrite_suggested',
    fallback: 3,
  });
  await expectNoSeriousA11yViolations(admin, 'the sent first review');

  // --- The songwriter: both markers; choosing one seeks the player there.
  await writer.goto(`/songwriter/review/${firstId}`);
  await writer.getByRole('heading', { level: 1, name: title }).waitFor();
  const markers = writer.getByRole('list', { name: 'Markers' }).getByRole('button');
  await expect.poll(() => markers.count()).toBe(2);
  await writer.getByRole('button', { name: /^Note at \d:\d\d: the chorus lift comes too late$/ }).click();
  const seek = writer.getByRole('slider', { name: 'Seek' });
  await expect.poll(async () => Math.abs(Number(await seek.getAttribute('aria-valuenow')) - notes[1]!.atSeconds)).toBeLessThanOrEqual(0.05);
  expect(Math.abs((await playhead(writer)) - notes[1]!.atSeconds)).toBeLessThan(0.05);
  await writer.locator('audio').evaluate((audio: HTMLAudioElement) => audio.pause());

  // ... and sends a rewrite with new lyrics; sending nothing new is refused in the form.
  const offer = writer.getByRole('region', { name: rw.offerTitle });
  await offer.getByText(/Free until \w{3} \d{1,2}, \d{4}\./).waitFor();
  await expectNoSeriousA11yViolations(writer, 'the review with its rewrite offer');

  await offer.getByLabel('What you changed').fill('Moved the chorus up and rewrote the second line.');
  await offer.getByRole('button', { name: 'Send rewrite' }).click();
  await offer.getByRole('alert').getByText(rw.nothingChanged).waitFor();
  // The new recording is a drop zone, as on the submit page: a file of the wrong kind is refused at once; the
  // MP3 dropped there is named with its size, Remove empties the zone, and dropped again it goes with the rewrite.
  const recording = offer.getByLabel('New recording (optional)', { exact: true });
  const recordingZone = recording.locator('..');
  const take2: FileToDrop = { name: 'porch-light-take-2.mp3', mimeType: 'audio/mpeg', buffer: synthesizeMp3({ seconds: 4, seed: 7 }) };
  await dropFile(writer, recordingZone, { name: 'porch-light.ogg', mimeType: 'audio/ogg', buffer: Buffer.from('OggS not really') });
  await offer.getByText(MESSAGES.reviews.audioNotAllowed).waitFor();
  expect(await recording.getAttribute('aria-invalid')).toBe('true');
  await dropFile(writer, recordingZone, take2);
  await recordingZone.getByText(take2.name, { exact: true }).waitFor();
  await recordingZone.getByText(formatFileSize(take2.buffer.length), { exact: true }).waitFor();
  expect(await offer.getByText(MESSAGES.reviews.audioNotAllowed).count()).toBe(0);
  await expectNoSeriousA11yViolations(writer, 'the rewrite offer with a new recording chosen');
  await recordingZone.getByRole('button', { name: 'Remove new recording' }).click();
  expect(await recordingZone.getByText(take2.name, { exact: true }).count()).toBe(0);
  expect(await isFocused(recording)).toBe(true);
  await dropFile(writer, recordingZone, take2);
  await recordingZone.getByRole('button', { name: 'Replace new recording' }).waitFor();

  await offer.getByLabel('Lyrics', { exact: true }).fill(NEW_LYRICS);
  await offer.getByRole('button', { name: 'Send rewrite' }).click();
  const confirm = writer.getByRole('alertdialog', { name: 'Send this rewrite?' });
  await expectNoSeriousA11yViolations(writer, 'the rewrite’s confirmation');
  await confirm.getByRole('button', { name: 'Send rewrite' }).click();
  await toast(writer, rw.sent).waitFor();
  await writer.waitForURL((url) => url.pathname.startsWith('/songwriter/review/') && !url.pathname.endsWith(firstId));
  const rewriteId = new URL(writer.url()).pathname.split('/').pop()!;
  // The rewrite's recording is the file dropped on the zone, byte for byte.
  const sent = (await (await writer.request.get(`/api/reviews/${rewriteId}`)).json()) as { audioUrl: string | null };
  expect(sent.audioUrl).toBeTruthy();
  expect((await (await writer.request.get(sent.audioUrl!)).body()).equals(take2.buffer)).toBe(true);
  await writer.getByRole('region', { name: rw.sentTitle }).getByText('Moved the chorus up and rewrote the second line.').waitFor();
  await writer.getByText(rw.roundText).waitFor();
  await writer.getByText(MESSAGES.reviews.reviewInProgress).waitFor();
  await expectNoSeriousA11yViolations(writer, 'the rewrite waiting for its review');

  // --- The reviewer's list: the rewrite, as such, for them.
  await admin.goto(`/admin/songwriter-reviews?q=${encodeURIComponent(title)}`);
  const row = admin.getByRole('row').filter({ hasText: title });
  await row.getByText(rw.badge, { exact: true }).waitFor();
  await row.getByText(rw.roundText).waitFor();
  await row.getByText(`For ${DEMO_ACCOUNTS.admin.email}`).waitFor();
  await expectNoSeriousA11yViolations(admin, 'the review list with a rewrite');

  // Both versions side by side, the first one's notes, the lyric diff and the first scores beside the new ones.
  await row.getByRole('link', { name: title }).click();
  await admin.waitForURL((url) => url.pathname.endsWith(rewriteId));
  const versions = admin.getByRole('region', { name: 'Two versions' });
  await versions.getByRole('group', { name: `Audio player: ${title} (first version)` }).waitFor();
  await versions.getByRole('group', { name: `Audio player: ${title} (rewrite)` }).waitFor();
  const firstVersion = versions.getByRole('region', { name: rw.firstVersion });
  await firstVersion.getByText(texts[0]!).waitFor();
  await expect.poll(() => firstVersion.getByRole('list', { name: 'Markers' }).getByRole('button').count()).toBe(2);
  const diff = admin.getByRole('region', { name: rw.lyricsDiffTitle }).getByRole('list', { name: 'Lyrics, first version to rewrite' });
  await diff.getByRole('listitem').filter({ hasText: 'Removed: Nobody home' }).waitFor();
  await diff.getByRole('listitem').filter({ hasText: 'Added: Somebody home' }).waitFor();
  await diff
    .getByRole('listitem')
    .filter({ hasText: /^\s*Porch light burning$/ })
    .waitFor();
  const editor = admin.getByRole('region', { name: 'Your review of the rewrite' });
  await editor.getByText(rw.firstScore(3)).first().waitFor();
  expect(await editor.getByText(rw.firstScore(3)).count()).toBe(6);
  await expectNoSeriousA11yViolations(admin, 'the rewrite beside its first version');

  await sendTheReview(admin, editor, {
    text: 'The chorus now lifts where it should. Ready to pitch.',
    scores: { hook: 5, lyric: 5 },
    verdict: 'pitch_ready',
    fallback: 4,
  });

  // On a phone the versions stack and the page still fits.
  const phone = await browser.open('admin', `/admin/songwriter-reviews/${rewriteId}`, 375);
  await phone
    .getByRole('region', { name: 'Two versions' })
    .getByRole('group', { name: `Audio player: ${title} (rewrite)` })
    .waitFor();
  await expectPageFitsScreen(phone);
  await expectNoSeriousA11yViolations(phone, 'the rewrite on a phone');

  // --- The songwriter: each score's change since the first version, and the rating.
  await writer.goto(`/songwriter/review/${rewriteId}`);
  const review = writer.getByRole('region', { name: 'Your review' });
  await review.getByText('The chorus now lifts where it should. Ready to pitch.').waitFor();
  const changes = review.getByRole('list', { name: rw.scoreChangesTitle });
  await expect
    .poll(async () => (await changes.getByRole('listitem').allTextContents()).map((text) => text.trim()))
    .toEqual([
      'Hook 3 → 5 (+2)',
      'Melody 3 → 4 (+1)',
      'Lyric 3 → 5 (+2)',
      'Structure 3 → 4 (+1)',
      'Commercial fit 3 → 4 (+1)',
      'Demo quality 3 → 4 (+1)',
    ]);
  await review.getByRole('figure', { name: 'Scores' }).getByText(MESSAGES.rubric.verdicts.pitch_ready).waitFor();
  await expectNoSeriousA11yViolations(writer, 'the rewrite’s review with its score changes');

  const rating = writer.getByRole('region', { name: 'Rate this review' });
  await rating.getByRole('group', { name: MESSAGES.rubric.ratingQuestion }).getByRole('radio', { name: '5', exact: true }).check();
  await rating.getByLabel('Comment (optional)').fill('The second round made the song.');
  await rating.getByRole('button', { name: 'Rate this review' }).click();
  await toast(writer, MESSAGES.rubric.ratingSaved).waitFor();
  await rating.getByText('You rated this review 5 of 5').waitFor();

  // The first review now points at its rewrite and offers no other.
  await writer.goto(`/songwriter/review/${firstId}`);
  await writer.getByRole('region', { name: rw.sentTitle }).getByRole('link', { name: 'Open your rewrite' }).waitFor();
  expect(await writer.getByRole('region', { name: rw.offerTitle }).count()).toBe(0);
  await expectNoSeriousA11yViolations(writer, 'the first review pointing at its rewrite');

  // A phone shows the songwriter's side whole too.
  const session = (await writer.context().cookies()).map(({ name, value }) => ({ name, value }));
  const writerPhone = await (await browser.context({ session, width: 375 })).newPage();
  await writerPhone.goto(`/songwriter/review/${rewriteId}`);
  await writerPhone.getByRole('list', { name: rw.scoreChangesTitle }).waitFor();
  await expectPageFitsScreen(writerPhone);
  await expectNoSeriousA11yViolations(writerPhone, 'the rewrite’s review on a phone');
}, 180_000);
