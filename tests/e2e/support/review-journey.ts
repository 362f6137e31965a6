import type { Locator, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import type { ReviewVerdict } from '../../../src/common/constants';
import * as MESSAGES from '../../../src/common/messages';
import { synthesizeMp3 } from '../../../src/server/db/seed/audio';
import { toast } from './expect';
import { verificationLink } from './outbox';
import { scoreTheRubric } from './rubric';
import { uniqueSuffix } from './unique';

/** The steps the review journeys share: a new songwriter's song, notes added while it plays, a review sent. */

export async function ok(response: { ok(): boolean; status(): number; text(): Promise<string> }, what: string) {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
}

export interface NewSongwriter {
  username: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** What the admin's review page shows of the writer, where a journey checks it. */
  phone?: string;
  /** Kept only for a writer who has published (the questionnaire's rule). */
  proAffiliation?: string;
  howFoundUs?: string;
}

/**
 * A songwriter made through the API (sign-up, the e-mailed link followed on `page`, profile, questionnaire)
 * and signed in on `page`, with a paid order of `packageSize` songs: the order's id.
 */
export async function paidSongwriter(page: Page, admin: Page, writer: NewSongwriter, packageSize = 1): Promise<string> {
  const origin = { Origin: inject('baseUrl') };
  const { username, email, password, firstName, lastName, phone = '615-555-0142', proAffiliation, howFoundUs = 'A co-writer' } = writer;
  await ok(
    await page.request.post('/api/songwriters/sign-up', {
      headers: origin,
      data: { username, email, password, confirmPassword: password },
    }),
    'sign-up',
  );
  await page.goto(await verificationLink(admin, email));
  await page.waitForURL((url) => url.pathname === '/songwriter-profile');
  await ok(
    await page.request.put('/api/songwriters/me/profile', {
      headers: origin,
      data: {
        firstName,
        lastName,
        email,
        phone,
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
        hasPublished: proAffiliation !== undefined,
        proAffiliation,
        howFoundUs,
      },
    }),
    'questionnaire',
  );
  const checkout = await page.request.post('/api/songwriters/me/checkout', { headers: origin, data: { packageSize } });
  await ok(checkout, 'checkout');
  const { orderId, url } = (await checkout.json()) as { orderId: string; url: string };
  await ok(await page.request.post(`/api/test-checkout/${url.split('/test-checkout/')[1]}/pay`, { headers: origin, data: {} }), 'pay');
  return orderId;
}

/**
 * A new songwriter (not the demo one, whom the onboarding journey needs without an order), made through the
 * API and signed in on `page`, with a paid order of one song and that song submitted (with `audio` when given,
 * else `seconds` of synthesised MP3): its review's id.
 */
export async function submittedSong(
  page: Page,
  admin: Page,
  { title, lyricsText, seconds = 30, audio }: { title: string; lyricsText?: string; seconds?: number; audio?: Buffer },
): Promise<string> {
  const run = uniqueSuffix();
  const orderId = await paidSongwriter(page, admin, {
    username: `studio_${run}`,
    email: `studio.${run}@example.test`,
    password: 'porch-swing-harmony-77',
    firstName: 'Jo',
    lastName: `Studio${run}`,
  });
  const submitted = await page.request.post('/api/submissions', {
    headers: { Origin: inject('baseUrl') },
    multipart: {
      data: JSON.stringify({
        orderId,
        title,
        lyricsText,
        storyArc: 'A chorus that waits one bar too long before it lifts.',
        aiUsage: 'No AI was used for lyrics or music.',
        agreed: true,
      }),
      audio: { name: 'song.mp3', mimeType: 'audio/mpeg', buffer: audio ?? synthesizeMp3({ seconds, seed: 21 }) },
    },
  });
  await ok(submitted, 'submission');
  return ((await submitted.json()) as { id: string }).id;
}

/** Where the player of `scope` is, in seconds. */
export const playhead = (scope: Page | Locator) => scope.locator('audio').evaluate((audio: HTMLAudioElement) => audio.currentTime);

/**
 * The reviewer plays the song (the one player in `studio`) and adds a note at the playhead with the button
 * for each text, a little later each time; the player is paused after. The notes as the server keeps them.
 */
export async function addNotesWhilePlaying(admin: Page, reviewId: string, studio: Locator, title: string, texts: string[]) {
  const player = studio.getByRole('group', { name: `Audio player: ${title}` });
  await player.getByRole('button', { name: 'Play', exact: true }).click();
  let after = 0.5;
  for (const text of texts) {
    // An ended song stays at its end, which is later too.
    await expect.poll(() => playhead(studio), { timeout: 20_000 }).toBeGreaterThan(after);
    const at = await playhead(studio);
    await studio.getByRole('button', { name: 'Add note at playhead' }).click();
    await studio.getByLabel(/^Note at \d:\d\d$/).fill(text);
    await studio.getByRole('button', { name: 'Save note' }).click();
    await toast(admin, MESSAGES.reviewNotes.noteSaved).waitFor();
    await studio.getByRole('button', { name: new RegExp(`^Note at \\d:\\d\\d: ${text}$`) }).waitFor();
    after = at + 1;
  }
  // On a slow machine the song may have ended already.
  await studio.locator('audio').evaluate((audio: HTMLAudioElement) => audio.pause());
  const studioAnswer = await admin.request.get(`/api/admin/reviews/${reviewId}/studio`);
  return ((await studioAnswer.json()) as { notes: { atSeconds: number; text: string }[] }).notes;
}

/** The reviewer writes the text, scores the rubric, picks the verdict and sends, confirming in the dialog. */
export async function sendTheReview(
  admin: Page,
  editor: Locator,
  { text, scores, verdict, fallback }: { text: string; scores: Partial<Record<string, number>>; verdict: ReviewVerdict; fallback: number },
) {
  await editor.getByLabel('Review', { exact: true }).fill(text);
  await scoreTheRubric(editor, scores, verdict, fallback);
  await editor.getByRole('button', { name: 'Send review' }).click();
  await admin.getByRole('alertdialog', { name: 'Send this review?' }).getByRole('button', { name: 'Send review' }).click();
  await toast(admin, MESSAGES.reviews.reviewSent).waitFor();
}
