import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, test } from 'vitest';
import { REVIEW_TURNAROUND } from '../../src/common/constants';
import * as MESSAGES from '../../src/common/messages';
import { synthesizeMp3 } from '../../src/server/db/seed/audio';
import { fullRubric } from '../api/helpers';
import { useBrowser } from './support/browser';
import { scoreTheRubric } from './support/rubric';
import { expectNoSeriousA11yViolations, expectPageFitsScreen, toast } from './support/expect';
import { ok, paidSongwriter } from './support/review-journey';
import { uniqueSuffix } from './support/unique';

/**
 * The review loop: a songwriter sends the two songs of a paid package (one refused by content first, then
 * fixed), the admin listens, drafts and sends the review, and the two exchange messages.
 *
 * The songwriter is a new one, not the demo account: the onboarding journey expects the demo songwriter
 * to have no order, and journeys share one server. It signs up through the API (one of the three sign-ups
 * allowed per ten seconds), is confirmed by the link the admin reads in the outbox (which signs it in, so
 * no form sign-in), and fills its profile and questionnaire and pays through the API.
 */

const baseUrl = inject('baseUrl');
const r = MESSAGES.reviews;

/** Names and titles unique to one test, so a second run against the same server starts afresh. */
function journeyData() {
  const run = uniqueSuffix();
  const songs = [
    {
      title: `Porch Light Prayer ${run}`,
      storyArc: 'A daughter comes home to the farm after her father passes and finds his old guitar.',
      aiUsage: 'No AI at all: words and music are mine.',
    },
    {
      title: `Gravel Road Goodbye ${run}`,
      storyArc: 'Two friends split up on the last night of summer and promise to write.',
      aiUsage: 'I used an AI tool to suggest rhymes for the bridge.',
    },
  ];
  return {
    writer: {
      username: `loop_${run}`,
      email: `loop.${run}@example.test`,
      password: 'porch-swing-harmony-77',
      firstName: 'Marlow',
      lastName: `Reyes${run}`,
      phone: '615-555-0199',
      proAffiliation: 'ASCAP',
      howFoundUs: 'A friend at the Bluebird Cafe',
    },
    songs,
    reviewText: `The hook of "${songs[0]!.title}" lands on the first listen. Tighten the second verse.`,
    writerReply: `Thank you! Should the second verse lose a line? (${run})`,
    adminAnswer: `Yes: cut the fourth line and let the melody breathe. (${run})`,
  };
}
let { writer, songs, reviewText, writerReply, adminAnswer } = journeyData();
beforeEach(() => {
  ({ writer, songs, reviewText, writerReply, adminAnswer } = journeyData());
});

const browser = useBrowser();
/** The two longest journeys walk many pages as three people; in a slow hour they need more than the suite's minute. */
const LONG_JOURNEY_MS = 180_000;
let files: { dir: string; audio1: string; audio2: string; lyrics: string; fakeMp3: string };

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pitchroom-review-e2e-'));
  files = {
    dir,
    audio1: path.join(dir, 'porch-light-prayer.mp3'),
    audio2: path.join(dir, 'gravel-road-goodbye.mp3'),
    lyrics: path.join(dir, 'gravel-road-lyrics.txt'),
    fakeMp3: path.join(dir, 'not-really.mp3'),
  };
  writeFileSync(files.audio1, synthesizeMp3({ seconds: 2, seed: 11 }));
  writeFileSync(files.audio2, synthesizeMp3({ seconds: 2, seed: 12 }));
  writeFileSync(files.lyrics, 'Gravel road, goodbye\nDust on the windshield, tears in my eye\n');
  writeFileSync(files.fakeMp3, 'This is a text file wearing an .mp3 name.\n'.repeat(20));
});

afterAll(() => {
  if (files) rmSync(files.dir, { recursive: true, force: true });
});

const path_ = (page: Page) => new URL(page.url()).pathname;

/** Writes from a page's request context carry our Origin, as the browser's own would. */
const origin = { Origin: baseUrl };
/** A server that fails a request unexpectedly, in the error shape, for the page's failure states. */
const serverFails = (route: Route) =>
  route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"INTERNAL","message":"boom"}}' });

/** A songwriter with a profile, a questionnaire and a paid order of two songs; returns the order id. */
const preparedSongwriter = (page: Page, admin: Page) => paidSongwriter(page, admin, writer, 2);

