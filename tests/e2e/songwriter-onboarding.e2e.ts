import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { PRO_AFFILIATIONS } from '../../src/common/constants';
import * as MESSAGES from '../../src/common/messages';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed/seed';
import { TestClient } from '../setup/http-client';
import { freshSession, useBrowser } from './support/browser';
import { expectNoSeriousA11yViolations, expectPageFitsScreen, toast } from './support/expect';
import { verificationLink } from './support/outbox';
import { uniqueSuffixPerTest } from './support/unique';

/**
 * A songwriter joins: account, e-mail confirmation, profile, questionnaire, package, test checkout in a
 * new tab, dashboard. Sign-up is limited to three per ten seconds per address and every browser here is
 * 127.0.0.1, so this file signs up twice (a taken username, then the real one) and never signs in through
 * a form: the admin (who reads the outbox) and the preview user come with the sessions global setup made.
 */

const baseUrl = inject('baseUrl');
const suffix = uniqueSuffixPerTest();
const m = MESSAGES.songwriters;
const browser = useBrowser();

const path = (page: Page) => new URL(page.url()).pathname;

/** The step marked current in the four-step indicator. */
const currentStep = (page: Page) => page.getByRole('navigation', { name: 'Sign-up progress' }).locator('[aria-current="step"]');

