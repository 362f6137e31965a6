import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { PAGE_PATHS, pathTo } from '../../src/common/routes';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed/seed';
import { freshSession, useBrowser, type DemoRole } from './support/browser';

const browser = useBrowser();

/**
 * On the sign-in page, the demo account logs in through the form (a failed try counts toward the limit too). Each
 * test's browser context is a client of its own (support/browser.ts), so no other journey's sign-ins count here.
 */
async function logInThroughForm(page: Page, role: DemoRole, password: string = DEMO_ACCOUNTS[role].password) {
  await page.waitForURL((url) => url.pathname === '/auth');
  // The page before (songwriter sign-up has Email and Password too) stays on screen until this one is ready.
  await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
  await page.getByLabel('Email').fill(DEMO_ACCOUNTS[role].email);
  await page.getByLabel('Password').fill(password);
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/sign-in/email'));
  await page.getByRole('button', { name: 'Log in' }).click();
  expect((await answered).status()).not.toBe(429);
}

test.each([
  // Each role from the sign-in page itself: its own home.
  ['admin', '/auth', '/admin'],
  ['preview', '/auth', '/songs'],
  ['songwriter', '/auth', '/songwriter-dashboard'],
  // Sent to sign in on the way to a page: back to that page, its query kept, once signed in.
  ['preview', '/songs?q=gravel', '/songs?q=gravel'],
] as const)('the demo %s, starting at %s, signs in and lands on %s', async (role, start, landing) => {
  const context = await browser.context();
  const page = await context.newPage();
  await page.goto(start);
  await logInThroughForm(page, role);
  await page.waitForURL((url) => url.pathname + url.search === landing);
  await page.getByText(MESSAGES.auth.signedIn).first().waitFor();
  await context.close();
});

test("a wrong password is refused in the product's words, on the sign-in page, with the e-mail kept", async () => {
  const context = await browser.context();
  const page = await context.newPage();
  await page.goto('/auth');
  await logInThroughForm(page, 'preview', 'not-the-right-password');
  await page.getByRole('alert').getByText(MESSAGES.auth.invalidCredentials).waitFor();
  expect(new URL(page.url()).pathname).toBe('/auth');
  expect(await page.getByLabel('Email').inputValue()).toBe(DEMO_ACCOUNTS.preview.email);
  await context.close();
});

test('a signed-out songwriter back from a payment is offered sign-up, and logging in instead still reaches the dashboard', async () => {
  const context = await browser.context();
  const page = await context.newPage();
  await page.goto('/songwriter-dashboard?order_success=true');
  await page.waitForURL((url) => url.pathname === '/songwriter-signup');
  await page.getByText(MESSAGES.songwriters.orderSuccessNote).waitFor();
  await page.getByRole('link', { name: 'Log in', exact: true }).click();
  await logInThroughForm(page, 'songwriter');
  // The dashboard handles the payment's return (no session to claim here: it offers the claim box) and tidies the address.
  await page.waitForURL((url) => url.pathname === '/songwriter-dashboard' && url.search === '');
  await page.getByRole('heading', { level: 1, name: 'Songwriter dashboard' }).waitFor();
  await context.close();
});

test('an admin logs out from the account menu and sees the logged-out toast', async () => {
  // A session of its own: signing out ends it, and the shared admin session must live on for other files.
  const context = await browser.context({ session: await freshSession('admin') });
  const page = await context.newPage();
  await page.goto('/about');
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByText(MESSAGES.auth.loggedOutTitle, { exact: true }).waitFor();
  await page.getByText(MESSAGES.auth.loggedOutBody).waitFor();
  await page.getByRole('link', { name: 'Login' }).first().waitFor();
  await context.close();
});

test("the admin panel's Logout says it in the admin's words", async () => {
  const context = await browser.context({ session: await freshSession('admin') });
  const page = await context.newPage();
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByText(MESSAGES.auth.adminLoggedOut, { exact: true }).waitFor();
  await page.getByRole('link', { name: 'Login' }).first().waitFor();
  await context.close();
});

test('a confirmation link that has expired lands on the sign-in page, which says what to do', async () => {
  const context = await browser.context();
  const page = await context.newPage();
  await page.goto('/api/auth/verify-email?token=not-a-real-token&callbackURL=%2Fauth');
  await page.waitForURL((url) => url.pathname === '/auth');
  await page.getByRole('alert').getByText(MESSAGES.auth.verificationLinkFailed).waitFor();
  await context.close();
});

test('the admin area sends a signed-out visitor to /auth and a preview user home', async () => {
  const anonymous = await browser.context();
  const page = await anonymous.newPage();
  await page.goto('/admin/outbox');
  await page.waitForURL((url) => url.pathname === '/auth');
  await anonymous.close();

  const preview = await browser.context({ role: 'preview' });
  const previewPage = await preview.newPage();
  await previewPage.goto('/admin');
  await previewPage.waitForURL((url) => url.pathname === '/');
  await preview.close();
});

test('a signed-out songwriter following an e-mail link to a review is asked to log in (not to sign up) and is back on that review', async () => {
  // The demo songwriter owns no review: the page they land on says this one is not theirs, which is what they would see.
  const reviewPath = pathTo(PAGE_PATHS.songwriterReview, { reviewId: randomUUID() });
  const context = await browser.context();
  const page = await context.newPage();
  await page.goto(reviewPath);
  await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('next') === reviewPath);
  await logInThroughForm(page, 'songwriter');
  await page.waitForURL((url) => url.pathname === reviewPath);
  await page.getByText(MESSAGES.reviews.reviewNotFoundBody).waitFor();
  await context.close();
});