/** One song submitted to the order and its review sent, both through the API; the review's id. */
async function reviewedSubmission(
  page: Page,
  admin: Page,
  { orderId, song, lyricsText, seed }: { orderId: string; song: (typeof songs)[number]; lyricsText: string; seed: number },
): Promise<string> {
  const submitted = await page.request.post('/api/submissions', {
    headers: origin,
    multipart: {
      data: JSON.stringify({ orderId, title: song.title, lyricsText, storyArc: song.storyArc, aiUsage: song.aiUsage, agreed: true }),
      audio: { name: 'song.mp3', mimeType: 'audio/mpeg', buffer: synthesizeMp3({ seconds: 2, seed }) },
    },
  });
  await ok(submitted, 'submission');
  const { id: reviewId } = (await submitted.json()) as { id: string };
  await ok(
    await admin.request.post(`/api/admin/reviews/${reviewId}/send`, { headers: origin, data: { text: reviewText, ...fullRubric() } }),
    'send review',
  );
  return reviewId;
}

/** The sidebar's Songwriter Reviews link, whose name carries the unread count ("3 unread messages") when there is one. */
async function sidebarUnread(page: Page): Promise<number> {
  const link = page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: /^Songwriter Reviews/ });
  const name = /link "([^"]*)"/.exec(await link.ariaSnapshot())?.[1] ?? '';
  if (name === 'Songwriter Reviews') return 0;
  const count = /^Songwriter Reviews\s*(\d+) unread messages?$/.exec(name)?.[1];
  if (!count) throw new Error(`unexpected name of the Songwriter Reviews link: ${name}`);
  return Number(count);
}

async function fillSong(card: Locator, song: (typeof songs)[number], audio: string) {
  await card.getByLabel('Song title').fill(song.title);
  await card.getByLabel('Audio file').setInputFiles(audio);
  await card.getByLabel('Story arc').fill(song.storyArc);
  await card.getByLabel('AI usage').fill(song.aiUsage);
}