describe('songwriter onboarding', () => {
  test('a songwriter signs up, confirms, fills the profile and questionnaire, pays for 3 songs in a new tab and sees the order', async () => {
    const writer = {
      username: `writer_${suffix()}`,
      email: `writer.${suffix()}@example.test`,
      password: 'gravel-road-goodbye-42',
    };
    const songwriter = await browser.context();
    const page = await songwriter.newPage();

    // 1. Account. Back from a payment made before the account existed, the page says what to do.
    await page.goto('/songwriter-signup?order_success=true');
    await page.getByRole('heading', { level: 1, name: 'Create your songwriter account' }).waitFor();
    await page.getByText(m.orderSuccessNote).waitFor();
    expect(await currentStep(page).textContent()).toContain('Account');
    expect(await page.getByRole('navigation', { name: 'Sign-up progress' }).getByRole('listitem').count()).toBe(4);
    await expectNoSeriousA11yViolations(page);

    // The schema's messages, before anything is sent.
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText(m.usernameMin).waitFor();
    await page.getByText(MESSAGES.validation.invalidEmail).waitFor();
    await page.getByText(MESSAGES.validation.songwriterPasswordMin).waitFor();
    await page.getByLabel('Password', { exact: true }).fill(writer.password);
    await page.getByLabel('Confirm password').fill('something-else-entirely');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText(MESSAGES.validation.passwordsDontMatch).waitFor();

    // A taken username (the demo songwriter's) is said on the field and in a toast.
    await page.getByLabel('Username').fill('demo-writer');
    await page.getByLabel('Email').fill(writer.email);
    await page.getByLabel('Confirm password').fill(writer.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await toast(page, m.usernameTakenTitle).getByText(m.usernameTaken).waitFor();
    const username = page.getByLabel('Username');
    await expect.poll(() => username.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('username');

    await username.fill(writer.username);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Check your email' }).waitFor();
    await page.getByText(m.checkEmail).waitFor();
    await page.getByText(writer.email, { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Already confirmed? Log in' }).getAttribute('href')).toBe('/auth');
    expect(await currentStep(page).textContent()).toContain('(completed)');
    await expectNoSeriousA11yViolations(page);

    // The confirmation link (read from the outbox by an admin) confirms, signs in and lands on step 2.
    const admin = await (await browser.context({ role: 'admin' })).newPage();
    const link = await verificationLink(admin, writer.email);
    expect(new URL(link).origin).toBe(new URL(baseUrl).origin);
    await page.goto(link);
    await page.waitForURL((url) => url.pathname === '/songwriter-profile');

    // A later step opened early sends the songwriter back to the first unfinished one.
    await page.goto('/songwriter-order');
    await page.waitForURL((url) => url.pathname === '/songwriter-profile');
    await page.goto('/songwriter-dashboard');
    await page.waitForURL((url) => url.pathname === '/songwriter-profile');

    // 2. Profile: the username read-only, the e-mail from the account, every other field required.
    await page.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor();
    expect(await currentStep(page).textContent()).toContain('Profile');
    expect(await page.getByLabel('Username').inputValue()).toBe(writer.username);
    expect(await page.getByLabel('Username').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('Email').inputValue()).toBe(writer.email);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Save and Continue' }).click();
    await page.getByText('First name is required').waitFor();
    await page.getByText(m.phoneRequired).waitFor();
    await page.getByText('City is required').waitFor();
    await page.getByText('Country is required').waitFor();

    await page.getByLabel('First name').fill('Loretta');
    await page.getByLabel('Last name').fill('Gale');
    await page.getByLabel('Phone').fill('615-555-0142');
    await page.getByLabel('Street address').fill('12 Music Square E');
    await page.getByLabel('City').fill('Nashville');
    await page.getByLabel('State/Province').fill('TN');
    await page.getByLabel('ZIP/Postal code').fill('37203');
    await page.getByLabel('Country').fill('United States');
    await page.getByRole('button', { name: 'Save and Continue' }).click();

    // 3. Questionnaire: the PRO question only for published writers, so the last question is 6 or 7.
    await page.waitForURL((url) => url.pathname === '/songwriter-questionnaire');
    await page.getByRole('heading', { level: 1, name: 'Songwriter questionnaire' }).waitFor();
    expect(await currentStep(page).textContent()).toContain('Questionnaire');
    await page.getByLabel('6. How did you hear about us?').waitFor();
    expect(await page.getByLabel(/PRO/).count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Save and Continue' }).click();
    await page.getByText(m.selectOption).waitFor();
    expect(await page.getByText(MESSAGES.validation.required, { exact: true }).count()).toBe(5);

    await page.getByLabel('1. How many years have you been writing songs?').fill('12');
    await page.getByLabel('2. About how many songs have you written?').fill('about 200');
    await page.getByLabel('3. What is the title of your most recent song?').fill('Porch Light Prayer');
    await page.getByLabel('4. What is your preferred genre?').fill('Country');
    await page.getByRole('radio', { name: 'Yes' }).check();
    const pro = page.getByLabel('6. Which performing rights organisation (PRO) are you with?');
    await pro.waitFor();
    expect(await pro.locator('option').allTextContents()).toEqual([...PRO_AFFILIATIONS]);
    await pro.selectOption('BMI');
    const lastQuestion = page.getByLabel('7. How did you hear about us?');
    await lastQuestion.fill('A co-writer at a writers night');
    expect(await page.getByLabel('6. How did you hear about us?').count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Save and Continue' }).click();

    // 4. Package: four cards at $25 a song; checkout opens in a new tab.
    await page.waitForURL((url) => url.pathname === '/songwriter-order');
    await page.getByRole('heading', { level: 1, name: 'Choose your review package' }).waitFor();
    expect(await currentStep(page).textContent()).toContain('Package');
    for (const [size, price] of [
      ['1 song', '$25.00'],
      ['2 songs', '$50.00'],
      ['3 songs', '$75.00'],
      ['4 songs', '$100.00'],
    ] as const) {
      const card = page.getByRole('group', { name: size });
      await card.getByText(price, { exact: true }).waitFor();
      await card.getByText('2-way messaging').waitFor();
    }
    await expectNoSeriousA11yViolations(page);

    const [checkout] = await Promise.all([songwriter.waitForEvent('page'), page.getByRole('button', { name: 'Choose 3 songs' }).click()]);
    await page.getByText(m.checkoutOpened).waitFor();
    expect(await page.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/songwriter-dashboard');

    // The test checkout, clearly marked as one.
    await checkout.waitForURL((url) => url.pathname.startsWith('/test-checkout/'));
    await checkout.getByRole('heading', { level: 1, name: 'Test checkout' }).waitFor();
    await checkout.getByRole('note').getByText(m.testCheckoutBanner).waitFor();
    await checkout.getByText('3 × $25.00').waitFor();
    await expectNoSeriousA11yViolations(checkout);
    const checkoutUrl = checkout.url();

    // Back on the dashboard before the payment is confirmed (a provider's notice can be late): it waits,
    // saying so, and never offers to claim the order by e-mail meanwhile.
    const early = await songwriter.newPage();
    const sessionId = new URL(checkoutUrl).pathname.split('/').pop()!;
    await early.goto(`/songwriter-dashboard?order_success=true&session_id=${encodeURIComponent(sessionId)}`);
    await early.getByRole('status').getByText(m.confirmingPayment).waitFor();
    await early.getByRole('status').getByText(m.paymentStillConfirming).waitFor();
    expect(await early.getByRole('region', { name: 'Claim your orders' }).count()).toBe(0);
    expect(await toast(early, m.claimFailed).count()).toBe(0);

    await checkout.getByRole('button', { name: 'Pay $75.00 (test)' }).click();
    // That tab lands on the dashboard, which claims the order once and tidies the address; the waiting page
    // takes the order as soon as it is paid (both toasts at once: each lasts only a few seconds).
    await checkout.waitForURL((url) => url.pathname === '/songwriter-dashboard');
    await Promise.all([toast(checkout, m.orderClaimedTitle).waitFor(), toast(early, m.orderClaimedTitle).waitFor({ timeout: 15_000 })]);
    await early.getByRole('article', { name: 'Package of 3 songs' }).waitFor();
    expect(await early.getByText(m.paymentStillConfirming).count()).toBe(0);
    await early.close();
    await checkout.waitForURL((url) => url.pathname === '/songwriter-dashboard' && url.search === '');
    await checkout.getByRole('heading', { level: 1, name: 'Songwriter dashboard' }).waitFor();
    const order = checkout.getByRole('article', { name: 'Package of 3 songs' });
    await order.getByText('3 songs left to submit').waitFor();
    await order.getByText('$75.00').waitFor();
    const submit = order.getByRole('link', { name: 'Submit songs' });
    expect(await submit.getAttribute('href')).toMatch(/^\/submit-song\?order_id=[0-9a-f-]{36}$/);
    await checkout.getByRole('heading', { level: 2, name: 'Recent Reviews' }).waitFor();
    await checkout.getByText(m.noReviews).waitFor();
    expect(await checkout.getByRole('region', { name: 'Claim your orders' }).count()).toBe(0);
    await expectNoSeriousA11yViolations(checkout);

    // The first tab notices the payment.
    await page.getByText(m.paymentReceived).waitFor();

    // The paid session cannot be paid again.
    await checkout.goto(checkoutUrl);
    await checkout.getByText(m.alreadyPaid).waitFor();
    expect(await checkout.getByRole('button', { name: /^Pay / }).count()).toBe(0);
    await checkout.goto('/test-checkout/test_cs_does-not-exist');
    await checkout.getByText(m.checkoutNotFound).waitFor();

    // On a small phone the package cards and the dashboard fit the screen.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/songwriter-order');
    await page.getByRole('group', { name: '4 songs' }).waitFor();
    await expectPageFitsScreen(page);
    await page.goto('/songwriter-dashboard');
    await page.getByRole('article', { name: 'Package of 3 songs' }).waitFor();
    await expectPageFitsScreen(page);
    expect(path(page)).toBe('/songwriter-dashboard');
  });

  test('a preview user sent from a songwriter page to sign-up continues as a songwriter with the same account', async () => {
    // A preview account of its own (the admin makes one), so the demo listener stays a listener only.
    const baseUrl = inject('baseUrl');
    const adminApi = new TestClient(baseUrl, baseUrl);
    for (const { name, value } of inject('sessions').admin) adminApi.cookies.set(name, value);
    const listener = { email: `listener.${suffix()}.${Date.now().toString(36)}@example.test`, password: 'porch-swing-melody-42' };
    expect((await adminApi.post('/api/admin/preview-accounts', listener)).status).toBe(201);
    const session = new TestClient(baseUrl, baseUrl);
    expect((await session.post('/api/auth/sign-in/email', listener)).status).toBe(200);
    const created = await browser.context({ session: [...session.cookies].map(([name, value]) => ({ name, value })) });
    const page = await created.newPage();

    await page.goto('/songwriter-profile');
    await page.waitForURL((url) => url.pathname === '/songwriter-signup');
    await page.getByRole('heading', { level: 1, name: m.notSongwriter }).waitFor();
    await page.getByText(m.notSongwriterBody).waitFor();
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Username').fill('x');
    await page.getByLabel('Password', { exact: true }).fill(listener.password);
    await page.getByRole('button', { name: 'Continue as a songwriter' }).click();
    await page.getByText(m.usernameMin).waitFor();
    await page.getByLabel('Username').fill(`listener-${suffix()}`);
    await page.getByRole('button', { name: 'Continue as a songwriter' }).click();
    await page.waitForURL((url) => url.pathname === '/songwriter-profile');
    await expect.poll(() => currentStep(page).textContent()).toContain('Profile');
    // Still a listener too.
    await page.goto('/songs');
    await page.getByRole('heading', { level: 1, name: MESSAGES.songs.listTitle }).waitFor();
  });

  test('when the order cannot be made, the tab opened for its checkout closes and the page says why', async () => {
    // A session of its own, ended below as if signed out in another tab before a package is chosen.
    const own = await browser.context({ session: await freshSession('songwriter') });
    const page = await own.newPage();
    await page.goto('/songwriter-order');
    await page.getByRole('heading', { level: 1, name: 'Choose your review package' }).waitFor();
    const signedOut = await own.request.post('/api/auth/sign-out', { headers: { Origin: baseUrl }, data: {} });
    expect(signedOut.status()).toBe(200);

    const [waiting] = await Promise.all([own.waitForEvent('page'), page.getByRole('button', { name: 'Choose 1 song' }).click()]);
    await toast(page, m.checkoutFailed).getByText(MESSAGES.generic.unauthenticated).waitFor();
    await expect.poll(() => waiting.isClosed()).toBe(true);
  });

  test('when the browser blocks the checkout tab, the page says so and offers the checkout as a link', async () => {
    const own = await browser.context({ session: await freshSession('songwriter') });
    const page = await own.newPage();
    // What a browser's popup blocker does to window.open: no tab, and null to the page.
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await page.goto('/songwriter-order');
    await page.getByRole('button', { name: 'Choose 2 songs' }).click();

    await page.getByRole('status').getByText(m.popupBlocked).waitFor();
    const link = page.getByRole('link', { name: 'Open checkout (opens in a new tab)' });
    expect(await link.getAttribute('target')).toBe('_blank');
    // The link is the checkout of the package chosen (left unpaid: the demo songwriter has no order).
    const [checkout] = await Promise.all([own.waitForEvent('page'), link.click()]);
    await checkout.waitForURL((url) => url.pathname.startsWith('/test-checkout/'));
    await checkout.getByText('2 × $25.00').waitFor();
    await checkout.getByRole('button', { name: 'Pay $50.00 (test)' }).waitFor();
  });

  test('the demo songwriter, who has no order yet, sees the empty dashboard with a way to buy and to claim', async () => {
    const page = await (await browser.context({ role: 'songwriter' })).newPage();
    await page.goto('/songwriter-signup');
    // Signed in already: on to the dashboard's step (the demo account has finished its questionnaire).
    await page.waitForURL((url) => url.pathname === '/songwriter-order');
    await page.goto('/songwriter-dashboard');
    await page.getByText(m.noPackages).waitFor();
    expect(await page.getByRole('link', { name: 'Choose a review package' }).getAttribute('href')).toBe('/songwriter-order');
    const claim = page.getByRole('region', { name: 'Claim your orders' });
    await claim.getByLabel('Email used at checkout').fill('');
    await claim.getByRole('button', { name: 'Claim orders' }).click();
    await claim.getByText(MESSAGES.validation.emailRequired).waitFor();
    // Another address is answered alike whether or not orders were paid with it: its e-mail tells.
    await claim.getByLabel('Email used at checkout').fill(`nobody.${suffix()}@example.test`);
    await claim.getByRole('button', { name: 'Claim orders' }).click();
    await claim.getByText(m.checkEmailToClaim).waitFor();
    // The account's own address has nothing to hide from its owner.
    await claim.getByLabel('Email used at checkout').fill(DEMO_ACCOUNTS.songwriter.email);
    await claim.getByRole('button', { name: 'Claim orders' }).click();
    await toast(page, m.noOrdersTitle).getByText(m.noOrders).waitFor();
    await expectNoSeriousA11yViolations(page);
  });
});
