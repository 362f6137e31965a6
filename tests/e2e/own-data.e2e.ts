import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import type { PersonalDataExport } from '../../src/common/responses';
import { useBrowser } from './support/browser';
import { expectNoSeriousA11yViolations, toast } from './support/expect';
import { verificationLink } from './support/outbox';
import { uniqueSuffixPerTest } from './support/unique';

/**
 * A person's own data: a songwriter downloads what the service keeps about them and deletes their account,
 * then cannot sign in; an admin deletes another songwriter's account on request from All Users. Each
 * songwriter is made fresh through the API (sign-up, the confirmation link from the outbox, the profile).
 */

const baseUrl = inject('baseUrl');
const suffix = uniqueSuffixPerTest();
const browser = useBrowser();
const m = MESSAGES.ownData;

/** A confirmed songwriter with their profile done, signed in on the page returned. */
async function freshSongwriter(admin: Page, tag: string) {
  const fresh = `${tag}${suffix()}${Date.now().toString(36)}`;
  const writer = { username: `own_${fresh}`, email: `own.${fresh}@example.test`, password: 'porch-swing-melody-58' };
  const page = await (await browser.context()).newPage();
  const headers = { Origin: baseUrl };
  // Sign-up allows three per ten seconds per address, and other journeys sign up from this address too.
  await expect
    .poll(
      async () =>
        (
          await page.request.post('/api/songwriters/sign-up', {
            headers,
            data: { ...writer, confirmPassword: writer.password },
          })
        ).status(),
      { timeout: 30_000, interval: 2_000 },
    )
    .toBe(200);
  await page.goto(await verificationLink(admin, writer.email));
  await page.waitForURL((url) => url.pathname === '/songwriter-profile');
  const profile = await page.request.put('/api/songwriters/me/profile', {
    headers,
    data: {
      firstName: 'Wren',
      lastName: `Leaving ${fresh}`,
      email: writer.email,
      phone: '615-555-0177',
      streetAddress: '7 Music Square W',
      city: 'Nashville',
      stateProvince: 'TN',
      zip: '37203',
      country: 'United States',
    },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  return { ...writer, page };
}

describe("a person's own data", () => {
  test('a songwriter downloads their data and deletes their account, then cannot sign in', async () => {
    const admin = await (await browser.context({ role: 'admin' })).newPage();
    const writer = await freshSongwriter(admin, 'self');
    const page = writer.page;

    // From the account menu to the page.
    await page.goto('/');
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Your data' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your data' }).waitFor();
    expect(await page.title()).toContain('Your data');
    await expectNoSeriousA11yViolations(page);

    // The download: a JSON file of their own data.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^pitchroom-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as PersonalDataExport;
    expect(data.account.email).toBe(writer.email);
    expect(data.songwriterProfile).toMatchObject({ username: writer.username, phone: '615-555-0177', city: 'Nashville' });

    // The wrong password is refused on the field; the right one deletes the account.
    const password = page.getByLabel('Your password, to confirm');
    await password.fill('not-my-password-at-all');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByText(m.wrongPassword).waitFor();
    await expectNoSeriousA11yViolations(page);
    await password.fill(writer.password);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await toast(page, m.deleted).waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Login' }).first().waitFor();

    // Signing in again fails, on the page as through the API (this context is a client of its own: no other
    // journey's sign-ins count toward its limit).
    await page.goto('/auth');
    await page.getByLabel('Email').fill(writer.email);
    await page.getByLabel('Password').fill(writer.password);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/sign-in/email'));
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    expect((await answered).status()).toBe(401);
    await page.getByRole('alert').getByText(MESSAGES.auth.invalidCredentials).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
  });

  test("an admin deletes a songwriter's account on request from All Users, after a confirmation", async () => {
    const admin = await (await browser.context({ role: 'admin' })).newPage();
    const writer = await freshSongwriter(admin, 'asked');

    await admin.goto(`/admin/all-users?q=${encodeURIComponent(writer.email)}`);
    const row = admin.getByRole('row').filter({ hasText: writer.email });
    await row.waitFor();
    expect(await row.getByRole('link', { name: `Data of ${writer.email}` }).getAttribute('href')).toMatch(
      /^\/api\/admin\/users\/[^/]+\/data$/,
    );
    await row.getByRole('button', { name: `Delete ${writer.email}` }).click();
    const dialog = admin.getByRole('alertdialog', { name: 'Delete this account?' });
    await dialog.getByText(m.adminDeleteConfirm(writer.email)).waitFor();
    await expectNoSeriousA11yViolations(admin);
    await dialog.getByRole('button', { name: 'Delete account', exact: true }).click();
    await toast(admin, m.adminDeleted(writer.email)).waitFor();
    await admin.getByText('No users match these filters.').waitFor();

    // Their session ended with the account.
    expect((await (await writer.page.request.get('/api/me')).json()).user).toBeNull();
  });
});