describe('the review loop', () => {
  test(
    'a songwriter submits two songs, the admin listens and sends the review, and they exchange messages',
    async () => {
      const admin = await (await browser.context({ role: 'admin' })).newPage();
      const page = await (await browser.context()).newPage();
      const orderId = await preparedSongwriter(page, admin);

      // --- Submitting. A link to someone else's (or no) order says so.
      await page.goto('/submit-song?order_id=00000000-0000-4000-8000-000000000000');
      await page.getByRole('heading', { level: 1, name: r.invalidOrder }).waitFor();
      expect(await page.getByRole('link', { name: 'Back to your dashboard' }).getAttribute('href')).toBe('/songwriter-dashboard');

      // The dashboard's order card leads to the form.
      await page.goto('/songwriter-dashboard');
      await page.getByRole('article', { name: 'Package of 2 songs' }).getByRole('link', { name: 'Submit songs' }).click();
      await page.waitForURL((url) => url.pathname === '/submit-song' && url.searchParams.get('order_id') === orderId);
      await page.getByRole('heading', { level: 1, name: 'Submit your songs' }).waitFor();
      expect(await page.title()).toContain('Submit Your Songs');
      const card1 = page.getByRole('region', { name: 'Song 1 of 2' });
      const card2 = page.getByRole('region', { name: 'Song 2 of 2' });
      await card1.waitFor();
      await card2.waitFor();
      await card1.getByText('MP3, WAV or M4A, up to 100 MB.').waitFor();
      expect(await card1.getByLabel('Audio file').getAttribute('accept')).toBe('.mp3,.wav,.m4a,audio/mpeg,audio/wav,audio/x-m4a,audio/mp4');

      // One agreement for the page enables the submit button, named by the songs begun.
      const submit = page.getByRole('button', { name: 'Submit song' });
      expect(await submit.isDisabled()).toBe(true);
      const agreement = page.getByRole('checkbox', { name: /I confirm that I wrote these songs/ });
      await agreement.check();
      expect(await submit.isEnabled()).toBe(true);
      await expectNoSeriousA11yViolations(page);

      // The shared schema's messages, before anything is sent: with no song begun, the first says what a song
      // needs; the second, untouched, waits without a word.
      await submit.click();
      await card1.getByText(r.titleRequired).waitFor();
      await card1.getByText(r.storyArcMin).waitFor();
      await card1.getByText(r.aiUsageMin).waitFor();
      await card1.getByText(r.audioRequired).waitFor();
      expect(await card2.getByText(r.audioRequired).count()).toBe(0);
      await card1.getByLabel('Story arc').fill('Too short');
      await page.getByRole('button', { name: 'Submit 1 song' }).click();
      await card1.getByText(r.storyArcMin).waitFor();
      const submitBoth = page.getByRole('button', { name: 'Submit 2 songs' });

      // Song 1: lyrics typed. Song 2: a lyrics file, chosen in the lyrics tabs (keyboard works too).
      await fillSong(card1, songs[0]!, files.audio1);
      await card1.getByLabel('Lyrics', { exact: true }).fill('Porch light burning, Lord, lead me home');
      await fillSong(card2, songs[1]!, files.audio2);
      const textTab = card2.getByRole('tab', { name: 'Type lyrics' });
      expect(await textTab.getAttribute('aria-selected')).toBe('true');
      await textTab.focus();
      await page.keyboard.press('ArrowRight');
      const fileTab = card2.getByRole('tab', { name: 'Upload a file' });
      expect(await fileTab.getAttribute('aria-selected')).toBe('true');
      expect(await card2.getByLabel('Lyrics', { exact: true }).isVisible()).toBe(false);
      await card2.getByLabel('Lyrics file', { exact: true }).setInputFiles(files.lyrics);
      await card2.getByLabel('Additional notes (optional)').fill('Written in open G.');

      // A name the browser can see is wrong is refused as it is chosen, and again on sending, with the server's words.
      await card2.getByLabel('Audio file').setInputFiles({ name: 'gravel-road.ogg', mimeType: 'audio/ogg', buffer: Buffer.from('OggS') });
      await card2.getByText(r.audioNotAllowed).waitFor();
      await submitBoth.click();
      await card2.getByText(r.audioNotAllowed).waitFor();
      expect(await card1.getByText('Received').count()).toBe(0);

      // A file that only pretends to be an MP3 goes up and the server refuses it by content: song 1 is
      // received, song 2 keeps everything typed and says why.
      await card2.getByLabel('Audio file').setInputFiles(files.fakeMp3);
      await submitBoth.click();
      await card2.getByRole('alert').getByText(r.audioNotAllowed).waitFor();
      await card1.getByText('Received').waitFor();
      await card1.getByText('porch-light-prayer.mp3').waitFor();
      expect(await card2.getByLabel('Song title').inputValue()).toBe(songs[1]!.title);
      expect(await card2.getByLabel('Story arc').inputValue()).toBe(songs[1]!.storyArc);
      await expectNoSeriousA11yViolations(page);

      // The right file, but the server fails: the song says so in our words, and keeps everything.
      await card2.getByLabel('Audio file').setInputFiles(files.audio2);
      await page.route('**/api/submissions', serverFails);
      await page.getByRole('button', { name: 'Submit 1 song' }).click();
      await card2.getByRole('alert').getByText(r.submitFailed).waitFor();
      expect(await card2.getByLabel('Song title').inputValue()).toBe(songs[1]!.title);
      await page.unroute('**/api/submissions', serverFails);

      // Sent again: the second song goes up with its own progress bar and the page moves on.
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { progressSeen: string[] }).progressSeen = seen;
        new MutationObserver(() => {
          // The upload bars only (the bar across the top while the next page's code loads is another).
          for (const bar of document.querySelectorAll('[role="progressbar"][aria-label^="Uploading"]'))
            seen.push(`${bar.getAttribute('aria-label')}=${bar.getAttribute('aria-valuenow')}`);
        }).observe(document.body, { subtree: true, childList: true, attributes: true });
      });
      await page.getByRole('button', { name: 'Submit 1 song' }).click();

      // --- The confirmation lists both songs with their files and says what comes next.
      await page.waitForURL((url) => url.pathname === '/submission-confirmation');
      const progress = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
      expect(progress.length).toBeGreaterThan(0);
      expect(progress.every((entry) => /^Uploading song 2=\d+$/.test(entry))).toBe(true);
      await page.getByRole('heading', { level: 1, name: 'Your songs are in' }).waitFor();
      const received = page.getByRole('region', { name: 'Received' });
      await received.getByText(`Song 1 of 2: ${songs[0]!.title}`).waitFor();
      await received.getByText(`Song 2 of 2: ${songs[1]!.title}`).waitFor();
      await received.getByText('Audio: gravel-road-goodbye.mp3 · Lyrics: gravel-road-lyrics.txt').waitFor();
      await received.getByText('Audio: porch-light-prayer.mp3 · Lyrics: Typed in').waitFor();
      await page.getByText(REVIEW_TURNAROUND).waitFor();
      expect(await page.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/songwriter-dashboard');
      await expectNoSeriousA11yViolations(page);

      // The package is full now.
      await page.goto(`/submit-song?order_id=${orderId}`);
      await page.getByRole('heading', { level: 1, name: r.packageFull }).waitFor();
      await page.getByRole('link', { name: 'Back to your dashboard' }).waitFor();

      // --- The admin: both songs in Pending, no unread messages yet.
      await admin.goto('/admin/songwriter-reviews');
      await admin.getByRole('heading', { level: 1, name: 'Songwriter Reviews' }).waitFor();
      await admin
        .getByRole('navigation', { name: 'Admin' })
        .getByRole('link', { name: /^Songwriter Reviews/ })
        .waitFor();
      expect(await sidebarUnread(admin)).toBe(0);
      expect(await admin.getByRole('tab', { name: 'Pending' }).getAttribute('aria-selected')).toBe('true');
      await admin.getByRole('searchbox', { name: 'Search' }).fill(writer.lastName);
      await admin.waitForURL((url) => url.searchParams.get('q') === writer.lastName);
      const rows = admin.getByRole('table').getByRole('row');
      await expect.poll(() => rows.count()).toBe(3);
      const row1 = rows.filter({ hasText: songs[0]!.title });
      await row1.getByText(`${writer.firstName} ${writer.lastName}`).waitFor();
      await row1.getByText(writer.email).waitFor();
      await row1.getByText('Pending', { exact: true }).waitFor();
      expect(await row1.getByRole('cell').nth(3).textContent()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
      await rows.filter({ hasText: songs[1]!.title }).waitFor();
      await expectNoSeriousA11yViolations(admin);

      // Opens the first song: it plays (streamed with Range through the signed link).
      await row1.getByRole('link', { name: songs[0]!.title }).click();
      await admin.waitForURL((url) => url.pathname.startsWith('/admin/songwriter-reviews/'));
      await admin.getByRole('heading', { level: 1, name: songs[0]!.title }).waitFor();
      const submission = admin.getByRole('region', { name: 'Submission' });
      await submission.getByText(songs[0]!.storyArc).waitFor();
      // The lyric, and below it the lyric craft's table of its lines.
      await submission.getByText('Porch light burning, Lord, lead me home').first().waitFor();
      await submission.getByRole('table').getByText('Porch light burning, Lord, lead me home').waitFor();
      const profile = admin.getByRole('region', { name: 'Songwriter' });
      await profile.getByText('615-555-0199').waitFor();
      await profile.getByText('Nashville, TN, United States').waitFor();
      await profile.getByText('A friend at the Bluebird Cafe').waitFor();
      await profile.getByText('ASCAP').waitFor();
      await admin.locator('audio').evaluate((audio: HTMLAudioElement) => audio.play());
      await admin.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 0.3);
      await admin.locator('audio').evaluate((audio: HTMLAudioElement) => audio.pause());

      // A draft first (the schema refuses an empty one), then the review, after confirming.
      const editor = admin.getByRole('region', { name: 'Your review' });
      const textarea = editor.getByLabel('Review', { exact: true });
      expect(await textarea.getAttribute('rows')).toBe('12');
      await editor.getByRole('button', { name: 'Save draft' }).click();
      await editor.getByText(r.reviewTextRequired).waitFor();
      await textarea.fill(reviewText);
      await editor.getByRole('button', { name: 'Save draft' }).click();
      await toast(admin, r.draftSaved).waitFor();
      await admin.getByText('In review', { exact: true }).waitFor();
      await expectNoSeriousA11yViolations(admin);
      await scoreTheRubric(editor, {}, 'pitch_ready');
      await editor.getByRole('button', { name: 'Send review' }).click();
      const confirm = admin.getByRole('alertdialog', { name: 'Send this review?' });
      await confirm.getByRole('button', { name: 'Send review' }).click();
      await toast(admin, r.reviewSent).waitFor();
      await admin.getByText('Reviewed', { exact: true }).waitFor();

      // --- The songwriter: the dashboard shows the review as new (no reply: nobody has written); opening it shows the text.
      await page.goto('/songwriter-dashboard');
      const recent = page.getByRole('region', { name: 'Recent Reviews' });
      const reviewLink = recent.getByRole('link', { name: new RegExp(songs[0]!.title) });
      await reviewLink.getByText('New review').waitFor();
      expect(await reviewLink.getByText('New Reply').count()).toBe(0);
      await reviewLink.getByText('Reviewed').waitFor();
      // The order lists its songs too, each leading to its review (older ones drop out of Recent Reviews).
      const orderSongs = page.getByRole('region', { name: 'Your orders' }).getByRole('list', { name: 'Songs of the package of 2 songs' });
      await expect
        .poll(() => orderSongs.getByRole('link').allTextContents())
        .toEqual([
          expect.stringMatching(new RegExp(`^Song 1: ${songs[0]!.title}Reviewed\\s*New review$`)),
          expect.stringMatching(new RegExp(`^Song 2: ${songs[1]!.title}Pending$`)),
        ]);
      await reviewLink.click();
      await page.waitForURL((url) => url.pathname.startsWith('/songwriter/review/'));
      await page.getByRole('heading', { level: 1, name: songs[0]!.title }).waitFor();
      await page.getByRole('region', { name: 'Your review' }).getByText(reviewText).waitFor();
      await page.getByText('Song 1 of 2', { exact: false }).waitFor();
      await expectNoSeriousA11yViolations(page);

      // Opened, it is no longer new.
      await page.getByRole('main').getByRole('link', { name: 'Dashboard', exact: true }).click();
      await recent
        .getByRole('link', { name: new RegExp(songs[0]!.title) })
        .getByText('Reviewed')
        .waitFor();
      expect(
        await recent
          .getByRole('link', { name: new RegExp(songs[0]!.title) })
          .getByText('New review')
          .count(),
      ).toBe(0);

      // The second song's page says the review is on its way.
      await recent.getByRole('link', { name: new RegExp(songs[1]!.title) }).click();
      await page.getByText(r.reviewInProgress).waitFor();
      await page.getByText(/Open the lyrics file/).waitFor();
      await page.goBack();

      // The songwriter replies (an empty reply is refused first).
      await recent.getByRole('link', { name: new RegExp(songs[0]!.title) }).click();
      const conversation = page.getByRole('region', { name: 'Conversation' });
      await conversation.getByRole('button', { name: 'Send reply' }).click();
      await conversation.getByText(r.messageRequired).waitFor();
      await conversation.getByLabel('Your reply').fill(writerReply);
      // A reply the server fails to take says so and keeps what was typed.
      await page.route('**/api/reviews/*/messages', serverFails);
      await conversation.getByRole('button', { name: 'Send reply' }).click();
      await toast(page, r.replyFailed).waitFor();
      expect(await conversation.getByLabel('Your reply').inputValue()).toBe(writerReply);
      await page.unroute('**/api/reviews/*/messages', serverFails);
      await conversation.getByRole('button', { name: 'Send reply' }).click();
      const writerMessages = conversation.getByRole('list', { name: 'Messages' });
      await writerMessages
        .getByRole('listitem')
        .filter({ hasText: writerReply })
        .getByText(`${writer.firstName} ${writer.lastName}`)
        .waitFor();
      expect(await conversation.getByLabel('Your reply').inputValue()).toBe('');

      // --- The admin's sidebar counts it; the Completed tab marks the review.
      await admin.goto('/admin/songwriter-reviews?tab=completed');
      await expect.poll(() => sidebarUnread(admin), { timeout: 10_000 }).toBe(1);
      expect(await admin.getByRole('tab', { name: 'Completed' }).getAttribute('aria-selected')).toBe('true');
      const completedRow = admin.getByRole('row').filter({ hasText: songs[0]!.title });
      await completedRow.getByText('1 unread message').waitFor();
      await completedRow.getByRole('link', { name: songs[0]!.title }).click();
      const adminConversation = admin.getByRole('region', { name: 'Conversation' });
      await adminConversation
        .getByRole('listitem')
        .filter({ hasText: writerReply })
        .getByText(`${writer.firstName} ${writer.lastName}`)
        .waitFor();
      // Opened: the songwriter's message is read and the badge goes.
      await expect.poll(() => sidebarUnread(admin), { timeout: 10_000 }).toBe(0);
      await adminConversation.getByLabel('Reply to the songwriter').fill(adminAnswer);
      await adminConversation.getByRole('button', { name: 'Send reply' }).click();
      await adminConversation.getByRole('listitem').filter({ hasText: adminAnswer }).getByText('Demo Admin').waitFor();
      await expectNoSeriousA11yViolations(admin);

      // --- The songwriter sees the answer (New Reply on the dashboard first), under the admin's name.
      await page.goto('/songwriter-dashboard');
      await recent
        .getByRole('link', { name: new RegExp(songs[0]!.title) })
        .getByText('New Reply')
        .waitFor();
      await recent.getByRole('link', { name: new RegExp(songs[0]!.title) }).click();
      const answer = page.getByRole('region', { name: 'Conversation' }).getByRole('listitem').filter({ hasText: adminAnswer });
      await answer.getByText('Demo Admin').waitFor();
      expect(await page.getByRole('list', { name: 'Messages' }).getByRole('listitem').count()).toBe(2);

      // On a small phone the review page fits the screen.
      await page.setViewportSize({ width: 375, height: 740 });
      await page.reload();
      await answer.waitFor();
      await expectPageFitsScreen(page);
      expect(path_(page)).toMatch(/^\/songwriter\/review\//);
    },
    LONG_JOURNEY_MS,
  );

  test('a review that does not exist, or is someone else’s, says so with a way back', async () => {
    const page = await (await browser.context({ role: 'songwriter' })).newPage();
    await page.goto('/songwriter/review/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { level: 1, name: r.reviewNotFound }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to your dashboard' }).getAttribute('href')).toBe('/songwriter-dashboard');
    await page.goto('/submission-confirmation');
    await page.getByRole('heading', { level: 1, name: 'Submission received' }).waitFor();
    await page.getByText(REVIEW_TURNAROUND).waitFor();
    await expectNoSeriousA11yViolations(page);
  });
});

