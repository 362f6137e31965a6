import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { seriousA11yViolations } from './browser';

/** The toast with this title (sonner's markup), the newest first. */
export const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title }).first();

/** axe-core finds nothing serious or critical on the page as it is now. */
export async function expectNoSeriousA11yViolations(page: Page, where?: string) {
  const violations = await seriousA11yViolations(page);
  // The violations in full in the message: an assertion's own diff shortens them past reading.
  expect(violations, `${where ?? page.url()}: ${JSON.stringify(violations)}`).toEqual([]);
}

/**
 * The page fits the screen: nothing wider than it (the message names the first elements that stick out;
 * tables scroll inside their own box), and no blank scroll below the page, as an element meant to be
 * hidden but not clipped would leave.
 */
export async function expectPageFitsScreen(page: Page) {
  const widest = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter(
        (el) =>
          el.getBoundingClientRect().right > window.innerWidth + 1 && !el.closest('[data-scroll-box], .overflow-x-auto, .overflow-auto'),
      )
      .slice(0, 3)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${(el as HTMLElement).className.toString().slice(0, 60)} right=${Math.round(el.getBoundingClientRect().right)}`,
      ),
  );
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    `${page.url()} too wide: ${widest.join(' | ')}`,
  ).toBeLessThanOrEqual(page.viewportSize()!.width);
  const blankBelow = await page.evaluate(() => {
    const pageBottom = (document.getElementById('root') ?? document.body).getBoundingClientRect().bottom + window.scrollY;
    return document.documentElement.scrollHeight - Math.max(window.innerHeight, Math.ceil(pageBottom));
  });
  expect(blankBelow, `${page.url()} scrolls ${blankBelow} px past its end`).toBeLessThanOrEqual(1);
}
