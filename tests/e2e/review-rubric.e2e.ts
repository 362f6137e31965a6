import { format, parseISO } from 'date-fns';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { COMPANY_TIME_ZONE } from '../../src/common/constants';
import { dayIn, daysBetween } from '../../src/common/days';
import * as MESSAGES from '../../src/common/messages';
import { useBrowser } from './support/browser';
import { expectNoSeriousA11yViolations, toast } from './support/expect';
import { submittedSong } from './support/review-journey';
import { scoreTheRubric } from './support/rubric';
import { uniqueSuffix } from './support/unique';

/**
 * The rubric: a new songwriter submits a song (through the API), the admin sees it due in 10 business days
 * on the review list, scores it, chooses "Close: rewrite suggested" and sends; the songwriter reads the
 * scores as a chart beside the text and rates the review, and the admin's dashboard shows the rating.
 */

const rb = MESSAGES.rubric;
const browser = useBrowser();

/** A new songwriter's submitted song: the review's id and its due date, as the songwriter's API gives it. */
async function submittedSongDue(page: Page, admin: Page, title: string): Promise<{ reviewId: string; dueOn: string }> {
  const reviewId = await submittedSong(page, admin, { title, seconds: 2 });
  const review = await page.request.get(`/api/reviews/${reviewId}`);
  expect(review.ok(), await review.text()).toBe(true);
  return { reviewId, dueOn: ((await review.json()) as { dueOn: string }).dueOn };
}

describe('the review rubric', () => {
  test('the admin sees the due date, scores the song and sends "Close: rewrite suggested"; the songwriter reads the chart and rates the review', async () => {
    const run = uniqueSuffix();
    const title = `Screen Door Summer ${run}`;
    const reviewText = `"${title}" has a hook worth keeping; rewrite the second verse around it.`;
    const admin = await (await browser.context({ role: 'admin' })).newPage();
    const page = await (await browser.context()).newPage();
    const { reviewId, dueOn } = await submittedSongDue(page, admin, title);

    // The songwriter is told when to expect it.
    await page.goto(`/songwriter/review/${reviewId}`);
    await page.getByText(rb.expectedBy(format(parseISO(dueOn), 'MMM d'))).waitFor();

    // The admin's list counts the days to the due date from today in Nashville. Ten business days are at
    // least 12 calendar days (from a Sunday), 14 from a weekday. Nashville's midnight may pass meanwhile: either day.
    const todayBefore = dayIn(COMPANY_TIME_ZONE, new Date());
    await admin.goto(`/admin/songwriter-reviews?q=${encodeURIComponent(title)}`);
    const row = admin.getByRole('row').filter({ hasText: title });
    await row.getByText(/^due in \d+ days$/).waitFor();
    const days = Number((await row.getByText(/^due in \d+ days$/).textContent())!.match(/\d+/)![0]);
    const todayAfter = dayIn(COMPANY_TIME_ZONE, new Date());
    expect([daysBetween(todayBefore, dueOn), daysBetween(todayAfter, dueOn)]).toContain(days);
    expect(days).toBeGreaterThanOrEqual(12);
    await expectNoSeriousA11yViolations(admin);

    // Sending without the rubric is refused in the form; scored, it goes.
    await row.getByRole('link', { name: title }).click();
    const editor = admin.getByRole('region', { name: 'Your review' });
    await editor.getByLabel('Review', { exact: true }).fill(reviewText);
    await editor.getByRole('button', { name: 'Send review' }).click();
    await editor.getByText(rb.verdictRequired).waitFor();
    expect(await editor.getByText(rb.scoreRequired).count()).toBe(6);
    await expectNoSeriousA11yViolations(admin);
    await scoreTheRubric(editor, { hook: 5, lyric: 2 }, 'rewrite_suggested', 3);
    await editor.getByRole('button', { name: 'Send review' }).click();
    await admin.getByRole('alertdialog', { name: 'Send this review?' }).getByRole('button', { name: 'Send review' }).click();
    await toast(admin, MESSAGES.reviews.reviewSent).waitFor();
    // Not Pitch-ready: the pitch offer waits.
    await admin.getByRole('region', { name: 'Pitch agreement' }).getByText(rb.offerNeedsPitchReady).waitFor();

    // The songwriter: the text with the scores as a chart beside it, and the verdict.
    await page.goto(`/songwriter/review/${reviewId}`);
    const review = page.getByRole('region', { name: 'Your review' });
    await review.getByText(reviewText).waitFor();
    const chart = review.getByRole('figure', { name: 'Scores' });
    await chart.getByText(rb.verdicts.rewrite_suggested).waitFor();
    const bars = chart.getByRole('list', { name: 'Scores by category' }).getByRole('listitem');
    expect(await bars.count()).toBe(6);
    await bars.filter({ hasText: 'Hook' }).getByText('5 / 5').waitFor();
    await bars.filter({ hasText: 'Lyric' }).getByText('2 / 5').waitFor();
    await bars.filter({ hasText: 'Melody' }).getByText('3 / 5').waitFor();
    await bars.filter({ hasText: 'Hook' }).getByText(rb.levels.hook[4]!, { exact: true }).first().waitFor();
    await expectNoSeriousA11yViolations(page);

    // ... and rates it, once.
    const rating = page.getByRole('region', { name: 'Rate this review' });
    await rating.getByRole('button', { name: 'Rate this review' }).click();
    await rating.getByText(rb.ratingRequired).waitFor();
    await rating.getByRole('group', { name: rb.ratingQuestion }).getByRole('radio', { name: '4', exact: true }).check();
    await rating.getByLabel('Comment (optional)').fill(`The verse notes were spot on. ${run}`);
    await rating.getByRole('button', { name: 'Rate this review' }).click();
    await toast(page, rb.ratingSaved).waitFor();
    await rating.getByText('You rated this review 4 of 5').waitFor();
    await page.reload();
    await rating.getByText('You rated this review 4 of 5').waitFor();
    expect(await rating.getByRole('button', { name: 'Rate this review' }).count()).toBe(0);

    // The admin's dashboard: the average and the comment.
    await admin.goto('/admin/dashboard');
    const ratings = admin.getByRole('region', { name: 'Review ratings' });
    await ratings.getByText(/\/ 5 average from \d+ ratings?/).waitFor();
    await ratings.getByText(`“The verse notes were spot on. ${run}”`).waitFor();
    await expectNoSeriousA11yViolations(admin);
  }, 180_000);
});
