import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { useBrowser } from './support/browser';
import { expectNoSeriousA11yViolations, toast } from './support/expect';
import { verificationLink } from './support/outbox';
import { scoreTheRubric } from './support/rubric';
import { uniqueSuffix } from './support/unique';

/**
 * The review studio: the reviewer plays a submission on the waveform player and adds two time-coded notes at
 * the playhead, then sends the review; the songwriter sees both notes as markers on the waveform, chooses one,
 * and the player seeks there. A new songwriter (not the demo one, whom the onboarding journey needs without an
 * order), made through the API as the review loop does.
 */

const baseUrl = inject('baseUrl');
const origin = { Origin: baseUrl };
const browser = useBrowser();
/** Three people's pages on a small, shared machine. */
const JOURNEY_MS = 180_000;

async function ok(response: { ok(): boolean; status(): number; text(): Promise<string> }, what: string) {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
}

/** A songwriter with a paid order of one song, signed in on `page`; the submitted song's review id. */
async function submittedSong(page: Page, admin: Page, title: string): Promise<string> {
  const run = uniqueSuffix();
  const email = `studio.${run}@example.test`;
  const password = 'porch-swing-harmony-77';
  await ok(
    await page.request.post('/api/songwriters/sign-up', {
      headers: origin,
      data: { username: `studio_${run}`, email, password, confirmPassword: password },
    }),
    'sign-up',
  );
  await page.goto(await verificationLink(admin, email));
  await page.waitForURL((url) => url.pathname === '/songwriter-profile');
  await ok(
    await page.request.put('/api/songwriters/me/profile', {
      headers: origin,
      data: {
        firstName: 'Jo',
        lastName: `Studio${run}`,
        email,
        phone: '615-555-0142',
        streetAddress: '12 Music Row',
        city: 'Nashville',
        stateProvince: 'TN',
        zip: '37203',
        country: 'United States',
      },
    }),
    'profile',
  );
  await ok(
    await page.request.put('/api/songwriters/me/questionnaire', {
      headers: origin,
      data: {
        yearsWriting: '4',
        songsWritten: 'about 40',
        mostRecentSong: 'Kitchen Light',
        preferredGenre: 'Country',
        hasPublished: false,
        proAffiliation: 'BMI',
        howFoundUs: 'A co-writer',
      },
    }),
    'questionnaire',
  );
  const checkout = await page.request.post('/api/songwriters/me/checkout', { headers: origin, data: { packageSize: 1 } });
  await ok(checkout, 'checkout');
  const { orderId, url } = (await checkout.json()) as { orderId: string; url: string };
  await ok(await page.request.post(`/api/test-checkout/${url.split('/test-checkout/')[1]}/pay`, { headers: origin, data: {} }), 'pay');
  const submitted = await page.request.post('/api/submissions', {
    headers: origin,
    multipart: {
      data: JSON.stringify({
        orderId,
        title,
        storyArc: 'A chorus that waits one bar too long before it lifts.',
        aiUsage: 'No AI was used for lyrics or music.',
        agreed: true,
      }),
      audio: { name: 'song.mp3', mimeType: 'audio/mpeg', buffer: synthesizeMp3({ seconds: 30, seed: 21 }) },
    },
  });
  await ok(submitted, 'submission');
  return ((await submitted.json()) as { id: string }).id;
}

const playhead = (page: Page) => page.locator('audio').evaluate((audio: HTMLAudioElement) => audio.currentTime);

test(
  'the reviewer notes two moments while listening and sends; the songwriter chooses a marker and the player goes there',
  async () => {
    const title = `Chorus Lift ${uniqueSuffix()}`;
    const writer = await (await browser.context()).newPage();
    const admin = await browser.open('admin', '/admin');
    const reviewId = await submittedSong(writer, admin, title);

    // --- The reviewer: the waveform player, no notes yet.
    await admin.goto(`/admin/songwriter-reviews/${reviewId}`);
    await admin.getByRole('heading', { level: 1, name: title }).waitFor();
    const player = admin.getByRole('group', { name: `Audio player: ${title}` });
    await player.getByRole('slider', { name: 'Seek' }).waitFor();
    await admin.getByText('No notes yet.', { exact: false }).waitFor();
    await expectNoSeriousA11yViolations(admin, 'the reviewer’s studio');

    // Plays, and adds a note at the playhead with the button, twice, a little later the second time.
    await player.getByRole('button', { name: 'Play' }).click();
    const texts = ['the intro could be shorter', 'the chorus lift comes too late'];
    let after = 0.5;
    for (const text of texts) {
      // An ended song stays at its end, which is later too.
      await admin.waitForFunction((t) => (document.querySelector('audio')?.currentTime ?? 0) > t, after);
      const at = await playhead(admin);
      await admin.getByRole('button', { name: 'Add note at playhead' }).click();
      const field = admin.getByLabel(/^Note at \d:\d\d$/);
      await field.fill(text);
      await admin.getByRole('button', { name: 'Save note' }).click();
      await toast(admin, MESSAGES.reviewNotes.noteSaved).waitFor();
      await admin.getByRole('button', { name: new RegExp(`^Note at \\d:\\d\\d: ${text}$`) }).waitFor();
      after = at + 1;
    }
    // N, with focus outside a text field, opens the same form at the playhead.
    await admin.locator('body').press('n');
    await admin.getByLabel(/^Note at \d:\d\d$/).waitFor();
    await admin.getByRole('button', { name: 'Cancel' }).click();
    // On a slow machine the song may have ended already.
    await admin.locator('audio').evaluate((audio: HTMLAudioElement) => audio.pause());
    await expectNoSeriousA11yViolations(admin, 'the studio with two notes');

    const studio = await admin.request.get(`/api/admin/reviews/${reviewId}/studio`);
    const notes = ((await studio.json()) as { notes: { atSeconds: number; text: string }[] }).notes;
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