describe('the pitch offer', () => {
  test(
    'from review to placement: the admin offers to pitch a reviewed song, the songwriter signs and downloads the PDF, the published song is played and held, the report names no listener, the next song is free, and a $1,000 cut earns $100.00',
    async () => {
      const adminContext = await browser.context({ role: 'admin' });
      const admin = await adminContext.newPage();
      const page = await (await browser.context()).newPage();
      const orderId = await preparedSongwriter(page, admin);
      const song = songs[0]!;

      // One song submitted and its review sent, through the API (the review loop above does both by hand).
      // A whole song's lyrics, longer than their box: it scrolls, and the keyboard reaches it (axe checks both pages).
      const verse = ['Porch light burning', 'On a gravel road', 'Dust on the windshield', 'Nowhere left to go'];
      const lyricsText = Array.from({ length: 10 }, (_, i) => [`Verse ${i + 1}`, ...verse].join('\n')).join('\n\n');
      const reviewId = await reviewedSubmission(page, admin, { orderId, song, lyricsText, seed: 21 });

      // --- The admin offers an agreement from the review page: 10 % for 18 months, with a note.
      await admin.goto(`/admin/songwriter-reviews/${reviewId}`);
      const panel = admin.getByRole('region', { name: 'Pitch agreement' });
      // The usual commission is the default; the term is changed.
      expect(await panel.getByLabel('Commission (%)').inputValue()).toBe('10');
      await panel.getByLabel('Term (months)').fill('18');
      await panel.getByLabel('Note to the songwriter (optional)').fill('We hear it for a duo on a summer record.');
      await expectNoSeriousA11yViolations(admin);
      await panel.getByRole('button', { name: 'Offer a pitch agreement' }).click();
      await toast(admin, 'Offer sent to the songwriter').waitFor();
      const offered = panel.getByRole('listitem').filter({ hasText: '10% of placement income, for 18 months' });
      await offered.getByText('Offer open').waitFor();
      expect(await panel.getByRole('button', { name: 'Offer a pitch agreement' }).count()).toBe(0);

      // --- The songwriter finds the offer on the dashboard and reads it on the review page; signing needs the
      // typed name and the box.
      await page.goto('/songwriter-dashboard');
      const offers = page.getByRole('region', { name: 'Pitch offers' });
      await offers.getByText(`We would like to pitch “${song.title}”`).waitFor();
      await expectNoSeriousA11yViolations(page);
      await offers.getByRole('link', { name: `Read and sign the offer for ${song.title}` }).click();
      await page.waitForURL((url) => url.pathname === `/songwriter/review/${reviewId}`);
      const offer = page.getByRole('region', { name: 'Pitch agreement' });
      await offer.getByText('10% of placement income, for 18 months').waitFor();
      await offer.getByText('We hear it for a duo on a summer record.').waitFor();
      await offer.getByText(/we receive 10% of the income you receive from that placement/).waitFor();
      await expect.poll(() => page.getByRole('region', { name: 'Lyrics', exact: true }).getAttribute('tabindex')).toBe('0');
      await offer.getByRole('button', { name: 'Sign the agreement' }).click();
      await offer.getByText(MESSAGES.agreements.legalNameRequired).waitFor();
      await offer.getByText(MESSAGES.agreements.consentRequired).waitFor();
      await expectNoSeriousA11yViolations(page);
      const legalName = `${writer.firstName} Anne ${writer.lastName}`;
      await offer.getByLabel('Your full legal name').fill(legalName);
      await offer.getByRole('checkbox', { name: 'I have read the agreement and agree to its terms.' }).check();
      await offer.getByRole('button', { name: 'Sign the agreement' }).click();
      await offer.getByText('Signed', { exact: true }).waitFor();
      await offer.getByText(`Signed by ${legalName}`, { exact: false }).waitFor();

      // The signed copy downloads as a PDF.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        offer.getByRole('link', { name: 'Download the signed agreement (PDF)' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^pitch-agreement-[0-9a-f-]{36}\.pdf$/);
      const pdf = readFileSync((await download.path())!);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

      // The song is in the catalogue, not yet published, and the songwriter reads so.
      await offer.getByText(MESSAGES.agreements.inCatalogue('unpublished')).waitFor();

      // --- The admin sees it signed, by that name, with the PDF to hand.
      await admin.reload();
      await offered.getByText('Signed', { exact: true }).waitFor();
      await offered.getByText(new RegExp(`signed by ${legalName}`)).waitFor();
      await offered.getByRole('link', { name: 'Signed agreement (PDF)' }).waitFor();

      // --- The catalogue song: a draft from the writer's agreement, its audio copied from the submission.
      await offered.getByRole('link', { name: 'Catalogue song (not yet published)' }).click();
      await admin.waitForURL((url) => url.pathname.startsWith('/admin/songs/edit/'));
      const fromAgreement = MESSAGES.songs.fromAgreement(`${writer.firstName} ${writer.lastName}`);
      const note = admin.getByRole('note');
      await note.getByText(fromAgreement, { exact: false }).waitFor();
      await expect.poll(async () => (await admin.getByLabel('Title').inputValue()) === song.title).toBe(true);
      await expect
        .poll(async () => (await admin.getByRole('textbox', { name: 'Lyrics', exact: true }).inputValue()) === lyricsText)
        .toBe(true);
      // The step after the signing may still be copying the audio: once done, the page plays it.
      await expect
        .poll(async () => {
          await admin.reload();
          // The form shows once the song is read, with the Media card beside it.
          await admin.getByLabel('Title').waitFor();
          return admin.getByLabel(`Current audio of ${song.title}`).count();
        })
        .toBe(1);
      await expectNoSeriousA11yViolations(admin);
      await admin.getByRole('link', { name: 'Back to songs' }).click();
      const draft = admin.getByRole('row').filter({ hasText: song.title });
      await draft.getByText('Draft', { exact: true }).waitFor();
      await draft.getByRole('link', { name: fromAgreement }).click();
      await admin.waitForURL((url) => url.pathname === `/admin/songwriter-reviews/${reviewId}`);

      // --- The pipeline counts it among the signed, and leads back to the review.
      await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Pitch Pipeline' }).click();
      await admin.getByRole('heading', { level: 1, name: 'Pitch Pipeline' }).waitFor();
      await admin
        .getByRole('navigation', { name: 'Filter by state' })
        .getByRole('link', { name: /^Signed \d+$/ })
        .click();
      await admin.waitForURL((url) => url.searchParams.get('state') === 'accepted');
      const row = admin.getByRole('row').filter({ hasText: song.title });
      await row.getByText('Signed', { exact: true }).waitFor();
      await row.getByText('10% of placement income, for 18 months').waitFor();
      await expectNoSeriousA11yViolations(admin);
      await row.getByRole('link', { name: song.title }).click();
      await admin.waitForURL((url) => url.pathname === `/admin/songwriter-reviews/${reviewId}`);

      // --- The ledger opens from the sidebar, every writer's placements with a writer filter.
      await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Ledger' }).click();
      await admin.getByRole('heading', { level: 1, name: 'Ledger' }).waitFor();
      await admin.getByLabel('Writer').getByRole('option', { name: 'All writers' }).waitFor({ state: 'attached' });
      await expectNoSeriousA11yViolations(admin);

      // --- The admin completes the song (genre, BPM, a tag) and publishes it.
      await admin.goto(`/admin/songwriter-reviews/${reviewId}`);
      await offered.getByRole('link', { name: 'Catalogue song (not yet published)' }).click();
      await admin.waitForURL((url) => url.pathname.startsWith('/admin/songs/edit/'));
      const songEditPath = new URL(admin.url()).pathname;
      await expect.poll(async () => (await admin.getByLabel('Title').inputValue()) === song.title).toBe(true);
      await admin.getByLabel('Genre').fill('Americana');
      await admin.getByLabel('BPM').fill('84');
      const tags = admin.getByLabel('Tags', { exact: true });
      await tags.fill('front porch');
      await tags.press('Enter');
      const active = admin.getByRole('switch', { name: 'Active', exact: true });
      expect(await active.getAttribute('aria-checked')).toBe('false');
      await active.click();
      const slug = await admin.getByLabel('Slug').inputValue();
      await admin.getByRole('button', { name: 'Update Song' }).click();
      await toast(admin, MESSAGES.songs.updated).waitFor();

      // --- A preview user plays it to the end and holds it for an artist.
      const listener = await browser.open('preview', `/songs/${slug}`);
      const player = listener.getByRole('group', { name: `Audio player: ${song.title}` });
      const played = listener.waitForResponse((r) => r.url().endsWith('/api/plays') && r.request().method() === 'POST', {
        timeout: 20_000,
      });
      await player.getByRole('button', { name: 'Play', exact: true }).click();
      expect((await played).status()).toBe(201);
      const answer = listener.getByRole('region', { name: `Hold or pass: ${song.title}` });
      await answer.getByRole('button', { name: `Hold ${song.title}` }).click();
      await answer.getByLabel('Hold for (artist or project)').fill('Lainey Wilson, spring record');
      await answer.getByRole('button', { name: 'Put on hold' }).click();
      await answer.getByText('for Lainey Wilson, spring record.').waitFor();

      // --- The writer's pitch report: one listener and one hold, and nobody named.
      await page.goto('/songwriter-dashboard');
      const report = page.getByRole('region', { name: 'Pitch report' });
      const pitched = report.getByRole('article', { name: song.title });
      await pitched.getByText('In the catalogue', { exact: true }).waitFor();
      await expect.poll(async () => pitched.getByRole('definition').first().textContent()).toBe('1');
      await pitched.getByText('(1 hold, 0 passes)').waitFor();
      const reportText = (await report.textContent()) ?? '';
      for (const identity of ['Dana Preview', 'preview@pitchroom.local', 'Broadway & Demonbreun Publishing', 'Lainey Wilson']) {
        expect(reportText).not.toContain(identity);
      }
      await expectNoSeriousA11yViolations(page);

      // --- The signed song's review fee pays for the writer's next song: a 1-song package costs $0.00.
      await page.goto('/songwriter-order');
      const freePackage = page.getByRole('group', { name: '1 song' });
      await freePackage.getByText('$0.00', { exact: true }).waitFor();
      // Chosen, it is paid at once: no checkout tab, straight to the dashboard with the order on it.
      await freePackage.getByRole('button', { name: 'Choose 1 song' }).click();
      await toast(page, MESSAGES.songwriters.paidWithCredit).waitFor();
      await page.waitForURL((url) => url.pathname === '/songwriter-dashboard');
      expect(page.context().pages()).toHaveLength(1);

      // --- The admin records a cut with $1,000 income: 10 % is $100.00, and the ledger says so.
      await admin.goto(songEditPath);
      const placementsPanel = admin.getByRole('region', { name: 'Placements' });
      await placementsPanel.getByRole('button', { name: 'Add a placement' }).click();
      const placementForm = placementsPanel.getByRole('form', { name: 'Add a placement' });
      await placementForm.getByLabel('Artist').fill('Lainey Wilson');
      await placementForm.getByLabel('Status').selectOption({ label: 'Cut' });
      await placementForm.getByLabel('Income received ($)').fill('1000');
      await placementForm.getByText('Commission at 10%: $100.00').waitFor();
      await expectNoSeriousA11yViolations(admin);
      await placementForm.getByRole('button', { name: 'Record the placement' }).click();
      await placementsPanel.getByRole('row').filter({ hasText: 'Lainey Wilson' }).getByText('Cut', { exact: true }).waitFor();
      await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Ledger' }).click();
      const line = admin.getByRole('row').filter({ hasText: song.title });
      await line.getByText('$1,000.00').waitFor();
      await line.getByText('$100.00').waitFor();
      await line.getByText('$900.00').waitFor();
      await expectNoSeriousA11yViolations(admin);
    },
    LONG_JOURNEY_MS,
  );
});

