import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed/seed';
import { useBrowser } from './support/browser';
import { expectNoSeriousA11yViolations, expectPageFitsScreen, toast } from './support/expect';
import { verificationLink } from './support/outbox';
import { uniqueSuffixPerTest } from './support/unique';

/**
 * An admin runs the service: the dashboard, every user, the customers who need service, and a songwriter
 * reset. Other journeys use the demo songwriter at the same time, so this one makes a songwriter of its
 * own through the API (sign-up, the confirmation link from the outbox, a 1-song test checkout) and resets
 * that one. Nobody signs in through a form: the admin comes with the session global setup made.
 */

const baseUrl = inject('baseUrl');
const suffix = uniqueSuffixPerTest();
const m = MESSAGES.admin;
const browser = useBrowser();

const adminNav = (page: Page) => page.getByRole('navigation', { name: 'Admin' });

/** A confirmed songwriter, profile and questionnaire done, who paid for a 1-song package and has submitted nothing yet. */
async function songwriterWithOneSongOrder(admin: Page, writer: { username: string; email: string; password: string; name: string }) {
  const page = await (await browser.context()).newPage();
  const headers = { Origin: baseUrl };
  // Sign-up allows three per ten seconds per address, and other journeys sign up from this address too.
  await expect
    .poll(
      async () =>
        (
          await page.request.post('/api/songwriters/sign-up', {
            headers,
            data: { username: writer.username, email: writer.email, password: writer.password, confirmPassword: writer.password },
          })
        ).status(),
      { timeout: 30_000, interval: 2_000 },
    )
    .toBe(200);
  await page.goto(await verificationLink(admin, writer.email));
  await page.waitForURL((url) => url.pathname === '/songwriter-profile');

  // Steps 2 and 3 come before a package, on the server too.
  const profile = await page.request.put('/api/songwriters/me/profile', {
    headers,
    data: {
      firstName: writer.name.split(' ')[0],
      lastName: writer.name.split(' ').slice(1).join(' '),
      email: writer.email,
      phone: '615-555-0142',
      streetAddress: '12 Music Square E',
      city: 'Nashville',
      stateProvince: 'TN',
      zip: '37203',
      country: 'United States',
    },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const questionnaire = await page.request.put('/api/songwriters/me/questionnaire', {
    headers,
    data: {
      yearsWriting: '4',
      songsWritten: '40',
      mostRecentSong: 'Gravel Lot Gospel',
      preferredGenre: 'Country',
      hasPublished: false,
      howFoundUs: 'Search',
    },
  });
  expect(questionnaire.status(), await questionnaire.text()).toBe(200);

  const checkout = await page.request.post('/api/songwriters/me/checkout', { headers, data: { packageSize: 1 } });
  expect(checkout.status()).toBe(201);
  const { url } = (await checkout.json()) as { url: string };
  const sessionId = new URL(url).pathname.split('/').pop()!;
  const paid = await page.request.post(`/api/test-checkout/${encodeURIComponent(sessionId)}/pay`, { headers, data: {} });
  expect(paid.ok()).toBe(true);
}

/** The number shown in a dashboard card. */
async function cardNumber(card: Locator): Promise<number> {
  const text = (await card.textContent()) ?? '';
  const match = text.match(/^\D*?([\d,]+)/);
  expect(match).not.toBeNull();
  return Number(match![1]!.replace(/,/g, ''));
}

/** The value beside a term in the reset result. */
const resultCount = (result: Locator, term: string) =>
  result
    .locator('div')
    .filter({ has: result.page().getByRole('term').getByText(term, { exact: true }) })
    .getByRole('definition');

const CARDS = [
  ['Total Users', 'all accounts'],
  ['Total Songs', 'in the catalogue'],
  ['Active Songs', 'visible to preview users'],
  ['Total Customers', 'songwriters with orders'],
  ['Need Service', 'incomplete or pending'],
  ['Preview Users', 'active preview access'],
  ['Active This Week', 'users who played songs'],
  ['Pending Comments', 'awaiting approval'],
  ['Overdue Reviews', 'past their due date'],
  ['Late Reviews Credited', 'fees credited back this month'],
  ['Preview Requests', 'waiting for a decision'],
  ['Pitch Replies', 'new from recipients'],
] as const;

describe('admin operations', () => {
  test('an admin reads the dashboard, finds a new customer in All Users and Customers, and resets that songwriter', async () => {
    // Fresh on each run: a second run against the same server finds the last one's account there.
    const fresh = `${suffix()}${Date.now().toString(36)}`;
    const writer = {
      username: `ops_${fresh}`,
      email: `ops.${fresh}@example.test`,
      password: 'back-porch-harmony-73',
      name: `Reese Holloway ${fresh}`,
    };
    const page = await (await browser.context({ role: 'admin' })).newPage();
    await songwriterWithOneSongOrder(page, writer);

    // 1. Dashboard: the twelve cards with their titles and subtitles, the chart and the quick actions.
    // /admin/dashboard is the same page, with its sidebar item current too.
    await page.goto('/admin/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(await adminNav(page).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(await adminNav(page).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    const stats = page.getByRole('list', { name: 'Statistics' });
    await stats.waitFor();
    expect(await stats.getByRole('listitem').count()).toBe(CARDS.length);
    for (const [title, subtitle] of CARDS) {
      const card = stats.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
      await card.getByText(subtitle, { exact: true }).waitFor();
    }
    const card = (title: string) => stats.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    expect(await cardNumber(card('Total Songs'))).toBeGreaterThanOrEqual(8);
    expect(await cardNumber(card('Total Users'))).toBeGreaterThanOrEqual(4);
    expect(await cardNumber(card('Total Customers'))).toBeGreaterThanOrEqual(1);
    expect(await cardNumber(card('Need Service'))).toBeGreaterThanOrEqual(1);

    await page.getByRole('img', { name: /^Bar chart of plays per day over the last 30 days\./ }).waitFor();
    const playsTable = page.getByRole('table', { name: 'Plays per day, last 30 days' });
    expect(await playsTable.getByRole('row').count()).toBe(31);

    const quick = page.getByRole('navigation', { name: 'Quick actions' });
    expect(await quick.getByRole('link', { name: 'Preview activity' }).getAttribute('href')).toBe('/admin/preview-activity');
    expect(await quick.getByRole('link', { name: /Moderate comments/ }).getAttribute('href')).toBe('/admin/comments');
    await page.getByRole('heading', { name: 'Pending reviews' }).waitFor();
    expect(await page.title()).toContain('Admin Dashboard');
    await expectNoSeriousA11yViolations(page);

    // 2. All Users: the count badge, a search kept in the URL, and the new songwriter's badge.
    await adminNav(page).getByRole('link', { name: 'All Users' }).click();
    await page.getByRole('heading', { level: 1, name: 'All Users' }).waitFor();
    await page.getByText(/^\d+ users$/).waitFor();
    expect(await page.title()).toContain('All Users');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('searchbox', { name: 'Search' }).fill(writer.username);
    await page.waitForURL((url) => url.searchParams.get('q') === writer.username);
    await page.getByText('1 user found', { exact: true }).waitFor();
    const userRow = page.getByRole('row').filter({ hasText: writer.email });
    await userRow.getByText('Purchased (1)', { exact: true }).waitFor();
    await userRow.getByText('$25.00', { exact: true }).waitFor();
    await userRow.getByText('Songwriter', { exact: true }).waitFor();
    await userRow.getByText(`@${writer.username}`, { exact: true }).waitFor();

    // The filters go into the URL too, and a reload keeps them.
    await page.getByLabel('Role').selectOption('songwriter');
    await page.waitForURL((url) => url.searchParams.get('role') === 'songwriter');
    await page.getByLabel('Status').selectOption('purchased');
    await page.waitForURL((url) => url.searchParams.get('role') === 'songwriter' && url.searchParams.get('badge') === 'purchased');
    await page.reload();
    await page.getByRole('row').filter({ hasText: writer.email }).getByText('Purchased (1)').waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe(writer.username);
    await page.getByLabel('Status').selectOption('no-profile');
    await page.getByText('No users match these filters.').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await page.waitForURL((url) => url.search === '');

    // 3. Customers: those who need service; the new songwriter owes their one song.
    await adminNav(page).getByRole('link', { name: 'Customers' }).click();
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    await page.getByLabel('Needs service').selectOption('true');
    await page.waitForURL((url) => url.searchParams.get('needsService') === 'true');
    await page.getByRole('searchbox', { name: 'Search' }).fill(writer.email);
    await page.waitForURL((url) => url.searchParams.get('q') === writer.email);
    const customerRow = page.getByRole('row').filter({ hasText: writer.email });
    await customerRow.getByText('Needs service', { exact: true }).waitFor();
    await customerRow.getByText('$25.00', { exact: true }).waitFor();

    const toggle = customerRow.getByRole('button', { name: `Show orders of ${writer.name}` });
    await toggle.click();
    expect(await customerRow.getByRole('button', { name: `Hide orders of ${writer.name}` }).getAttribute('aria-expanded')).toBe('true');
    const orders = page.getByRole('table', { name: `Orders of ${writer.name}, newest first` });
    const order = orders.getByRole('row').nth(1);
    await order.getByText('1 song', { exact: true }).waitFor();
    await order.getByText('0 / 1', { exact: true }).waitFor();
    await order.getByText('$25.00', { exact: true }).waitFor();
    expect(await page.title()).toContain('Customers');
    await expectNoSeriousA11yViolations(page);

    // Up-to-date customers do not include them.
    await page.getByLabel('Needs service').selectOption('false');
    await page.getByText('No customers match these filters.').waitFor();

    // 4. Reset Songwriter: the schema's message, the confirmation, then the counts.
    await adminNav(page).getByRole('link', { name: 'Reset Songwriter' }).click();
    await page.getByRole('heading', { level: 1, name: 'Reset Songwriter' }).waitFor();
    expect(await page.title()).toContain('Reset Songwriter');
    await expectNoSeriousA11yViolations(page);
    const resetButton = page.getByRole('button', { name: 'Reset Songwriter', exact: true });
    await resetButton.click();
    await page.getByText(m.resetEmailRequired).waitFor();

    // The address is checked before anything is asked: nobody there, or an admin, is said on the field.
    const emailField = page.getByLabel('Email');
    const dialog = page.getByRole('alertdialog', { name: 'Reset this songwriter?' });
    await emailField.fill(`nobody.${suffix()}@example.test`);
    await resetButton.click();
    await page.getByText(m.resetNoUser).waitFor();
    expect(await emailField.getAttribute('aria-invalid')).toBe('true');
    await emailField.fill(DEMO_ACCOUNTS.admin.email);
    await resetButton.click();
    await page.getByText(m.resetRefusesAdmin).waitFor();
    expect(await dialog.count()).toBe(0);

    // The songwriter: the confirmation names them and what would go.
    await emailField.fill(writer.email);
    await resetButton.click();
    const question = dialog.getByText(`(${writer.email})?`, { exact: false });
    await question.waitFor();
    expect(await question.textContent()).toMatch(/deletes their 0 reviews, 0 messages, .* and unlinks 1 order\./);
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Reset songwriter', exact: true }).click();
    await toast(page, m.resetDone).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const result = page.getByRole('region', { name: `Reset ${writer.email}` });
    await result.waitFor();
    expect(await resultCount(result, 'Orders unlinked').textContent()).toBe('1');
    expect(await resultCount(result, 'Profiles deleted').textContent()).toBe('1');
    expect(await resultCount(result, 'Roles deleted').textContent()).toBe('1');
    expect(await resultCount(result, 'Questionnaires deleted').textContent()).toBe('1');
    expect(await resultCount(result, 'Song reviews deleted').textContent()).toBe('0');
    expect(await resultCount(result, 'Review messages deleted').textContent()).toBe('0');
    expect(await resultCount(result, 'Files deleted').textContent()).toBe('0');
    expect(await page.getByLabel('Email').inputValue()).toBe('');
    await expectNoSeriousA11yViolations(page);

    // The reset songwriter is no longer a customer, nor a songwriter.
    await page.goto(`/admin/all-users?q=${encodeURIComponent(writer.email)}`);
    const resetRow = page.getByRole('row').filter({ hasText: writer.email });
    await resetRow.getByText('No Profile', { exact: true }).waitFor();
    await resetRow.getByText('No role', { exact: true }).waitFor();
    // A preview user has no songwriter profile: the row shows their account's name.
    await page.goto(`/admin/all-users?q=${encodeURIComponent(DEMO_ACCOUNTS.preview.email)}`);
    await page.getByRole('row').filter({ hasText: DEMO_ACCOUNTS.preview.email }).getByText('Dana Preview').waitFor();
    await page.goto(`/admin/all-users?q=${encodeURIComponent(writer.email)}`);
    // On a wide screen the table fits: no scrolling frame, no hint.
    expect(await page.getByText(MESSAGES.generic.tableScrollHint).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Users, newest first' }).count()).toBe(0);
  });

  test('the admin operations pages fit a 375 px screen', async () => {
    // A customer of its own, so there is always a card whose orders open (its table wider than the phone).
    const fresh = `${suffix()}${Date.now().toString(36)}`;
    const writer = {
      username: `phone_${fresh}`,
      email: `phone.${fresh}@example.test`,
      password: 'back-porch-harmony-73',
      name: `Jo Phone ${fresh}`,
    };
    await songwriterWithOneSongOrder(await (await browser.context({ role: 'admin' })).newPage(), writer);
    const page = await (await browser.context({ role: 'admin', width: 375 })).newPage();
    for (const [path, heading] of [
      ['/admin/dashboard', 'Dashboard'],
      ['/admin/all-users', 'All Users'],
      ['/admin/customers', 'Customers'],
      ['/admin/reset-songwriter', 'Reset Songwriter'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      // Wait for the content, not only the heading. On a phone, users and customers are cards, not a table.
      if (path === '/admin/dashboard') await page.getByRole('list', { name: 'Statistics' }).waitFor();
      if (path === '/admin/all-users') {
        const cards = page.getByRole('list', { name: 'Users, newest first' });
        await cards.waitFor();
        expect(await cards.locator(':scope > li').count()).toBeGreaterThan(0);
        expect(await page.getByRole('table').count()).toBe(0);
        expect(await page.getByText(MESSAGES.generic.tableScrollHint).count()).toBe(0);
      }
      if (path === '/admin/customers') {
        // The newest customer first: this test's own, whose orders open in a box that scrolls on its own.
        await page.getByRole('list', { name: 'Customers, most recent order first' }).waitFor();
        await page.getByRole('button', { name: `Show orders of ${writer.name}` }).click();
        await page.getByRole('table', { name: `Orders of ${writer.name}, newest first` }).waitFor();
        expect(await page.getByRole('table').count()).toBe(1);
      }
      await expectPageFitsScreen(page);
      await expectNoSeriousA11yViolations(page);
    }
  });
});
