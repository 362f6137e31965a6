import { describe, expect, inject, test } from 'vitest';
import * as MESSAGES from '../../src/common/messages';
import { DEMO_SONGS } from '../../src/server/db/seed/demo-catalogue';
import { useBrowser } from './support/browser';
import { expectNoSeriousA11yViolations, expectPageFitsScreen, toast } from './support/expect';
import { uniqueSuffixPerTest } from './support/unique';

/**
 * Preview access from both sides: a visitor asks, signs up and confirms; an admin approves; the visitor
 * listens and the admin sees it. Sign-in and sign-up are limited to three per ten seconds per address and
 * every browser here is 127.0.0.1, so this file signs up once and never signs in through a form: the admin
 * and demo users come with the sessions global setup made. Asking for access is limited to five an hour per
 * address: this file asks three times.
 */

const baseUrl = inject('baseUrl');
const suffix = uniqueSuffixPerTest();
const m = MESSAGES.previewAccess;
const browser = useBrowser();

describe('preview access', () => {
  test('a visitor requests access, signs up, confirms, is approved by an admin, listens, and the admin sees the play', async () => {
    const visitor = {
      name: `Rhea Holt ${suffix()}`,
      company: 'Holt Music Group',
      email: `rhea.${suffix()}@example.test`,
      password: 'listening-room-42',
    };

    // 1. The request form, with the four steps beside it.
    const page = await browser.open(undefined, '/preview-request');
    await page.getByRole('heading', { level: 1, name: 'Request preview access' }).waitFor();
    expect(await page.getByRole('list', { name: 'How preview access works' }).getByRole('listitem').count()).toBe(4);
    expect(await page.getByRole('link', { name: 'Log in here' }).getAttribute('href')).toBe('/auth');
    await expectNoSeriousA11yViolations(page);

    // The schema's messages, before anything is sent.
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await page.getByText(MESSAGES.validation.nameRequired, { exact: true }).waitFor();
    await page.getByText(m.proRequired).waitFor();
    await page.getByText(m.descriptionRequired).waitFor();

    await page.getByLabel('Name', { exact: true }).fill(visitor.name);
    await page.getByLabel('Company', { exact: true }).fill(visitor.company);
    await page.getByLabel('Email', { exact: true }).fill(visitor.email);
    await page.getByLabel('PRO affiliation').selectOption('BMI');
    await page.getByLabel('Project description').fill('Looking for up-tempo country songs for a debut album.');
    await page.getByRole('button', { name: 'Submit Request' }).click();

    // 2. Sign-up: the e-mail comes from the link, read-only.
    await page.waitForURL((url) => url.pathname === '/preview-signup');
    await toast(page, m.submittedTitle).getByText(m.submitted).waitFor();
    const query = new URL(page.url()).searchParams;
    expect(query.get('email')).toBe(visitor.email);
    expect(query.get('request_id')).toMatch(/^[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'Create your password' }).waitFor();
    const email = page.getByLabel('Email', { exact: true });
    expect(await email.inputValue()).toBe(visitor.email);
    expect(await email.getAttribute('readonly')).not.toBeNull();

    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password').fill('different');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText(MESSAGES.validation.passwordMin).waitFor();
    await page.getByText(MESSAGES.validation.passwordsDontMatch).waitFor();

    await page.getByLabel('Password', { exact: true }).fill(visitor.password);
    await page.getByLabel('Confirm password').fill(visitor.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await toast(page, m.accountCreatedTitle).getByText(m.accountCreated).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Check your email' }).waitFor();
    await page.getByText(m.checkEmail).waitFor();
    expect(await page.getByRole('link', { name: 'Already confirmed? Log in' }).getAttribute('href')).toBe('/auth');

    // 3. The admin opens the confirmation e-mail in the outbox and reads its link.
    const admin = await browser.open('admin', '/admin/outbox');
    const mailRow = admin.getByRole('row').filter({ hasText: visitor.email }).filter({ hasText: 'Confirm your email address' });
    await mailRow.getByRole('button').click();
    const dialog = admin.getByRole('dialog');
    const verifyLink = dialog.locator('a[href*="/api/auth/verify-email"]');
    await verifyLink.waitFor();
    const link = (await verifyLink.getAttribute('href'))!;
    expect(new URL(link).origin).toBe(new URL(baseUrl).origin);
    await admin.keyboard.press('Escape');

    // 4. The link confirms, signs in, and /auth sends a user without the preview role to their request.
    await page.goto(link);
    await page.waitForURL((url) => url.pathname === '/preview-status');
    await page.getByRole('heading', { name: MESSAGES.previewStatus.underReviewTitle }).waitFor();
    await page.getByText('Pending', { exact: true }).waitFor();
    await page.getByText(visitor.company).waitFor();
    await page.getByText('BMI', { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'View Songs' }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page);

    // 5. The admin finds the request by searching (debounced, kept in the URL) and approves it.
    await admin.goto('/admin/preview-requests');
    await admin.getByRole('heading', { level: 1, name: 'Preview Requests' }).waitFor();
    await admin.getByRole('searchbox', { name: 'Search' }).fill(visitor.email);
    await admin.waitForURL((url) => url.searchParams.get('q') === visitor.email);
    const card = admin.getByRole('article', { name: visitor.name });
    await card.getByText('Linked and confirmed').waitFor();
    await card.getByText('Pending', { exact: true }).waitFor();
    // Until the search's answer arrives the previous rows stay on screen.
    await expect.poll(() => admin.getByRole('article').count()).toBe(1);
    await expectNoSeriousA11yViolations(admin);
    await card.getByRole('button', { name: 'Approve', exact: true }).click();
    await toast(admin, m.approved).waitFor();
    await card.getByText('Approved', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Revoke', exact: true }).waitFor();

    // 6. The visitor now has access: View Songs, open the first song, play it, pause it.
    await page.reload();
    await page.getByRole('heading', { name: MESSAGES.previewStatus.approvedTitle }).waitFor();
    await page.getByText('Approved', { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'View Songs' }).click();
    await page.waitForURL((url) => url.pathname === '/songs');
    // A seeded song: the catalogue journeys, running beside this one, put their own songs first and hide them.
    await page.getByRole('link', { name: `Listen to ${DEMO_SONGS[0]!.title}`, exact: true }).click();
    await page.waitForURL((url) => /^\/songs\/[^/]+$/.test(url.pathname));
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 0.5);
    const reported = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/plays' && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    expect((await reported).status()).toBeLessThan(300);

    // 7. The admin sees the new preview user with one play, and the play itself.
    await admin.goto('/admin/preview-activity');
    await admin.getByRole('heading', { level: 1, name: 'Preview User Activity' }).waitFor();
    const userRow = admin.getByRole('row').filter({ hasText: visitor.email });
    await userRow.waitFor();
    // Cells after the user's name: company, plays, comments, downloads, download permission, last active.
    expect(await userRow.getByRole('cell').allTextContents()).toEqual([
      visitor.company,
      '1',
      '0',
      '0',
      'Stream only',
      expect.stringMatching(/ago$/),
    ]);
    await expectNoSeriousA11yViolations(admin);
    await userRow.getByRole('button', { name: visitor.name }).click();
    const plays = admin.getByRole('region', { name: `Plays by ${visitor.name}` });
    await plays.getByRole('table').waitFor();
    const playRows = plays.getByRole('row');
    expect(await playRows.count()).toBe(2); // the header and the one play
    const playCells = await playRows.nth(1).getByRole('cell').allTextContents();
    expect(playCells[2]).toMatch(/^0:0[0-9]$/);
    expect(playCells[3]).toBe('No');
    await admin.getByRole('region', { name: 'By song' }).getByRole('table').waitFor();

    // 8. The admin revokes the access. The visitor, still on the song, goes back to the list: refused, the
    // app asks again who they are and sends them to their request, which says so.
    await admin.goto(`/admin/preview-requests?q=${encodeURIComponent(visitor.email)}`);
    const approvedCard = admin.getByRole('article', { name: visitor.name });
    await approvedCard.getByRole('button', { name: 'Revoke', exact: true }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Revoke access' }).click();
    await toast(admin, m.revoked).waitFor();
    await page.getByRole('link', { name: 'Back to Songs' }).click();
    await page.waitForURL((url) => url.pathname === '/preview-status');
    await page.getByRole('heading', { name: MESSAGES.previewStatus.revokedTitle }).waitFor();
  });

  test('an admin rejects a request after a warning, and the blocked e-mail cannot ask again', async () => {
    const person = { name: `Blake Rowe ${suffix()}`, email: `blake.${suffix()}@example.test` };
    const admin = await browser.open('admin', '/admin');
    const created = await admin.request.post('/api/preview-requests', {
      headers: { Origin: baseUrl },
      data: {
        name: person.name,
        companyName: 'Rowe Records',
        email: person.email,
        proAffiliation: 'ASCAP',
        projectDescription: `A long description that folds. ${'We are looking for story songs with a strong hook. '.repeat(16)}`,
      },
    });
    expect(created.status()).toBe(201);

    await admin.goto(`/admin/preview-requests?status=pending&q=${encodeURIComponent(person.email)}`);
    const card = admin.getByRole('article', { name: person.name });
    // No account yet: Approve is disabled and says why.
    const approve = card.getByRole('button', { name: 'Approve', exact: true });
    await approve.waitFor();
    expect(await approve.isDisabled()).toBe(true);
    await card.getByText(m.noLinkedAccount).waitFor();
    // The long description starts folded.
    const more = card.getByRole('button', { name: 'Show more' });
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    await more.click();
    expect(await card.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true');

    await card.getByRole('button', { name: 'Reject', exact: true }).click();
    const confirm = admin.getByRole('alertdialog', { name: m.rejectConfirmTitle });
    await confirm.getByText(m.rejectConfirm(person.email)).waitFor();
    await expectNoSeriousA11yViolations(admin);
    await confirm.getByRole('button', { name: 'Reject and block' }).click();
    await toast(admin, m.rejected).waitFor();
    // The list is filtered on pending: the rejected request leaves it.
    await admin.getByText(m.requestsEmptyFiltered).waitFor();
    await admin.getByLabel('Status').selectOption('rejected');
    await admin.getByRole('article', { name: person.name }).getByText('Rejected', { exact: true }).waitFor();

    // The same person asks again from the public form, signed out: answered as any new address is (so the
    // form tells nobody which addresses were turned down), and nothing is stored.
    const page = await browser.open(undefined, '/preview-request');
    await page.getByLabel('Name', { exact: true }).fill(person.name);
    await page.getByLabel('Company', { exact: true }).fill('Rowe Records');
    await page.getByLabel('Email', { exact: true }).fill(person.email);
    await page.getByLabel('PRO affiliation').selectOption('ASCAP');
    await page.getByLabel('Project description').fill('Trying again.');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await toast(page, m.submittedTitle).getByText(m.submitted).waitFor();
    await page.waitForURL((url) => url.pathname === '/preview-signup');
    const listed = await admin.request.get(`/api/admin/preview-requests?status=all&q=${encodeURIComponent(person.email)}`);
    expect(((await listed.json()) as { rows: { status: string }[] }).rows.map((r) => r.status)).toEqual(['rejected']);
  });

  test('an admin creates a pre-approved preview account, and a second one with the same e-mail is refused', async () => {
    const email = `casey.${suffix()}@example.test`;
    const page = await browser.open('admin', '/admin/create-account');
    await page.getByRole('heading', { level: 1, name: 'Create Preview Account' }).waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText(MESSAGES.validation.invalidEmail).waitFor();
    await page.getByText(MESSAGES.validation.passwordMin).waitFor();

    const fill = async () => {
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill('front-porch-demo-7');
      await page.getByLabel('Name (optional)').fill(`Casey Lane ${suffix()}`);
      await page.getByLabel('Company (optional)').fill('Lane Management');
    };
    await fill();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await toast(page, m.accountCreatedByAdmin).waitFor();
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe('');

    await fill();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await toast(page, m.accountCreateFailed).getByText(m.emailTaken).waitFor();

    // The account comes with an approved request, marked as made by an admin.
    await page.goto(`/admin/preview-requests?status=approved&q=${encodeURIComponent(email)}`);
    const card = page.getByRole('article', { name: `Casey Lane ${suffix()}` });
    await card.getByText('Created by admin').waitFor();
    await card.getByText('Linked and confirmed').waitFor();
  });

  test('/signup leads industry professionals to /preview-request, and the public pages pass axe', async () => {
    const page = await browser.open(undefined, '/signup');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Request Access' }).getAttribute('href')).toBe('/preview-request');
    await expectNoSeriousA11yViolations(page);

    await page.goto(`/preview-signup?request_id=00000000-0000-4000-8000-000000000000&email=${encodeURIComponent('someone@example.test')}`);
    await page.getByRole('heading', { level: 1, name: 'Create your password' }).waitFor();
    await expectNoSeriousA11yViolations(page);
  });

  test('a signup link without its details goes back to the request form', async () => {
    const page = await browser.open(undefined, '/preview-signup?email=someone%40example.test');
    await page.waitForURL((url) => url.pathname === '/preview-request');
    await toast(page, m.missingInfoTitle).getByText(m.missingInfo).waitFor();
  });

  test('a signed-in user opening a signup link is told the account exists and sent to /auth', async () => {
    const page = await browser.open('preview', `/preview-signup?request_id=00000000-0000-4000-8000-000000000000&email=x%40example.test`);
    await toast(page, m.accountExistsTitle).getByText(m.accountExists).waitFor();
    // /auth then sends a preview user on to the catalogue.
    await page.waitForURL((url) => url.pathname === '/songs');
  });

  test('a signed-in user without a request is offered the request form on /preview-status', async () => {
    const page = await browser.open('songwriter', '/preview-status');
    await page.getByText(MESSAGES.previewStatus.noRequest).waitFor();
    expect(await page.getByRole('link', { name: 'Request Access' }).getAttribute('href')).toBe('/preview-request');
    await expectNoSeriousA11yViolations(page);
  });

  test('the request form and the admin pages fit a 375 px screen', async () => {
    const page = await browser.open(undefined, '/preview-request', 375);
    await page.getByRole('button', { name: 'Submit Request' }).waitFor();
    await expectPageFitsScreen(page);

    // An account made without a name stands in the list under its e-mail: one long word, which must wrap in
    // its card, not widen the page.
    const admin = await browser.open('admin', '/admin/create-account', 375);
    const longEmail = `a.listener.made.without.a.name.${suffix()}@nashville-publishing-house.example.test`;
    const made = await admin.request.post('/api/admin/preview-accounts', {
      headers: { Origin: new URL(admin.url()).origin },
      data: { email: longEmail, password: 'porch-swing-melody-42' },
    });
    expect(made.status()).toBe(201);
    await admin.goto('/admin/preview-requests');
    await admin.getByRole('heading', { level: 1, name: 'Preview Requests' }).waitFor();
    await admin.getByRole('list', { name: 'Preview requests' }).getByRole('heading', { level: 2, name: longEmail }).waitFor();
    await expectPageFitsScreen(admin);

    await admin.goto('/admin/preview-activity');
    await admin.getByRole('region', { name: 'Preview users' }).getByRole('table').waitFor();
    await admin.getByRole('region', { name: 'Preview users' }).getByRole('button').first().click();
    const plays = admin.getByRole('region', { name: /^Plays by / });
    await plays.getByRole('table').or(plays.getByText(m.playsEmpty)).waitFor();
    await expectPageFitsScreen(admin);

    await admin.goto('/admin/create-account');
    await admin.getByRole('button', { name: 'Create Account' }).waitFor();
    await expectPageFitsScreen(admin);
  });
});