describe('the review fee credited back', () => {
  test('signing an agreement credits the song’s fee: the dashboard says so, the packages and the test checkout take it off', async () => {
    const adminContext = await browser.context({ role: 'admin' });
    const admin = await adminContext.newPage();
    const page = await (await browser.context()).newPage();
    // A paid package of two songs ($50.00): each song's fee is $25.00.
    const orderId = await preparedSongwriter(page, admin);
    const song = songs[1]!;
    const reviewId = await reviewedSubmission(page, admin, { orderId, song, lyricsText: 'Dust on the windshield', seed: 31 });
    const offered = await admin.request.post('/api/admin/pitch-agreements', { headers: origin, data: { reviewId } });
    await ok(offered, 'offer');
    const { id: agreementId } = (await offered.json()) as { id: string };
    await ok(
      await page.request.post(`/api/pitch-agreements/${agreementId}/accept`, {
        headers: origin,
        data: { legalName: `${writer.firstName} ${writer.lastName}`, consent: true },
      }),
      'accept',
    );

    await page.goto('/songwriter-dashboard');
    await page.getByText(MESSAGES.credits.available('$25.00')).waitFor();
    await expectNoSeriousA11yViolations(page);

    // Each package is priced with the credit taken off: one song is free, two are $25.00.
    await page.goto('/songwriter-order');
    const one = page.getByRole('group', { name: '1 song' });
    await one.getByText('$0.00', { exact: true }).waitFor();
    const two = page.getByRole('group', { name: '2 songs' });
    await two.getByText('$25.00', { exact: true }).waitFor();
    await two.getByText('−$25.00').waitFor();
    await expectNoSeriousA11yViolations(page);

    // The test checkout shows list price, credit and amount due, and charges the amount due.
    const checkout = await page.request.post('/api/songwriters/me/checkout', { headers: origin, data: { packageSize: 2 } });
    await ok(checkout, 'checkout');
    await page.goto(((await checkout.json()) as { url: string }).url);
    await page.getByText('2 × $25.00 = $50.00').waitFor();
    await page.getByText('−$25.00').waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Pay $25.00 (test)' }).click();
    await page.waitForURL((url) => url.pathname === '/songwriter-dashboard');
    await page.getByText('+ $25.00 credit').waitFor();
    expect(await page.getByText(MESSAGES.credits.available('$25.00')).count()).toBe(0);
  });
});
